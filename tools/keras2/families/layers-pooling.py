"""keras 2.x's pooling layers (tf_keras.layers)."""
LABEL = "pooling layers"

PARAMS = {
    "pool_size": "The size of the pooling window: a whole number, or one per spatial dimension.",
    "strides": "The step of the window along each spatial dimension; `NULL` for `pool_size`.",
    "padding": "`\"valid\"` (no padding) or `\"same\"`.",
    "data_format": "`\"channels_last\"` (the default) or `\"channels_first\"`: where the "
                   "channels are in the input.",
    "keepdims": "Whether the pooled spatial dimensions are kept, with size 1.",
}

_WINDOW = {"pool_size": "integer", "strides": "integer"}


def _pooling(cls, title, description):
    return {"kind": "layer", "class": f"layers.{cls}", "args": _WINDOW, "title": title,
            "description": description}


def _global(cls, title, description):
    return {"kind": "layer", "class": f"layers.{cls}", "pass": "supplied", "title": title,
            "description": description}


WRAPPERS = {
    "layer_max_pooling_1d": _pooling("MaxPooling1D", "Max pooling of sequences",
                                     "The maximum of each window of steps."),
    "layer_max_pooling_2d": _pooling("MaxPooling2D", "Max pooling of images",
                                     "The maximum of each window of rows and columns."),
    "layer_max_pooling_3d": _pooling("MaxPooling3D", "Max pooling of volumes",
                                     "The maximum of each window of the three spatial "
                                     "dimensions."),
    "layer_average_pooling_1d": _pooling("AveragePooling1D", "Average pooling of sequences",
                                         "The mean of each window of steps."),
    "layer_average_pooling_2d": _pooling("AveragePooling2D", "Average pooling of images",
                                         "The mean of each window of rows and columns."),
    "layer_average_pooling_3d": _pooling("AveragePooling3D", "Average pooling of volumes",
                                         "The mean of each window of the three spatial "
                                         "dimensions."),
    "layer_global_max_pooling_1d": _global("GlobalMaxPooling1D",
                                           "Global max pooling of sequences",
                                           "The maximum over all the steps, per channel."),
    "layer_global_max_pooling_2d": _global("GlobalMaxPooling2D", "Global max pooling of images",
                                           "The maximum over all rows and columns, per channel."),
    "layer_global_max_pooling_3d": _global("GlobalMaxPooling3D",
                                           "Global max pooling of volumes",
                                           "The maximum over the three spatial dimensions, per "
                                           "channel."),
    "layer_global_average_pooling_1d": _global("GlobalAveragePooling1D",
                                               "Global average pooling of sequences",
                                               "The mean over all the steps, per channel."),
    "layer_global_average_pooling_2d": _global("GlobalAveragePooling2D",
                                               "Global average pooling of images",
                                               "The mean over all rows and columns, per "
                                               "channel."),
    "layer_global_average_pooling_3d": _global("GlobalAveragePooling3D",
                                               "Global average pooling of volumes",
                                               "The mean over the three spatial dimensions, "
                                               "per channel."),
}
