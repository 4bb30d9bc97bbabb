"""keras 2.x's preprocessing layers (tf_keras.layers): images, categorical and
numerical features, text. adapt(), get_vocabulary() and set_vocabulary() are
hand-written (layers-preprocessing-state.R)."""
LABEL = "preprocessing layers"
PASS = "supplied"

PARAMS = {
    "seed": "The seed of the random numbers (a whole number).",
    "interpolation": "How pixels are interpolated: `\"bilinear\"`, `\"nearest\"`, "
                     "`\"bicubic\"`, `\"area\"`, `\"lanczos3\"`, `\"lanczos5\"`, "
                     "`\"gaussian\"` or `\"mitchellcubic\"`.",
    "fill_mode": "How points outside the input are filled: `\"reflect\"`, `\"wrap\"`, "
                 "`\"constant\"` or `\"nearest\"`.",
    "fill_value": "The value outside the input with `fill_mode = \"constant\"`.",
    "height": "The output height in pixels (a whole number).",
    "width": "The output width in pixels (a whole number).",
    "factor": "The range of the random change, as a fraction: one number `f` for "
              "`[-f, f]`, or two for a range.",
    "height_factor": "The range of the random vertical change, as a fraction of the height: "
                     "one number `f` for `[-f, f]`, or two for a range.",
    "width_factor": "The range of the random horizontal change, as a fraction of the width.",
    "max_tokens": "The largest size of the vocabulary, or `NULL` for no limit.",
    "num_oov_indices": "How many indices are kept for out-of-vocabulary tokens.",
    "mask_token": "The token standing for masked input, or `NULL` for none.",
    "oov_token": "The token returned for out-of-vocabulary indices with `invert = TRUE`.",
    "vocabulary": "The vocabulary: a vector of tokens, or the path of a text file with one "
                  "token a line.",
    "idf_weights": "The inverse document frequency weights of the vocabulary, with "
                   "`output_mode = \"tf_idf\"`.",
    "invert": "Whether the layer maps indices back to tokens.",
    "output_mode": "The output: `\"int\"` (indices), `\"one_hot\"`, `\"multi_hot\"`, "
                   "`\"count\"` or `\"tf_idf\"`.",
    "sparse": "Whether the output is a sparse tensor (one-hot, multi-hot, count and tf-idf "
              "outputs).",
    "pad_to_max_tokens": "Whether multi-hot, count and tf-idf outputs have `max_tokens` "
                         "columns even when the vocabulary is smaller.",
    "...": "Further named arguments of the Python class (`name`, `dtype`, ...).",
}

_IMAGE = "An image preprocessing layer: it takes images (batch, height, width, channels)."
_AUGMENT = ("A random image augmentation layer: active in training only (it passes images "
            "unchanged in inference).")

WRAPPERS = {
    "layer_resizing": {
        "kind": "layer", "class": "layers.Resizing",
        "args": {"height": "integer", "width": "integer"},
        "title": "A layer resizing images",
        "description": _IMAGE + " It resizes them to `height` by `width`.",
        "params": {"crop_to_aspect_ratio": "Whether images are center-cropped to the target "
                                           "aspect ratio first, rather than distorted."},
    },
    "layer_rescaling": {
        "kind": "layer", "class": "layers.Rescaling",
        "title": "A layer rescaling values",
        "description": "`input * scale + offset`, such as `scale = 1/255` for pixels in [0, 1].",
        "params": {"scale": "The factor.", "offset": "The offset added after scaling."},
    },
    "layer_center_crop": {
        "kind": "layer", "class": "layers.CenterCrop",
        "args": {"height": "integer", "width": "integer"},
        "title": "A layer cropping the center of images",
        "description": _IMAGE + " It keeps their central `height` by `width` part.",
    },
    "layer_random_crop": {
        "kind": "layer", "class": "layers.RandomCrop",
        "args": {"height": "integer", "width": "integer"},
        "title": "A layer cropping images at random",
        "description": ("Crops a random `height` by `width` part of each image in training, "
                        "the center in inference."),
    },
    "layer_random_flip": {
        "kind": "layer", "class": "layers.RandomFlip",
        "title": "A layer flipping images at random",
        "description": _AUGMENT,
        "params": {"mode": "`\"horizontal\"`, `\"vertical\"` or "
                           "`\"horizontal_and_vertical\"`."},
    },
    "layer_random_translation": {
        "kind": "layer", "class": "layers.RandomTranslation",
        "title": "A layer translating images at random", "description": _AUGMENT,
    },
    "layer_random_rotation": {
        "kind": "layer", "class": "layers.RandomRotation",
        "title": "A layer rotating images at random", "description": _AUGMENT,
        "params": {"factor": "The range of the rotation, as a fraction of a full turn: one "
                             "number `f` for `[-f, f]`, or two for a range."},
    },
    "layer_random_zoom": {
        "kind": "layer", "class": "layers.RandomZoom",
        "title": "A layer zooming into images at random", "description": _AUGMENT,
        "params": {"width_factor": "The range of the horizontal zoom; `NULL` zooms as "
                                   "vertically, keeping the aspect ratio."},
    },
    "layer_random_contrast": {
        "kind": "layer", "class": "layers.RandomContrast",
        "title": "A layer changing the contrast of images at random", "description": _AUGMENT,
    },
    "layer_random_height": {
        "kind": "layer", "class": "layers.RandomHeight",
        "title": "A layer changing the height of images at random", "description": _AUGMENT,
    },
    "layer_random_width": {
        "kind": "layer", "class": "layers.RandomWidth",
        "title": "A layer changing the width of images at random", "description": _AUGMENT,
    },
    "layer_random_brightness": {
        "kind": "layer", "class": "layers.RandomBrightness",
        "title": "A layer changing the brightness of images at random", "description": _AUGMENT,
        "params": {"factor": "The range of the change, as a fraction of `value_range`: one "
                             "number `f` for `[-f, f]`, or two for a range.",
                   "value_range": "The range of the pixel values, `c(0, 255)` by default."},
    },
    "layer_category_encoding": {
        "kind": "layer", "class": "layers.CategoryEncoding", "args": {"num_tokens": "integer"},
        "title": "A layer encoding integer categories",
        "description": ("Turns integer category indices into one-hot, multi-hot or count "
                        "vectors. Call it with `count_weights` to weight the counts."),
        "params": {"num_tokens": "The number of categories: the inputs are in "
                                 "`[0, num_tokens)`.",
                   "output_mode": "`\"one_hot\"`, `\"multi_hot\"` or `\"count\"`."},
    },
    "layer_hashing": {
        "kind": "layer", "class": "layers.Hashing",
        "args": {"num_bins": "integer", "salt": "integer"},
        "title": "A layer hashing categories into bins",
        "description": "Maps strings or integers to `num_bins` bins by a hash (FarmHash64, or "
                       "SipHash64 with a `salt`).",
        "params": {"num_bins": "The number of bins, the mask bin included.",
                   "mask_value": "The value hashed to bin 0 (the mask), or `NULL` for none.",
                   "salt": "A salt for SipHash64: one whole number or two; `NULL` for "
                           "FarmHash64.",
                   "output_mode": "`\"int\"`, `\"one_hot\"`, `\"multi_hot\"` or `\"count\"`."},
    },
    "layer_integer_lookup": {
        "kind": "layer", "class": "layers.IntegerLookup",
        "args": {"max_tokens": "integer", "num_oov_indices": "integer",
                 "oov_token": "integer"},
        "title": "A layer mapping integers to indices",
        "description": ("Maps integer features to contiguous indices of a vocabulary, given "
                        "or learnt with `adapt()`."),
        "params": {"vocabulary_dtype": "The dtype of the vocabulary's integers."},
    },
    "layer_string_lookup": {
        "kind": "layer", "class": "layers.StringLookup",
        "args": {"max_tokens": "integer", "num_oov_indices": "integer"},
        "title": "A layer mapping strings to indices",
        "description": ("Maps string features to integer indices of a vocabulary, given or "
                        "learnt with `adapt()`."),
        "params": {"encoding": "The text encoding of the strings."},
    },
    "layer_normalization": {
        "kind": "layer", "class": "layers.Normalization", "args": {"axis": "axis"},
        "title": "A layer normalizing features",
        "description": ("Shifts and scales its input to mean 0 and variance 1 by a mean and "
                        "a variance given, or learnt with `adapt()`."),
        "params": {"axis": "The axis or axes with their own mean and variance, counted from 1 "
                           "(`-1`, the default, is the last); `NULL` for one over all.",
                   "mean": "The mean, instead of adapting the layer.",
                   "variance": "The variance, instead of adapting the layer.",
                   "invert": "Whether the layer undoes the normalization instead."},
    },
    "layer_discretization": {
        "kind": "layer", "class": "layers.Discretization", "args": {"num_bins": "integer"},
        "title": "A layer binning continuous features",
        "description": "Maps numbers to the indices of the bins they fall in.",
        "params": {"bin_boundaries": "The boundaries of the bins, in increasing order.",
                   "num_bins": "The number of bins, learnt with `adapt()` from quantiles of "
                               "the data, instead of `bin_boundaries`.",
                   "epsilon": "The error tolerance of the quantiles.",
                   "output_mode": "`\"int\"`, `\"one_hot\"`, `\"multi_hot\"` or `\"count\"`."},
    },
    "layer_text_vectorization": {
        "kind": "layer", "class": "layers.TextVectorization",
        "args": {"max_tokens": "integer", "ngrams": "integer",
                 "output_sequence_length": "integer"},
        "title": "A layer turning text into sequences of tokens or vectors",
        "description": ("Standardizes each string, splits it into tokens, makes n-grams and "
                        "maps them to indices of a vocabulary (given or learnt with "
                        "`adapt()`), or to vectors of counts."),
        "params": {
            "standardize": "How the text is standardized: `\"lower_and_strip_punctuation\"`, "
                           "`\"lower\"`, `\"strip_punctuation\"`, `NULL` for none, or a "
                           "function.",
            "split": "How the text is split into tokens: `\"whitespace\"`, `\"character\"`, "
                     "`NULL` for none, or a function.",
            "ngrams": "The n-grams made: a whole number n for all n-grams up to it, several "
                      "for those sizes, or `NULL` for single tokens.",
            "output_sequence_length": "The length the integer output is padded or truncated "
                                      "to, with `output_mode = \"int\"`.",
        },
    },
}
