"""keras 2.x's locally-connected layers (tf_keras.layers: still there in
tf_keras 2.21, deprecated by Keras 3, which has no such layers)."""
LABEL = "locally-connected layers"

PARAMS = {
    "filters": "The number of output filters (a whole number).",
    "kernel_size": "The size of the window: a whole number, or one per spatial dimension.",
    "strides": "The step of the window along each spatial dimension.",
    "padding": "`\"valid\"` or `\"same\"`.",
    "data_format": "`\"channels_last\"` (the default) or `\"channels_first\"`.",
    "activation": "The activation applied to the output (a name or a function); `NULL` "
                  "for none.",
    "use_bias": "Whether the layer adds a bias vector.",
    "kernel_initializer": "How the kernels start (an initializer or its name).",
    "bias_initializer": "How the bias vector starts.",
    "kernel_regularizer": "A regularizer of the kernels.",
    "bias_regularizer": "A regularizer of the bias vector.",
    "activity_regularizer": "A regularizer of the layer's output.",
    "kernel_constraint": "A constraint on the kernels.",
    "bias_constraint": "A constraint on the bias vector.",
    "implementation": "How the layer is computed: 1 (a loop over positions, small inputs), "
                      "2 (one dense matrix product, large kernels) or 3 (a sparse product).",
}

_ARGS = {"filters": "integer", "kernel_size": "integer", "strides": "integer",
         "implementation": "integer"}

WRAPPERS = {
    "layer_locally_connected_1d": {
        "kind": "layer", "class": "layers.LocallyConnected1D", "args": _ARGS,
        "title": "A 1D locally-connected layer",
        "description": ("Like a 1D convolution, but each position of the input has its own "
                        "weights (no weight sharing)."),
    },
    "layer_locally_connected_2d": {
        "kind": "layer", "class": "layers.LocallyConnected2D", "args": _ARGS,
        "title": "A 2D locally-connected layer",
        "description": ("Like a 2D convolution, but each position of the input has its own "
                        "weights (no weight sharing)."),
    },
}
