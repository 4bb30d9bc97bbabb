"""keras 2.x's backend functions, k_*(), over tf_keras.backend.

Kind "backend" (backend-arguments.R): the tf_keras function is called with the
converted arguments and its result converted to R as keras 2.x's converting
module gave it (tensors stay tensors, numpy arrays and tuples become R arrays
and lists); kind "unconverted" leaves the result a Python object; kind
"backend_function" (backend-graph.R) is k_function()'s: TF1's graph `updates`
are an error naming what replaces them under eager execution.

Argument conventions beyond the foundation's (backend-arguments.R): "axes" (1-based
axes, always a list), "index" (1-based positions, kept in their array's shape),
"integers" (whole numbers, always a tuple), "integer_array" (whole numbers as an
integer array, values unchanged), "number" (whole numbers as integers, others as
they are), "concrete" (a tensor with a value: a symbolic Keras tensor is an error).

The k_*() functions that tf_keras.backend cannot serve as they are (random numbers of
any dtype, TF1 sessions, gradients, k_squeeze() without an axis, ...) are hand-written:
backend-random.R, backend-graph.R, backend-tensorflow.R.
"""
LABEL = "backend"
DESCRIPTION = "keras 2.x's backend functions (k_*) over tf_keras.backend."

PARAMS = {
    "x": "A tensor, a variable, or R data (converted to a tensor).",
    "y": "A tensor, a variable, or R data.",
    "axis": "An axis, 1-based (1 is the first, -1 the last), or several (a vector); `NULL` "
            "for all of them where that is allowed.",
    "keepdims": "Whether the reduced axes stay in the result with size 1.",
    "dtype": "The dtype, such as `\"float32\"` or `\"int32\"`; `NULL` for the default "
             "(`k_floatx()` for floating-point results).",
    "name": "A name for the tensor or variable, or `NULL`.",
    "shape": "A shape: whole numbers (`NA` for an unknown size), or a tensor.",
    "seed": "A whole number seeding the random numbers, or `NULL`.",
    "data_format": "`\"channels_last\"` or `\"channels_first\"`; `NULL` for "
                   "`k_image_data_format()`.",
    "padding": "`\"valid\"` or `\"same\"`.",
    "strides": "The strides, whole numbers (one per spatial dimension).",
    "dilation_rate": "The dilation rates, whole numbers (one per spatial dimension).",
    "kernel": "The kernel tensor.",
    "target": "A tensor of the true values.",
    "output": "A tensor of the predictions.",
    "from_logits": "Whether `output` holds logits rather than probabilities.",
    "mean": "The mean of the normal distribution.",
    "stddev": "The standard deviation of the normal distribution.",
    "fn": "An R function (or Python callable) applied to the elements.",
    "elems": "A tensor, unstacked along its first axis into the elements.",
    "initializer": "The first accumulator value; `NULL` for the first element.",
    "tensor": "A tensor.",
    "value": "A value (R data or a tensor).",
    "training": "`TRUE`, `FALSE`, or `NULL` for the learning phase.",
}


def backend(fun, title, args=None, rename=None, description=None, params=None, returns=None,
            kind="backend"):
    """The spec of one k_*() wrapper calling tf_keras.backend.<fun> (or a path under tf_keras)."""
    spec = {"kind": kind, "fun": fun if "." in fun else "backend." + fun, "title": title}
    for key, value in (("args", args), ("rename", rename), ("description", description),
                       ("params", params), ("returns", returns)):
        if value:
            spec[key] = value
    return spec


AXIS = {"axis": "axis"}
TENSOR = "A tensor."
CONV_ARGS = {"strides": "integer", "dilation_rate": "integer"}
REDUCTION_RETURNS = "A tensor of the reduced values."

WRAPPERS = {
    # ---- element-wise mathematics ---------------------------------------------------------
    "k_abs": backend("abs", "Element-wise absolute value", returns=TENSOR),
    "k_sign": backend("sign", "Element-wise sign (-1, 0 or 1)", returns=TENSOR),
    "k_round": backend("round", "Element-wise rounding to the nearest whole number",
                       description="Halves round to the even number.", returns=TENSOR),
    "k_sqrt": backend("sqrt", "Element-wise square root", returns=TENSOR),
    "k_square": backend("square", "Element-wise square", returns=TENSOR),
    "k_exp": backend("exp", "Element-wise exponential", returns=TENSOR),
    "k_log": backend("log", "Element-wise natural logarithm", returns=TENSOR),
    "k_cos": backend("cos", "Element-wise cosine", returns=TENSOR),
    "k_sin": backend("sin", "Element-wise sine", returns=TENSOR),
    "k_pow": backend("pow", "Element-wise power", args={"a": "number"}, returns=TENSOR,
                     params={"a": "The exponent: a whole number (passed as an integer, as "
                                  "keras 2.x did) or another number or tensor."}),
    "k_maximum": backend("maximum", "Element-wise maximum of two tensors", returns=TENSOR),
    "k_minimum": backend("minimum", "Element-wise minimum of two tensors", returns=TENSOR),
    "k_clip": backend("clip", "Element-wise clipping to an interval", returns=TENSOR,
                      params={"min_value": "The lower bound, or `NULL` for none.",
                              "max_value": "The upper bound, or `NULL` for none."}),
    # ---- comparisons ------------------------------------------------------------------------
    "k_equal": backend("equal", "Element-wise equality", returns="A logical tensor."),
    "k_not_equal": backend("not_equal", "Element-wise inequality",
                           returns="A logical tensor."),
    "k_greater": backend("greater", "Element-wise `x > y`", returns="A logical tensor."),
    "k_greater_equal": backend("greater_equal", "Element-wise `x >= y`",
                               returns="A logical tensor."),
    "k_less": backend("less", "Element-wise `x < y`", returns="A logical tensor."),
    "k_less_equal": backend("less_equal", "Element-wise `x <= y`",
                            returns="A logical tensor."),
    # ---- reductions and cumulative operations -----------------------------------------------
    "k_all": backend("all", "Logical and over axes", args=AXIS, returns=REDUCTION_RETURNS),
    "k_any": backend("any", "Logical or over axes", args=AXIS, returns=REDUCTION_RETURNS),
    "k_sum": backend("sum", "Sum over axes", args=AXIS, returns=REDUCTION_RETURNS),
    "k_prod": backend("prod", "Product over axes", args=AXIS, returns=REDUCTION_RETURNS),
    "k_mean": backend("mean", "Mean over axes", args=AXIS, returns=REDUCTION_RETURNS),
    "k_max": backend("max", "Maximum over axes", args=AXIS, returns=REDUCTION_RETURNS),
    "k_min": backend("min", "Minimum over axes", args=AXIS, returns=REDUCTION_RETURNS),
    "k_std": backend("std", "Standard deviation over axes", args=AXIS,
                     returns=REDUCTION_RETURNS),
    "k_var": backend("var", "Variance over axes", args=AXIS, returns=REDUCTION_RETURNS),
    "k_argmax": backend("argmax", "Position of the largest value along an axis", args=AXIS,
                        returns="An integer tensor of 0-based positions (as TensorFlow gives "
                                "them)."),
    "k_argmin": backend("argmin", "Position of the smallest value along an axis", args=AXIS,
                        returns="An integer tensor of 0-based positions (as TensorFlow gives "
                                "them)."),
    "k_cumsum": backend("cumsum", "Cumulative sum along an axis", args=AXIS, returns=TENSOR),
    "k_cumprod": backend("cumprod", "Cumulative product along an axis", args=AXIS,
                         returns=TENSOR),
    # ---- tensors and variables ----------------------------------------------------------------
    "k_constant": backend("constant", "A constant tensor", returns=TENSOR,
                          description="Makes a tensor of `value`, reshaped to `shape` or "
                                      "filled with it when `value` is a single number."),
    "k_variable": backend("variable", "A variable", returns="A variable.",
                          params={"constraint": "A function applied to the variable after "
                                                "each optimizer update, or `NULL`."}),
    "k_zeros": backend("zeros", "A variable of zeros", returns="A variable."),
    "k_ones": backend("ones", "A variable of ones", returns="A variable."),
    "k_eye": backend("eye", "An identity matrix variable", args={"size": "integer"},
                     returns="A variable.",
                     params={"size": "The number of rows and columns (a whole number)."}),
    "k_zeros_like": backend("zeros_like", "A tensor of zeros shaped like another",
                            returns=TENSOR),
    "k_ones_like": backend("ones_like", "A tensor of ones shaped like another",
                           returns=TENSOR),
    "k_identity": backend("src.backend.identity", "A tensor with the same content as another",
                          returns=TENSOR),
    "k_arange": backend("arange", "A sequence of integers as a tensor",
                        args={"start": "integer", "stop": "integer", "step": "integer"},
                        description="Like Python's `range()`: from `start` up to, not "
                                    "including, `stop` (given `start` only, from 0 up to "
                                    "`start`).",
                        params={"start": "The first value (or, alone, the end).",
                                "stop": "The end, not included, or `NULL`.",
                                "step": "The increment."},
                        returns="A 1-D tensor."),
    "k_cast": backend("cast", "A tensor converted to another dtype", returns=TENSOR),
    "k_cast_to_floatx": backend("cast_to_floatx", "Data as an array of the default float type",
                                kind="unconverted",
                                returns="A NumPy array of dtype `k_floatx()` (kept as a "
                                        "Python object, as keras 2.x kept it), or a tensor "
                                        "for a tensor."),
    "k_placeholder": backend("placeholder", "A symbolic input tensor",
                             args={"ndim": "integer"},
                             description="Under TensorFlow 2's eager execution, a symbolic "
                                         "Keras tensor for `k_function()` and models (TF1's "
                                         "graph placeholders are gone).",
                             params={"ndim": "The number of axes, instead of `shape`.",
                                     "sparse": "Whether the tensor is sparse."},
                             returns="A Keras tensor."),
    "k_is_placeholder": backend("src.backend.is_placeholder",
                                "Whether a tensor was made by k_placeholder()",
                                returns="`TRUE` or `FALSE`."),
    "k_is_keras_tensor": backend("is_keras_tensor", "Whether a tensor is a Keras tensor",
                                 description="A Keras tensor is the symbolic output of a "
                                             "Keras layer or `layer_input()`; anything else "
                                             "that is not a tensor is an error.",
                                 returns="`TRUE` or `FALSE`."),
    "k_is_sparse": backend("is_sparse", "Whether a tensor is sparse",
                           returns="`TRUE` or `FALSE`."),
    "k_to_dense": backend("to_dense", "A sparse tensor as a dense one", returns=TENSOR),
    "k_eval": backend("eval", "The value of a tensor or variable", args={"x": "concrete"},
                      returns="The value as R data (an array)."),
    "k_get_value": backend("get_value", "The value of a variable", args={"x": "concrete"},
                           returns="The value as R data (an array or a number)."),
    "k_batch_get_value": backend("batch_get_value", "The values of several variables",
                                 args={"ops": "concrete"}, rename={"ops": "tensors"},
                                 params={"ops": "A list of variables or tensors."},
                                 returns="A list of R values."),
    "k_set_value": backend("set_value", "Sets the value of a variable",
                           returns="`NULL`, invisibly."),
    "k_batch_set_value": backend("batch_set_value", "Sets the values of several variables",
                                 rename={"lists": "tuples"},
                                 params={"lists": "A list of `list(variable, value)` pairs."},
                                 returns="`NULL`."),
    "k_update": backend("update", "Sets a variable to a new value",
                        params={"new_x": "The new value."}, returns="The variable."),
    "k_update_add": backend("update_add", "Adds to a variable",
                            params={"increment": "What to add."}, returns="The variable."),
    "k_update_sub": backend("update_sub", "Subtracts from a variable",
                            params={"decrement": "What to subtract."}, returns="The variable."),
    "k_moving_average_update": backend(
        "moving_average_update", "Updates a moving average variable",
        description="`x <- x * momentum + value * (1 - momentum)`.",
        params={"momentum": "The weight of the old value."}, returns="The variable."),
    "k_count_params": backend("count_params", "The number of elements of a variable",
                              returns="A number."),
    "k_dtype": backend("dtype", "The dtype of a tensor or variable", returns="A string."),
    "k_ndim": backend("ndim", "The number of axes of a tensor", returns="An integer."),
    "k_int_shape": backend("int_shape", "The shape of a tensor as R values",
                           returns="A list of integers, `NULL` for an unknown size."),
    "k_get_variable_shape": backend("int_shape", "The shape of a variable as R values",
                                    description="The same as `k_int_shape()` (tf_keras has "
                                                "no `get_variable_shape()` any more).",
                                    returns="A list of integers."),
    "k_shape": backend("shape", "The shape of a tensor as a tensor",
                       returns="A 1-D integer tensor."),
    # ---- reshaping and combining --------------------------------------------------------------
    "k_reshape": backend("reshape", "A tensor reshaped", returns=TENSOR),
    "k_flatten": backend("flatten", "A tensor flattened to one axis", returns="A 1-D tensor."),
    "k_batch_flatten": backend("batch_flatten", "Each sample of a batch flattened",
                               returns="A 2-D tensor (batch, values)."),
    "k_expand_dims": backend("expand_dims", "A tensor with a new axis of size 1", args=AXIS,
                             returns=TENSOR),
    "k_permute_dimensions": backend("permute_dimensions", "A tensor with its axes reordered",
                                    args={"pattern": "axes"},
                                    params={"pattern": "The new order of the axes, 1-based "
                                                       "(`c(2, 1)` transposes a matrix)."},
                                    returns=TENSOR),
    "k_transpose": backend("transpose", "A tensor with its axes reversed", returns=TENSOR),
    "k_concatenate": backend("concatenate", "Tensors joined along an axis", args=AXIS,
                             params={"tensors": "A list of tensors."}, returns=TENSOR),
    "k_stack": backend("stack", "Tensors stacked along a new axis", args=AXIS,
                       params={"x": "A list of tensors of the same shape."}, returns=TENSOR),
    "k_repeat": backend("repeat", "A 2-D tensor repeated along a new second axis",
                        args={"n": "integer"}, params={"n": "How many times."},
                        returns="A 3-D tensor."),
    "k_repeat_elements": backend("repeat_elements", "Each element repeated along an axis",
                                 args={"rep": "integer", "axis": "axis"},
                                 params={"rep": "How many times."}, returns=TENSOR),
    "k_tile": backend("tile", "A tensor tiled", args={"n": "integer"},
                      params={"n": "How many times along each axis (whole numbers or an "
                                   "integer tensor)."},
                      returns=TENSOR),
    "k_reverse": backend("reverse", "A tensor reversed along axes", args={"axes": "axis"},
                         params={"axes": "The axes, 1-based."}, returns=TENSOR),
    "k_gather": backend("gather", "Slices of a tensor at positions along its first axis",
                        args={"indices": "index"},
                        params={"reference": "A tensor.",
                                "indices": "1-based positions (R numbers; an array keeps its "
                                           "shape), or a tensor of 0-based ones."},
                        returns=TENSOR),
    "k_one_hot": backend("one_hot", "One-hot encoding of integer class indices",
                         args={"indices": "integer_array", "num_classes": "integer"},
                         params={"indices": "Class indices counted from 0 (as keras 2.x "
                                            "passed them), R whole numbers or an integer "
                                            "tensor.",
                                 "num_classes": "The number of classes."},
                         returns="A tensor with one more axis, of size `num_classes`."),
    "k_temporal_padding": backend("temporal_padding", "Zeros added around the middle axis of "
                                  "a 3-D tensor", args={"padding": "integers"},
                                  params={"padding": "How many zeros before and after (two "
                                                     "whole numbers)."},
                                  returns="A 3-D tensor."),
    "k_spatial_2d_padding": backend("spatial_2d_padding", "Zeros added around the two spatial "
                                    "axes of a 4-D tensor", args={"padding": "integer"},
                                    params={"padding": "Two pairs of whole numbers: before "
                                                       "and after on each spatial axis."},
                                    returns="A 4-D tensor."),
    "k_spatial_3d_padding": backend("spatial_3d_padding", "Zeros added around the three "
                                    "spatial axes of a 5-D tensor",
                                    args={"padding": "integer"},
                                    params={"padding": "Three pairs of whole numbers: before "
                                                       "and after on each spatial axis."},
                                    returns="A 5-D tensor."),
    "k_resize_images": backend("resize_images", "Images of a 4-D tensor enlarged",
                               args={"height_factor": "integer", "width_factor": "integer"},
                               params={"height_factor": "The factor of the height (whole).",
                                       "width_factor": "The factor of the width (whole).",
                                       "data_format": "`\"channels_last\"` or "
                                                      "`\"channels_first\"`."},
                               returns="A 4-D tensor."),
    "k_resize_volumes": backend("resize_volumes", "Volumes of a 5-D tensor enlarged",
                                args={"depth_factor": "integer", "height_factor": "integer",
                                      "width_factor": "integer"},
                                params={"depth_factor": "The factor of the depth (whole).",
                                        "height_factor": "The factor of the height (whole).",
                                        "width_factor": "The factor of the width (whole).",
                                        "data_format": "`\"channels_last\"` or "
                                                       "`\"channels_first\"`."},
                                returns="A 5-D tensor."),
    # ---- linear algebra -------------------------------------------------------------------
    "k_dot": backend("dot", "Matrix (tensor) product", returns=TENSOR),
    "k_batch_dot": backend("batch_dot", "Matrix product of each pair of samples of two batches",
                           args={"axes": "axis"},
                           params={"axes": "The axes reduced over, 1-based: one for both "
                                           "tensors or one per tensor."},
                           returns=TENSOR),
    "k_l2_normalize": backend("l2_normalize", "A tensor divided by its L2 norm along an axis",
                              args=AXIS, returns=TENSOR),
    "k_bias_add": backend("bias_add", "A bias vector added to a tensor",
                          params={"bias": "The bias: one value per channel."}, returns=TENSOR),
    # ---- neural network functions -------------------------------------------------------------
    "k_relu": backend("relu", "Rectified linear unit", returns=TENSOR,
                      params={"alpha": "The slope below zero.",
                              "max_value": "The largest output, or `NULL` for no limit."}),
    "k_elu": backend("elu", "Exponential linear unit", returns=TENSOR,
                     params={"alpha": "The scale of the negative part."}),
    "k_sigmoid": backend("sigmoid", "Element-wise sigmoid", returns=TENSOR),
    "k_hard_sigmoid": backend("hard_sigmoid", "Element-wise piecewise-linear sigmoid",
                              returns=TENSOR),
    "k_tanh": backend("tanh", "Element-wise hyperbolic tangent", returns=TENSOR),
    "k_softmax": backend("softmax", "Softmax along an axis", args=AXIS, returns=TENSOR),
    "k_softplus": backend("softplus", "Element-wise softplus, log(exp(x) + 1)",
                          returns=TENSOR),
    "k_softsign": backend("softsign", "Element-wise softsign, x / (abs(x) + 1)",
                          returns=TENSOR),
    "k_binary_crossentropy": backend("binary_crossentropy", "Binary crossentropy",
                                     returns=TENSOR),
    "k_categorical_crossentropy": backend("categorical_crossentropy",
                                          "Categorical crossentropy", args=AXIS,
                                          params={"axis": "The axis of the classes, 1-based."},
                                          returns=TENSOR),
    "k_sparse_categorical_crossentropy": backend(
        "sparse_categorical_crossentropy", "Categorical crossentropy of integer targets",
        args=AXIS, params={"axis": "The axis of the classes, 1-based.",
                           "target": "Integer class indices, counted from 0."},
        returns=TENSOR),
    "k_dropout": backend("dropout", "Random zeroing of entries, the others scaled up",
                         args={"noise_shape": "shape"},
                         params={"level": "The fraction of entries set to zero.",
                                 "noise_shape": "The shape of the random keep/drop mask, or "
                                                "`NULL` for the shape of `x`."},
                         returns=TENSOR),
    "k_in_top_k": backend("in_top_k", "Whether each target is among the top predictions",
                          args={"targets": "integer_array", "k": "integer"},
                          params={"predictions": "A 2-D tensor (batch, classes).",
                                  "targets": "Class indices counted from 0 (as keras 2.x "
                                             "passed them), one per sample.",
                                  "k": "How many top predictions count."},
                          returns="A logical tensor, one value per sample."),
    "k_batch_normalization": backend(
        "batch_normalization", "Batch normalization with given statistics", args=AXIS,
        description="`(x - mean) / sqrt(var + epsilon) * gamma + beta`.",
        params={"var": "The variance.", "beta": "The offset.", "gamma": "The scale.",
                "epsilon": "A small number added to the variance.",
                "mean": "The mean."},
        returns=TENSOR),
    "k_normalize_batch_in_training": backend(
        "normalize_batch_in_training", "Batch normalization with the batch's own statistics",
        args={"reduction_axes": "integers"},
        params={"gamma": "The scale.", "beta": "The offset.",
                "reduction_axes": "The axes to normalize over, counted from 0 (as keras "
                                  "2.x passed them).",
                "epsilon": "A small number added to the variance."},
        returns="A list: the normalized tensor, the mean and the variance."),
    # ---- convolutions and pooling ---------------------------------------------------------------
    "k_conv1d": backend("conv1d", "1-D convolution", args=CONV_ARGS, returns=TENSOR,
                        params={"padding": "`\"valid\"`, `\"same\"` or `\"causal\"`."}),
    "k_conv2d": backend("conv2d", "2-D convolution", args=CONV_ARGS, returns=TENSOR),
    "k_conv3d": backend("conv3d", "3-D convolution", args=CONV_ARGS, returns=TENSOR),
    "k_conv2d_transpose": backend("conv2d_transpose", "2-D transposed convolution",
                                  args={"strides": "integer", "output_shape": "shape"},
                                  params={"output_shape": "The shape of the output."},
                                  returns=TENSOR),
    "k_conv3d_transpose": backend("src.backend.conv3d_transpose", "3-D transposed convolution",
                                  args={"strides": "integer", "output_shape": "shape"},
                                  params={"output_shape": "The shape of the output."},
                                  returns=TENSOR),
    "k_depthwise_conv2d": backend("depthwise_conv2d", "2-D depthwise convolution",
                                  args=CONV_ARGS,
                                  params={"depthwise_kernel": "The depthwise kernel."},
                                  returns=TENSOR),
    "k_separable_conv2d": backend("separable_conv2d", "2-D separable convolution",
                                  args=CONV_ARGS,
                                  params={"depthwise_kernel": "The depthwise kernel.",
                                          "pointwise_kernel": "The 1x1 pointwise kernel."},
                                  returns=TENSOR),
    "k_local_conv1d": backend("local_conv1d", "1-D convolution with unshared weights",
                              args={"kernel_size": "integers", "strides": "integers"},
                              params={"inputs": "A 3-D tensor.",
                                      "kernel": "The unshared weights (a 3-D tensor).",
                                      "kernel_size": "The length of the window.",
                                      "strides": "The stride."},
                              returns="A 3-D tensor."),
    "k_local_conv2d": backend("local_conv2d", "2-D convolution with unshared weights",
                              args={"kernel_size": "integers", "strides": "integers",
                                    "output_shape": "integers"},
                              params={"inputs": "A 4-D tensor.",
                                      "kernel": "The unshared weights (a 3-D tensor).",
                                      "kernel_size": "The window's height and width.",
                                      "strides": "The strides along height and width.",
                                      "output_shape": "The output's height and width."},
                              returns="A 4-D tensor."),
    "k_pool2d": backend("pool2d", "2-D pooling",
                        args={"pool_size": "integers", "strides": "integers"},
                        params={"pool_size": "The window's height and width.",
                                "pool_mode": "`\"max\"` or `\"avg\"`."},
                        returns=TENSOR),
    "k_pool3d": backend("pool3d", "3-D pooling",
                        args={"pool_size": "integers", "strides": "integers"},
                        params={"pool_size": "The window's size along the three axes.",
                                "pool_mode": "`\"max\"` or `\"avg\"`."},
                        returns=TENSOR),
    # ---- connectionist temporal classification ---------------------------------------------
    "k_ctc_batch_cost": backend(
        "ctc_batch_cost", "CTC loss of each sample of a batch",
        params={"y_true": "The labels (batch, max label length), counted from 0.",
                "y_pred": "The predictions (batch, time steps, classes), softmax output.",
                "input_length": "The number of time steps of each sample (batch, 1).",
                "label_length": "The length of each sample's label (batch, 1)."},
        returns="A tensor (batch, 1)."),
    "k_ctc_decode": backend(
        "ctc_decode", "Decodes CTC output", args={"beam_width": "integer",
                                                  "top_paths": "integer"},
        params={"y_pred": "The predictions (batch, time steps, classes), softmax output.",
                "input_length": "The number of time steps of each sample.",
                "greedy": "Whether to decode greedily rather than by beam search.",
                "beam_width": "The beam width of the search.",
                "top_paths": "How many of the most probable paths to give."},
        returns="A list: a list of decoded tensors (one per path) and their log "
                "probabilities."),
    "k_ctc_label_dense_to_sparse": backend(
        "ctc_label_dense_to_sparse", "Dense CTC labels as a sparse tensor",
        params={"labels": "The dense labels.", "label_lengths": "The length of each label."},
        returns="A sparse tensor."),
    # ---- control flow and functions -----------------------------------------------------------
    "k_switch": backend("switch", "One of two tensors by a logical condition",
                        params={"condition": "A logical scalar tensor, or a logical tensor "
                                             "chosen element-wise.",
                                "then_expression": "The tensor (or R function giving it) "
                                                   "where `condition` is true.",
                                "else_expression": "The one where it is false."},
                        returns=TENSOR),
    "k_in_train_phase": backend("in_train_phase", "x in the training phase, alt otherwise",
                                params={"alt": "What to give outside training."},
                                returns=TENSOR),
    "k_in_test_phase": backend("in_test_phase", "x outside the training phase, alt in it",
                               params={"alt": "What to give in training."}, returns=TENSOR),
    "k_map_fn": backend("map_fn", "An R function applied to each element of a tensor",
                        params={"dtype": "The dtype of the results, or `NULL` for that of "
                                         "`elems`."},
                        returns="The results stacked into a tensor."),
    "k_foldl": backend("foldl", "Left-to-right reduction of a tensor's elements by a function",
                       params={"fn": "An R function of the accumulator and an element."},
                       returns="The final accumulator."),
    "k_foldr": backend("foldr", "Right-to-left reduction of a tensor's elements by a function",
                       params={"fn": "An R function of the accumulator and an element."},
                       returns="The final accumulator."),
    "k_rnn": backend(
        "rnn", "Iterates a step function over the time axis of a tensor",
        args={"input_length": "integer"},
        params={"step_function": "An R function of a step's input (batch, features) and "
                                 "the list of states, returning `list(output, new_states)`.",
                "inputs": "A tensor (batch, time steps, features).",
                "initial_states": "A list of the states' first values.",
                "go_backwards": "Whether to iterate from the last step.",
                "mask": "A (batch, time steps) logical tensor of the steps to use, or `NULL`.",
                "constants": "A list of constants passed to each step, or `NULL`.",
                "unroll": "Whether to unroll the loop.",
                "input_length": "The number of time steps, or `NULL`."},
        returns="A list: the last output, all the outputs (batch, time steps, ...) and the "
                "last states."),
    "k_function": backend("function", "A function computing output tensors from input tensors",
                          kind="backend_function",
                          description="Under TensorFlow 2's eager execution `inputs` are "
                                      "symbolic tensors (`layer_input()`, `k_placeholder()`) "
                                      "and the function runs the model they make; TF1's "
                                      "graph `updates` are an error.",
                          params={"inputs": "A list of input tensors (placeholders).",
                                  "outputs": "A list of output tensors.",
                                  "updates": "A list of updates to run, or `NULL`."},
                          returns="A Python function of a list of input values, giving a "
                                  "list of output values."),
    "k_stop_gradient": backend("stop_gradient", "Tensors that block gradients",
                               params={"variables": "A tensor or a list of tensors."},
                               returns="The same, as constants for differentiation."),
    "k_print_tensor": backend("print_tensor", "Prints a tensor's value and gives it back",
                              params={"message": "A message printed before it."},
                              returns="The tensor."),
    # ---- settings and state ----------------------------------------------------------------
    "k_backend": backend("backend", "The name of the backend",
                         returns="`\"tensorflow\"`."),
    "k_clear_session": backend("clear_session", "Resets Keras's global state",
                               description="Frees the models and layers made so far and "
                                           "restarts layer name numbering.",
                               returns="`NULL`."),
    "k_epsilon": backend("epsilon", "The small number added to avoid division by zero",
                         returns="A number."),
    "k_set_epsilon": backend("set_epsilon", "Sets the small number k_epsilon() gives",
                             rename={"e": "value"}, params={"e": "The number."},
                             returns="`NULL`."),
    "k_floatx": backend("floatx", "The default float type",
                        returns="A string such as `\"float32\"`."),
    "k_set_floatx": backend("set_floatx", "Sets the default float type",
                            rename={"floatx": "value"},
                            params={"floatx": "`\"float16\"`, `\"float32\"` or `\"float64\"`."},
                            returns="`NULL`."),
    "k_image_data_format": backend("image_data_format", "The default image data format",
                                   returns="`\"channels_last\"` or `\"channels_first\"`."),
    "k_set_image_data_format": backend("set_image_data_format",
                                       "Sets the default image data format",
                                       params={"data_format": "`\"channels_last\"` or "
                                                              "`\"channels_first\"`."},
                                       returns="`NULL`."),
    "k_learning_phase": backend("learning_phase", "The learning phase",
                                returns="0 (testing) or 1 (training), or a tensor of it."),
    "k_set_learning_phase": backend("set_learning_phase", "Sets the learning phase",
                                    args={"value": "integer"},
                                    description="Deprecated by TensorFlow: pass `training` "
                                                "to layers and models instead.",
                                    params={"value": "0 (testing) or 1 (training)."},
                                    returns="`NULL`."),
    "k_manual_variable_initialization": backend(
        "manual_variable_initialization", "Sets whether variables are initialized by hand",
        params={"value": "`TRUE` or `FALSE`."}, returns="`NULL`."),
    "k_get_uid": backend("get_uid", "The next number of a name prefix",
                         params={"prefix": "The prefix."}, returns="An integer."),
    "k_reset_uids": backend("reset_uids", "Restarts the numbering of name prefixes",
                            returns="`NULL`."),
    # ---- random numbers ---------------------------------------------------------------------
    "k_random_normal": backend("random_normal", "A tensor of normally distributed values",
                               returns=TENSOR),
    "k_truncated_normal": backend("truncated_normal",
                                  "A tensor of normal values within two standard deviations",
                                  returns=TENSOR),
    "k_random_normal_variable": backend(
        "random_normal_variable", "A variable of normally distributed values",
        params={"mean": "The mean.", "scale": "The standard deviation."},
        returns="A variable."),
    "k_random_uniform_variable": backend(
        "random_uniform_variable", "A variable of uniformly distributed values",
        params={"low": "The lower bound.", "high": "The upper bound."},
        returns="A variable."),
}
