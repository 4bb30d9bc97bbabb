"""keras 2.x's weight regularizers (tf_keras.regularizers): penalties added to the loss."""
LABEL = "regularizers"

WRAPPERS = {
    "regularizer_l1": {
        "kind": "constructor", "class": "regularizers.L1", "rename": {"l": "l1"},
        "title": "An L1 penalty on the weights",
        "description": "Adds `l * sum(abs(weights))` to the loss.",
        "params": {"l": "The penalty factor."},
    },
    "regularizer_l2": {
        "kind": "constructor", "class": "regularizers.L2", "rename": {"l": "l2"},
        "title": "An L2 penalty on the weights",
        "description": "Adds `l * sum(weights ^ 2)` to the loss.",
        "params": {"l": "The penalty factor."},
    },
    "regularizer_l1_l2": {
        "kind": "function", "fun": "regularizers.l1_l2",
        "title": "L1 and L2 penalties on the weights together",
        "description": "Adds `l1 * sum(abs(weights)) + l2 * sum(weights ^ 2)` to the loss.",
        "params": {"l1": "The L1 penalty factor.", "l2": "The L2 penalty factor."},
        "returns": "A `tf_keras.regularizers.L1L2` object.",
    },
    "regularizer_orthogonal": {
        "kind": "constructor", "class": "regularizers.OrthogonalRegularizer", "pass": "supplied",
        "title": "A penalty keeping the weight vectors orthogonal",
        "description": ("Adds `factor` times the mean of the absolute cosine similarities of "
                        "the (normalized) rows or columns of the weights to the loss."),
        "params": {"factor": "The penalty factor.",
                   "mode": "`\"rows\"` or `\"columns\"`: which vectors are kept orthogonal."},
    },
}
