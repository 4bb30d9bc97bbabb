"""References both ways: proxies owning one Python reference, R objects preserved
while Python holds them, finalizers, memory, serialised proxies, callbacks."""
import ctypes
import gc
import time
import weakref

import pytest

import pyreticulate as pr
from helpers import settle, r_true
from pyreticulate.libr import capi
from pyreticulate.runtime import evaluation, handles
from pyreticulate.libr.protect import protected

N = 100_000
RSS_TOLERANCE_MB = 24


def rss_mb():
    """Resident memory in MB, after glibc has given back the free memory it can (what is
    freed but kept would otherwise show as growth, by the order tests happen to run in)."""
    ctypes.CDLL("libc.so.6").malloc_trim(0)
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def churn(run):
    """Counts and RSS before and after ``run(N)``, after a warm-up run of the same size (R's
    heap grows once to what the run needs and keeps it: that growth is not a leak)."""
    run(N)
    before_counts, before_rss = settle(), rss_mb()
    run(N)
    return before_counts, before_rss, settle(), rss_mb()


@pytest.fixture(scope="module")
def r_side_churn():
    """100,000 Python objects handed to R as proxies and dropped by R."""
    pr.r("churn_proxies <- function(n) { for (i in seq_len(n)) x <- r_to_py(list(i)); NULL }")
    return churn(lambda n: pr.r(f"churn_proxies({n}L)"))


@pytest.fixture(scope="module")
def python_side_churn():
    """100,000 R objects held by Python and dropped by Python."""
    def run(n):
        for i in range(n):
            pr.py_to_r([i, i])
    return churn(run)


def test_proxies_dropped_by_r_return_live_counts_to_baseline(r_side_churn):
    before, _, after, _ = r_side_churn
    assert after == before


def test_proxies_dropped_by_r_keep_resident_memory_flat(r_side_churn):
    _, rss_before, _, rss_after = r_side_churn
    assert rss_after - rss_before < RSS_TOLERANCE_MB


def test_r_objects_dropped_by_python_return_live_counts_to_baseline(python_side_churn):
    before, _, after, _ = python_side_churn
    assert after == before


def test_r_objects_dropped_by_python_keep_resident_memory_flat(python_side_churn):
    _, rss_before, _, rss_after = python_side_churn
    assert rss_after - rss_before < RSS_TOLERANCE_MB


def test_each_proxy_owns_exactly_one_python_reference():
    obj = object()
    base = pr.live_handle_counts()["py_objects"]
    pr.assign("one_ref_obj", obj)
    assert pr.live_handle_counts()["py_objects"] == base + 1
    pr.r("rm(one_ref_obj); invisible(gc())")
    assert pr.live_handle_counts()["py_objects"] == base


def test_r_gc_frees_python_object_when_its_proxy_is_collected():
    class Big:
        pass
    obj = Big()
    ref = weakref.ref(obj)
    pr.assign("big_proxy", obj)
    del obj
    gc.collect()
    assert ref() is not None
    pr.r("rm(big_proxy); invisible(gc())")
    assert ref() is None


def test_proxies_pinning_large_arrays_are_collected_without_an_explicit_gc():
    settle()
    before = rss_mb()
    pr.r("""
      np <- import("numpy", convert = FALSE)
      for (i in 1:200) x <- np$ones(1000000L)   # 8 MB each: 1.6 GB if never collected
      rm(x)
    """)
    assert rss_mb() - before < 800


def test_releasing_100000_r_objects_at_once_takes_linear_time():
    """Preservation is a slot in one R list, not R's precious list: no O(n) release."""
    held = {i: pr.py_to_r(i) for i in range(N)}
    settle()
    start = time.monotonic()
    held.clear()
    released_in = time.monotonic() - start
    assert released_in < 2.0


def test_r_callbacks_handed_to_python_1000_times_do_not_leak():
    pr.r('py_run_string("def call_back(f):\\n    return f()")')
    run = "sum(vapply(seq_len({n}), function(i) py$call_back(function() i), numeric(1)))"
    pr.r(run.format(n=10))
    base = settle()
    assert pr.r(run.format(n=1000)) == 500500
    assert settle() == base


def test_assigning_into_python_containers_from_r_does_not_leak():
    pr.r("""
      make_callback <- function(i) { force(i); function() i }
      fill_containers <- function(n) local({
        d <- dict()
        items <- import_builtins(convert = FALSE)$list()
        for (i in seq_len(n)) {
          d[["key"]] <- r_to_py(list(i))
          items$append(make_callback(i))
        }
      })
    """)
    pr.r("fill_containers(10)")
    base = settle()
    pr.r("fill_containers(2000)")
    assert settle() == base


def test_python_drops_preserved_r_object_when_handle_is_released():
    base = pr.live_handle_counts()["r_objects"]
    value = pr.r("runif(10)", convert=False)
    assert pr.live_handle_counts()["r_objects"] == base + 1
    value.release()
    value.release()
    assert pr.live_handle_counts()["r_objects"] == base


def test_r_object_held_by_python_survives_r_garbage_collection():
    value = pr.r("local({ v <- c(1.5, 2.5, 3.5); v })", convert=False)
    pr.r("invisible(gc()); invisible(gc())")
    assert pr.r_to_py(value) == [1.5, 2.5, 3.5]


def r_gctorture(on):
    """Switch gctorture without creating any R handle."""
    lib = capi.lib
    with protected() as keep:
        call = keep(lib.Rf_lcons(capi.sym("gctorture"),
                                 lib.Rf_cons(lib.Rf_ScalarLogical(on), lib.R_NilValue)))
        evaluation.evaluate(call, lib.R_GlobalEnv, keep)


def test_slot_table_keeps_fresh_unprotected_values_while_it_grows_under_gctorture():
    """Growing allocates; under gctorture every allocation runs R's full GC, so a
    value handed over unprotected must survive the growth it triggers (memory
    freed by mistake would be reused by the allocations that follow)."""
    lib = capi.lib
    table = handles._SlotTable()
    table.start(capacity=1)
    try:
        r_gctorture(True)
        try:
            slots = []
            for i in range(9):
                slots.append(table.preserve(lib.Rf_ScalarInteger(i * 11)))
                for _ in range(3):
                    lib.INTEGER(lib.Rf_ScalarInteger(-1))[0] = -1
        finally:
            r_gctorture(False)
        assert table.capacity == 16
        assert [lib.INTEGER(lib.VECTOR_ELT(table.table, slot))[0] for slot in slots] == \
            [i * 11 for i in range(9)]
        assert sorted(slots + table.free) == list(range(16))
    finally:
        lib.R_ReleaseObject(table.table)


def test_proxy_restored_by_readRDS_has_a_null_pointer():
    r_true("""
      local({
        f <- tempfile(fileext = ".rds")
        saveRDS(r_to_py(list(1, 2)), f)
        restored <- readRDS(f)
        unlink(f)
        py_is_null_xptr(restored)
      })
    """)


def test_using_a_proxy_restored_by_readRDS_is_a_clear_error():
    message = pr.r("""
      local({
        f <- tempfile(fileext = ".rds")
        saveRDS(r_to_py(list(1, 2)), f)
        restored <- readRDS(f)
        unlink(f)
        tryCatch(restored$append(3), error = function(e) conditionMessage(e))
      })
    """)
    assert "no longer available" in message
    assert "saveRDS" in message


def test_r_callback_stays_alive_while_python_holds_it():
    pr.r("""
      py_run_string("kept_callbacks = []")
      local({
        f <- function() 42
        main <- import_main(convert = FALSE)
        main$kept_callbacks$append(f)
      })
      invisible(gc())
    """)
    assert pr.r('py_eval("kept_callbacks[0]()")') == 42


def test_python_callback_stays_alive_while_r_holds_it():
    def callback(x):
        return x + 1
    ref = weakref.ref(callback)
    pr.assign("kept_py_callback", callback)
    del callback
    gc.collect()
    assert ref() is not None
    assert pr.r("kept_py_callback(1)") == 2


def test_callback_is_freed_once_both_sides_drop_it():
    def callback():
        return 1
    ref = weakref.ref(callback)
    pr.assign("dropped_py_callback", callback)
    del callback
    pr.r("rm(dropped_py_callback)")
    settle()
    assert ref() is None


def test_proxies_of_views_of_r_memory_do_not_count_as_pinned_python_memory():
    from pyreticulate.runtime import handles
    before = handles.PY_REFS.bytes
    pr.r("big_matrix <- matrix(0, 1000, 1000); big_proxies <- lapply(1:5, function(i) "
         "r_to_py(big_matrix))")
    assert handles.PY_REFS.bytes == before
    pr.r("rm(big_matrix, big_proxies)")


def test_proxies_of_python_owned_arrays_count_as_pinned_python_memory():
    from pyreticulate.runtime import handles
    before = handles.PY_REFS.bytes
    pr.r('numpy_owned <- import("numpy", convert = FALSE)$zeros(1000L)')
    assert handles.PY_REFS.bytes == before + 8000
    pr.r("rm(numpy_owned)")


# --- Ctrl-C while a handle is made or finalized ----------------------------------------------

@pytest.fixture
def unraisable(monkeypatch):
    """What Python reports as 'Exception ignored' meanwhile (a finalizer's exceptions)."""
    seen = []
    monkeypatch.setattr("sys.unraisablehook", lambda report: seen.append(report.exc_type))
    return seen


def test_handle_whose_making_was_interrupted_is_dropped_quietly(monkeypatch, unraisable):
    def interrupted(sexp):
        raise KeyboardInterrupt
    monkeypatch.setattr(handles.SLOTS, "preserve", interrupted)
    with pytest.raises(KeyboardInterrupt):
        handles.RObject(capi.lib.R_NilValue)
    gc.collect()
    assert unraisable == []


def test_ctrl_c_surfacing_in_a_handles_finalizer_is_delivered_after_it(monkeypatch, unraisable):
    handle = handles.RObject(pr.r("c(1.5, 2.5)", convert=False).sexp)
    live = handles.SLOTS.live()
    release = handles.RObject.release
    calls = []

    def interrupted_once(self):
        calls.append(self)
        if len(calls) == 1:
            raise KeyboardInterrupt
        release(self)
    monkeypatch.setattr(handles.RObject, "release", interrupted_once)
    with pytest.raises(KeyboardInterrupt):
        del handle
        for _ in range(500):   # at most 5 s for the Ctrl-C to surface
            time.sleep(0.01)
    calls.clear()
    assert unraisable == [] and handles.SLOTS.live() == live - 1


def test_proxies_made_and_dropped_do_not_request_an_r_collection():
    refs = handles.PyRefs()
    refs.GC_EVERY_OBJECTS = 10
    obj = object()
    for _ in range(100):
        refs.drop(refs.add(obj))
    assert not refs.gc_requested


def test_live_proxies_growing_by_gc_every_objects_request_an_r_collection(monkeypatch):
    requested = []
    monkeypatch.setattr(handles.threads, "defer", requested.append)
    refs = handles.PyRefs()
    refs.GC_EVERY_OBJECTS = 10
    kept = [object() for _ in range(10)]
    for obj in kept:
        refs.add(obj)
    assert refs.gc_requested and requested == [refs.collect]
