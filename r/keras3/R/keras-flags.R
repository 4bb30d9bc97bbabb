# Training flags: R's keras3 re-exports flags(), flag_*() and run_dir() from
# tfruns, which Debian does not package. These are the same functions with
# tfruns' documented semantics in a small form: flags with defaults, overridden
# by a flags.yml file (top level, or a section named by the active
# configuration) and by command line arguments (--name=value or --name value,
# read as YAML). tfruns' training_run() is not provided, so no run is ever
# active and run_dir() is the working directory, as tfruns says for that case.

#' Flags for a training run
#'
#' @description
#' `flags()` defines the flags (name, type, default, description) that
#' parameterize a training script and gives their values as a named list.
#' Each default can be overridden, in this order:
#'
#' 1. by the YAML file `file` (`flags.yml` by default, if it exists): its
#'    top-level entries, or those of the section named by `config` (the
#'    `R_CONFIG_ACTIVE` environment variable, else `"default"`), over those
#'    of its `default` section;
#' 2. by the command line arguments `--name=value` or `--name value` (a
#'    script run as `pyreticulate run train.R --epochs 20`), whose values are
#'    read as YAML; dashes in names stand for underscores
#'    (`--learning-rate` sets `learning_rate`), and `--args` ends the flags.
#'
#' A flag that is not defined is an error, as is a value that does not fit the
#' flag's type. These are tfruns' functions as R's keras3 re-exports them,
#' written here (tfruns is not installed); `training_run()` is not provided.
#'
#' @param ... Flag definitions made with `flag_numeric()`, `flag_integer()`,
#'   `flag_boolean()` and `flag_string()`.
#' @param config The configuration (section of `file`) to use.
#' @param file The YAML file of flag values.
#' @param arguments The command line arguments to read flags from.
#' @param name The flag's name.
#' @param default The flag's default value.
#' @param description What the flag is for.
#'
#' @returns `flags()`: a named list of class `tfruns_flags`, one value per
#'   flag (doubles, integers, `TRUE`/`FALSE` or strings, by type). The
#'   `flag_*()` functions: a flag definition for `flags()`.
#' @seealso [run_dir()]
#' @md
#' @examples
#' \dontrun{
#' FLAGS <- flags(
#'   flag_integer("epochs", 10, "Number of epochs"),
#'   flag_numeric("learning_rate", 0.01),
#'   flag_boolean("augment", FALSE)
#' )
#' model %>% fit(x, y, epochs = FLAGS$epochs)
#' }
flags <- function(..., config = Sys.getenv("R_CONFIG_ACTIVE", unset = "default"),
                  file = "flags.yml", arguments = commandArgs(TRUE)) {
  definitions <- list(...)
  if (length(definitions) == 1L && is.list(definitions[[1L]]) &&
      !inherits(definitions[[1L]], "tfruns_flag"))
    definitions <- definitions[[1L]]
  for (d in definitions)
    if (!inherits(d, "tfruns_flag"))
      stop("flags(): give flags made with flag_numeric(), flag_integer(), flag_boolean() or ",
           "flag_string()", call. = FALSE)
  names <- vapply(definitions, `[[`, "", "name")
  if (anyDuplicated(names))
    stop(sprintf("flags(): the flag \"%s\" is defined twice", names[duplicated(names)][[1L]]),
         call. = FALSE)
  values <- stats::setNames(lapply(definitions, `[[`, "default"), names)
  overrides <- c(.flags_from_file(file, config), .flags_from_arguments(arguments))
  for (name in names(overrides)) {
    key <- gsub("-", "_", name, fixed = TRUE)
    at <- match(key, names)
    if (is.na(at))
      stop(sprintf("flags(): \"%s\" is not a defined flag (defined: %s)", name,
                   paste(names, collapse = ", ")), call. = FALSE)
    values[[key]] <- .flag_value(definitions[[at]], overrides[[name]])
  }
  structure(values, class = "tfruns_flags",
            descriptions = vapply(definitions, function(d) d$description %||% "", ""))
}

#' @rdname flags
flag_numeric <- function(name, default, description = NULL)
  .flag("numeric", name, default, description)

#' @rdname flags
flag_integer <- function(name, default, description = NULL)
  .flag("integer", name, default, description)

#' @rdname flags
flag_boolean <- function(name, default, description = NULL)
  .flag("boolean", name, default, description)

#' @rdname flags
flag_string <- function(name, default, description = NULL)
  .flag("string", name, default, description)

`%||%` <- function(x, y) if (is.null(x)) y else x

.flag <- function(type, name, default, description) {
  if (!is.character(name) || length(name) != 1L || !nzchar(name))
    stop("a flag's `name` must be a single non-empty string", call. = FALSE)
  definition <- structure(list(name = name, type = type, default = NULL,
                               description = description), class = "tfruns_flag")
  definition["default"] <- list(.flag_value(definition, default))
  definition
}

# A value of the flag's type; an error naming the flag for one that does not fit.
.flag_value <- function(flag, value) {
  if (is.null(value)) return(NULL)
  bad <- function() stop(sprintf("flag \"%s\" (%s): %s is not a valid value", flag$name, flag$type,
                                 .describe_value(value)), call. = FALSE)
  if (length(value) != 1L) bad()
  switch(flag$type,
    numeric = { v <- suppressWarnings(as.numeric(value)); if (is.na(v) && !is.na(value)) bad(); v },
    integer = {
      v <- suppressWarnings(as.numeric(value))
      if (is.na(v) || v != trunc(v)) bad()
      as.integer(v)
    },
    boolean = {
      v <- if (is.character(value)) switch(tolower(value), true = , yes = TRUE, false = , no = FALSE, NA)
           else as.logical(value)
      if (is.na(v)) bad()
      v
    },
    string = as.character(value))
}

.flags_from_file <- function(file, config) {
  if (is.null(file) || !file.exists(file)) return(list())
  if (!requireNamespace("yaml", quietly = TRUE))
    stop(sprintf("flags(): reading '%s' needs the R package yaml (Debian: r-cran-yaml)", file),
         call. = FALSE)
  content <- yaml::read_yaml(file)
  if (!is.list(content)) return(list())
  sections <- Filter(is.list, content)
  if (!length(sections)) return(content)
  values <- c(content$default, content[[config]])
  values[!duplicated(names(values), fromLast = TRUE)]
}

.flags_from_arguments <- function(arguments) {
  arguments <- as.character(unlist(arguments))
  values <- list()
  i <- 1L
  while (i <= length(arguments)) {
    argument <- arguments[[i]]
    if (identical(argument, "--args")) break
    if (!startsWith(argument, "--")) { i <- i + 1L; next }
    argument <- substring(argument, 3L)
    if (grepl("=", argument, fixed = TRUE)) {
      name <- sub("=.*$", "", argument)
      value <- sub("^[^=]*=", "", argument)
    } else {
      if (i == length(arguments))
        stop(sprintf("flags(): no value after --%s", argument), call. = FALSE)
      name <- argument
      value <- arguments[[i + 1L]]
      i <- i + 1L
    }
    values[[name]] <- if (requireNamespace("yaml", quietly = TRUE)) yaml::yaml.load(value) else value
    i <- i + 1L
  }
  values
}

#' @rdname flags
#' @param x A `tfruns_flags` object.
#' @method print tfruns_flags
print.tfruns_flags <- function(x, ...) {
  values <- vapply(unclass(x), function(v) if (is.null(v)) "NULL" else format(v), "")
  print(data.frame(name = names(values), value = unname(values), stringsAsFactors = FALSE),
        row.names = FALSE)
  invisible(x)
}

#' The directory of the current training run
#'
#' @description
#' tfruns' `run_dir()`, as R's keras3 re-exports it: the directory of the
#' active training run, or the working directory when no run is active.
#' Training runs (tfruns' `training_run()`) are not provided here, so it is
#' always the working directory.
#'
#' @returns A path.
#' @seealso [flags()]
#' @md
#' @examples
#' \dontrun{
#' save_model(model, file.path(run_dir(), "model.keras"))
#' }
run_dir <- function() getwd()
