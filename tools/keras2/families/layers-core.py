"""keras 2.x's core layers (tf_keras.layers): the input, dense layers, reshaping, masking."""
LABEL = "core layers"

WRAPPERS = {
    "layer_input": {
        "kind": "function", "fun": "layers.Input", "pass": "supplied",
        "title": "An input of a functional model",
        "description": ("A symbolic tensor standing for the model's input; layers applied to "
                        "it build the graph that `keras_model()` turns into a model."),
        "params": {
            "shape": "The shape of one sample, without the batch dimension (`NA` for an "
                     "unknown size).",
            "batch_shape": "The shape with the batch dimension first, instead of `shape`.",
            "name": "The name of the input layer.",
            "dtype": "The dtype of the input, such as `\"float32\"` or `\"int32\"`.",
            "sparse": "Whether the input is a sparse tensor.",
            "tensor": "An existing tensor to wrap as the input, instead of a new one.",
            "ragged": "Whether the input is a ragged tensor (`NA` dimensions ragged).",
        },
        "returns": "A symbolic tensor.",
    },
    "layer_dense": {
        "kind": "layer", "class": "layers.Dense",
        "title": "A densely connected layer",
        "description": ("`output = activation(dot(input, kernel) + bias)`: `units` outputs, each "
                        "a weighted sum of all the inputs."),
        "params": {
            "units": "The number of outputs (a whole number).",
            "activation": "The activation applied to the output (a name such as `\"relu\"` "
                          "or a function); `NULL` for none.",
            "use_bias": "Whether the layer adds a bias vector.",
            "kernel_initializer": "How the weight matrix starts (an initializer or its name).",
            "bias_initializer": "How the bias vector starts.",
            "kernel_regularizer": "A regularizer of the weight matrix.",
            "bias_regularizer": "A regularizer of the bias vector.",
            "activity_regularizer": "A regularizer of the layer's output.",
            "kernel_constraint": "A constraint on the weight matrix.",
            "bias_constraint": "A constraint on the bias vector.",
        },
    },
}
