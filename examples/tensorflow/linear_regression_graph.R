# The same regression in TF1 graph mode: placeholders, variables, an optimizer
# and a Session fed through dict(), whose keys are the placeholders x and y.
library(tensorflow)
use_compat("v1")

set.seed(42)
n <- 200
xs <- runif(n, -1, 1)
ys <- 3 * xs + 2 + rnorm(n, sd = 0.1)

x <- tf$placeholder(tf$float32, shape(NULL))
y <- tf$placeholder(tf$float32, shape(NULL))
w <- tf$Variable(0, dtype = tf$float32)
b <- tf$Variable(0, dtype = tf$float32)
loss <- tf$reduce_mean((w * x + b - y)^2)
train <- tf$train$GradientDescentOptimizer(0.2)$minimize(loss)

sess <- tf$Session()
invisible(sess$run(tf$global_variables_initializer()))
for (step in 1:200)
  sess$run(train, feed_dict = dict(x = xs, y = ys))

fitted <- sess$run(list(w = w, b = b))
final <- sess$run(list(loss = loss, params = list(w, b)), feed_dict = dict(x = xs, y = ys))
sess$close()

cat(sprintf("w: %.4f\n", fitted$w))
cat(sprintf("b: %.4f\n", fitted$b))
cat(sprintf("loss: %.5f\n", final$loss))
cat(sprintf("structure: %s\n", paste(names(final), collapse = ",")))
