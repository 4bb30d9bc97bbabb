# parse_arguments(): command line arguments `--key=value` and `--key value`
# as a named list, each value read as a YAML scalar or flow sequence (numbers,
# booleans, null, quoted or plain strings, [a, b, c]), as R's tensorflow reads
# them with the yaml package; the reader is tfruns' (its R/flags.R), which
# flags() uses too.

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
  .tfruns(".parse_command_line")(arguments)
}
