"""keras 2.x's embedding layer (tf_keras.layers)."""
LABEL = "embedding layers"

WRAPPERS = {
    "layer_embedding": {
        "kind": "layer", "class": "layers.Embedding", "pass": "supplied",
        "args": {"input_length": "integer"},
        "title": "An embedding layer",
        "description": ("Turns positive integers (indices) into dense vectors of size "
                        "`output_dim`, learnt in training; the first layer of a model."),
        "params": {
            "input_dim": "The size of the vocabulary: the largest index plus 1.",
            "output_dim": "The size of the dense vectors.",
            "embeddings_initializer": "How the embedding matrix starts.",
            "embeddings_regularizer": "A regularizer of the embedding matrix.",
            "activity_regularizer": "A regularizer of the layer's output.",
            "embeddings_constraint": "A constraint on the embedding matrix.",
            "mask_zero": "Whether index 0 is a padding value to be masked (then it cannot be "
                         "a vocabulary index, and `input_dim` must count it).",
            "input_length": "The length of the input sequences, when it is fixed (needed to "
                            "connect `layer_flatten()` and then dense layers after it).",
            "sparse": "Whether the gradient of the embedding matrix is a sparse tensor.",
        },
    },
}
