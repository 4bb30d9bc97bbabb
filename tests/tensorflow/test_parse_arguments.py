"""parse_arguments() (r/tensorflow/R/tf-arguments.R): `--key=value` and
`--key value` into a named list, values read as YAML scalars and flow
sequences as R's tensorflow reads them."""
import pytest

import pyreticulate as pr


def parsed(*arguments):
    """parse_arguments() of the arguments, each value as `name=deparsed value`."""
    vector = ", ".join(f'"{a}"' for a in arguments)
    return pr.r(f"""
        p <- tensorflow::parse_arguments(c({vector}))
        vapply(names(p), function(n) paste0(n, "=", deparse(p[[n]])), "")
    """)


def test_key_equals_value():
    assert parsed("--alpha=beta", "--gamma=delta") == ['alpha="beta"', 'gamma="delta"']


def test_key_then_value():
    assert parsed("--alpha", "beta", "--gamma", "delta") == ['alpha="beta"', 'gamma="delta"']


def test_value_keeps_later_equals_signs():
    assert parsed("--nested=a=b") == 'nested="a=b"'


def test_whole_number_is_an_integer():
    assert parsed("--number=1000") == "number=1000L"


def test_decimal_number_is_a_double():
    assert parsed("--rate=0.01") == "rate=0.01"


def test_flow_sequence_is_a_vector():
    assert parsed("--array=[1,2,3]") == "array=1:3"


def test_flow_sequence_of_mixed_types_is_a_list():
    assert parsed("--mixed=[1, a]") == 'mixed=list(1L, "a")'


def test_dashes_in_keys_become_underscores():
    assert parsed("--nested-dashes=1000") == "nested_dashes=1000L"


@pytest.mark.parametrize("text, value", [("true", "TRUE"), ("no", "FALSE"), ("'007'", '"007"')])
def test_booleans_and_quoted_strings(text, value):
    assert parsed(f"--flag={text}") == f"flag={value}"


def test_arguments_without_dashes_are_skipped():
    assert parsed("train.R", "--epochs=3") == "epochs=3L"


def test_a_key_without_a_value_is_an_error():
    assert "has no value" in pr.r(
        'tryCatch(tensorflow::parse_arguments("--epochs"), error = conditionMessage)')


def test_default_arguments_are_the_scripts(script):
    proc = script("""
        library(tensorflow)
        p <- parse_arguments()
        cat(sprintf("%s=%s\\n", names(p), vapply(p, deparse, "")), sep = "")
    """, "--epochs=3", "--learning-rate", "0.1")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.splitlines() == ["epochs=3L", "learning_rate=0.1"]
