"""keras 2.x's normalization layers (tf_keras.layers)."""
LABEL = "normalization layers"

PARAMS = {
    "epsilon": "A small number added to the variance, to avoid dividing by zero.",
    "center": "Whether the learnt offset `beta` is added.",
    "scale": "Whether the output is multiplied by the learnt scale `gamma`.",
    "beta_initializer": "How `beta` starts.",
    "gamma_initializer": "How `gamma` starts.",
    "beta_regularizer": "A regularizer of `beta`.",
    "gamma_regularizer": "A regularizer of `gamma`.",
    "beta_constraint": "A constraint on `beta`.",
    "gamma_constraint": "A constraint on `gamma`.",
}

WRAPPERS = {
    "layer_batch_normalization": {
        "kind": "layer", "class": "layers.BatchNormalization", "pass": "supplied",
        "args": {"axis": "axis", "virtual_batch_size": "integer"},
        "title": "A batch normalization layer",
        "description": ("Normalizes its input to mean 0 and standard deviation 1 by the "
                        "statistics of the batch in training, and by their moving averages "
                        "otherwise."),
        "params": {
            "axis": "The features axis, counted from 1 (`-1`, the default, is the last).",
            "momentum": "The momentum of the moving averages.",
            "moving_mean_initializer": "How the moving mean starts.",
            "moving_variance_initializer": "How the moving variance starts.",
            "synchronized": "Whether the statistics are computed over all the replicas of a "
                            "distributed training.",
        },
    },
    "layer_layer_normalization": {
        "kind": "layer", "class": "layers.LayerNormalization", "args": {"axis": "integer"},
        "title": "A layer normalization layer",
        "description": "Normalizes each sample separately, over the axes given.",
        "params": {"axis": "The axis or axes normalized, as Python counts them (0 is the "
                           "batch dimension, `-1` the last)."},
    },
    "layer_unit_normalization": {
        "kind": "layer", "class": "layers.UnitNormalization", "pass": "supplied",
        "args": {"axis": "axis"},
        "title": "A layer scaling its input to unit norm",
        "description": "Divides each sample by its L2 norm along `axis`.",
        "params": {"axis": "The axis or axes of the norm, counted from 1 (`-1` is the last)."},
    },
}
