"""Numbers beyond a double on the text paths: floats only search, and saturate; exact decides.

A decimal literal is read as the rational it denotes: ``1e309`` is 10^309 exactly, not the
double ``inf`` (docs: dpproofs/symbolic/written.py). Before, the pipeline turned the z3 model
x = 10^309 into a float to search near it and ended with OverflowError ("integer division
result too large for a float"), an internal error for a claim that is plainly false.
"""

from __future__ import annotations

import io
import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.cli.main import main
from dpproofs.deadline import Deadline
from dpproofs.exact.rigorous import float_value
from dpproofs.symbolic.claim import holds


def test_check_refutes_x_below_1e309_with_the_exact_witness():
    # x < 10^309 fails at every x >= 10^309 in (0, oo); the witness is such an x, exactly.
    out, err = io.StringIO(), io.StringIO()
    code = main(["check", "x < 1e309", "--where", "x: (0, oo)", "--json"], out, err)
    verdict = json.loads(out.getvalue())
    assert code == 1, err.getvalue()
    assert verdict["status"] == "refuted"
    assert Fraction(verdict["counterexample"]["assignment"]["x"]) >= 10**309


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (10**309, float("inf")),
        (-(10**309), float("-inf")),
        (Fraction(1, 10**400), 0.0),
        (Fraction(3, 4), 0.75),
        (Fraction(10**400, 3), float("inf")),
    ],
)
def test_float_value_saturates(value, expected):
    import sympy

    assert float_value(value) == expected
    assert float_value(sympy.Rational(value)) == expected


@settings(max_examples=12, deadline=None)
@given(
    exponent=st.integers(305, 420),
    form=st.sampled_from(["x < 1e{k}", "x + y < 1e{k}", "x > -1e{k}", "sqrt(x) < 1e{h}"]),
)
def test_huge_literals_never_crash_and_refute_exactly(exponent, form):
    """Each claim is false (take x beyond the bound); the answer is refuted at a point where
    it fails exactly, or unknown, never an exception or a proof."""
    text = form.format(k=exponent, h=exponent // 2)
    where = {"x": "(-oo, 0)" if ">" in text else "(0, oo)"}
    if "y" in text:
        where["y"] = "(0, oo)"
    claim = holds(text, where=where)
    verdict = claim.decide(Deadline(20))
    assert verdict.status.value in ("refuted", "unknown"), verdict.reason
    if verdict.status.value == "refuted":
        x = Fraction(dict(verdict.counterexample.assignment)["x"])
        bound = Fraction(10) ** (exponent if "h" not in form else 2 * (exponent // 2))
        assert abs(x) + Fraction(dict(verdict.counterexample.assignment).get("y", "0")) >= bound
