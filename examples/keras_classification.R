# Classification with Keras from R: three classes of points around three
# centres, labels as a factor, a functional model, accuracy on held-out data.
#   pyreticulate run examples/keras_classification.R
library(keras3)

set.seed(7)
centres <- rbind(c(0, 2), c(-2, -1), c(2, -1))
classes <- factor(sample(c("north", "west", "east"), 600, replace = TRUE),
                  levels = c("north", "west", "east"))
x <- centres[as.integer(classes), ] + matrix(rnorm(1200, sd = 0.8), ncol = 2)
train <- 1:480
test <- 481:600

inputs <- keras_input(shape = 2, name = "point")
outputs <- inputs |>
  layer_dense(units = 16, activation = "relu") |>
  layer_dropout(rate = 0.1) |>
  layer_dense(units = 3, activation = "softmax", name = "class")
model <- keras_model(inputs, outputs, name = "classifier")

model |> compile(optimizer = "adam", loss = "sparse_categorical_crossentropy",
                 metrics = "accuracy")
history <- model |> fit(x[train, ], classes[train], epochs = 20, batch_size = 32,
                        validation_data = list(x[test, ], classes[test]))
print(history)

scores <- model |> evaluate(x[test, ], classes[test], verbose = 0)
cat(sprintf("test accuracy %.3f\n", scores$accuracy))

probabilities <- predict(model, x[test, ], verbose = 0)
predicted <- factor(levels(classes)[max.col(probabilities)], levels = levels(classes))
print(table(truth = classes[test], predicted = predicted))

one_hot <- to_categorical(classes[1:5])
cat("one-hot labels of the first points:\n")
print(one_hot)
