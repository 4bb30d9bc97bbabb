# freeze_weights() and unfreeze_weights(): which layers of a model training
# updates.

#' Freeze and unfreeze the weights of a model's layers
#'
#' @description
#' A frozen layer keeps its weights during training (`trainable` is `FALSE`).
#' Without `from`, `to` or `which` the whole model is frozen (or unfrozen).
#' With `from` and `to` the layers from `from` to `to` (included; by default the
#' first and the last) are frozen (unfrozen) and the others unfrozen (frozen).
#' With `which` the layers it selects are frozen (unfrozen) and the others
#' unfrozen (frozen). Compile the model again for the change to reach training.
#'
#' @param object A model.
#' @param from,to The first and last layers of the range: a name, a position
#'   (1-based; negative from the end) or a layer.
#' @param which The layers: names, positions, layers (in a list), a logical
#'   vector over the layers, or a function (or a formula, `~ grepl("^dense",
#'   .x$name)`) of a layer returning `TRUE` for those selected.
#' @returns The model, invisibly (changed in place).
#' @family model functions
#' @export
#' @md
#' @examples
#' \dontrun{
#' freeze_weights(base_model)
#' freeze_weights(model, from = 1, to = "block5_pool")
#' unfreeze_weights(model, which = ~ grepl("^dense", .x$name))
#' }
freeze_weights <- function(object, from = NULL, to = NULL, which = NULL) {
  .keras2_set_trainable(object, from, to, which, FALSE, "freeze_weights")
}

#' @rdname freeze_weights
#' @export
unfreeze_weights <- function(object, from = NULL, to = NULL, which = NULL) {
  .keras2_set_trainable(object, from, to, which, TRUE, "unfreeze_weights")
}

.keras2_set_trainable <- function(object, from, to, which, trainable, caller) {
  if (!is.null(which) && (!is.null(from) || !is.null(to)))
    stop(caller, "(): give either `which` or `from`/`to`, not both", call. = FALSE)
  if (is.null(which) && is.null(from) && is.null(to)) {
    object$trainable <- trainable
    return(invisible(object))
  }
  object$trainable <- TRUE
  layers <- object$layers
  selected <- if (is.null(which)) .keras2_layer_range(layers, from, to, caller)
              else .keras2_layer_selection(layers, which, caller)
  for (i in seq_along(layers))
    layers[[i]]$trainable <- if (i %in% selected) trainable else !trainable
  invisible(object)
}

# The positions of the layers from `from` to `to`, both included.
.keras2_layer_range <- function(layers, from, to, caller) {
  first <- if (is.null(from)) 1L else .keras2_layer_position(layers, from, "from", caller)
  last <- if (is.null(to)) length(layers) else .keras2_layer_position(layers, to, "to", caller)
  if (last < first) integer() else seq(first, last)
}

# The positions of the layers `which` selects.
.keras2_layer_selection <- function(layers, which, caller) {
  if (inherits(which, "formula")) which <- rlang::as_function(which)
  if (is.function(which) && !is_py_object(which))
    which <- vapply(layers, function(layer) isTRUE(which(layer)), NA)
  if (is.logical(which)) {
    if (length(which) != length(layers))
      stop(caller, "(): a logical `which` must have one value per layer (",
           length(layers), ")", call. = FALSE)
    return(base::which(which))
  }
  if (is_py_object(which)) which <- list(which)
  vapply(as.list(which), function(item) .keras2_layer_position(layers, item, "which", caller),
         1L)
}

# A layer's position from a name, a (negative: from the end) position or the layer.
.keras2_layer_position <- function(layers, layer, argument, caller) {
  names <- vapply(layers, function(l) l$name, "")
  fail <- function(problem) stop(caller, "(): `", argument, "` ", problem, call. = FALSE)
  if (is_py_object(layer)) {
    position <- match(layer$name, names)
    if (is.na(position)) fail(sprintf("is a layer (%s) not in the model", layer$name))
    return(position)
  }
  if (is.character(layer) && length(layer) == 1L) {
    position <- match(layer, names)
    if (is.na(position)) fail(sprintf("names no layer of the model: \"%s\"", layer))
    return(position)
  }
  if (is.numeric(layer) && length(layer) == 1L && layer == trunc(layer) && layer != 0 &&
      abs(layer) <= length(layers))
    return(as.integer(if (layer < 0) length(layers) + layer + 1 else layer))
  fail(sprintf(paste0("must name layers, give their positions (1 to %d, or negative from ",
                      "the end) or be layers"), length(layers)))
}
