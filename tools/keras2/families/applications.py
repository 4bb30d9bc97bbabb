"""keras 2.x's pre-built models (tf_keras.applications). Kind "application"
(applications-models.R): `weights` always reaches Python as the R value, so
keras 2.x's `weights = NULL` (random weights; the NASNet models' default) is
never replaced by tf_keras's default "imagenet"; ImageNet weights are
downloaded into Keras's cache (~/.keras/models) through get_file() the first
time."""
LABEL = "applications"
DESCRIPTION = ("keras 2.x's pre-built models (tf_keras.applications): kind \"application\" "
               "(applications-models.R).")
# keras 2.x passed only the arguments the caller gave (its capture_args()), except
# for the DenseNet and NASNet models, whose wrappers passed every formal.
PASS = "supplied"

PARAMS = {
    "include_top": "Whether the model ends with its classifier (the fully connected layers).",
    "weights": "`\"imagenet\"` (weights trained on ImageNet, downloaded into Keras's cache "
               "the first time), `NULL` (random initialization), or the path of a weights "
               "file.",
    "input_tensor": "A tensor (`layer_input()`'s output) to use as the model's input, or `NULL`.",
    "input_shape": "The shape of the input images without the batch dimension, such as "
                   "`c(224, 224, 3)` (`NA` for any size); only with `include_top = FALSE` "
                   "may it differ from the model's default.",
    "pooling": "The pooling of the last convolutional output when `include_top = FALSE`: "
               "`NULL` (none: a 4-d output), `\"avg\"` or `\"max\"` (a 2-d output).",
    "classes": "The number of classes, with `include_top = TRUE` and no ImageNet weights.",
    "classifier_activation": "The activation of the classifier's last layer (`\"softmax\"`, "
                             "or `NULL` for the logits).",
    "alpha": "The width multiplier of the network: < 1 makes fewer filters in each layer, "
             "> 1 more.",
    "depth_multiplier": "The depth multiplier of the depthwise convolutions.",
    "dropout": "The dropout rate before the classifier.",
    "dropout_rate": "The dropout rate before the classifier.",
    "minimalistic": "Whether the blocks are the minimalistic ones (no squeeze-and-excite, "
                    "ReLU, 3 x 3 kernels).",
    "include_preprocessing": "Whether the model starts with its input preprocessing "
                             "(`Rescaling`), so that it takes pixel values from 0 to 255.",
    "blocks": "The numbers of layers of the four dense blocks, such as `c(6, 12, 24, 16)`.",
    "penultimate_filters": "The number of filters of the penultimate layer.",
    "num_blocks": "The number of repeated blocks of the network.",
    "stem_block_filters": "The number of filters of the initial stem block.",
    "skip_reduction": "Whether the reduction step is skipped at the end of the network.",
    "filter_multiplier": "The factor the filters grow by at each reduction.",
    "default_size": "The default size of the input images, or `NULL` (331 with ImageNet "
                    "weights, else 224).",
    "...": "Further named arguments of the Python model function.",
}

RETURNS = "A Keras model."

_IMAGENET = ("Trained on ImageNet (1000 classes) with `weights = \"imagenet\"`; preprocess "
             "inputs with the model's `*_preprocess_input()` function.")


def _model(cls, title, passes=None, **extra):
    spec = {"kind": "application", "class": cls, "title": title, "description": _IMAGENET,
            "args": {"classes": "integer"}, "returns": RETURNS}
    if passes:
        spec["pass"] = passes
    spec["args"].update(extra)
    return spec


WRAPPERS = {
    "application_xception": _model("applications.Xception", "The Xception model"),
    "application_vgg16": _model("applications.VGG16", "The VGG16 model"),
    "application_vgg19": _model("applications.VGG19", "The VGG19 model"),
    "application_resnet50": _model("applications.ResNet50", "The ResNet50 model"),
    "application_resnet101": _model("applications.ResNet101", "The ResNet101 model"),
    "application_resnet152": _model("applications.ResNet152", "The ResNet152 model"),
    "application_resnet50_v2": _model("applications.ResNet50V2", "The ResNet50 V2 model"),
    "application_resnet101_v2": _model("applications.ResNet101V2", "The ResNet101 V2 model"),
    "application_resnet152_v2": _model("applications.ResNet152V2", "The ResNet152 V2 model"),
    "application_inception_v3": _model("applications.InceptionV3", "The Inception V3 model"),
    "application_inception_resnet_v2": _model("applications.InceptionResNetV2",
                                              "The Inception-ResNet V2 model"),
    "application_mobilenet": _model("applications.MobileNet", "The MobileNet model",
                                    depth_multiplier="integer"),
    "application_mobilenet_v2": _model("applications.MobileNetV2", "The MobileNet V2 model"),
    "application_mobilenet_v3_large": _model("applications.MobileNetV3Large",
                                             "The large MobileNet V3 model"),
    "application_mobilenet_v3_small": _model("applications.MobileNetV3Small",
                                             "The small MobileNet V3 model"),
    "application_densenet": _model("src.applications.densenet.DenseNet",
                                   "A DenseNet model of one's own depth", passes="all",
                                   blocks="integer"),
    "application_densenet121": _model("applications.DenseNet121", "The DenseNet121 model",
                                      passes="all"),
    "application_densenet169": _model("applications.DenseNet169", "The DenseNet169 model",
                                      passes="all"),
    "application_densenet201": _model("applications.DenseNet201", "The DenseNet201 model",
                                      passes="all"),
    "application_nasnet": _model("src.applications.nasnet.NASNet",
                                 "A NASNet model of one's own configuration", passes="all",
                                 penultimate_filters="integer", num_blocks="integer",
                                 stem_block_filters="integer", filter_multiplier="integer"),
    "application_nasnetlarge": _model("applications.NASNetLarge", "The large NASNet model",
                                      passes="all"),
    "application_nasnetmobile": _model("applications.NASNetMobile", "The mobile NASNet model",
                                       passes="all"),
}

for _i in range(8):
    WRAPPERS[f"application_efficientnet_b{_i}"] = _model(
        f"applications.EfficientNetB{_i}", f"The EfficientNet B{_i} model")
del _i
