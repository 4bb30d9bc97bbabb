# This package has no code of its own: when it loads, every name of
# reticulate's API that pyreticulate implements is bound to pyreticulate's
# implementation, so library(reticulate) inside pyreticulate attaches
# pyreticulate's API instead of the real reticulate. The exports are the
# names the real reticulate exports; the names below are the real
# reticulate's internals that pyreticulate implements (reticulate:::name).

#' reticulate: the stand-in provided by pyreticulate
#'
#' @description
#' pyreticulate runs R inside a Python process, where the real reticulate
#' cannot work: it would start or bind to a Python of its own in a process that
#' Python already hosts. This package stands in for it. It has no code of its
#' own: when it loads, each of its exports is bound to pyreticulate's
#' implementation of reticulate's function of that name, so scripts that say
#' \code{library(reticulate)} or \code{reticulate::import()} run unchanged,
#' and packages that import reticulate get pyreticulate's functions. Its
#' exports are names the real reticulate exports, its functions for Python
#' environments among them (\code{py_require()}, \code{py_install()},
#' \code{virtualenv_create()}, ...), which answer for the Python that hosts
#' R. See \link{reexports} for the list, and
#' \code{\link[pyreticulate]{pyreticulate-package}} for the bridge.
#'
#' @name reticulate-package
#' @aliases reticulate
#' @docType package
#' @noMd
NULL

#' Objects exported from pyreticulate
#'
#' @description
#' Every export of this stand-in reticulate is pyreticulate's function of the
#' same name (the same object); the links lead to their documentation. The
#' internal functions \code{reticulate:::py_has_convert},
#' \code{reticulate:::py_has_method}, \code{reticulate:::py_is_module_proxy},
#' \code{reticulate:::py_get_formals}, \code{reticulate:::py_call_impl},
#' \code{reticulate:::py_capsule}, \code{reticulate:::yoink},
#' \code{reticulate:::py_allow_threads_impl} and
#' \code{reticulate:::py_run_file_on_thread} are pyreticulate's too.
#'
#' \describe{
#'   \item{Modules and Python code:}{\code{\link[pyreticulate]{import}},
#'     \code{\link[pyreticulate:import]{import_main}},
#'     \code{\link[pyreticulate:import]{import_builtins}},
#'     \code{\link[pyreticulate:import]{import_from_path}},
#'     \code{\link[pyreticulate]{py}},
#'     \code{\link[pyreticulate]{py_run_string}},
#'     \code{\link[pyreticulate:py_run_string]{py_run_file}},
#'     \code{\link[pyreticulate]{py_eval}},
#'     \code{\link[pyreticulate]{source_python}},
#'     \code{\link[pyreticulate]{py_module_available}},
#'     \code{\link[pyreticulate:py_module_available]{py_available}},
#'     \code{\link[pyreticulate:py_module_available]{py_numpy_available}},
#'     \code{\link[pyreticulate]{py_register_load_hook}}}
#'   \item{Converting values:}{\code{\link[pyreticulate:r-py-conversion]{r_to_py}},
#'     \code{\link[pyreticulate:r-py-conversion]{py_to_r}},
#'     \code{\link[pyreticulate]{py_to_r_wrapper}},
#'     \code{\link[pyreticulate]{dict}},
#'     \code{\link[pyreticulate:dict]{py_dict}},
#'     \code{\link[pyreticulate]{tuple}}, \code{\link[pyreticulate]{np_array}},
#'     \code{\link[pyreticulate]{array_reshape}},
#'     \code{\link[pyreticulate]{py_unicode}}}
#'   \item{Python objects:}{\code{\link[pyreticulate]{py_get_attr}},
#'     \code{\link[pyreticulate:py_get_attr]{py_set_attr}},
#'     \code{\link[pyreticulate:py_get_attr]{py_has_attr}},
#'     \code{\link[pyreticulate:py_get_attr]{py_del_attr}},
#'     \code{\link[pyreticulate]{py_get_item}},
#'     \code{\link[pyreticulate:py_get_item]{py_set_item}},
#'     \code{\link[pyreticulate:py_get_item]{py_del_item}},
#'     \code{\link[pyreticulate]{py_call}},
#'     \code{\link[pyreticulate]{py_func}},
#'     \code{\link[pyreticulate]{py_main_thread_func}},
#'     \code{\link[pyreticulate]{py_len}}, \code{\link[pyreticulate]{py_str}},
#'     \code{\link[pyreticulate:py_str]{py_repr}},
#'     \code{\link[pyreticulate]{py_none}},
#'     \code{\link[pyreticulate:py_none]{py_ellipsis}},
#'     \code{\link[pyreticulate]{py_bool}}, \code{\link[pyreticulate]{py_id}},
#'     \code{\link[pyreticulate]{py_is_null_xptr}},
#'     \code{\link[pyreticulate:py_is_null_xptr]{py_validate_xptr}},
#'     \code{\link[pyreticulate]{is_py_object}},
#'     \code{\link[pyreticulate]{py_list_attributes}},
#'     \code{\link[pyreticulate]{PyClass}}}
#'   \item{Iteration and context managers:}{\code{\link[pyreticulate]{iterate}},
#'     \code{\link[pyreticulate:iterate]{iter_next}},
#'     \code{\link[pyreticulate:iterate]{as_iterator}},
#'     \code{\link[pyreticulate]{py_iterator}},
#'     \code{\link[pyreticulate:with-as-operator]{\%as\%}}}
#'   \item{Errors, output and warnings:}{\code{\link[pyreticulate]{py_last_error}},
#'     \code{\link[pyreticulate:py_last_error]{py_clear_last_error}},
#'     \code{\link[pyreticulate]{py_capture_output}},
#'     \code{\link[pyreticulate]{py_suppress_warnings}}}
#'   \item{Hooks for packages:}{\code{\link[pyreticulate]{register_class_filter}},
#'     \code{\link[pyreticulate]{register_suppress_warnings_handler}}}
#'   \item{The Python that hosts R:}{\code{\link[pyreticulate]{py_config}},
#'     \code{\link[pyreticulate:py_config]{py_exe}},
#'     \code{\link[pyreticulate:py_config]{py_version}},
#'     \code{\link[pyreticulate]{use_python}},
#'     \code{\link[pyreticulate:use_python]{use_virtualenv}},
#'     \code{\link[pyreticulate:use_python]{use_condaenv}},
#'     \code{\link[pyreticulate]{py_set_seed}},
#'     \code{\link[pyreticulate]{py_save_object}},
#'     \code{\link[pyreticulate:py_save_object]{py_load_object}},
#'     \code{\link[pyreticulate]{py_help}},
#'     \code{\link[pyreticulate]{py_function_docs}},
#'     \code{\link[pyreticulate]{py_function_wrapper}},
#'     \code{\link[pyreticulate:py_config]{py_discover_config}},
#'     \code{\link[pyreticulate:py_config]{py_config_error_message}},
#'     \code{\link[pyreticulate:py_config]{py_versions_windows}},
#'     \code{\link[pyreticulate:use_python]{use_miniconda}},
#'     \code{\link[pyreticulate:use_python]{use_python_version}}}
#'   \item{Its packages and requirements:}{\code{\link[pyreticulate]{py_require}},
#'     \code{\link[pyreticulate]{py_read_requirements}},
#'     \code{\link[pyreticulate:py_read_requirements]{py_write_requirements}},
#'     \code{\link[pyreticulate]{py_list_packages}},
#'     \code{\link[pyreticulate:py_list_packages]{py_install}},
#'     \code{\link[pyreticulate]{configure_environment}},
#'     \code{\link[pyreticulate]{uv_run_tool}}}
#'   \item{Environments on disk:}{\code{\link[pyreticulate:virtualenv-tools]{virtualenv_create}},
#'     \code{\link[pyreticulate:virtualenv-tools]{virtualenv_install}},
#'     \code{\link[pyreticulate:virtualenv-tools]{virtualenv_remove}},
#'     \code{\link[pyreticulate:virtualenv-tools]{virtualenv_root}},
#'     \code{\link[pyreticulate:virtualenv-tools]{virtualenv_list}},
#'     \code{\link[pyreticulate:virtualenv-tools]{virtualenv_exists}},
#'     \code{\link[pyreticulate:virtualenv-tools]{virtualenv_python}},
#'     \code{\link[pyreticulate:virtualenv-tools]{virtualenv_starter}},
#'     \code{\link[pyreticulate:conda-tools]{conda_binary}},
#'     \code{\link[pyreticulate:conda-tools]{conda_exe}},
#'     \code{\link[pyreticulate:conda-tools]{conda_version}},
#'     \code{\link[pyreticulate:conda-tools]{conda_list}},
#'     \code{\link[pyreticulate:conda-tools]{conda_python}},
#'     \code{\link[pyreticulate:conda-tools]{condaenv_exists}},
#'     \code{\link[pyreticulate:conda-tools]{conda_create}},
#'     \code{\link[pyreticulate:conda-tools]{conda_clone}},
#'     \code{\link[pyreticulate:conda-tools]{conda_export}},
#'     \code{\link[pyreticulate:conda-tools]{conda_install}},
#'     \code{\link[pyreticulate:conda-tools]{conda_remove}},
#'     \code{\link[pyreticulate:conda-tools]{conda_update}},
#'     \code{\link[pyreticulate:conda-tools]{conda_search}},
#'     \code{\link[pyreticulate:conda-tools]{conda_run2}},
#'     \code{\link[pyreticulate:install-python]{install_python}},
#'     \code{\link[pyreticulate:install-python]{install_miniconda}},
#'     \code{\link[pyreticulate:install-python]{miniconda_path}},
#'     \code{\link[pyreticulate:install-python]{miniconda_update}},
#'     \code{\link[pyreticulate:install-python]{miniconda_uninstall}}}
#'   \item{Python typed by people:}{\code{\link[pyreticulate]{repl_python}},
#'     \code{\link[pyreticulate]{eng_python}},
#'     \code{\link[pyreticulate:help-handlers]{py_help_handler}},
#'     \code{\link[pyreticulate:help-handlers]{register_help_topics}},
#'     \code{\link[pyreticulate:help-handlers]{register_module_help_handler}}}
#' }
#'
#' @name reexports
#' @aliases %as% array_reshape as_iterator dict import import_builtins import_from_path
#'   import_main is_py_object iter_next iterate np_array py py_available
#'   py_bool py_call py_capture_output py_clear_last_error py_config
#'   py_del_attr py_del_item py_dict py_ellipsis py_eval py_exe py_func
#'   py_function_docs py_function_wrapper py_get_attr py_get_item py_has_attr
#'   py_help py_id py_is_null_xptr py_iterator py_last_error py_len
#'   py_list_attributes py_load_object py_main_thread_func py_module_available
#'   py_none py_numpy_available py_register_load_hook py_repr py_run_file
#'   py_run_string py_save_object py_set_attr py_set_item py_set_seed py_str
#'   py_suppress_warnings py_to_r py_to_r_wrapper py_unicode py_validate_xptr
#'   py_version PyClass r_to_py register_class_filter
#'   register_suppress_warnings_handler source_python tuple use_condaenv
#'   use_python use_virtualenv py_require py_read_requirements
#'   py_write_requirements py_list_packages py_install configure_environment
#'   uv_run_tool py_discover_config py_config_error_message py_versions_windows
#'   use_miniconda use_python_version virtualenv_create virtualenv_install
#'   virtualenv_remove virtualenv_root virtualenv_list virtualenv_exists
#'   virtualenv_python virtualenv_starter conda_binary conda_exe conda_version
#'   conda_list conda_python condaenv_exists conda_create conda_clone
#'   conda_export conda_install conda_remove conda_update conda_search
#'   conda_run2 install_python install_miniconda miniconda_path
#'   miniconda_update miniconda_uninstall repl_python eng_python
#'   py_help_handler register_help_topics register_module_help_handler
#' @keywords internal
#' @docType import
#' @noMd
NULL

.pyreticulate_stand_in <- TRUE

.internal_api <- c("py_has_convert", "py_has_method", "py_is_module_proxy", "py_get_formals",
                   "py_call_impl", "py_capsule", "yoink", "py_allow_threads_impl",
                   "py_run_file_on_thread")

.onLoad <- function(libname, pkgname) {
  here <- asNamespace(pkgname)
  implementation <- asNamespace("pyreticulate")
  for (name in c(parseNamespaceFile(pkgname, libname)$exports, .internal_api)) {
    if (bindingIsActive(name, implementation))
      makeActiveBinding(name, activeBindingFunction(name, implementation), here)
    else
      assign(name, get(name, envir = implementation), envir = here)
  }
}
