"""keras 2.x's activation functions (tf_keras.activations). Each is named for Python as
Keras names it (py_function_name), so a layer given one serializes with the built-in name."""
LABEL = "activations"

PARAMS = {"x": "A tensor."}


def _activation(fun, title, description, **extra):
    return {"kind": "function", "fun": "activations." + fun, "py_function_name": fun,
            "title": title, "description": description, "returns": "A tensor shaped as `x`.",
            **extra}


WRAPPERS = {
    "activation_elu": _activation(
        "elu", "The exponential linear unit", "`x` where positive, `alpha * (exp(x) - 1)` "
        "elsewhere.", params={"alpha": "The scale of the negative part."}),
    "activation_exponential": _activation("exponential", "The exponential", "`exp(x)`."),
    "activation_gelu": _activation(
        "gelu", "The Gaussian error linear unit",
        "`x` times the standard normal cumulative distribution function of `x`.",
        params={"approximate": "Whether to use the tanh approximation."}),
    "activation_hard_sigmoid": _activation(
        "hard_sigmoid", "The hard sigmoid", "A piecewise linear approximation of the sigmoid: "
        "0 below -2.5, 1 above 2.5, `0.2 * x + 0.5` between."),
    "activation_linear": _activation("linear", "The identity", "`x` unchanged."),
    "activation_relu": _activation(
        "relu", "The rectified linear unit",
        "`max(x, 0)`, with `alpha` the slope below `threshold` and `max_value` a cap.",
        params={"alpha": "The slope below the threshold.",
                "max_value": "The largest value, or `NULL` for none.",
                "threshold": "The value below which the output is damped or zero."}),
    "activation_selu": _activation(
        "selu", "The scaled exponential linear unit",
        "`scale * elu(x, alpha)` with the constants that keep activations self-normalizing."),
    "activation_sigmoid": _activation("sigmoid", "The sigmoid", "`1 / (1 + exp(-x))`."),
    "activation_softmax": _activation(
        "softmax", "The softmax", "Exponentials of `x` normalized to sum to 1 along `axis`.",
        args={"axis": "integer"},
        params={"axis": "The axis normalized along, counted from 0 as Python counts (-1, "
                        "the last, by default)."}),
    "activation_softplus": _activation("softplus", "The softplus", "`log(exp(x) + 1)`."),
    "activation_softsign": _activation("softsign", "The softsign", "`x / (abs(x) + 1)`."),
    "activation_swish": _activation("swish", "The swish (SiLU)", "`x * sigmoid(x)`."),
    "activation_tanh": _activation("tanh", "The hyperbolic tangent", "`tanh(x)`."),
}
