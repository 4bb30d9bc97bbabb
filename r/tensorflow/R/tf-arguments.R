# parse_arguments(): command line arguments `--key=value` and `--key value`
# as a named list, each value read as a YAML scalar or flow sequence (numbers,
# booleans, null, quoted or plain strings, [a, b, c]), as R's tensorflow reads
# them with the yaml package. The reader here covers those forms only.

#' Parse command line arguments
#'
#' @description
#' `parse_arguments()` reads command line arguments of the forms `--key=value`
#' and `--key value` into a named list; other arguments are skipped. Dashes in
#' keys become underscores (`--learning-rate` is `learning_rate`). Each value
#' is read as a YAML scalar: whole numbers become integers, other numbers
#' doubles, `true`/`false` (and `yes`/`no`, `on`/`off`) logicals, `null` or
#' `~` `NULL` (the key is then left out), quoted text the text inside the
#' quotes, anything else a string (`--nested=a=b` is `"a=b"`). A flow sequence
#' `[1, 2, 3]` becomes a vector, or a list when its elements are of different
#' types.
#'
#' @param arguments A character vector of arguments; `NULL` for the
#'   arguments the script was given (`commandArgs(TRUE)`).
#'
#' @returns A named list of the values.
#' @examples
#' \dontrun{
#' parse_arguments(c("--epochs=10", "--learning-rate", "0.01", "--layers=[64,32]"))
#' }
#' @md
parse_arguments <- function(arguments = NULL) {
  if (is.null(arguments)) arguments <- commandArgs(TRUE)
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
