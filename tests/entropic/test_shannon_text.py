"""The texts of a Shannon-type verdict (dpproofs/shannon_text.py), written once for the decider and
for ``dpproofs recheck``: exact values written exactly, certificate lines, and the decider
writing through them."""

from __future__ import annotations

import re
from fractions import Fraction

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.deadline import Deadline
from dpproofs.entropic import (
    H,
    I,
    equal,
    for_all_joint_distributions,
    function_of,
    parameter,
    random_variables,
)
from dpproofs.shannon_certificate import ShannonCertificate
from dpproofs.shannon_text import (
    METHOD,
    REFUTED_REASON,
    certificate_lines,
    proved_reason,
    term_name,
    value_text,
)
from dpproofs.verdict import Status

X, Y, Z = random_variables("X Y Z")


def test_values_written_exactly():
    # ln 2 = 0.6931471...; 1/2 + 3/2 ln 2 - ln 3 = 0.5 + 1.0397208 - 1.0986123 = 0.4411085;
    # 1 - ln 2 = 0.3068528.
    assert value_text(Fraction(0), {}) == "0"
    assert value_text(Fraction(-1, 2), {}) == "-1/2"
    assert value_text(Fraction(0), {2: Fraction(1)}) == "ln(2) ~= 0.693147"
    assert value_text(Fraction(0), {2: Fraction(-1)}) == "-ln(2) ~= -0.693147"
    assert value_text(Fraction(1), {2: Fraction(-1), 3: Fraction(0)}) == "1 - ln(2) ~= 0.306853"
    text = value_text(Fraction(1, 2), {3: Fraction(-1), 2: Fraction(3, 2)})
    assert text == "1/2 + 3/2 ln(2) - ln(3) ~= 0.441108"


@settings(max_examples=60, deadline=None)
@given(
    st.fractions(min_value=-5, max_value=5, max_denominator=12),
    st.dictionaries(
        st.sampled_from([2, 3, 5, 7, 11]),
        st.fractions(min_value=-4, max_value=4, max_denominator=12),
        max_size=4,
    ),
)
def test_the_exact_part_reads_back_and_the_float_is_within_six_digits(const, logs):
    text = value_text(const, logs)
    exact, sep, approx = text.partition(" ~= ")
    value = sympy.Rational(const.numerator, const.denominator) + sum(
        (sympy.Rational(c.numerator, c.denominator) * sympy.log(p) for p, c in logs.items()),
        sympy.Integer(0),
    )
    # "3/2 ln(2)" is 3/2 * log(2); a bare "ln(2)" is log(2).
    read = sympy.sympify(re.sub(r"(\d) ln\(", r"\1 * log(", exact).replace("ln(", "log("))
    assert sympy.simplify(read - value) == 0
    assert bool(sep) == any(logs.values())
    if sep:
        # Six significant digits: |f - value| <= 5e-6 |value| (plus the float's own error).
        error = abs(sympy.Float(approx, 30) - value.evalf(30))
        assert error <= 6e-6 * abs(value.evalf(30)) + 1e-12


def test_term_names_and_certificate_lines():
    assert term_name("X", "", ()) == "H(X)"
    assert term_name("X", "", ("Y", "Z")) == "H(X | Y,Z)"
    assert term_name("X", "Y", ()) == "I(X; Y)"
    assert term_name("X", "Y", ("Z",)) == "I(X; Y | Z)"
    record = ShannonCertificate.from_dict(
        {
            "directions": [
                {"sign": "+", "elemental": [["Y", "Z", "X", "1/2"]], "hypotheses": [[0, "2"]]},
                {"sign": "-", "elemental": [["X", "", "Y", "1"]], "hypotheses": []},
            ]
        }
    )
    assert certificate_lines(record.directions, ["I(X; Z | Y) = 0"]) == [
        "1/2 * I(Y; Z | X) >= 0",
        "2 * [I(X; Z | Y) = 0]",
        "reverse: 1 * H(X | Y) >= 0",
    ]


def test_the_decider_writes_through_the_writer():
    """A proof's certificate is the writer's lines of its own evidence, its reason names its
    variables and parameter; a refutation says the writer's reason and observes exact values
    (X = Y = Z a fair bit: I(X; Y) = ln 2, I(X; Y | Z) = 0)."""
    eps = parameter("eps")
    proved = for_all_joint_distributions(I(X, Y) <= eps, [H(X) <= eps]).decide(Deadline(60))
    assert proved.status is Status.PROVED and proved.method == METHOD
    assert proved.reason == proved_reason(["X", "Y"], ["eps"])
    (evidence,) = proved.evidence
    assert isinstance(evidence, ShannonCertificate)
    assert list(proved.certificate) == certificate_lines(evidence.directions, ["H(X) <= eps"])
    both = for_all_joint_distributions(equal(H(X, Y), H(Y)), [function_of(X, Y)])
    verdict = both.decide(Deadline(60))
    assert [d.sign for d in verdict.evidence[0].directions] == ["+", "-"]
    assert verdict.certificate[-1].startswith("reverse: ")
    refuted = for_all_joint_distributions(I(X, Y) <= I(X, Y, given=Z)).decide(Deadline(60))
    assert refuted.status is Status.REFUTED and refuted.reason == REFUTED_REASON
    assert refuted.counterexample is not None
    assert dict(refuted.counterexample.observed) == {
        "I(X; Y)": "ln(2) ~= 0.693147",
        "I(X; Y | Z)": "0",
    }
