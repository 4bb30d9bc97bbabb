# Quickstart: R drives Python through pyreticulate (library(reticulate) gets
# pyreticulate's implementation of reticulate's API).
#   pyreticulate run examples/quickstart.R
library(reticulate)

np <- import("numpy")
x <- np$linspace(0, 1, num = 5L)
cat("numpy linspace:", x, "\n")

py_run_string("import math\nradius = 2.0\narea = math.pi * radius ** 2")
cat("area computed in Python:", py$area, "\n")

square <- function(v) v^2
py$square <- square
cat("Python calling an R function:", py_eval("square(12)"), "\n")

result <- tryCatch(py_run_string("raise ValueError('not a number')"),
                   python.builtin.ValueError = function(e) conditionMessage(e))
cat("Python error caught in R:", strsplit(result, "\n")[[1]][1], "\n")

df <- data.frame(id = 1:3, score = c(2.5, NA, 9), group = factor(c("a", "b", "a")))
pdf <- r_to_py(df)
print(pdf)
