"""keras 2.x's initializers (tf_keras.initializers)."""
LABEL = "initializers"

WRAPPERS = {
    "initializer_ones": {
        "kind": "constructor", "class": "initializers.Ones",
        "title": "An initializer that makes tensors of ones",
    },
}
