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

Each Keras-facing function takes ``module``, the Keras the classes come
from: ``"keras"`` (Keras 3, keras3's) or ``"tf_keras"`` (Keras 2, library(keras)'s);
classes are made once per module. Only Keras 3's hooks annotate R errors
(keras3's ``.keras_hook_condition``); keras 2.x's errors reach R as they are.
"""
import contextlib
import importlib
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

# The R function that adds where an error happened to a hook's R condition, by module.
_HOOK_CONDITIONS = {"keras": "keras3:::.keras_hook_condition"}


def base_callback(module="keras"):
    """``<module>.callbacks.Callback``: Keras 3's (``"keras"``) or Keras 2's (``"tf_keras"``)."""
    return importlib.import_module(module).callbacks.Callback


def hook_names(module="keras"):
    """``{hook: takes_an_index}`` for the hooks of ``base_callback(module)``."""
    if module not in _hooks:
        base = base_callback(module)
        hooks = {}
        for name in dir(base):
            if name.startswith("on_") and callable(getattr(base, name)):
                params = list(inspect.signature(getattr(base, name)).parameters)
                hooks[name] = len(params) > 1 and params[1] != "logs"
        _hooks[module] = hooks
    return _hooks[module]


def _annotated(exc, hook, epoch, index, conditioner):
    """``exc`` (an RError) with the hook, epoch and batch added to its R condition by the
    R function ``conditioner`` names."""
    def annotate():
        with protected() as keep:
            args = [exc.condition.sexp, keep(REGISTRY.to_r(hook)),
                    keep(REGISTRY.to_r(epoch)), keep(REGISTRY.to_r(index))]
            annotate = evaluation.eval_text(conditioner)
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
        conditioner = getattr(owner, "_pyr_conditioner", _HOOK_CONDITIONS["keras"])
        if exc.condition is None or conditioner is None:
            raise
        epoch = _current_epoch(owner)
        batch = index + 1 if index is not None and "batch" in hook else None
        raise _annotated(exc, hook, None if epoch is None else epoch + 1, batch,
                         conditioner) from exc
    if merge and isinstance(result, dict):
        logs.update(result)
    return result


def _adapter_class(names, module):
    key = (module, frozenset(names))
    if key not in _classes:
        base = base_callback(module)
        indexed = hook_names(module)
        namespace = {"__module__": __name__, "__doc__": "A Keras callback whose hooks are R functions."}
        for name in names:
            namespace[name] = _adapter_hook(name, indexed[name])
        namespace["set_params"], namespace["set_model"] = _context_methods(base)
        _classes[key] = type("RCallback", (base,), namespace)
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


def _context_methods(base):
    """``set_params`` and ``set_model`` of ``base`` that then call ``context(params, model)``."""
    def set_params(self, params):
        base.set_params(self, params)
        _tell_context(self)

    def set_model(self, model):
        base.set_model(self, model)
        _tell_context(self)

    return set_params, set_model


def _tell_context(callback):
    """Call the context function; tf_keras's Callback has no ``params`` before set_params()."""
    if callback._pyr_context is not None:
        callback._pyr_context(getattr(callback, "params", None), _model_of(callback))


def _model_of(callback):
    """The model a callback has been given, without Keras 3's ``model`` property (which syncs
    JAX state): Keras 3 keeps it in ``_model``, Keras 2 in ``model``."""
    state = vars(callback)
    return state.get("_model", state.get("model"))


def hook_callback(hooks, base=0, merge=False, context=None, module="keras"):
    """A Callback of ``module`` calling the R functions in ``hooks`` (``{hook name: function}``).

    ``context(params, model)`` is called whenever Keras sets either.
    """
    names = hook_names(module)
    unknown = sorted(set(hooks) - set(names))
    if unknown:
        raise ValueError(f"not a Keras callback hook: {', '.join(unknown)}; the hooks are "
                         f"{', '.join(sorted(names))}")
    callback = _adapter_class(hooks, module)()
    callback._pyr_hooks = dict(hooks)
    callback._pyr_base = int(base)
    callback._pyr_merge = bool(merge)
    callback._pyr_context = context
    callback._pyr_conditioner = _HOOK_CONDITIONS.get(module)
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

def interrupt_guard(module="keras"):
    """An ``InterruptGuard`` callback of ``module`` (see ``fit``)."""
    key = ("guard", module)
    if key not in _classes:
        _classes[key] = _make_guard_class(base_callback(module))
    return _classes[key]()


def _make_guard_class(base):

    class InterruptGuard(base):
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
