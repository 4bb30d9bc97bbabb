"""R functions as Keras callback hooks, and fit() that stops cleanly on Ctrl-C.

* ``hook_callback`` makes a real ``keras.callbacks.Callback`` whose hooks call
  R functions (``KerasCallback`` R6 objects, ``callback_lambda``). Its class
  defines only the hooks given, so a hook R does not define is never called
  and costs nothing.
  ``base`` is added to epoch and batch indices (0 for old keras, 1 for
  keras3); with ``merge`` a dict the R function returns is merged into
  ``logs`` (so into the history).
* ``class_hook`` does the same for a hook method of a ``Callback()`` class.
* An R error in a hook reaches R as the original condition with the fields
  ``keras_hook``, ``keras_epoch`` and ``keras_batch`` (1-based) added; the
  epoch is the running ``fit``'s (its guard tracks it).
* ``fit`` runs ``model.fit`` with an ``InterruptGuard``: the first Ctrl-C
  asks training to stop at the next batch boundary, where a
  ``KeyboardInterrupt`` (an R interrupt in R) is raised after the partial
  epoch has been added to the history; a second Ctrl-C interrupts at once.
  The hook names come from the installed ``Callback`` class.
* ``fit`` and ``evaluate`` that end early leave the model's variables usable
  on the JAX backend too (``_restore_backend_state``).
"""
import contextlib
import inspect
import signal
import time

from ..runtime import errors, evaluation, threads
from ..runtime.handles import RObject
from ..libr.protect import protected
from ..convert.registry import REGISTRY
from ..pyobjects import classes

_classes = {}
_hooks = {}
_training = []


def hook_names():
    """``{hook: takes_an_index}`` for the hooks of the installed ``keras.callbacks.Callback``."""
    if not _hooks:
        import keras
        base = keras.callbacks.Callback
        for name in dir(base):
            if name.startswith("on_") and callable(getattr(base, name)):
                params = list(inspect.signature(getattr(base, name)).parameters)
                _hooks[name] = len(params) > 1 and params[1] != "logs"
    return _hooks


def _annotated(exc, hook, epoch, index):
    """``exc`` (an RError) with the hook, epoch and batch added to its R condition."""
    def annotate():
        with protected() as keep:
            args = [exc.condition.sexp, keep(REGISTRY.to_r(hook)),
                    keep(REGISTRY.to_r(epoch)), keep(REGISTRY.to_r(index))]
            annotate = evaluation.eval_text("keras3:::.keras_hook_condition")
            condition = evaluation.call_function(annotate.sexp, args, keep=keep)
            return RObject(condition)
    try:
        condition = threads.run_in_r(annotate, (), "annotating an R condition")
    except Exception:
        return exc
    return errors.RError(exc.r_message, condition=condition, call=exc.call,
                         r_class=exc.r_class, r_trace=exc.r_trace)


def run_hook(fn, hook, owner, index, logs, base, merge):
    """Call the R hook ``fn``; merge a returned dict into ``logs`` when asked."""
    if hook == "on_epoch_begin":
        owner._pyr_epoch = index
    if logs is None:
        logs = {}
    try:
        result = fn(logs) if index is None else fn(index + base, logs)
    except errors.RError as exc:
        if exc.condition is None:
            raise
        epoch = _current_epoch(owner)
        batch = index + 1 if index is not None and "batch" in hook else None
        raise _annotated(exc, hook, None if epoch is None else epoch + 1, batch) from exc
    if merge and isinstance(result, dict):
        logs.update(result)
    return result


def _adapter_class(names):
    key = frozenset(names)
    if key not in _classes:
        import keras
        indexed = hook_names()
        namespace = {"__module__": __name__, "__doc__": "A Keras callback whose hooks are R functions."}
        for name in names:
            namespace[name] = _adapter_hook(name, indexed[name])
        namespace["set_params"] = _set_params
        namespace["set_model"] = _set_model
        _classes[key] = type("RCallback", (keras.callbacks.Callback,), namespace)
    return _classes[key]


def _adapter_hook(name, indexed):
    if indexed:
        def hook(self, index, logs=None):
            return run_hook(self._pyr_hooks[name], name, self, index, logs,
                            self._pyr_base, self._pyr_merge)
    else:
        def hook(self, logs=None):
            return run_hook(self._pyr_hooks[name], name, self, None, logs,
                            self._pyr_base, self._pyr_merge)
    hook.__name__ = hook.__qualname__ = name
    return hook


def _set_params(self, params):
    import keras
    keras.callbacks.Callback.set_params(self, params)
    if self._pyr_context is not None:
        self._pyr_context(params, self._model)


def _set_model(self, model):
    import keras
    keras.callbacks.Callback.set_model(self, model)
    if self._pyr_context is not None:
        self._pyr_context(self.params, model)


def hook_callback(hooks, base=0, merge=False, context=None):
    """A Callback calling the R functions in ``hooks`` (``{hook name: function}``).

    ``context(params, model)`` is called whenever Keras sets either.
    """
    unknown = sorted(set(hooks) - set(hook_names()))
    if unknown:
        raise ValueError(f"not a Keras callback hook: {', '.join(unknown)}; the hooks are "
                         f"{', '.join(sorted(hook_names()))}")
    callback = _adapter_class(hooks)()
    callback._pyr_hooks = dict(hooks)
    callback._pyr_base = int(base)
    callback._pyr_merge = bool(merge)
    callback._pyr_context = context
    callback._pyr_epoch = None
    return callback


def class_hook(name, method):
    """The hook ``name`` of a ``Callback()`` class calling ``method`` (1-based, merging).

    Called from R (``super$on_epoch_end(epoch, logs)`` in a subclass's hook,
    ``self$on_epoch_end(...)``) the index is already R's: it is passed as it is.
    """
    indexed = hook_names().get(name)
    if indexed is None:
        return method
    if indexed:
        def hook(self, index, logs=None):
            if _called_from_r(self):
                return method(self, index, logs)
            return run_hook(lambda *a: method(self, *a), name, self, index, logs, 1, True)
    else:
        def hook(self, logs=None):
            if _called_from_r(self):
                return method(self, logs)
            return run_hook(lambda *a: method(self, *a), name, self, None, logs, 1, True)
    hook.__name__ = hook.__qualname__ = name
    hook.__doc__ = method.__doc__
    return hook


def _called_from_r(instance):
    return classes.calling_instance() is instance


def _current_epoch(owner):
    """The epoch (from 0) of the innermost ``fit``, else the last one ``owner``'s hooks saw."""
    if _training and _training[-1].epoch is not None:
        return _training[-1].epoch
    return getattr(owner, "_pyr_epoch", None)


# ---- Ctrl-C during fit ---------------------------------------------------------------------

def interrupt_guard():
    """An ``InterruptGuard`` callback (see ``fit``)."""
    if "guard" not in _classes:
        _classes["guard"] = _make_guard_class()
    return _classes["guard"]()


def _make_guard_class():
    import keras

    class InterruptGuard(keras.callbacks.Callback):
        """Raises KeyboardInterrupt at the batch boundary after a Ctrl-C; keeps the history."""

        def __init__(self):
            super().__init__()
            self.requested = False
            self.history = None
            self.epoch = None
            self.logs = None
            self.where = None

        def set_model(self, model):
            super().set_model(model)
            self.history = getattr(model, "history", None)

        def _check(self, where):
            if self.requested:
                self.where = where
                self.keep_partial_epoch()
                raise KeyboardInterrupt

        def keep_partial_epoch(self):
            """Add the interrupted epoch (its last logs) to the History, once."""
            history = self.history
            if history is None or self.epoch is None or not self.logs:
                return
            epochs = getattr(history, "epoch", None)
            if epochs is None or self.epoch in epochs:
                return
            epochs.append(self.epoch)
            for key, value in self.logs.items():
                history.history.setdefault(key, []).append(value)

        def on_epoch_begin(self, epoch, logs=None):
            self.epoch, self.logs = epoch, None
            self._check(("epoch", epoch))

        def on_epoch_end(self, epoch, logs=None):
            self.logs = dict(logs or {})
            self._check(("epoch", epoch))

        def on_train_batch_begin(self, batch, logs=None):
            self._check(("batch", batch))

        def on_train_batch_end(self, batch, logs=None):
            self.logs = dict(logs or {})
            self._check(("batch", batch))

        def on_test_batch_end(self, batch, logs=None):
            self._check(("test batch", batch))

        @contextlib.contextmanager
        def catching_sigint(self):
            """While training, the first Ctrl-C only sets ``requested``; the host's handler is chained.

            Signal handlers live on the main thread: a ``fit`` run there (R's top
            level calls Python there) installs one; other threads' ``fit`` get none.
            A training stopped by Ctrl-C returns no sooner than ``SIGINT_GRACE`` seconds
            after the first, absorbing the Ctrl-C that come meanwhile: the key pressed
            twice stops it once, and R's handler gets that stop (a repeat landing in
            the R code after it would end the script).
            """
            if not threads.on_main_thread():
                yield
                return
            previous = signal.getsignal(signal.SIGINT)
            if not callable(previous):
                yield
                return

            first = []

            def handler(signum, frame):
                if first and first[0] is None:
                    return   # training already ended for a Ctrl-C
                if self.requested:
                    previous(signum, frame)
                else:
                    self.requested = True
                    first.append(time.monotonic())

            signal.signal(signal.SIGINT, handler)
            try:
                yield
            finally:
                if signal.getsignal(signal.SIGINT) is handler:
                    if first:
                        until = first[0] + SIGINT_GRACE
                        first[0] = None
                        while time.monotonic() < until:
                            time.sleep(until - time.monotonic())
                    signal.signal(signal.SIGINT, previous)

    return InterruptGuard


SIGINT_GRACE = 0.3


def fit(model, guard, *args, **kwargs):
    """``model.fit`` with ``guard`` first among the callbacks and Ctrl-C caught by it.

    Whatever ends the call early (an interrupt, an error in a callback or a
    generator), the model is left ready for the next call: Keras would keep
    reusing the cached validation iterator of the failed call otherwise.
    """
    callbacks = kwargs.get("callbacks") or []
    kwargs["callbacks"] = [guard] + list(callbacks)
    _training.append(guard)
    with guard.catching_sigint():
        try:
            return model.fit(*args, **kwargs)
        except KeyboardInterrupt:
            guard.keep_partial_epoch()
            _forget_cached_iterators(model)
            _restore_backend_state(model)
            raise
        except BaseException:
            _forget_cached_iterators(model)
            _restore_backend_state(model)
            raise
        finally:
            _training.remove(guard)


def evaluate(model, *args, **kwargs):
    """``model.evaluate``; the model stays usable when it ends early (an error in a callback)."""
    try:
        return model.evaluate(*args, **kwargs)
    except BaseException:
        _restore_backend_state(model)
        raise


def _restore_backend_state(model):
    """Puts back the variables Keras's JAX trainer takes out of the model while it runs (its
    ``jax_state_sync`` does at the end): an early end would leave them empty."""
    sync = getattr(model, "jax_state_sync", None)
    if sync is not None:
        sync()


def _forget_cached_iterators(model):
    if getattr(model, "_eval_epoch_iterator", None) is not None:
        with contextlib.suppress(AttributeError):
            del model._eval_epoch_iterator
