# The data set of the package (data/hearts.rda), documented for ?hearts.

#' Heart disease patients
#'
#' @description
#' 303 patients of the Cleveland Clinic Foundation's heart disease study (the
#' UCI Machine Learning Repository's "Heart Disease" data, in the form
#' TensorFlow's feature-column tutorial uses and R's tfdatasets ships): 13
#' measurements and whether the patient was diagnosed with heart disease. The
#' examples of [feature_spec()] and its steps use it: numeric, integer-coded
#' and string (`thal`) columns.
#'
#' @format A data frame with 303 rows and 14 columns:
#' \describe{
#'   \item{age}{age, in years}
#'   \item{sex}{1 for male, 0 for female}
#'   \item{cp}{type of chest pain, 1 to 4 (typical angina, atypical angina,
#'     non-anginal pain, none)}
#'   \item{trestbps}{resting blood pressure on admission, in mm Hg}
#'   \item{chol}{serum cholesterol, in mg/dl}
#'   \item{fbs}{1 if fasting blood sugar is above 120 mg/dl, else 0}
#'   \item{restecg}{resting electrocardiogram: 0 normal, 1 ST-T wave
#'     abnormality, 2 left ventricular hypertrophy}
#'   \item{thalach}{highest heart rate reached}
#'   \item{exang}{1 if exercise brought on angina, else 0}
#'   \item{oldpeak}{ST depression brought on by exercise, relative to rest}
#'   \item{slope}{slope of the peak exercise ST segment: 1 up, 2 flat, 3 down}
#'   \item{ca}{number of major vessels (0 to 3) coloured by fluoroscopy}
#'   \item{thal}{thallium stress test: "normal", "fixed" or "reversible"
#'     defect (and two rows coded "1" and "2")}
#'   \item{target}{1 if diagnosed with heart disease, else 0}
#' }
#' @source The UCI Machine Learning Repository, Heart Disease data set
#'   (Cleveland database; principal investigator Robert Detrano, M.D., Ph.D.,
#'   V.A. Medical Center, Long Beach and Cleveland Clinic Foundation),
#'   \url{https://archive.ics.uci.edu/dataset/45/heart+disease}.
#' @name hearts
#' @docType data
#' @keywords datasets
#' @usage hearts
#' @md
NULL
