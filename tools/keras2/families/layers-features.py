"""keras 2.x's dense features layer (tf_keras.layers.DenseFeatures, for
TensorFlow feature columns). The feature columns go to Python as a list, their
names dropped (layers-features-columns.R)."""
LABEL = "feature column layers"

WRAPPERS = {
    "layer_dense_features": {
        "kind": "layer", "class": "layers.DenseFeatures",
        "args": {"feature_columns": "unnamed_list"},
        "title": "A layer turning feature columns into a dense tensor",
        "description": ("Produces one dense tensor from a named list of inputs (one per "
                        "feature), as the TensorFlow feature columns describe them."),
        "params": {
            "object": ("What to compose the layer with: missing or `NULL` gives the layer "
                       "(to start a Sequential model with); a named list of inputs gives "
                       "its output for them."),
            "feature_columns": "The feature columns (`tf$feature_column$numeric_column()`, "
                               "...), in a list.",
        },
    },
}
