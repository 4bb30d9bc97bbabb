# The kinds of layer_attention() and layer_multi_head_attention()
# (families/layers-attention.py): their first argument is the inputs, which
# the new layer is called on, rather than an object to compose it with.
# Arguments given as NULL are left to the layer's defaults, as keras 2.x did.

.keras2_attention_layer <- function(spec, args) {
  args <- args[!vapply(args, is.null, NA)]
  py_call(.keras2_py_object(spec, "class"), !!!args)
}

# The layer called on `inputs` as one argument: list(query, value, key).
.keras2_kind_layer_on_inputs <- function(spec, args, frame, call) {
  inputs <- args$inputs
  args$inputs <- NULL
  layer <- .keras2_attention_layer(spec, args)
  if (is.null(inputs)) layer else py_call(layer, inputs)
}

# The layer called with `inputs` as its arguments: layer(query, value, key, ...).
.keras2_kind_layer_on_unpacked_inputs <- function(spec, args, frame, call) {
  inputs <- args$inputs
  args$inputs <- NULL
  layer <- .keras2_attention_layer(spec, args)
  if (is.null(inputs)) return(layer)
  if (!is.list(inputs)) inputs <- list(inputs)
  py_call(layer, !!!inputs)
}
