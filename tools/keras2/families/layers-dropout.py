"""keras 2.x's dropout layers (tf_keras.layers)."""
LABEL = "dropout layers"

PARAMS = {
    "rate": "The fraction of the input units dropped (set to 0) in training, between 0 and 1.",
    "noise_shape": "The shape of the binary dropout mask, to share it along some dimensions "
                   "(`NULL`: the input's shape).",
    "seed": "The seed of the random numbers (a whole number).",
    "data_format": "`\"channels_last\"` (the default) or `\"channels_first\"`: where the "
                   "channels are in the input.",
}

WRAPPERS = {
    "layer_dropout": {
        "kind": "layer", "class": "layers.Dropout", "args": {"noise_shape": "shape"},
        "title": "A dropout layer",
        "description": ("Sets a random fraction `rate` of its input units to 0 in training, and "
                        "scales the others by `1 / (1 - rate)`; passes its input unchanged "
                        "otherwise."),
    },
    "layer_spatial_dropout_1d": {
        "kind": "layer", "class": "layers.SpatialDropout1D",
        "title": "A dropout layer dropping whole channels of sequences",
        "description": "Drops entire 1D feature maps (channels) rather than single units.",
    },
    "layer_spatial_dropout_2d": {
        "kind": "layer", "class": "layers.SpatialDropout2D",
        "title": "A dropout layer dropping whole channels of images",
        "description": "Drops entire 2D feature maps (channels) rather than single units.",
    },
    "layer_spatial_dropout_3d": {
        "kind": "layer", "class": "layers.SpatialDropout3D",
        "title": "A dropout layer dropping whole channels of volumes",
        "description": "Drops entire 3D feature maps (channels) rather than single units.",
    },
}
