"""keras 2.x's weight constraints (tf_keras.constraints). The R6 class KerasConstraint and
the conversion of R constraints are hand-written (constraints-custom.R)."""
LABEL = "constraints"

PARAMS = {
    "axis": ("The axis (counted from 0, as Python counts) along which norms are computed: 0 "
             "for each unit of a dense layer's kernel, the last for a convolution's filters."),
    "max_value": "The largest norm of the weights.",
    "min_value": "The smallest norm of the weights.",
}

AXIS = {"axis": "integer"}

WRAPPERS = {
    "constraint_maxnorm": {
        "kind": "constructor", "class": "constraints.MaxNorm", "args": AXIS,
        "title": "A constraint capping the norm of the weights",
        "description": "Rescales the weights of each unit whose norm exceeds `max_value`.",
    },
    "constraint_minmaxnorm": {
        "kind": "constructor", "class": "constraints.MinMaxNorm", "args": AXIS,
        "title": "A constraint keeping the norm of the weights in a range",
        "description": "Rescales the weights of each unit into norms between `min_value` and "
                       "`max_value`.",
        "params": {"rate": "How far each update moves the norm into the range (1 all the way)."},
    },
    "constraint_nonneg": {
        "kind": "constructor", "class": "constraints.NonNeg",
        "title": "A constraint keeping the weights non-negative",
    },
    "constraint_unitnorm": {
        "kind": "constructor", "class": "constraints.UnitNorm", "args": AXIS,
        "title": "A constraint giving the weights a norm of one",
        "description": "Rescales the weights of each unit to a norm of 1.",
    },
}
