# Linear regression by automatic differentiation and gradient descent, eagerly:
# GradientTape records the loss, tape$gradient() differentiates it.
library(tensorflow)

set.seed(42)
n <- 200
x <- runif(n, -1, 1)
y <- 3 * x + 2 + rnorm(n, sd = 0.1)

X <- as_tensor(x, dtype = "float32")
Y <- as_tensor(y, dtype = "float32")
w <- tf$Variable(0)
b <- tf$Variable(0)
learning_rate <- 0.2

for (step in 1:200) {
  with(tf$GradientTape() %as% tape, {
    loss <- mean((w * X + b - Y)^2)
  })
  grads <- tape$gradient(loss, list(w, b))
  w$assign_sub(learning_rate * grads[[1]])
  b$assign_sub(learning_rate * grads[[2]])
}

cat(sprintf("w: %.4f\n", as.numeric(w)))
cat(sprintf("b: %.4f\n", as.numeric(b)))
cat(sprintf("loss: %.5f\n", as.numeric(loss)))
