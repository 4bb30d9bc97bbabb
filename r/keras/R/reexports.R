# The help page of the keras 2.x names that keras3 kept: the NAMESPACE
# exports keras3's objects themselves under them.

#' Functions of keras3 that keras exports
#'
#' @description
#' `library(keras)` attaches the names of R's keras 2.x package that keras3
#' kept. They are keras3's objects themselves (`identical(keras::fit,
#' keras3::fit)` is `TRUE`), so they work and are documented as in keras3;
#' follow the links. keras's own pages cover the keras 2.x names that keras3
#' dropped, which are deprecated ([fit_generator()], [save_model_hdf5()],
#' [keras2-backend], ...), and [KerasCallback].
#'
#' \describe{
#'   \item{Models and training}{\code{\link[keras3]{adapt}},
#'     \code{\link[keras3]{clone_model}},
#'     \code{\link[keras3:compile.keras.src.models.model.Model]{compile}},
#'     \code{\link[keras3]{count_params}},
#'     \code{\link[keras3:evaluate.keras.src.models.model.Model]{evaluate}},
#'     \code{\link[keras3:fit.keras.src.models.model.Model]{fit}},
#'     \code{\link[keras3]{freeze_weights}}, \code{\link[keras3:get_config]{from_config}},
#'     \code{\link[keras3]{get_config}}, \code{\link[keras3]{get_layer}},
#'     \code{\link[keras3]{get_weights}}, \code{\link[keras3]{keras}},
#'     \code{\link[keras3]{keras_model}}, \code{\link[keras3]{keras_model_sequential}},
#'     \code{\link[keras3]{normalize}}, \code{\link[keras3]{pop_layer}},
#'     \code{\link[keras3:train_on_batch]{predict_on_batch}},
#'     \code{\link[keras3:get_weights]{set_weights}},
#'     \code{\link[keras3:train_on_batch]{test_on_batch}},
#'     \code{\link[keras3]{to_categorical}}, \code{\link[keras3]{train_on_batch}},
#'     \code{\link[keras3:freeze_weights]{unfreeze_weights}},
#'     \code{\link[keras3]{with_custom_object_scope}}}
#'   \item{Layers}{\code{\link[keras3]{layer_activation}},
#'     \code{\link[keras3]{layer_activation_elu}},
#'     \code{\link[keras3]{layer_activation_leaky_relu}},
#'     \code{\link[keras3]{layer_activation_parametric_relu}},
#'     \code{\link[keras3]{layer_activation_relu}},
#'     \code{\link[keras3]{layer_activation_softmax}},
#'     \code{\link[keras3]{layer_activity_regularization}},
#'     \code{\link[keras3]{layer_add}}, \code{\link[keras3]{layer_additive_attention}},
#'     \code{\link[keras3]{layer_alpha_dropout}}, \code{\link[keras3]{layer_attention}},
#'     \code{\link[keras3]{layer_average}},
#'     \code{\link[keras3]{layer_average_pooling_1d}},
#'     \code{\link[keras3]{layer_average_pooling_2d}},
#'     \code{\link[keras3]{layer_average_pooling_3d}},
#'     \code{\link[keras3]{layer_batch_normalization}},
#'     \code{\link[keras3]{layer_category_encoding}},
#'     \code{\link[keras3]{layer_center_crop}}, \code{\link[keras3]{layer_concatenate}},
#'     \code{\link[keras3]{layer_conv_1d}}, \code{\link[keras3]{layer_conv_1d_transpose}},
#'     \code{\link[keras3]{layer_conv_2d}}, \code{\link[keras3]{layer_conv_2d_transpose}},
#'     \code{\link[keras3]{layer_conv_3d}}, \code{\link[keras3]{layer_conv_3d_transpose}},
#'     \code{\link[keras3]{layer_conv_lstm_1d}}, \code{\link[keras3]{layer_conv_lstm_2d}},
#'     \code{\link[keras3]{layer_conv_lstm_3d}}, \code{\link[keras3]{layer_cropping_1d}},
#'     \code{\link[keras3]{layer_cropping_2d}}, \code{\link[keras3]{layer_cropping_3d}},
#'     \code{\link[keras3]{layer_dense}}, \code{\link[keras3]{layer_depthwise_conv_1d}},
#'     \code{\link[keras3]{layer_depthwise_conv_2d}},
#'     \code{\link[keras3]{layer_discretization}}, \code{\link[keras3]{layer_dot}},
#'     \code{\link[keras3]{layer_dropout}}, \code{\link[keras3]{layer_embedding}},
#'     \code{\link[keras3]{layer_flatten}}, \code{\link[keras3]{layer_gaussian_dropout}},
#'     \code{\link[keras3]{layer_gaussian_noise}},
#'     \code{\link[keras3]{layer_global_average_pooling_1d}},
#'     \code{\link[keras3]{layer_global_average_pooling_2d}},
#'     \code{\link[keras3]{layer_global_average_pooling_3d}},
#'     \code{\link[keras3]{layer_global_max_pooling_1d}},
#'     \code{\link[keras3]{layer_global_max_pooling_2d}},
#'     \code{\link[keras3]{layer_global_max_pooling_3d}}, \code{\link[keras3]{layer_gru}},
#'     \code{\link[keras3]{layer_hashing}}, \code{\link[keras3:keras_input]{layer_input}},
#'     \code{\link[keras3]{layer_integer_lookup}}, \code{\link[keras3]{layer_lambda}},
#'     \code{\link[keras3]{layer_layer_normalization}}, \code{\link[keras3]{layer_lstm}},
#'     \code{\link[keras3]{layer_masking}}, \code{\link[keras3]{layer_max_pooling_1d}},
#'     \code{\link[keras3]{layer_max_pooling_2d}},
#'     \code{\link[keras3]{layer_max_pooling_3d}}, \code{\link[keras3]{layer_maximum}},
#'     \code{\link[keras3]{layer_minimum}},
#'     \code{\link[keras3]{layer_multi_head_attention}},
#'     \code{\link[keras3]{layer_multiply}}, \code{\link[keras3]{layer_normalization}},
#'     \code{\link[keras3]{layer_permute}}, \code{\link[keras3]{layer_random_brightness}},
#'     \code{\link[keras3]{layer_random_contrast}},
#'     \code{\link[keras3]{layer_random_crop}}, \code{\link[keras3]{layer_random_flip}},
#'     \code{\link[keras3]{layer_random_rotation}},
#'     \code{\link[keras3]{layer_random_translation}},
#'     \code{\link[keras3]{layer_random_zoom}}, \code{\link[keras3]{layer_repeat_vector}},
#'     \code{\link[keras3]{layer_rescaling}}, \code{\link[keras3]{layer_reshape}},
#'     \code{\link[keras3]{layer_resizing}}, \code{\link[keras3]{layer_rnn}},
#'     \code{\link[keras3]{layer_separable_conv_1d}},
#'     \code{\link[keras3]{layer_separable_conv_2d}},
#'     \code{\link[keras3]{layer_simple_rnn}},
#'     \code{\link[keras3]{layer_spatial_dropout_1d}},
#'     \code{\link[keras3]{layer_spatial_dropout_2d}},
#'     \code{\link[keras3]{layer_spatial_dropout_3d}},
#'     \code{\link[keras3]{layer_string_lookup}}, \code{\link[keras3]{layer_subtract}},
#'     \code{\link[keras3]{layer_text_vectorization}},
#'     \code{\link[keras3]{layer_unit_normalization}},
#'     \code{\link[keras3]{layer_upsampling_1d}},
#'     \code{\link[keras3]{layer_upsampling_2d}},
#'     \code{\link[keras3]{layer_upsampling_3d}},
#'     \code{\link[keras3]{layer_zero_padding_1d}},
#'     \code{\link[keras3]{layer_zero_padding_2d}},
#'     \code{\link[keras3]{layer_zero_padding_3d}}}
#'   \item{Losses}{\code{\link[keras3]{loss_binary_crossentropy}},
#'     \code{\link[keras3]{loss_categorical_crossentropy}},
#'     \code{\link[keras3]{loss_categorical_hinge}},
#'     \code{\link[keras3]{loss_cosine_similarity}}, \code{\link[keras3]{loss_hinge}},
#'     \code{\link[keras3]{loss_huber}}, \code{\link[keras3]{loss_kl_divergence}},
#'     \code{\link[keras3]{loss_mean_absolute_error}},
#'     \code{\link[keras3]{loss_mean_absolute_percentage_error}},
#'     \code{\link[keras3]{loss_mean_squared_error}},
#'     \code{\link[keras3]{loss_mean_squared_logarithmic_error}},
#'     \code{\link[keras3]{loss_poisson}},
#'     \code{\link[keras3]{loss_sparse_categorical_crossentropy}},
#'     \code{\link[keras3]{loss_squared_hinge}}}
#'   \item{Metrics}{\code{\link[keras3]{metric_auc}},
#'     \code{\link[keras3]{metric_binary_accuracy}},
#'     \code{\link[keras3]{metric_binary_crossentropy}},
#'     \code{\link[keras3]{metric_categorical_accuracy}},
#'     \code{\link[keras3]{metric_categorical_crossentropy}},
#'     \code{\link[keras3]{metric_categorical_hinge}},
#'     \code{\link[keras3]{metric_cosine_similarity}},
#'     \code{\link[keras3]{metric_false_negatives}},
#'     \code{\link[keras3]{metric_false_positives}}, \code{\link[keras3]{metric_hinge}},
#'     \code{\link[keras3]{metric_mean}},
#'     \code{\link[keras3]{metric_mean_absolute_error}},
#'     \code{\link[keras3]{metric_mean_absolute_percentage_error}},
#'     \code{\link[keras3]{metric_mean_iou}},
#'     \code{\link[keras3]{metric_mean_squared_error}},
#'     \code{\link[keras3]{metric_mean_squared_logarithmic_error}},
#'     \code{\link[keras3]{metric_mean_wrapper}}, \code{\link[keras3]{metric_poisson}},
#'     \code{\link[keras3]{metric_precision}},
#'     \code{\link[keras3]{metric_precision_at_recall}},
#'     \code{\link[keras3]{metric_recall}},
#'     \code{\link[keras3]{metric_recall_at_precision}},
#'     \code{\link[keras3]{metric_root_mean_squared_error}},
#'     \code{\link[keras3]{metric_sensitivity_at_specificity}},
#'     \code{\link[keras3]{metric_sparse_categorical_accuracy}},
#'     \code{\link[keras3]{metric_sparse_categorical_crossentropy}},
#'     \code{\link[keras3]{metric_sparse_top_k_categorical_accuracy}},
#'     \code{\link[keras3]{metric_specificity_at_sensitivity}},
#'     \code{\link[keras3]{metric_squared_hinge}}, \code{\link[keras3]{metric_sum}},
#'     \code{\link[keras3]{metric_top_k_categorical_accuracy}},
#'     \code{\link[keras3]{metric_true_negatives}},
#'     \code{\link[keras3]{metric_true_positives}}}
#'   \item{Optimizers}{\code{\link[keras3]{optimizer_adadelta}},
#'     \code{\link[keras3]{optimizer_adagrad}}, \code{\link[keras3]{optimizer_adam}},
#'     \code{\link[keras3]{optimizer_adamax}}, \code{\link[keras3]{optimizer_ftrl}},
#'     \code{\link[keras3]{optimizer_nadam}}, \code{\link[keras3]{optimizer_rmsprop}},
#'     \code{\link[keras3]{optimizer_sgd}}}
#'   \item{Activations}{\code{\link[keras3]{activation_elu}},
#'     \code{\link[keras3]{activation_exponential}},
#'     \code{\link[keras3]{activation_gelu}},
#'     \code{\link[keras3]{activation_hard_sigmoid}},
#'     \code{\link[keras3]{activation_linear}}, \code{\link[keras3]{activation_relu}},
#'     \code{\link[keras3]{activation_selu}}, \code{\link[keras3]{activation_sigmoid}},
#'     \code{\link[keras3]{activation_softmax}},
#'     \code{\link[keras3]{activation_softplus}},
#'     \code{\link[keras3]{activation_softsign}}, \code{\link[keras3]{activation_tanh}}}
#'   \item{Callbacks}{\code{\link[keras3]{callback_backup_and_restore}},
#'     \code{\link[keras3]{callback_csv_logger}},
#'     \code{\link[keras3]{callback_early_stopping}},
#'     \code{\link[keras3]{callback_lambda}},
#'     \code{\link[keras3]{callback_learning_rate_scheduler}},
#'     \code{\link[keras3]{callback_model_checkpoint}},
#'     \code{\link[keras3]{callback_reduce_lr_on_plateau}},
#'     \code{\link[keras3]{callback_tensorboard}}}
#'   \item{Custom classes}{\code{\link[keras3:grapes-py_class-grapes]{\%py_class\%}},
#'     \code{\link[keras3]{Layer}}, \code{\link[keras3:Callback]{new_callback_class}},
#'     \code{\link[keras3:Layer]{new_layer_class}},
#'     \code{\link[keras3:Model]{new_model_class}}}
#'   \item{Data, utilities and set-up}{\code{\link[keras3:dataset_mnist]{dataset_boston_housing}},
#'     \code{\link[keras3:dataset_mnist]{dataset_cifar10}},
#'     \code{\link[keras3:dataset_mnist]{dataset_cifar100}},
#'     \code{\link[keras3:dataset_mnist]{dataset_fashion_mnist}},
#'     \code{\link[keras3:dataset_mnist]{dataset_imdb}},
#'     \code{\link[keras3:dataset_mnist]{dataset_imdb_word_index}},
#'     \code{\link[keras3]{dataset_mnist}},
#'     \code{\link[keras3:dataset_mnist]{dataset_reuters}},
#'     \code{\link[keras3:dataset_mnist]{dataset_reuters_word_index}},
#'     \code{\link[keras3]{get_file}}, \code{\link[keras3]{get_vocabulary}},
#'     \code{\link[keras3:get_vocabulary]{set_vocabulary}},
#'     \code{\link[keras3:image_load]{image_array_save}},
#'     \code{\link[keras3]{image_dataset_from_directory}},
#'     \code{\link[keras3]{image_load}}, \code{\link[keras3:image_load]{image_to_array}},
#'     \code{\link[keras3]{pad_sequences}},
#'     \code{\link[keras3:image_dataset_from_directory]{text_dataset_from_directory}},
#'     \code{\link[keras3]{timeseries_dataset_from_array}},
#'     \code{\link[keras3]{zip_lists}},
#'     \code{\link[keras3]{callback_remote_monitor}},
#'     \code{\link[keras3]{custom_metric}},
#'     \code{\link[keras3:Loss]{new_loss_class}},
#'     \code{\link[keras3:Metric]{new_metric_class}},
#'     \code{\link[keras3]{new_learning_rate_schedule_class}},
#'     \code{\link[keras3:grapes-set-active-grapes]{\%<-active\%}},
#'     \code{\link[keras3:active_property]{mark_active}},
#'     \code{\link[tensorflow]{export_savedmodel}}, \code{\link[keras3]{flags}},
#'     \code{\link[keras3:flags]{flag_boolean}}, \code{\link[keras3:flags]{flag_integer}},
#'     \code{\link[keras3:flags]{flag_numeric}}, \code{\link[keras3:flags]{flag_string}},
#'     \code{\link[keras3]{run_dir}}, \code{\link[tensorflow]{tensorboard}},
#'     \code{\link[keras3]{install_keras}}, \code{\link[keras3]{use_backend}},
#'     \code{\link[keras3]{shape}}}
#'   \item{Operators and functions of other
#'     packages}{\code{\link[keras3:grapes-set-grapes]{\%<-\%}},
#'     \code{\link[keras3:reexports]{\%<>\%}}, \code{\link[keras3:reexports]{\%>\%}},
#'     \code{\link[keras3:reexports]{array_reshape}},
#'     \code{\link[keras3:reexports]{as_tensor}},
#'     \code{\link[keras3:reexports]{tuple}}, \code{\link[keras3:reexports]{use_python}},
#'     \code{\link[keras3:reexports]{use_virtualenv}}}
#' }
#'
#' @name reexports
#' @docType import
#' @aliases %<-% %<>% %>% %py_class% %<-active% callback_remote_monitor
#'   custom_metric dataset_boston_housing dataset_cifar10 dataset_cifar100
#'   dataset_fashion_mnist dataset_imdb dataset_imdb_word_index dataset_mnist
#'   dataset_reuters dataset_reuters_word_index export_savedmodel flag_boolean
#'   flag_integer flag_numeric flag_string flags get_file get_vocabulary image_array_save
#'   image_dataset_from_directory image_load image_to_array install_keras mark_active
#'   new_learning_rate_schedule_class new_loss_class new_metric_class pad_sequences run_dir
#'   set_vocabulary tensorboard text_dataset_from_directory
#'   timeseries_dataset_from_array use_backend zip_lists Layer activation_elu activation_exponential
#'   activation_gelu activation_hard_sigmoid activation_linear activation_relu
#'   activation_selu activation_sigmoid activation_softmax activation_softplus
#'   activation_softsign activation_tanh adapt array_reshape as_tensor
#'   callback_backup_and_restore callback_csv_logger callback_early_stopping
#'   callback_lambda callback_learning_rate_scheduler callback_model_checkpoint
#'   callback_reduce_lr_on_plateau callback_tensorboard clone_model compile count_params
#'   evaluate fit freeze_weights from_config get_config get_layer get_weights keras
#'   keras_model keras_model_sequential layer_activation layer_activation_elu
#'   layer_activation_leaky_relu layer_activation_parametric_relu layer_activation_relu
#'   layer_activation_softmax layer_activity_regularization layer_add
#'   layer_additive_attention layer_alpha_dropout layer_attention layer_average
#'   layer_average_pooling_1d layer_average_pooling_2d layer_average_pooling_3d
#'   layer_batch_normalization layer_category_encoding layer_center_crop layer_concatenate
#'   layer_conv_1d layer_conv_1d_transpose layer_conv_2d layer_conv_2d_transpose
#'   layer_conv_3d layer_conv_3d_transpose layer_conv_lstm_1d layer_conv_lstm_2d
#'   layer_conv_lstm_3d layer_cropping_1d layer_cropping_2d layer_cropping_3d layer_dense
#'   layer_depthwise_conv_1d layer_depthwise_conv_2d layer_discretization layer_dot
#'   layer_dropout layer_embedding layer_flatten layer_gaussian_dropout
#'   layer_gaussian_noise layer_global_average_pooling_1d layer_global_average_pooling_2d
#'   layer_global_average_pooling_3d layer_global_max_pooling_1d
#'   layer_global_max_pooling_2d layer_global_max_pooling_3d layer_gru layer_hashing
#'   layer_input layer_integer_lookup layer_lambda layer_layer_normalization layer_lstm
#'   layer_masking layer_max_pooling_1d layer_max_pooling_2d layer_max_pooling_3d
#'   layer_maximum layer_minimum layer_multi_head_attention layer_multiply
#'   layer_normalization layer_permute layer_random_brightness layer_random_contrast
#'   layer_random_crop layer_random_flip layer_random_rotation layer_random_translation
#'   layer_random_zoom layer_repeat_vector layer_rescaling layer_reshape layer_resizing
#'   layer_rnn layer_separable_conv_1d layer_separable_conv_2d layer_simple_rnn
#'   layer_spatial_dropout_1d layer_spatial_dropout_2d layer_spatial_dropout_3d
#'   layer_string_lookup layer_subtract layer_text_vectorization layer_unit_normalization
#'   layer_upsampling_1d layer_upsampling_2d layer_upsampling_3d layer_zero_padding_1d
#'   layer_zero_padding_2d layer_zero_padding_3d loss_binary_crossentropy
#'   loss_categorical_crossentropy loss_categorical_hinge loss_cosine_similarity
#'   loss_hinge loss_huber loss_kl_divergence loss_mean_absolute_error
#'   loss_mean_absolute_percentage_error loss_mean_squared_error
#'   loss_mean_squared_logarithmic_error loss_poisson loss_sparse_categorical_crossentropy
#'   loss_squared_hinge metric_auc metric_binary_accuracy metric_binary_crossentropy
#'   metric_categorical_accuracy metric_categorical_crossentropy metric_categorical_hinge
#'   metric_cosine_similarity metric_false_negatives metric_false_positives metric_hinge
#'   metric_mean metric_mean_absolute_error metric_mean_absolute_percentage_error
#'   metric_mean_iou metric_mean_squared_error metric_mean_squared_logarithmic_error
#'   metric_mean_wrapper metric_poisson metric_precision metric_precision_at_recall
#'   metric_recall metric_recall_at_precision metric_root_mean_squared_error
#'   metric_sensitivity_at_specificity metric_sparse_categorical_accuracy
#'   metric_sparse_categorical_crossentropy metric_sparse_top_k_categorical_accuracy
#'   metric_specificity_at_sensitivity metric_squared_hinge metric_sum
#'   metric_top_k_categorical_accuracy metric_true_negatives metric_true_positives
#'   new_callback_class new_layer_class new_model_class normalize optimizer_adadelta
#'   optimizer_adagrad optimizer_adam optimizer_adamax optimizer_ftrl optimizer_nadam
#'   optimizer_rmsprop optimizer_sgd pop_layer predict_on_batch set_weights shape
#'   test_on_batch to_categorical train_on_batch tuple unfreeze_weights use_python
#'   use_virtualenv with_custom_object_scope
#' @keywords internal
#' @returns keras3's objects, unchanged.
#' @md
NULL
