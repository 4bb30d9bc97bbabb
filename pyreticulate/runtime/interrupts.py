"""Ctrl-C across the bridge.

Python's SIGINT handler stays in place: it is never replaced (except while R
starts, when ``embedded`` holds Ctrl-C back and delivers it afterwards through
that handler, and while R's event hook lets another thread's R run, when
``threads._SignalsHeld`` records it for later), so Python code keeps raising
``KeyboardInterrupt``. While R
runs, R calls its event hook at every interrupt check (and, with
``R_wait_usec`` set, at least every 100 ms while it sleeps or waits); the hook
runs Python for a moment, so a pending
``KeyboardInterrupt`` surfaces there and becomes an R interrupt
(``R_interrupts_pending``). While Python runs under R, ``KeyboardInterrupt``
reaches the bridge entry, which signals an R interrupt. A Ctrl-C handed to R
that R has not acted on when an evaluation starts or ends is raised as
``KeyboardInterrupt`` at that crossing. The same hook lets threads waiting for R
run their R calls (``threads.let_waiting_in``).
"""
from ..libr import capi
from . import threads
from ..libr.capi import ffi

POLL_USEC = 100_000


_requests = [0]


def interrupt_r():
    """Make R stop at its next interrupt check (a Ctrl-C that surfaced in Python)."""
    _requests[0] += 1
    capi.lib.R_interrupts_pending = 1


def requests():
    """How many Ctrl-Cs were handed to R so far (an evaluation compares before/after)."""
    return _requests[0]


def request_counter():
    """The one-item list ``requests()`` reads (for the compiled call of R functions)."""
    return _requests


_flags = {}


def take_pending():
    """Whether a Ctrl-C handed to R is still waiting for R to act on it (then cleared):
    checked at each crossing, so it becomes ``KeyboardInterrupt`` there."""
    pending = _flags["pending"]
    if pending[0] and not _flags["suspended"][0]:
        pending[0] = 0
        return True
    return False


def callback_failed(exc_type, exc, tb):
    """``onerror`` of the callbacks R calls: a Ctrl-C that surfaced there is an R interrupt."""
    if exc_type is not None and issubclass(exc_type, KeyboardInterrupt):
        interrupt_r()
    return None


@ffi.callback("void(void)", onerror=callback_failed)
def process_events():
    """R's event hook: let threads waiting for R in; a pending Ctrl-C interrupts R."""
    try:
        threads.service()
        threads.let_waiting_in()
    except KeyboardInterrupt:
        interrupt_r()


def install():
    _flags["pending"] = capi.lib.address_of("R_interrupts_pending")
    _flags["suspended"] = capi.lib.address_of("R_interrupts_suspended")
    lib = capi.lib
    lib.ptr_R_ProcessEvents = process_events
    lib.R_wait_usec = POLL_USEC
