# A small computational graph, f(x, y) = (x * y + x^2)^2, built from R; its
# value and gradients at x = 2, y = 3 are checked against the hand-computed
# f = (6 + 4)^2 = 100, df/dx = 2 (x y + x^2)(y + 2 x) = 140,
# df/dy = 2 (x y + x^2) x = 40.
library(tensorflow)

x <- tf$Variable(2)
y <- tf$Variable(3)
with(tf$GradientTape() %as% tape, {
  inner <- x * y + x^2
  f <- inner^2
})
grads <- tape$gradient(f, list(x, y))

cat(sprintf("f: %g\n", as.numeric(f)))
cat(sprintf("df/dx: %g\n", as.numeric(grads[[1]])))
cat(sprintf("df/dy: %g\n", as.numeric(grads[[2]])))
stopifnot(as.numeric(f) == 100, as.numeric(grads[[1]]) == 140, as.numeric(grads[[2]]) == 40)
