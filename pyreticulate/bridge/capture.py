"""Entries the evaluation condition handler calls (``.pyr_capture_condition`` in
r/pyreticulate/R/py-bridge.R): they hand the condition to the evaluation in
progress."""
from ..runtime import evaluation
from ..libr import capi
from .crossing import reporting_entry


@reporting_entry
def capture_error(condition, trace):
    evaluation.capture_error(condition, trace)
    return capi.lib.R_NilValue


@reporting_entry
def capture_warning(condition):
    evaluation.capture_warning(condition)
    return capi.lib.R_NilValue


@reporting_entry
def capture_interrupt():
    evaluation.capture_interrupt()
    return capi.lib.R_NilValue


@reporting_entry
def capture_abort(arguments):
    evaluation.capture_abort(arguments)
    return capi.lib.R_NilValue


@reporting_entry
def capture_condition(deferred):
    evaluation.capture_condition(deferred)
    return capi.lib.R_NilValue
