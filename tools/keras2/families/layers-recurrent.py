"""keras 2.x's recurrent layers and cells (tf_keras.layers). The CuDNN layers
are hand-written (layers-recurrent-cudnn.R): deprecated since TensorFlow 2.0,
they warn and name their replacement."""
LABEL = "recurrent layers"
PASS = "supplied"

PARAMS = {
    "units": "The size of the output and of the state (a whole number).",
    "activation": "The activation of the output (a name or a function); `NULL` for none.",
    "recurrent_activation": "The activation of the gates.",
    "use_bias": "Whether the layer adds bias vectors.",
    "return_sequences": "Whether the output has every time step, or only the last.",
    "return_state": "Whether the last state is returned besides the output (then the "
                    "output is a list).",
    "go_backwards": "Whether the input sequence is processed backwards (the output is "
                    "reversed).",
    "stateful": "Whether the last state of each sample of a batch is the initial state of "
                "the same sample in the next batch.",
    "unroll": "Whether the loop over time steps is unrolled (faster for short sequences, "
              "more memory).",
    "time_major": "Whether the input is (time, batch, features) rather than "
                  "(batch, time, features).",
    "reset_after": "Whether the reset gate is applied after the matrix product (the CuDNN "
                   "convention).",
    "kernel_initializer": "How the input kernel starts (an initializer or its name).",
    "recurrent_initializer": "How the recurrent kernel starts.",
    "bias_initializer": "How the bias starts.",
    "unit_forget_bias": "Whether 1 is added to the bias of the forget gate at initialization.",
    "kernel_regularizer": "A regularizer of the input kernel.",
    "recurrent_regularizer": "A regularizer of the recurrent kernel.",
    "bias_regularizer": "A regularizer of the bias.",
    "activity_regularizer": "A regularizer of the layer's output.",
    "kernel_constraint": "A constraint on the input kernel.",
    "recurrent_constraint": "A constraint on the recurrent kernel.",
    "bias_constraint": "A constraint on the bias.",
    "dropout": "The fraction of the input units dropped in training.",
    "recurrent_dropout": "The fraction of the recurrent state units dropped in training.",
    "...": "Further named arguments of the Python class (`input_shape`, `name`, ...).",
}

_CELL = ("A cell processes one time step; wrap it in `layer_rnn()` to process sequences.")

WRAPPERS = {
    "layer_simple_rnn": {
        "kind": "layer", "class": "layers.SimpleRNN",
        "title": "A fully-connected recurrent layer",
        "description": "A recurrent layer whose output is fed back as the next step's state.",
    },
    "layer_gru": {
        "kind": "layer", "class": "layers.GRU",
        "title": "A gated recurrent unit (GRU) layer",
        "description": ("A GRU (Cho et al., 2014) over sequences; it uses the CuDNN kernel on "
                        "a GPU when its arguments allow it."),
    },
    "layer_lstm": {
        "kind": "layer", "class": "layers.LSTM",
        "title": "A long short-term memory (LSTM) layer",
        "description": ("An LSTM (Hochreiter and Schmidhuber, 1997) over sequences; it uses the "
                        "CuDNN kernel on a GPU when its arguments allow it."),
    },
    "layer_rnn": {
        "kind": "layer", "class": "layers.RNN",
        "title": "A recurrent layer made from a cell",
        "description": "Applies a cell (`layer_lstm_cell()`, ...) along the time steps.",
        "params": {
            "cell": "A cell, or a list of cells (stacked).",
            "zero_output_for_mask": "Whether masked time steps output zeros (rather than "
                                    "the previous output).",
        },
    },
    "layer_simple_rnn_cell": {
        "kind": "constructor", "class": "layers.SimpleRNNCell",
        "title": "The cell of a fully-connected recurrent layer",
        "description": _CELL,
        "returns": "The cell.",
    },
    "layer_gru_cell": {
        "kind": "constructor", "class": "layers.GRUCell",
        "title": "The cell of a GRU layer",
        "description": _CELL,
        "returns": "The cell.",
    },
    "layer_lstm_cell": {
        "kind": "constructor", "class": "layers.LSTMCell",
        "title": "The cell of an LSTM layer",
        "description": _CELL,
        "returns": "The cell.",
    },
    "layer_stacked_rnn_cells": {
        "kind": "constructor", "class": "layers.StackedRNNCells",
        "title": "Cells stacked into one cell",
        "description": "A cell running the cells given one after the other, for `layer_rnn()`.",
        "params": {"cells": "A list of cells."},
        "returns": "The cell.",
    },
}
