# Training flags: R's tensorflow exports flags(), flag_*() and run_dir() from
# tfruns (which Debian does not package; keras3 re-exports them from here), and
# parse_flags() of its own. These are the same functions with tfruns' and
# tensorflow's documented semantics: values from a YAML configuration file (a
# section per configuration, as the config package reads them, or plain
# top-level values) and from the command line (parse_arguments()). tfruns'
# training_run() is not provided, so no run is ever active and run_dir() is the
# working directory, as tfruns says for that case.

#' Flags for a training run
#'
#' @description
#' `flags()` defines the flags (name, type, default, description) that
#' parameterize a training script and gives their values as a named list.
#' Each default can be overridden, in this order:
#'
#' 1. by the YAML file `file` (`flags.yml` by default, if it exists): its
#'    top-level entries, or, when it has sections, those of the section named
#'    by `config` (the `R_CONFIG_ACTIVE` environment variable, else
#'    `"default"`) over those of its `default` section;
#' 2. by the command line arguments `--name=value` or `--name value` (a
#'    script run as `pyreticulate run train.R --epochs 20`), read by
#'    [parse_arguments()]: values are YAML scalars and dashes in names stand
#'    for underscores (`--learning-rate` sets `learning_rate`); as in tfruns,
#'    `--args` ends the flags.
#'
#' A flag that is not defined is an error, as is a value that does not fit the
#' flag's type. These are tfruns' functions as R's tensorflow and keras3
#' re-export them, written here (tfruns is not installed); `training_run()` is
#' not provided.
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
#' @seealso [run_dir()], [parse_flags()]
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
  if (!missing(file)) .warn_missing_file(file)
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
  arguments <- as.character(unlist(arguments))
  if ("--args" %in% arguments) arguments <- arguments[seq_len(match("--args", arguments) - 1L)]
  overrides <- .merge_configuration(.configuration(file, config), parse_arguments(arguments))
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

.describe_value <- function(value) {
  if (is.character(value) && length(value) == 1L) sprintf("\"%s\"", value)
  else paste(deparse(value, width.cutoff = 60L)[[1L]], collapse = "")
}

.warn_missing_file <- function(file) {
  if (!is.null(file) && !file.exists(file))
    warning(sprintf("configuration file '%s' does not exist", file), call. = FALSE)
}

# The values of configuration `config` in the YAML file `file` (none when the
# file does not exist). A file whose top-level entries are all sections is read
# as the config package reads it: the `default` section, overridden by the
# section named `config`, which may name another section to start from with
# `inherits:`. Otherwise its top-level entries are the values.
.configuration <- function(file, config) {
  if (is.null(file) || !file.exists(file)) return(list())
  if (!requireNamespace("yaml", quietly = TRUE))
    stop(sprintf("reading '%s' needs the R package yaml (Debian: r-cran-yaml)", file), call. = FALSE)
  content <- yaml::read_yaml(file)
  if (!is.list(content) || !length(content)) return(list())
  if (!all(vapply(content, is.list, NA))) return(content)
  section <- function(name, seen) {
    if (name %in% seen)
      stop(sprintf("'%s': the configurations %s inherit from each other", file,
                   paste(c(seen, name), collapse = " -> ")), call. = FALSE)
    values <- content[[name]]
    if (is.null(values)) return(list())
    parent <- values$inherits
    values$inherits <- NULL
    base <- if (!is.null(parent)) section(parent, c(seen, name))
            else if (name != "default") section("default", c(seen, name))
            else list()
    .merge_configuration(base, values)
  }
  if (is.null(content[["default"]]) && is.null(content[[config]]))
    stop(sprintf("'%s' has neither a \"default\" configuration nor one named \"%s\"", file, config),
         call. = FALSE)
  section(config, character())
}

.merge_configuration <- function(base, values) {
  for (name in names(values)) {
    base[name] <- list(if (is.list(base[[name]]) && is.list(values[[name]]) &&
                           !is.null(names(values[[name]])))
      .merge_configuration(base[[name]], values[[name]]) else values[[name]])
  }
  base
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
#' tfruns' `run_dir()`, as R's tensorflow and keras3 re-export it: the
#' directory of the active training run, or the working directory when no run
#' is active. Training runs (tfruns' `training_run()`) are not provided here,
#' so it is always the working directory.
#'
#' @returns A path.
#' @seealso [flags()]
#' @md
#' @examples
#' \dontrun{
#' save_model(model, file.path(run_dir(), "model.keras"))
#' }
run_dir <- function() getwd()

#' Parse the configuration of a TensorFlow script
#'
#' @description
#' `parse_flags()` reads a script's configuration without declaring flags: the
#' values of configuration `config` in the YAML file `file` (a section per
#' configuration, each starting from the `default` section, as the config
#' package reads them; or plain top-level values), overridden by the command
#' line arguments `--key=value` and `--key value` ([parse_arguments()]). A
#' `file` given but missing is a warning. (TensorFlow 1's `tf$app$flags`,
#' which R's tensorflow also read, does not exist in TensorFlow 2.)
#'
#' @param config The configuration to use: `R_CONFIG_ACTIVE`, else
#'   `"default"`.
#' @param file The configuration file.
#' @param arguments The command line arguments.
#'
#' @returns A named list of the values.
#' @seealso [flags()] declares typed flags with defaults.
#' @md
#' @examples
#' \dontrun{
#' # flags.yml:
#' # default:
#' #   learning_rate: 0.01
#' # fast:
#' #   learning_rate: 0.1
#' FLAGS <- parse_flags("fast")
#' FLAGS$learning_rate
#' }
parse_flags <- function(config = Sys.getenv("R_CONFIG_ACTIVE", unset = "default"),
                        file = "flags.yml", arguments = commandArgs(TRUE)) {
  if (!missing(file)) .warn_missing_file(file)
  .merge_configuration(.configuration(file, config), parse_arguments(as.character(arguments)))
}
