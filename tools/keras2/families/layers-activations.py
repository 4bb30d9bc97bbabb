"""keras 2.x's activation layers (tf_keras.layers)."""
LABEL = "activation layers"

WRAPPERS = {
    "layer_activation": {
        "kind": "layer", "class": "layers.Activation",
        "title": "A layer applying an activation function",
        "params": {"activation": "The activation: a name such as `\"relu\"`, or a function."},
    },
}
