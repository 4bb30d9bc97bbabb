"""keras 2.x's activation layers (tf_keras.layers). layer_activation_selu() is
hand-written (layers-activations-selu.R): it is an Activation layer with its
activation fixed."""
LABEL = "activation layers"

WRAPPERS = {
    "layer_activation": {
        "kind": "layer", "class": "layers.Activation",
        "title": "A layer applying an activation function",
        "params": {"activation": "The activation: a name such as `\"relu\"`, or a function."},
    },
    "layer_activation_relu": {
        "kind": "layer", "class": "layers.ReLU",
        "title": "A rectified linear unit layer",
        "description": ("`max(x, 0)` by default; with `threshold`, `negative_slope` and "
                        "`max_value`: `x` capped at `max_value` above `threshold`, "
                        "`negative_slope * (x - threshold)` below it."),
        "params": {"max_value": "The largest output value, or `NULL` for none.",
                   "negative_slope": "The slope below the threshold.",
                   "threshold": "The input value below which the slope is `negative_slope`."},
    },
    "layer_activation_leaky_relu": {
        "kind": "layer", "class": "layers.LeakyReLU",
        "title": "A leaky rectified linear unit layer",
        "description": "`x` for positive inputs, `alpha * x` for negative ones.",
        "params": {"alpha": "The slope for negative inputs."},
    },
    "layer_activation_parametric_relu": {
        "kind": "layer", "class": "layers.PReLU",
        "title": "A parametric rectified linear unit layer",
        "description": "A leaky ReLU whose negative slope is a weight learnt for each input unit.",
        "args": {"shared_axes": "integer"},
        "params": {"alpha_initializer": "How the slopes start (an initializer or its name).",
                   "alpha_regularizer": "A regularizer of the slopes.",
                   "alpha_constraint": "A constraint on the slopes.",
                   "shared_axes": "The axes (counted from 1 after the batch dimension) along "
                                  "which one slope is shared, such as `c(1, 2)` for images "
                                  "whose channels are last; `NULL` for none."},
    },
    "layer_activation_thresholded_relu": {
        "kind": "layer", "class": "layers.ThresholdedReLU",
        "title": "A thresholded rectified linear unit layer",
        "description": "`x` where `x > theta`, 0 elsewhere.",
        "params": {"theta": "The threshold."},
    },
    "layer_activation_elu": {
        "kind": "layer", "class": "layers.ELU",
        "title": "An exponential linear unit layer",
        "description": "`x` for positive inputs, `alpha * (exp(x) - 1)` for negative ones.",
        "params": {"alpha": "The scale of the negative part."},
    },
    "layer_activation_softmax": {
        "kind": "layer", "class": "layers.Softmax",
        "title": "A softmax layer",
        "description": "Normalizes its input into probabilities along `axis`.",
        "args": {"axis": "integer"},
        "params": {"axis": "The axis along which the softmax is taken, as Python counts "
                           "it (`-1`, the default, is the last)."},
    },
}
