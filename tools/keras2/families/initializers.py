"""keras 2.x's initializers (tf_keras.initializers): how a layer's weights start.
initializer_variance_scaling() is hand-written (initializers-variance-scaling.R)."""
LABEL = "initializers"

PARAMS = {
    "seed": "A whole number making the random values reproducible, or `NULL`.",
    "mean": "The mean of the values.",
    "stddev": "The standard deviation of the values.",
    "gain": "A factor the values are multiplied by.",
}


def _seeded(title, cls, description):
    return {"kind": "constructor", "class": "initializers." + cls, "title": title,
            "description": description}


WRAPPERS = {
    "initializer_zeros": {
        "kind": "constructor", "class": "initializers.Zeros",
        "title": "An initializer that makes tensors of zeros",
    },
    "initializer_ones": {
        "kind": "constructor", "class": "initializers.Ones",
        "title": "An initializer that makes tensors of ones",
    },
    "initializer_constant": {
        "kind": "constructor", "class": "initializers.Constant",
        "title": "An initializer that makes tensors of one value",
        "params": {"value": "The value of every element."},
    },
    "initializer_random_normal": _seeded(
        "An initializer drawing from a normal distribution", "RandomNormal",
        "Values drawn from a normal distribution of mean `mean` and standard deviation `stddev`."),
    "initializer_random_uniform": {
        **_seeded("An initializer drawing from a uniform distribution", "RandomUniform",
                  "Values drawn uniformly between `minval` and `maxval`."),
        "params": {"minval": "The lower bound.", "maxval": "The upper bound."},
    },
    "initializer_truncated_normal": _seeded(
        "An initializer drawing from a truncated normal distribution", "TruncatedNormal",
        "Values drawn from a normal distribution of mean `mean` and standard deviation "
        "`stddev`, drawn again when more than two standard deviations from the mean."),
    "initializer_orthogonal": _seeded(
        "An initializer making an orthogonal matrix", "Orthogonal",
        "A random orthogonal matrix (for a tensor of more dimensions, its last dimension "
        "against the others flattened), times `gain`."),
    "initializer_identity": {
        "kind": "constructor", "class": "initializers.Identity",
        "title": "An initializer making an identity matrix",
        "description": "The identity matrix times `gain`, for two-dimensional weights.",
    },
    "initializer_glorot_normal": _seeded(
        "The Glorot (Xavier) normal initializer", "GlorotNormal",
        "A truncated normal distribution centred on 0 with standard deviation "
        "`sqrt(2 / (fan_in + fan_out))`."),
    "initializer_glorot_uniform": _seeded(
        "The Glorot (Xavier) uniform initializer", "GlorotUniform",
        "A uniform distribution within `[-limit, limit]`, `limit = sqrt(6 / (fan_in + "
        "fan_out))`."),
    "initializer_he_normal": _seeded(
        "The He normal initializer", "HeNormal",
        "A truncated normal distribution centred on 0 with standard deviation "
        "`sqrt(2 / fan_in)`."),
    "initializer_he_uniform": _seeded(
        "The He uniform initializer", "HeUniform",
        "A uniform distribution within `[-limit, limit]`, `limit = sqrt(6 / fan_in)`."),
    "initializer_lecun_normal": _seeded(
        "The LeCun normal initializer", "LecunNormal",
        "A truncated normal distribution centred on 0 with standard deviation "
        "`sqrt(1 / fan_in)`."),
    "initializer_lecun_uniform": _seeded(
        "The LeCun uniform initializer", "LecunUniform",
        "A uniform distribution within `[-limit, limit]`, `limit = sqrt(3 / fan_in)`."),
}
