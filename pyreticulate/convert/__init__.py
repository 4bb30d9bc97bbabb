"""Conversion: the registry (``registry``) chooses a rule by R class and SEXP
type one way and by the Python type's MRO the other; the rules live in
``rules/``, one module per family; ``proxies`` makes Python objects into R
proxies (with the one cache of their class vectors) and ``s3methods`` finds user S3
methods."""
