# Training flags, as R's tfruns has them (R's tensorflow and keras3 re-export
# flags(), flag_*() and run_dir()): values from a YAML configuration file (a
# section per configuration, as the config package reads them, or plain
# top-level values), from the command line, and from training_run()'s `flags`.
# The YAML file and command-line readers here are also what the tensorflow
# package's parse_flags() and parse_arguments() use.

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
#'    script run as `pyreticulate run train.R --epochs 20`): values are YAML
#'    scalars and dashes in names stand for underscores (`--learning-rate`
#'    sets `learning_rate`); `--args` ends the flags;
#' 3. by the `flags` given to [training_run()] or [tuning_run()] for the run
#'    of the script (and the YAML file and configuration given there stand
#'    for `file` and `config` when those are not given).
#'
#' A flag that is not defined is an error, as is a value that does not fit the
#' flag's type. During a training run the values are recorded with the run
#' (the `flag_` columns of [ls_runs()]). R's tensorflow and keras3 re-export
#' these functions.
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
#' @seealso [training_run()], [run_dir()], `tensorflow::parse_flags()`
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
  run <- .globals$run_dir
  if (missing(file) && !is.null(run$flags_file)) file <- run$flags_file
  if (!missing(file) || !is.null(run$flags_file)) .warn_missing_file(file)
  if (missing(config) && !is.null(run$config)) config <- run$config
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
  overrides <- .merge_configuration(.configuration(file, config), .parse_command_line(arguments))
  overrides <- .merge_configuration(overrides, as.list(run$flags))
  for (name in names(overrides)) {
    key <- gsub("-", "_", name, fixed = TRUE)
    at <- match(key, names)
    if (is.na(at))
      stop(sprintf("flags(): \"%s\" is not a defined flag (defined: %s)", name,
                   paste(names, collapse = ", ")), call. = FALSE)
    values[[key]] <- .flag_value(definitions[[at]], overrides[[name]])
  }
  values <- structure(values, class = "tfruns_flags",
                      types = vapply(definitions, `[[`, "", "type"),
                      descriptions = vapply(definitions, function(d) d$description %||% "", ""))
  write_run_metadata("flags", values)
  values
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
#' @method as.data.frame tfruns_flags
as.data.frame.tfruns_flags <- function(x, ...) {
  values <- vapply(unclass(x), function(v) if (is.null(v)) "NULL" else format(v), "")
  data.frame(name = names(x), type = attr(x, "types") %||% rep("", length(x)),
             value = unname(values),
             description = attr(x, "descriptions") %||% rep("", length(x)),
             stringsAsFactors = FALSE)
}

#' @rdname flags
#' @method print tfruns_flags
print.tfruns_flags <- function(x, ...) {
  print(as.data.frame(x)[c("name", "value")], row.names = FALSE)
  invisible(x)
}

# Command line arguments `--key=value` and `--key value` as a named list (other
# arguments skipped, dashes in keys made underscores), each value read as a
# YAML scalar or flow sequence (numbers, booleans, null, quoted or plain
# strings, [a, b, c]), as R's tfruns reads them with the yaml package; the
# reader here covers those forms only (yaml is optional).
.parse_command_line <- function(arguments) {
  if (!is.character(arguments)) stop("`arguments` must be a character vector", call. = FALSE)
  values <- list()
  i <- 1L
  while (i <= length(arguments)) {
    argument <- arguments[[i]]
    i <- i + 1L
    if (!startsWith(argument, "--")) next
    text <- substring(argument, 3L)
    equals <- regexpr("=", text, fixed = TRUE)
    if (equals > 0L) {
      key <- substring(text, 1L, equals - 1L)
      value <- substring(text, equals + 1L)
    } else {
      if (i > length(arguments))
        stop("the command line argument --", text, " has no value", call. = FALSE)
      key <- text
      value <- arguments[[i]]
      i <- i + 1L
    }
    values[[gsub("-", "_", key, fixed = TRUE)]] <- .yaml_value(value)
  }
  values
}

.yaml_value <- function(text) {
  text <- trimws(text)
  if (startsWith(text, "[") && endsWith(text, "]")) {
    items <- lapply(.flow_items(substring(text, 2L, nchar(text) - 1L)), .yaml_value)
    if (!length(items)) return(list())
    scalar <- all(vapply(items, function(v) is.atomic(v) && length(v) == 1L, logical(1L)))
    types <- unique(vapply(items, function(v) if (is.numeric(v)) "numeric" else typeof(v), ""))
    return(if (scalar && length(types) == 1L) unlist(items) else items)
  }
  if (nchar(text) >= 2L && ((startsWith(text, "\"") && endsWith(text, "\"")) ||
                            (startsWith(text, "'") && endsWith(text, "'"))))
    return(substring(text, 2L, nchar(text) - 1L))
  if (text %in% c("", "~", "null", "Null", "NULL")) return(NULL)
  if (text %in% c("true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON")) return(TRUE)
  if (text %in% c("false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF")) return(FALSE)
  if (grepl("^[-+]?[0-9]+$", text)) {
    number <- as.numeric(text)
    return(if (abs(number) <= .Machine$integer.max) as.integer(number) else number)
  }
  if (grepl("^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$", text)) return(as.numeric(text))
  if (text %in% c(".inf", ".Inf", "+.inf")) return(Inf)
  if (text %in% c("-.inf", "-.Inf")) return(-Inf)
  if (text %in% c(".nan", ".NaN")) return(NaN)
  text
}

# The comma-separated items of a flow sequence's inside (nested brackets and
# quotes kept whole).
.flow_items <- function(text) {
  chars <- strsplit(text, "", fixed = TRUE)[[1L]]
  items <- character()
  depth <- 0L
  quote <- ""
  current <- ""
  for (ch in chars) {
    if (nzchar(quote)) {
      if (ch == quote) quote <- ""
    } else if (ch %in% c("\"", "'")) {
      quote <- ch
    } else if (ch == "[") {
      depth <- depth + 1L
    } else if (ch == "]") {
      depth <- depth - 1L
    } else if (ch == "," && depth == 0L) {
      items <- c(items, current)
      current <- ""
      next
    }
    current <- paste0(current, ch)
  }
  if (nzchar(trimws(current)) || length(items)) items <- c(items, current)
  items
}
