# parse_flags(): R's tensorflow reads a script's configuration without
# declared flags. The flags themselves (flags(), flag_*(), run_dir()) are
# tfruns' functions, which this package re-exports (NAMESPACE); parse_flags()
# and parse_arguments() (tf-arguments.R) read files and command lines with
# tfruns' readers, so the two packages read them alike.

# An internal function of tfruns (the YAML and command-line readers are one
# copy, in tfruns' R/flags.R).
.tfruns <- function(name) get(name, envir = asNamespace("tfruns"), inherits = FALSE)

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
#' @seealso \code{\link[tfruns]{flags}} declares typed flags with defaults.
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
  if (!missing(file)) .tfruns(".warn_missing_file")(file)
  .tfruns(".merge_configuration")(.tfruns(".configuration")(file, config),
                                  parse_arguments(as.character(arguments)))
}
