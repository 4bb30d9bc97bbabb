"""keras 2.x's convolutional layers (tf_keras.layers): convolutions, transposed,
separable and depthwise convolutions, convolutional LSTMs, cropping,
up-sampling and zero-padding."""
LABEL = "convolutional layers"

PARAMS = {
    "filters": "The number of output filters (a whole number).",
    "kernel_size": "The size of the convolution window: a whole number, or one per "
                   "spatial dimension.",
    "strides": "The step of the convolution along each spatial dimension (one number for all).",
    "padding": "`\"valid\"` (no padding) or `\"same\"` (the output keeps the input's size "
               "at stride 1); `\"causal\"` for 1D convolutions.",
    "output_padding": "How much padding is added to the output along each spatial dimension, "
                      "or `NULL` to infer it.",
    "data_format": "`\"channels_last\"` (the default) or `\"channels_first\"`: where the "
                   "channels are in the input.",
    "dilation_rate": "The dilation of the convolution window along each spatial dimension.",
    "groups": "The number of groups the input channels are split into, each convolved "
              "with its own filters.",
    "depth_multiplier": "How many output channels each input channel gets in the depthwise step.",
    "activation": "The activation applied to the output (a name or a function); `NULL` "
                  "for none.",
    "recurrent_activation": "The activation of the recurrent step.",
    "use_bias": "Whether the layer adds a bias vector.",
    "kernel_initializer": "How the kernel starts (an initializer or its name).",
    "recurrent_initializer": "How the recurrent kernel starts.",
    "depthwise_initializer": "How the depthwise kernel starts.",
    "pointwise_initializer": "How the pointwise kernel starts.",
    "bias_initializer": "How the bias vector starts.",
    "unit_forget_bias": "Whether 1 is added to the bias of the forget gate at initialization.",
    "kernel_regularizer": "A regularizer of the kernel.",
    "recurrent_regularizer": "A regularizer of the recurrent kernel.",
    "depthwise_regularizer": "A regularizer of the depthwise kernel.",
    "pointwise_regularizer": "A regularizer of the pointwise kernel.",
    "bias_regularizer": "A regularizer of the bias vector.",
    "activity_regularizer": "A regularizer of the layer's output.",
    "kernel_constraint": "A constraint on the kernel.",
    "recurrent_constraint": "A constraint on the recurrent kernel.",
    "depthwise_constraint": "A constraint on the depthwise kernel.",
    "pointwise_constraint": "A constraint on the pointwise kernel.",
    "bias_constraint": "A constraint on the bias vector.",
    "return_sequences": "Whether the output has every time step, or only the last.",
    "return_state": "Whether the last state is returned besides the output.",
    "go_backwards": "Whether the input sequence is processed backwards.",
    "stateful": "Whether the last state of each sample of a batch is the initial state of "
                "the same sample in the next batch.",
    "dropout": "The fraction of the input units dropped in training.",
    "recurrent_dropout": "The fraction of the recurrent units dropped in training.",
    "cropping": "How many units are cut at each end of each spatial dimension: one number "
                "for all, one per dimension, or a pair (start, end) per dimension in a list.",
    "size": "The up-sampling factor along each spatial dimension.",
    "interpolation": "`\"nearest\"` or `\"bilinear\"`.",
}

_CONV = {"filters": "integer", "kernel_size": "integer", "strides": "integer",
         "dilation_rate": "integer", "groups": "integer"}
_TRANSPOSED = {**_CONV, "output_padding": "integer"}
_SEPARABLE = {**_CONV, "depth_multiplier": "integer"}
_DEPTHWISE = {"kernel_size": "integer", "strides": "integer", "dilation_rate": "integer",
              "depth_multiplier": "integer"}


def _conv(cls, title, description, args=_CONV, supplied=False):
    spec = {"kind": "layer", "class": f"layers.{cls}", "args": args, "title": title,
            "description": description}
    if supplied:
        spec["pass"] = "supplied"
    return spec


WRAPPERS = {
    "layer_conv_1d": _conv("Conv1D", "A 1D convolution layer",
                           description="Convolves its input (steps, channels) along the steps "
                                       "with `filters` kernels."),
    "layer_conv_2d": _conv("Conv2D", "A 2D convolution layer",
                           description="Convolves its input (rows, cols, channels) with "
                                       "`filters` kernels."),
    "layer_conv_3d": _conv("Conv3D", "A 3D convolution layer",
                           description="Convolves its input (three spatial dimensions and "
                                       "channels) with `filters` kernels."),
    "layer_conv_1d_transpose": _conv("Conv1DTranspose", "A 1D transposed convolution layer",
                                     args=_TRANSPOSED,
                                     description="The transpose of a 1D convolution (sometimes "
                                                 "called deconvolution): it up-samples."),
    "layer_conv_2d_transpose": _conv("Conv2DTranspose", "A 2D transposed convolution layer",
                                     args=_TRANSPOSED,
                                     description="The transpose of a 2D convolution: it "
                                                 "up-samples."),
    "layer_conv_3d_transpose": _conv("Conv3DTranspose", "A 3D transposed convolution layer",
                                     args=_TRANSPOSED,
                                     description="The transpose of a 3D convolution: it "
                                                 "up-samples."),
    "layer_separable_conv_1d": _conv("SeparableConv1D", "A 1D separable convolution layer",
                                     args=_SEPARABLE,
                                     description="A depthwise convolution of each channel, "
                                                 "then a pointwise (1x1) convolution mixing "
                                                 "the channels."),
    "layer_separable_conv_2d": _conv("SeparableConv2D", "A 2D separable convolution layer",
                                     args=_SEPARABLE,
                                     description="A depthwise convolution of each channel, "
                                                 "then a pointwise (1x1) convolution mixing "
                                                 "the channels."),
    "layer_depthwise_conv_1d": _conv("DepthwiseConv1D", "A 1D depthwise convolution layer",
                                     args=_DEPTHWISE, supplied=True,
                                     description="Convolves each input channel with its own "
                                                 "`depth_multiplier` kernels."),
    "layer_depthwise_conv_2d": _conv("DepthwiseConv2D", "A 2D depthwise convolution layer",
                                     args=_DEPTHWISE,
                                     description="Convolves each input channel with its own "
                                                 "`depth_multiplier` kernels."),
    "layer_conv_lstm_1d": _conv("ConvLSTM1D", "A 1D convolutional LSTM layer",
                                supplied=True,
                                description="An LSTM whose input and recurrent transformations "
                                            "are 1D convolutions, over a sequence of 1D inputs."),
    "layer_conv_lstm_2d": _conv("ConvLSTM2D", "A 2D convolutional LSTM layer",
                                description="An LSTM whose input and recurrent transformations "
                                            "are 2D convolutions, over a sequence of images."),
    "layer_conv_lstm_3d": _conv("ConvLSTM3D", "A 3D convolutional LSTM layer",
                                supplied=True,
                                description="An LSTM whose input and recurrent transformations "
                                            "are 3D convolutions, over a sequence of volumes."),
    "layer_cropping_1d": {
        "kind": "layer", "class": "layers.Cropping1D", "args": {"cropping": "integer"},
        "title": "A layer cropping a sequence",
        "description": "Cuts steps at the start and the end of each sequence.",
    },
    "layer_cropping_2d": {
        "kind": "layer", "class": "layers.Cropping2D", "args": {"cropping": "integer"},
        "title": "A layer cropping images",
        "description": "Cuts rows and columns at the borders of each image.",
    },
    "layer_cropping_3d": {
        "kind": "layer", "class": "layers.Cropping3D", "args": {"cropping": "integer"},
        "title": "A layer cropping volumes",
        "description": "Cuts units at the borders of each of the three spatial dimensions.",
    },
    "layer_upsampling_1d": {
        "kind": "layer", "class": "layers.UpSampling1D", "args": {"size": "integer"},
        "title": "A layer up-sampling a sequence",
        "description": "Repeats each step `size` times.",
    },
    "layer_upsampling_2d": {
        "kind": "layer", "class": "layers.UpSampling2D", "args": {"size": "integer"},
        "title": "A layer up-sampling images",
        "description": "Repeats the rows and columns of each image `size` times.",
    },
    "layer_upsampling_3d": {
        "kind": "layer", "class": "layers.UpSampling3D", "args": {"size": "integer"},
        "title": "A layer up-sampling volumes",
        "description": "Repeats the units along each spatial dimension `size` times.",
    },
    "layer_zero_padding_1d": {
        "kind": "layer", "class": "layers.ZeroPadding1D", "args": {"padding": "integer"},
        "title": "A layer padding a sequence with zeros",
        "description": "Adds zero steps at the start and the end of each sequence.",
        "params": {"padding": "How many steps are added: one number for both ends, or a pair "
                              "(start, end)."},
    },
    "layer_zero_padding_2d": {
        "kind": "layer", "class": "layers.ZeroPadding2D", "args": {"padding": "integer"},
        "title": "A layer padding images with zeros",
        "description": "Adds rows and columns of zeros at the borders of each image.",
        "params": {"padding": "How much is added: one number for all borders, one per "
                              "dimension, or a pair (start, end) per dimension in a list."},
    },
    "layer_zero_padding_3d": {
        "kind": "layer", "class": "layers.ZeroPadding3D", "args": {"padding": "integer"},
        "title": "A layer padding volumes with zeros",
        "description": "Adds zeros at the borders of each of the three spatial dimensions.",
        "params": {"padding": "How much is added: one number for all borders, one per "
                              "dimension, or a pair (start, end) per dimension in a list."},
    },
}
