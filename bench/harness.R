# One side of the benchmarks: loads reticulate or pyreticulate, times every
# workload of workloads.R (the same code on both sides) and writes PREFIX.csv
# (one row per workload with every timed run's time in the workload's unit;
# run.py takes the medians) and PREFIX-info.csv (versions). bench/run.py runs
# it once per side and round.
#
#   harness.R --side=reticulate|pyreticulate [--python=PATH] --bench-dir=DIR
#             --out=PREFIX [--quick] [--only=NAME,NAME]

args <- commandArgs(trailingOnly = TRUE)
option <- function(name, default = NULL) {
  hit <- grep(paste0("^--", name, "(=|$)"), args, value = TRUE)
  if (!length(hit)) return(default)
  value <- sub(paste0("^--", name, "=?"), "", hit[[1]])
  if (nzchar(value)) value else TRUE
}

side <- option("side", "")
if (side == "reticulate") {
  suppressPackageStartupMessages(library(reticulate))
  use_python(option("python"), required = TRUE)
} else if (side == "pyreticulate") {
  suppressPackageStartupMessages(library(pyreticulate))
} else {
  stop("--side must be reticulate or pyreticulate", call. = FALSE)
}
quick <- isTRUE(option("quick", FALSE))
out <- option("out")
source(file.path(option("bench-dir"), "workloads.R"))

only <- option("only")
if (!is.null(only)) {
  wanted <- strsplit(only, ",", fixed = TRUE)[[1]]
  unknown <- setdiff(wanted, names(workloads))
  if (length(unknown)) stop("unknown workload: ", paste(unknown, collapse = ", "), call. = FALSE)
  workloads <- workloads[wanted]
}

# Times of one operation in the workload's unit (a run does `ops` of them): the first
# warm-up run is checked, the next warm-ups are untimed, then `repeats` timed
# runs, each after a garbage collection, so that no run pays for freeing the
# previous run's values (R and Python memory held by proxies).
time_workload <- function(w, size, repeats, warmup) {
  state <- w$setup(size)
  value <- w$run(state)
  if (!isTRUE(w$check(value, state)))
    stop("the workload's result failed its check", call. = FALSE)
  rm(value)
  for (i in seq_len(warmup - 1)) w$run(state)
  seconds <- vapply(seq_len(repeats), function(i) {
    invisible(gc())
    start <- Sys.time()
    value <- w$run(state)
    # a self-timed workload's run gives its own seconds (a paired difference)
    if (isTRUE(w$self_timed)) value else as.double(Sys.time()) - as.double(start)
  }, numeric(1))
  seconds * w$scale / (if (is.function(w$ops)) w$ops(size) else w$ops)
}

metadata <- import("importlib.metadata", convert = FALSE)
version_of <- function(...) {
  for (distribution in c(...)) {
    version <- tryCatch(py_to_r(metadata$version(distribution)), error = function(e) NULL)
    if (!is.null(version)) return(version)
  }
  NA_character_
}
info <- c(bridge = paste(side, as.character(packageVersion(side))),
          R = R.version.string,
          python = py_to_r(import("platform", convert = FALSE)$python_version()),
          numpy = version_of("numpy"), pandas = version_of("pandas"),
          tensorflow = version_of("tensorflow-cpu", "tensorflow"), keras = version_of("keras"))
write.csv(data.frame(key = names(info), value = unname(info)),
          paste0(out, "-info.csv"), row.names = FALSE)

# The rows are written after each workload, so that a side stopped part-way (run.py's
# limit on a side that hangs) leaves the rows it finished.
rows <- list()
for (w in workloads) {
  size <- if (quick) w$quick else w$size
  repeats <- if (quick) 2L else w$repeats
  warmup <- if (quick) 1L else 2L
  times <- tryCatch(time_workload(w, size, repeats, warmup),
                    bench_not_here = function(e) e, error = function(e) e)
  # a workload this side cannot run as written (bench_not_here): "n/a", not a failure
  failed <- inherits(times, c("error", "bench_not_here"))
  if (inherits(times, "bench_not_here"))
    times$message <- paste("not here:", conditionMessage(times))
  if (failed) message(side, ": ", w$name, " failed: ", conditionMessage(times))
  else message(sprintf("%-12s %-20s %10.4g %s", side, w$name, median(times), w$unit))
  rows[[w$name]] <- data.frame(name = w$name, label = w$label, unit = w$unit, size = size,
             repeats = repeats, compare_to = w$compare_to,
             times = if (failed) "" else paste(signif(times, 6), collapse = " "),
             error = if (failed) conditionMessage(times) else "")
  write.csv(do.call(rbind, rows), paste0(out, ".csv"), row.names = FALSE)
}
