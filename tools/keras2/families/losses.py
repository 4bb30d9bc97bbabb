"""keras 2.x's losses (tf_keras.losses). Called without `y_true` and `y_pred` a wrapper makes
the loss object (its class), with them it computes the loss (its function): kind
"function_or_class". Each is named for Python as Keras names the function, so
compile(loss = loss_huber) is Keras's own loss. loss_cosine_proximity() (deprecated) is
hand-written (losses-deprecated.R)."""
LABEL = "losses"
# keras 2.x passed only the arguments the caller gave (its capture_args()).
PASS = "supplied"

PARAMS = {
    "y_true": "The targets (a tensor or array); leave out, with `y_pred`, to get the loss "
              "object.",
    "y_pred": "The predictions.",
    "from_logits": "Whether `y_pred` holds logits rather than probabilities.",
    "label_smoothing": "How much the targets are smoothed towards a uniform distribution "
                       "(0 for none).",
    "axis": "The axis of the classes (1-based; -1, the last, by default).",
    "reduction": "How the per-sample losses of the loss object are reduced: `\"auto\"`, "
                 "`\"sum_over_batch_size\"`, `\"sum\"` or `\"none\"`.",
    "name": "The name of the loss object.",
    "...": "Further named arguments of the loss's class or function.",
}

AXIS = {"axis": "axis"}


def _loss(cls, fun, title, description, py_name=None, **extra):
    return {"kind": "function_or_class", "class": "losses." + cls, "fun": "losses." + fun,
            "py_function_name": py_name or fun, "title": title, "description": description,
            "returns": ("Without `y_true` and `y_pred`, the loss object (to give to "
                        "`compile()`); with them, a tensor of the loss of each sample."),
            **extra}


_KL = ("The Kullback-Leibler divergence of the predictions from the targets: "
       "`sum(y_true * log(y_true / y_pred))`.")

WRAPPERS = {
    "loss_binary_crossentropy": _loss(
        "BinaryCrossentropy", "binary_crossentropy", "The binary crossentropy loss",
        "The crossentropy of 0/1 targets and predicted probabilities.", args=AXIS),
    "loss_categorical_crossentropy": _loss(
        "CategoricalCrossentropy", "categorical_crossentropy",
        "The categorical crossentropy loss",
        "The crossentropy of one-hot targets and predicted class probabilities.", args=AXIS),
    "loss_categorical_hinge": _loss(
        "CategoricalHinge", "categorical_hinge", "The categorical hinge loss",
        "`max(0, 1 + max((1 - y_true) * y_pred) - sum(y_true * y_pred))` for one-hot targets."),
    "loss_cosine_similarity": _loss(
        "CosineSimilarity", "cosine_similarity", "The cosine similarity loss",
        "The negated cosine similarity of targets and predictions (-1 for the same "
        "direction, so minimizing it aligns them).", args=AXIS),
    "loss_hinge": _loss(
        "Hinge", "hinge", "The hinge loss",
        "`mean(max(1 - y_true * y_pred, 0))` for targets of -1 or 1 (0/1 targets are "
        "changed to -1/1)."),
    "loss_huber": _loss(
        "Huber", "huber", "The Huber loss",
        "Squared error for errors up to `delta`, linear beyond.",
        params={"delta": "The error size where the loss turns from quadratic to linear."}),
    "loss_kl_divergence": _loss(
        "KLDivergence", "kullback_leibler_divergence", "The Kullback-Leibler divergence loss",
        _KL),
    "loss_kullback_leibler_divergence": _loss(
        "KLDivergence", "kullback_leibler_divergence", "The Kullback-Leibler divergence loss",
        _KL),
    "loss_logcosh": _loss(
        "LogCosh", "logcosh", "The log-cosh loss",
        "The logarithm of the hyperbolic cosine of the error: about squared error for small "
        "errors, absolute error for large ones.", py_name="log_cosh"),
    "loss_mean_absolute_error": _loss(
        "MeanAbsoluteError", "mean_absolute_error", "The mean absolute error loss",
        "`mean(abs(y_true - y_pred))`."),
    "loss_mean_absolute_percentage_error": _loss(
        "MeanAbsolutePercentageError", "mean_absolute_percentage_error",
        "The mean absolute percentage error loss",
        "`100 * mean(abs((y_true - y_pred) / y_true))`."),
    "loss_mean_squared_error": _loss(
        "MeanSquaredError", "mean_squared_error", "The mean squared error loss",
        "`mean((y_true - y_pred) ^ 2)`."),
    "loss_mean_squared_logarithmic_error": _loss(
        "MeanSquaredLogarithmicError", "mean_squared_logarithmic_error",
        "The mean squared logarithmic error loss",
        "`mean((log(y_true + 1) - log(y_pred + 1)) ^ 2)`."),
    "loss_poisson": _loss(
        "Poisson", "poisson", "The Poisson loss", "`mean(y_pred - y_true * log(y_pred))`."),
    "loss_sparse_categorical_crossentropy": _loss(
        "SparseCategoricalCrossentropy", "sparse_categorical_crossentropy",
        "The sparse categorical crossentropy loss",
        "The crossentropy of integer class targets (from 0) and predicted class "
        "probabilities.", args=AXIS),
    "loss_squared_hinge": _loss(
        "SquaredHinge", "squared_hinge", "The squared hinge loss",
        "`mean(max(1 - y_true * y_pred, 0) ^ 2)` for targets of -1 or 1."),
}
