"""keras 2.x's attention layers (tf_keras.layers). layer_attention() and
layer_multi_head_attention() take their inputs first, not a model to compose
with: their kinds (layers-attention-inputs.R) call the new layer on them."""
LABEL = "attention layers"
PASS = "supplied"

_INPUTS = ("The inputs: missing or `NULL` gives the layer; else the layer's output for "
           "them, ")

WRAPPERS = {
    "layer_attention": {
        "kind": "layer_on_inputs", "class": "layers.Attention",
        "title": "Dot-product (Luong-style) attention",
        "description": ("Scores each key against each query by their dot product, and returns "
                        "the values averaged by the softmax of the scores."),
        "params": {
            "inputs": _INPUTS + "a list: `list(query, value)` or `list(query, value, key)`.",
            "use_scale": "Whether the scores are scaled by a learnt scalar.",
            "score_mode": "How the scores are computed: `\"dot\"` or `\"concat\"`.",
            "dropout": "The fraction of the attention weights dropped in training.",
            "...": "Further named arguments of the layer, such as `name`.",
        },
        "returns": "The layer, or its output for `inputs`.",
    },
    "layer_multi_head_attention": {
        "kind": "layer_on_unpacked_inputs", "class": "layers.MultiHeadAttention",
        "args": {"num_heads": "integer", "key_dim": "integer", "value_dim": "integer",
                 "output_shape": "integer", "attention_axes": "integer"},
        "title": "Multi-head attention",
        "description": ("Attention (Vaswani et al., 2017) computed by `num_heads` heads in "
                        "parallel, each on its own projections of the query, key and value. "
                        "Call the layer as `layer(query, value)`, `layer(query, value, key)`, "
                        "with `attention_mask` or `return_attention_scores = TRUE` as needed."),
        "params": {
            "inputs": _INPUTS + "the list of its arguments: `list(query, value)`, "
                      "`list(query, value, key)`, ...",
            "num_heads": "The number of attention heads.",
            "key_dim": "The size of each head's projection of the query and key.",
            "value_dim": "The size of each head's projection of the value (`key_dim` when "
                         "`NULL`).",
            "dropout": "The fraction of the attention weights dropped in training.",
            "use_bias": "Whether the projections have biases.",
            "output_shape": "The size of the output's last dimension (or dimensions); `NULL` "
                            "for the query's.",
            "attention_axes": "The axes attention is computed over, as Python counts them; "
                              "`NULL` for all but the batch, heads and features axes.",
            "kernel_initializer": "How the projection kernels start.",
            "bias_initializer": "How the projection biases start.",
            "kernel_regularizer": "A regularizer of the kernels.",
            "bias_regularizer": "A regularizer of the biases.",
            "activity_regularizer": "A regularizer of the output.",
            "kernel_constraint": "A constraint on the kernels.",
            "bias_constraint": "A constraint on the biases.",
            "...": "Further named arguments of the layer, such as `name`.",
        },
        "returns": "The layer, or its output for `inputs`.",
    },
    "layer_additive_attention": {
        "kind": "layer", "class": "layers.AdditiveAttention",
        "title": "Additive (Bahdanau-style) attention",
        "description": ("Scores each key against each query with a sum passed through `tanh`, "
                        "and returns the values averaged by the softmax of the scores. Call "
                        "the layer on `list(query, value)` or `list(query, value, key)`."),
        "params": {
            "object": ("What to compose the layer with: missing or `NULL` gives the layer; "
                       "a list of tensors (`list(query, value)`, ...) gives its output for "
                       "them."),
            "use_scale": "Whether the scores are scaled by a learnt vector.",
            "causal": "Whether a position may only attend to the positions before it.",
            "dropout": "The fraction of the attention weights dropped in training.",
        },
    },
}
