"""keras 2.x's layer wrappers (tf_keras.layers)."""
LABEL = "layer wrappers"
PASS = "supplied"

WRAPPERS = {
    "time_distributed": {
        "kind": "layer", "class": "layers.TimeDistributed",
        "title": "Apply a layer to every time step",
        "description": ("Applies `layer` to each slice along the second dimension (time) of "
                        "the input, with the same weights."),
        "params": {"layer": "The layer applied.",
                   "...": "Further named arguments of the wrapper, such as `input_shape` "
                          "(the shape of a sample, time first) or `name`."},
    },
    "bidirectional": {
        "kind": "layer", "class": "layers.Bidirectional",
        "title": "A bidirectional recurrent layer",
        "description": ("Runs a recurrent layer forwards and a copy of it backwards over the "
                        "sequence and merges their outputs."),
        "params": {
            "layer": "The recurrent layer (`layer_lstm()`, `layer_gru()`, ...).",
            "merge_mode": "How the two outputs are combined: `\"sum\"`, `\"mul\"`, "
                          "`\"concat\"`, `\"ave\"`, or `NULL` for a list of both.",
            "weights": "Initial weights of the layer.",
            "backward_layer": "The layer processing the sequence backwards, instead of a copy "
                              "of `layer` (its `go_backwards` must be `TRUE`).",
            "...": "Further named arguments of the wrapper, such as `input_shape` or `name`.",
        },
    },
}
