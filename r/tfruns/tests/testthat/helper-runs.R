# Each test runs in a temporary directory (its scripts, flags files and runs/).
in_temp_dir <- function(env = parent.frame()) {
  dir <- tempfile("tfruns")
  dir.create(dir)
  old <- setwd(dir)
  withr::defer(setwd(old), envir = env)
  dir
}

write_script <- function(..., file = "train.R") writeLines(c(...), file)
