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
    "beta_1": "The decay rate of the moving average of the gradients (first moment).",
    "beta_2": "The decay rate of the moving average of the squared gradients (second moment).",
    "initial_accumulator_value": "The starting value of the accumulators.",
    "...": "Further named arguments for the optimizer; keras 2.x's `lr` is taken as "
           "`learning_rate`, with a deprecation warning.",
}

# Arguments whose values are counts.
COUNTS = {"ema_overwrite_frequency": "integer"}

WRAPPERS = {
    "optimizer_adadelta": {
        "kind": "optimizer", "class": "optimizers.Adadelta", "args": COUNTS,
        "title": "The Adadelta optimizer",
        "description": ("Scales each step by moving averages of the squared gradients and of "
                        "the squared updates, so that it needs little tuning of the rate."),
        "params": {"rho": "The decay rate of the moving averages."},
    },
    "optimizer_adagrad": {
        "kind": "optimizer", "class": "optimizers.Adagrad", "args": COUNTS,
        "title": "The Adagrad optimizer",
        "description": ("Gives each weight its own rate, smaller the more that weight has "
                        "been updated."),
    },
    "optimizer_adam": {
        "kind": "optimizer", "class": "optimizers.Adam", "args": COUNTS,
        "title": "The Adam optimizer",
        "description": "Steps by moving estimates of the gradients' first and second moments.",
        "params": {"amsgrad": "Whether to use the AMSGrad variant (the largest second moment "
                              "seen so far)."},
    },
    "optimizer_adamax": {
        "kind": "optimizer", "class": "optimizers.Adamax", "args": COUNTS,
        "title": "The Adamax optimizer",
        "description": "A variant of Adam scaled by the infinity norm of past gradients.",
    },
    "optimizer_ftrl": {
        "kind": "optimizer", "class": "optimizers.Ftrl", "args": COUNTS,
        "title": "The FTRL optimizer",
        "description": ("Follow The Regularized Leader, suited to large sparse models; takes "
                        "L1 and L2 penalties of its own."),
        "params": {
            "learning_rate_power": "How the rate decreases during training (zero or less; "
                                   "0 keeps it fixed).",
            "l1_regularization_strength": "The L1 penalty (zero or more).",
            "l2_regularization_strength": "The L2 penalty (zero or more).",
            "l2_shrinkage_regularization_strength": "The L2 shrinkage penalty (zero or more), "
                                                    "applied to the gradients.",
            "beta": "A term added to the denominator of the rate (zero or more).",
        },
    },
    "optimizer_nadam": {
        "kind": "optimizer", "class": "optimizers.Nadam", "args": COUNTS,
        "title": "The Nadam optimizer",
        "description": "Adam with Nesterov momentum.",
    },
    "optimizer_rmsprop": {
        "kind": "optimizer", "class": "optimizers.RMSprop", "args": COUNTS,
        "title": "The RMSprop optimizer",
        "description": "Divides each gradient by a moving average of its recent magnitude.",
        "params": {"rho": "The decay rate of the moving average of squared gradients.",
                   "centered": "Whether gradients are normalized by their estimated variance."},
    },
    "optimizer_sgd": {
        "kind": "optimizer", "class": "optimizers.SGD", "args": COUNTS,
        "title": "Stochastic gradient descent, with momentum",
        "params": {"nesterov": "Whether to use Nesterov momentum.",
                   "amsgrad": "Ignored by SGD (kept for keras 2.x's signature)."},
    },
}
