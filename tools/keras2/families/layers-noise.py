"""keras 2.x's noise layers (tf_keras.layers), active in training only."""
LABEL = "noise layers"
PASS = "supplied"

PARAMS = {
    "rate": "The fraction of the input units dropped, between 0 and 1.",
    "seed": "The seed of the random numbers (a whole number).",
    "noise_shape": "The shape of the dropout mask, to share it along some dimensions.",
}

WRAPPERS = {
    "layer_gaussian_noise": {
        "kind": "layer", "class": "layers.GaussianNoise",
        "title": "A layer adding Gaussian noise",
        "description": "Adds centered Gaussian noise to its input in training (a regularization).",
        "params": {"stddev": "The standard deviation of the noise."},
    },
    "layer_gaussian_dropout": {
        "kind": "layer", "class": "layers.GaussianDropout",
        "title": "A layer applying multiplicative Gaussian noise",
        "description": ("Multiplies its input by noise of mean 1 and standard deviation "
                        "`sqrt(rate / (1 - rate))` in training."),
    },
    "layer_alpha_dropout": {
        "kind": "layer", "class": "layers.AlphaDropout", "args": {"noise_shape": "shape"},
        "title": "An alpha dropout layer",
        "description": ("A dropout that keeps the mean and variance of its input, for "
                        "self-normalizing networks (the SELU activation)."),
    },
}
