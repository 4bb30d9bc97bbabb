# Starts a two-worker MultiWorkerMirroredStrategy cluster on 127.0.0.1 (free
# ports chosen now), each worker an R script (worker.R) in its own process
# with its TF_CONFIG; then the same script alone as a single worker, and
# compares the final weights.
library(reticulate)

script_file <- sub("^--file=", "", grep("^--file=", commandArgs(), value = TRUE))
worker_script <- file.path(dirname(normalizePath(script_file)), "worker.R")

socket <- import("socket")
free_port <- function() {
  s <- socket$socket()
  s$bind(tuple("127.0.0.1", 0L))
  port <- s$getsockname()[[2]]
  s$close()
  port
}
ports <- c(free_port(), free_port())
cluster <- list(worker = as.list(sprintf("127.0.0.1:%d", ports)))

json <- import("json")
os <- import("os", convert = FALSE)
subprocess <- import("subprocess")

start_worker <- function(tf_config) {
  env <- os$environ$copy()
  env$pop("TF_CONFIG", NULL)
  if (!is.null(tf_config)) py_set_item(env, "TF_CONFIG", json$dumps(tf_config))
  subprocess$Popen(list(py_exe(), "-m", "pyreticulate", "run", worker_script),
                   env = env, stdout = subprocess$PIPE, stderr = subprocess$PIPE, text = TRUE)
}

finish <- function(process, label) {
  output <- process$communicate(timeout = 600L)
  if (process$returncode != 0L)
    stop(label, " failed (exit status ", process$returncode, "):\n", output[[2]])
  lines <- strsplit(output[[1]], "\n", fixed = TRUE)[[1]]
  weights <- grep("^weights: ", lines, value = TRUE)
  cat(label, ": ", grep("^task ", lines, value = TRUE), "; ", weights, "\n", sep = "")
  as.numeric(strsplit(sub("^weights: ", "", weights), " ", fixed = TRUE)[[1]])
}

cluster_workers <- lapply(0:1, function(index)
  start_worker(list(cluster = cluster, task = list(type = "worker", index = index))))
worker0 <- finish(cluster_workers[[1]], "worker 0")
worker1 <- finish(cluster_workers[[2]], "worker 1")
single <- finish(start_worker(NULL), "single worker")

cat("workers agree:", identical(worker0, worker1), "\n")
cat("same as single worker:", isTRUE(all.equal(worker0, single, tolerance = 1e-5)), "\n")
