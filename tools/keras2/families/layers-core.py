"""keras 2.x's core layers (tf_keras.layers): the input, dense layers, reshaping, masking."""
LABEL = "core layers"

PARAMS = {
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
}

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
        "params": {"units": "The number of outputs (a whole number)."},
    },
    "layer_reshape": {
        "kind": "layer", "class": "layers.Reshape",
        "title": "A layer giving its input another shape",
        "description": "Keeps the batch dimension and rearranges the others into `target_shape`.",
        "args": {"target_shape": "shape"},
        "params": {"target_shape": "The new shape of a sample, without the batch dimension; "
                                   "one dimension may be `-1`, inferred from the others."},
    },
    "layer_permute": {
        "kind": "layer", "class": "layers.Permute",
        "title": "A layer permuting the dimensions of its input",
        "description": "Reorders the dimensions of each sample (the batch dimension stays first).",
        "args": {"dims": "integer_tuple"},
        "params": {"dims": "The new order of the dimensions, counted from 1 after the batch "
                           "dimension: `c(2, 1)` swaps the first two."},
    },
    "layer_repeat_vector": {
        "kind": "layer", "class": "layers.RepeatVector",
        "title": "A layer repeating its input",
        "description": "Turns each sample of shape `(features)` into `(n, features)`.",
        "args": {"n": "integer"},
        "params": {"n": "How many times the input is repeated (a whole number)."},
    },
    "layer_lambda": {
        "kind": "layer", "class": "layers.Lambda",
        "title": "A layer applying a function",
        "description": ("Wraps a function of tensors as a layer, for a computation that needs no "
                        "weights of its own."),
        "args": {"output_shape": "shape"},
        "rename": {"f": "function"},
        "params": {
            "f": "The function, taking the input tensor (and, if it takes them, `mask` "
                 "and the named `arguments`).",
            "output_shape": "The shape of the output, without the batch dimension, when it "
                            "cannot be inferred; or a function of the input shape.",
            "mask": "The output mask, or a function computing it from the inputs and their mask.",
            "arguments": "A named list of further arguments passed to `f`.",
        },
    },
    "layer_activity_regularization": {
        "kind": "layer", "class": "layers.ActivityRegularization",
        "title": "A layer adding a penalty on its input to the loss",
        "description": "Passes its input through unchanged and adds an L1/L2 penalty on it.",
        "params": {"l1": "The L1 regularization factor.", "l2": "The L2 regularization factor."},
    },
    "layer_masking": {
        "kind": "layer", "class": "layers.Masking",
        "title": "A layer masking time steps",
        "description": ("Marks a time step as masked when all its features equal `mask_value`; "
                        "the layers after it that support masks skip it."),
        "params": {"mask_value": "The value of the features of a masked time step."},
    },
    "layer_flatten": {
        "kind": "layer", "class": "layers.Flatten",
        "title": "A layer flattening its input",
        "description": "Turns each sample into a vector (the batch dimension stays).",
        "params": {"data_format": "`\"channels_last\"` or `\"channels_first\"`: where the "
                                  "channels are, so that the order of the output is kept."},
    },
}
