"""Ctrl-C across the bridge.

Python's SIGINT handler stays in place: it is never replaced, so Python code
keeps raising ``KeyboardInterrupt``. While R runs, R calls its event hook at
every interrupt check (and, with ``R_wait_usec`` set, at least every 100 ms
while it sleeps or waits); the hook runs Python for a moment, so a pending
``KeyboardInterrupt`` surfaces there and becomes an R interrupt
(``R_interrupts_pending``). While Python runs under R, ``KeyboardInterrupt``
reaches the bridge entry, which signals an R interrupt. The same hook serves
R calls queued by other threads.
"""
from . import rapi, threads
from .rapi import ffi

POLL_USEC = 100_000


def callback_failed(exc_type, exc, tb):
    """``onerror`` of the callbacks R calls: a Ctrl-C that surfaced there is an R interrupt."""
    if exc_type is not None and issubclass(exc_type, KeyboardInterrupt):
        rapi.lib.R_interrupts_pending = 1
    return None


@ffi.callback("void(void)", onerror=callback_failed)
def process_events():
    """R's event hook: serve other threads' R calls; a pending Ctrl-C interrupts R."""
    try:
        threads.service(force=True)
    except KeyboardInterrupt:
        rapi.lib.R_interrupts_pending = 1


def install():
    lib = rapi.lib
    lib.ptr_R_ProcessEvents = process_events
    lib.R_wait_usec = POLL_USEC
