# Internal names of R's tfdatasets that code written for it (and its own
# tests) call with tfdatasets:::, kept with the same meaning.

# tf$random$uniform(), which R's tfdatasets called tf$random_uniform() before
# TensorFlow 1.14; used inside mapped functions.
tfr_random_uniform <- function(...) tf$random$uniform(...)
