"""keras 2.x's learning rate schedules (tf_keras.optimizers.schedules): objects to give an
optimizer as its `learning_rate`. new_learning_rate_schedule_class() is hand-written
(learning-rate-schedules-class.R)."""
LABEL = "learning rate schedules"
# keras 2.x passed only the arguments the caller gave (its capture_args()).
PASS = "supplied"

PARAMS = {
    "initial_learning_rate": "The rate at step 0.",
    "decay_steps": "The number of steps the decay runs over (a whole number).",
    "decay_rate": "The factor the rate is multiplied by every `decay_steps` steps.",
    "staircase": "Whether the rate decays in steps (at whole multiples of `decay_steps`) "
                 "rather than continuously.",
    "alpha": "The smallest rate, as a fraction of `initial_learning_rate`.",
    "name": "The schedule's name.",
    "...": "Further named arguments of the schedule's class.",
}

STEPS = {"decay_steps": "integer"}

WRAPPERS = {
    "learning_rate_schedule_cosine_decay": {
        "kind": "constructor", "class": "optimizers.schedules.CosineDecay", "args": STEPS,
        "title": "A cosine decay of the learning rate",
        "description": ("The rate follows half a cosine wave from `initial_learning_rate` down "
                        "to `alpha` times it over `decay_steps` steps, and stays there."),
    },
    "learning_rate_schedule_cosine_decay_restarts": {
        "kind": "constructor", "class": "optimizers.schedules.CosineDecayRestarts",
        "args": {"first_decay_steps": "integer"},
        "title": "A cosine decay of the learning rate with warm restarts",
        "description": ("A cosine decay that starts over at the top after each period, each "
                        "period `t_mul` times longer and starting `m_mul` times lower than "
                        "the one before."),
        "params": {"first_decay_steps": "The length of the first period in steps (a whole "
                                        "number).",
                   "t_mul": "How much longer each period is than the one before.",
                   "m_mul": "How much lower each period starts than the one before."},
    },
    "learning_rate_schedule_exponential_decay": {
        "kind": "constructor", "class": "optimizers.schedules.ExponentialDecay", "args": STEPS,
        "title": "An exponential decay of the learning rate",
        "description": ("The rate at step `s` is "
                        "`initial_learning_rate * decay_rate ^ (s / decay_steps)`."),
    },
    "learning_rate_schedule_inverse_time_decay": {
        "kind": "constructor", "class": "optimizers.schedules.InverseTimeDecay", "args": STEPS,
        "title": "An inverse time decay of the learning rate",
        "description": ("The rate at step `s` is "
                        "`initial_learning_rate / (1 + decay_rate * s / decay_steps)`."),
    },
    "learning_rate_schedule_piecewise_constant_decay": {
        "kind": "constructor", "class": "optimizers.schedules.PiecewiseConstantDecay",
        "title": "A piecewise constant learning rate",
        "description": ("The rate is `values[1]` up to step `boundaries[1]`, `values[2]` up to "
                        "`boundaries[2]`, and so on."),
        "params": {"boundaries": "The steps where the rate changes, increasing.",
                   "values": "The rates: one more than `boundaries`."},
    },
    "learning_rate_schedule_polynomial_decay": {
        "kind": "constructor", "class": "optimizers.schedules.PolynomialDecay", "args": STEPS,
        "title": "A polynomial decay of the learning rate",
        "description": ("The rate goes from `initial_learning_rate` to `end_learning_rate` over "
                        "`decay_steps` steps along a polynomial of degree `power`."),
        "params": {"end_learning_rate": "The rate the decay ends at.",
                   "power": "The degree of the polynomial.",
                   "cycle": "Whether the decay starts over after `decay_steps` steps."},
    },
}
