"""keras 2.x's metrics (tf_keras.metrics). Those with `y_true` and `y_pred` formals make the
metric object (its class) when called without them and compute the metric (its function)
with them: kind "function_or_class", named for Python as Keras names the function. The
others make a metric object. custom_metric() and metric_cosine_proximity() (deprecated) are
hand-written (metrics-custom.R)."""
LABEL = "metrics"
# keras 2.x passed only the arguments the caller gave (its capture_args()).
PASS = "supplied"

PARAMS = {
    "y_true": "The targets (a tensor or array); leave out, with `y_pred`, to get the metric "
              "object.",
    "y_pred": "The predictions.",
    "from_logits": "Whether `y_pred` holds logits rather than probabilities.",
    "label_smoothing": "How much the targets are smoothed towards a uniform distribution "
                       "(0 for none).",
    "axis": "The axis of the classes (1-based; -1, the last, by default).",
    "name": "The name of the metric (its column in the training history).",
    "dtype": "The dtype of the metric's result.",
    "thresholds": "The threshold (or several) above which a prediction counts as positive "
                  "(0.5 by default).",
    "num_thresholds": "How many thresholds the curve is computed at (a whole number).",
    "class_id": "The class (from 0) to compute the metric for, or `NULL` for all.",
    "top_k": "Whether only the `top_k` highest predictions count as positive (a whole "
             "number), or `NULL`.",
    "k": "How many of the highest predictions are looked at (a whole number).",
    "...": "Further named arguments of the metric's class or function.",
}

COUNTS = {"num_thresholds": "integer", "class_id": "integer", "top_k": "integer"}


def _applied(cls, fun, title, description, **extra):
    return {"kind": "function_or_class", "class": "metrics." + cls, "fun": "metrics." + fun,
            "py_function_name": fun, "title": title, "description": description,
            "returns": ("Without `y_true` and `y_pred`, the metric object (to give to "
                        "`compile()`); with them, a tensor of the metric for each sample."),
            **extra}


def _object(cls, title, description, **extra):
    return {"kind": "constructor", "class": "metrics." + cls, "title": title,
            "description": description,
            "returns": "The metric object, to give to `compile()` or to update by hand.",
            **extra}


WRAPPERS = {
    "metric_accuracy": _object(
        "Accuracy", "Accuracy", "How often the predictions equal the targets."),
    "metric_auc": _object(
        "AUC", "Area under the ROC or precision-recall curve",
        "The area under the curve, approximated at `num_thresholds` thresholds.",
        args=COUNTS,
        params={"curve": "`\"ROC\"` or `\"PR\"` (precision-recall).",
                "summation_method": "How the area is summed: `\"interpolation\"`, "
                                    "`\"minoring\"` or `\"majoring\"`.",
                "multi_label": "Whether the targets hold several labels per sample (an AUC "
                               "for each, averaged).",
                "num_labels": "The number of labels, with `multi_label`.",
                "label_weights": "Weights of the labels in the average.",
                "from_logits": "Whether the predictions are logits."}),
    "metric_binary_accuracy": _applied(
        "BinaryAccuracy", "binary_accuracy", "Binary accuracy",
        "How often predictions, cut at `threshold`, equal 0/1 targets.",
        params={"threshold": "The value above which a prediction counts as 1."}),
    "metric_binary_crossentropy": _applied(
        "BinaryCrossentropy", "binary_crossentropy", "Binary crossentropy",
        "The crossentropy of 0/1 targets and predicted probabilities.", args={"axis": "axis"}),
    "metric_categorical_accuracy": _applied(
        "CategoricalAccuracy", "categorical_accuracy", "Categorical accuracy",
        "How often the most probable class is the one-hot target's class."),
    "metric_categorical_crossentropy": _applied(
        "CategoricalCrossentropy", "categorical_crossentropy", "Categorical crossentropy",
        "The crossentropy of one-hot targets and predicted class probabilities.",
        args={"axis": "axis"}),
    "metric_categorical_hinge": _object(
        "CategoricalHinge", "Categorical hinge", "The categorical hinge of one-hot targets."),
    "metric_cosine_similarity": _object(
        "CosineSimilarity", "Cosine similarity",
        "The cosine similarity of targets and predictions.", args={"axis": "axis"}),
    "metric_false_negatives": _object(
        "FalseNegatives", "False negatives", "The number of false negatives."),
    "metric_false_positives": _object(
        "FalsePositives", "False positives", "The number of false positives."),
    "metric_hinge": _applied(
        "Hinge", "hinge", "Hinge", "`mean(max(1 - y_true * y_pred, 0))`."),
    "metric_kullback_leibler_divergence": _applied(
        "KLDivergence", "kullback_leibler_divergence", "Kullback-Leibler divergence",
        "`sum(y_true * log(y_true / y_pred))`."),
    "metric_logcosh_error": _object(
        "LogCoshError", "Log-cosh error",
        "The logarithm of the hyperbolic cosine of the error."),
    "metric_mean": _object(
        "Mean", "A running mean",
        "The weighted mean of the values given to its `update_state()`."),
    "metric_mean_absolute_error": _applied(
        "MeanAbsoluteError", "mean_absolute_error", "Mean absolute error",
        "`mean(abs(y_true - y_pred))`."),
    "metric_mean_absolute_percentage_error": _applied(
        "MeanAbsolutePercentageError", "mean_absolute_percentage_error",
        "Mean absolute percentage error", "`100 * mean(abs((y_true - y_pred) / y_true))`."),
    "metric_mean_iou": _object(
        "MeanIoU", "Mean intersection over union",
        "The intersection over union of each class, averaged over the classes.",
        args={"num_classes": "integer"},
        params={"num_classes": "The number of classes (a whole number)."}),
    "metric_mean_relative_error": _object(
        "MeanRelativeError", "Mean relative error",
        "`mean(abs(y_pred - y_true) / normalizer)`.",
        params={"normalizer": "The values the errors are divided by, shaped as the "
                              "predictions."}),
    "metric_mean_squared_error": _applied(
        "MeanSquaredError", "mean_squared_error", "Mean squared error",
        "`mean((y_true - y_pred) ^ 2)`."),
    "metric_mean_squared_logarithmic_error": _applied(
        "MeanSquaredLogarithmicError", "mean_squared_logarithmic_error",
        "Mean squared logarithmic error", "`mean((log(y_true + 1) - log(y_pred + 1)) ^ 2)`."),
    "metric_mean_tensor": _object(
        "MeanTensor", "An element-wise running mean",
        "The element-wise weighted mean of the tensors given to its `update_state()`.",
        params={"shape": "The shape of the tensors, or `NULL` to take it from the first."}),
    "metric_mean_wrapper": _object(
        "MeanMetricWrapper", "A metric from a function",
        "The running mean of `fn(y_true, y_pred)` over the batches.",
        params={"fn": "A function `function(y_true, y_pred)` returning a value per sample."}),
    "metric_poisson": _applied(
        "Poisson", "poisson", "Poisson", "`mean(y_pred - y_true * log(y_pred))`."),
    "metric_precision": _object(
        "Precision", "Precision",
        "The fraction of the positive predictions that are right.", args=COUNTS),
    "metric_precision_at_recall": _object(
        "PrecisionAtRecall", "Precision at a given recall",
        "The best precision among the thresholds whose recall is at least `recall`.",
        args=COUNTS, params={"recall": "The recall to reach, between 0 and 1."}),
    "metric_recall": _object(
        "Recall", "Recall", "The fraction of the positives that are predicted positive.",
        args=COUNTS),
    "metric_recall_at_precision": _object(
        "RecallAtPrecision", "Recall at a given precision",
        "The best recall among the thresholds whose precision is at least `precision`.",
        args=COUNTS, params={"precision": "The precision to reach, between 0 and 1."}),
    "metric_root_mean_squared_error": _object(
        "RootMeanSquaredError", "Root mean squared error", "`sqrt(mean((y_true - y_pred) ^ 2))`."),
    "metric_sensitivity_at_specificity": _object(
        "SensitivityAtSpecificity", "Sensitivity at a given specificity",
        "The best sensitivity among the thresholds whose specificity is at least "
        "`specificity`.", args=COUNTS,
        params={"specificity": "The specificity to reach, between 0 and 1."}),
    "metric_sparse_categorical_accuracy": _applied(
        "SparseCategoricalAccuracy", "sparse_categorical_accuracy",
        "Sparse categorical accuracy",
        "How often the most probable class is the integer target (from 0)."),
    "metric_sparse_categorical_crossentropy": _applied(
        "SparseCategoricalCrossentropy", "sparse_categorical_crossentropy",
        "Sparse categorical crossentropy",
        "The crossentropy of integer class targets (from 0) and predicted class "
        "probabilities.", args={"axis": "axis"}),
    "metric_sparse_top_k_categorical_accuracy": _applied(
        "SparseTopKCategoricalAccuracy", "sparse_top_k_categorical_accuracy",
        "Sparse top-k categorical accuracy",
        "How often the integer target (from 0) is among the `k` most probable classes.",
        args={"k": "integer"}),
    "metric_specificity_at_sensitivity": _object(
        "SpecificityAtSensitivity", "Specificity at a given sensitivity",
        "The best specificity among the thresholds whose sensitivity is at least "
        "`sensitivity`.", args=COUNTS,
        params={"sensitivity": "The sensitivity to reach, between 0 and 1."}),
    "metric_squared_hinge": _applied(
        "SquaredHinge", "squared_hinge", "Squared hinge",
        "`mean(max(1 - y_true * y_pred, 0) ^ 2)`."),
    "metric_sum": _object(
        "Sum", "A running sum", "The weighted sum of the values given to its "
        "`update_state()`."),
    "metric_top_k_categorical_accuracy": _applied(
        "TopKCategoricalAccuracy", "top_k_categorical_accuracy", "Top-k categorical accuracy",
        "How often the one-hot target's class is among the `k` most probable classes.",
        args={"k": "integer"}),
    "metric_true_negatives": _object(
        "TrueNegatives", "True negatives", "The number of true negatives."),
    "metric_true_positives": _object(
        "TruePositives", "True positives", "The number of true positives."),
}
