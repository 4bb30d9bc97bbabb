"""keras 2.x's optimizers (tf_keras.optimizers). Kind "optimizer"
(optimizers-arguments.R): keras 2.x's deprecated `lr` is `learning_rate`."""
LABEL = "optimizers"
# keras 2.x passed only the arguments the caller gave (its capture_args()).
PASS = "supplied"

PARAMS = {
    "learning_rate": "The learning rate: a number, or a learning rate schedule.",
    "momentum": "The momentum factor.",
    "epsilon": "A small constant for numerical stability.",
    "weight_decay": "The weight decay factor, or `NULL` for none.",
    "clipnorm": "The largest norm each weight's gradient is clipped to.",
    "clipvalue": "The largest absolute value each gradient element is clipped to.",
    "global_clipnorm": "The largest norm of all the gradients together.",
    "use_ema": "Whether to keep an exponential moving average of the weights.",
    "ema_momentum": "The momentum of that moving average.",
    "ema_overwrite_frequency": "How often (in steps) the weights are overwritten by their "
                               "moving average.",
    "jit_compile": "Whether the optimizer's step is compiled with XLA.",
    "name": "The optimizer's name.",
    "...": "Further named arguments for the optimizer; keras 2.x's `lr` is taken as "
           "`learning_rate`, with a deprecation warning.",
}

WRAPPERS = {
    "optimizer_rmsprop": {
        "kind": "optimizer", "class": "optimizers.RMSprop",
        "title": "The RMSprop optimizer",
        "description": "Divides each gradient by a moving average of its recent magnitude.",
        "args": {"ema_overwrite_frequency": "integer"},
        "params": {"rho": "The decay rate of the moving average of squared gradients.",
                   "centered": "Whether gradients are normalized by their estimated variance."},
    },
    "optimizer_sgd": {
        "kind": "optimizer", "class": "optimizers.SGD",
        "title": "Stochastic gradient descent, with momentum",
        "args": {"ema_overwrite_frequency": "integer"},
        "params": {"nesterov": "Whether to use Nesterov momentum.",
                   "amsgrad": "Ignored by SGD (kept for keras 2.x's signature)."},
    },
}
