"""tf$distribute from R: a Keras model built and compiled inside a
strategy's scope and trained with fit(); strategy$run() with an R replica
function; MultiWorkerMirroredStrategy across two worker processes on
127.0.0.1, started from R scripts with TF_CONFIG."""
import re

import pytest

from helpers.scripts import example, labelled, run_code, run_r


@pytest.fixture(scope="module")
def keras_fit():
    return labelled(run_r(example("tensorflow", "distribute_keras.R")))


@pytest.fixture(scope="module")
def multi_worker():
    return labelled(run_r(example("tensorflow", "multi_worker", "launch.R")))


@pytest.fixture(scope="module")
def replica_run(tmp_path_factory):
    return labelled(run_code(tmp_path_factory.mktemp("replicas"), """
        library(pyreticulate)
        strategy <- tf$distribute$MirroredStrategy()
        with(strategy$scope(), v <- tf$Variable(2))
        per_replica <- function(x) {
          ctx <- tf$distribute$get_replica_context()
          list(id = ctx$replica_id_in_sync_group, value = v * x)
        }
        eager <- strategy$run(per_replica, args = list(tf$constant(3)))
        cat("eager replica value:", as.numeric(strategy$reduce("SUM", eager$value, axis = NULL)), "\\n")
        step <- tf_function(function(x) {
          out <- strategy$run(per_replica, args = list(x))
          strategy$reduce("SUM", out$value, axis = NULL)
        }, autograph = FALSE)
        cat("traced replica value:", as.numeric(step(tf$constant(4))), "\\n")
        cat("variable is mirrored:", inherits(v, "tensorflow.python.distribute.values.MirroredVariable"), "\\n")
        """))


def test_keras_fit_under_a_strategy_scope_recovers_slope(keras_fit):
    assert float(keras_fit["w"]) == pytest.approx(3, abs=0.05)


def test_keras_fit_under_a_strategy_scope_recovers_intercept(keras_fit):
    assert float(keras_fit["b"]) == pytest.approx(2, abs=0.05)


def test_model_built_in_scope_has_mirrored_variables(keras_fit):
    assert keras_fit["variables mirrored"] == "TRUE"


def test_r_replica_function_runs_in_its_replica_context_eagerly(replica_run):
    assert replica_run["eager replica value"] == "6"


def test_r_replica_function_runs_in_its_replica_context_when_traced(replica_run):
    assert replica_run["traced replica value"] == "8"


def test_variables_created_in_scope_are_mirrored(replica_run):
    assert replica_run["variable is mirrored"] == "TRUE"


def _weights(line):
    return [float(v) for v in re.search(r"weights: (\S+) (\S+)", line).groups()]


def test_each_worker_joins_a_two_worker_cluster(multi_worker):
    assert multi_worker["worker 0"].startswith("task 0 of 2: 32 rows")
    assert multi_worker["worker 1"].startswith("task 1 of 2: 32 rows")


def test_both_workers_report_the_same_final_weights(multi_worker):
    assert _weights(multi_worker["worker 0"]) == _weights(multi_worker["worker 1"])


def test_cluster_trains_to_the_single_worker_result(multi_worker):
    assert _weights(multi_worker["worker 0"]) == pytest.approx(
        _weights(multi_worker["single worker"]), abs=1e-5)


def test_single_worker_trains_alone_on_all_rows(multi_worker):
    assert multi_worker["single worker"].startswith("task 0 of 1: 64 rows")


def test_multi_worker_regression_recovers_the_line(multi_worker):
    assert _weights(multi_worker["worker 0"]) == pytest.approx([3, 2], abs=0.05)


def test_launcher_reports_agreement(multi_worker):
    assert multi_worker["workers agree"] == "TRUE"
    assert multi_worker["same as single worker"] == "TRUE"
