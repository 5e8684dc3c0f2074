"""Rigorous signs, brackets and exact parsing."""

from fractions import Fraction

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from dpproofs.errors import InvalidExpression, Undecided
from dpproofs.exact import compare, float_value, parse_exact, rational_bracket, sign


def test_sign_separates_e_from_a_close_rational():
    # e = 2.718281828..., so e - 271828/100000 = 1.8e-6 > 0 and e - 2718282/1000000 < 0.
    assert sign(sympy.E - sympy.Rational(271828, 100000)) == 1
    assert sign(sympy.E - sympy.Rational(2718282, 1000000)) == -1


def test_sign_of_an_exact_zero_that_no_ball_can_separate():
    # log 6 - log 2 - log 3 = 0 exactly; every enclosure straddles 0, simplification settles it.
    assert sign(sympy.log(6) - sympy.log(2) - sympy.log(3)) == 0
    # E/(E + 3) + 3/(E + 3) - 1 = 0 is a rational-function identity in E.
    assert sign(sympy.E / (sympy.E + 3) + 3 / (sympy.E + 3) - 1) == 0


def test_sign_refuses_free_symbols():
    with pytest.raises(Undecided):
        sign(sympy.Symbol("eps") + 1)


@given(st.fractions(min_value=-5, max_value=5, max_denominator=1000))
def test_rational_bracket_of_exp_contains_the_value(r):
    lo, hi = rational_bracket(sympy.exp(sympy.Rational(r.numerator, r.denominator)))
    # The bracket is tight (64 bits) and, checked at a higher precision, really contains e^r.
    assert lo <= hi and hi - lo <= Fraction(1, 2**50) * max(1, hi)
    exact = sympy.exp(sympy.Rational(r.numerator, r.denominator))
    assert compare(exact, sympy.Rational(lo.numerator, lo.denominator)) >= 0
    assert compare(exact, sympy.Rational(hi.numerator, hi.denominator)) <= 0


def test_float_value_is_accurate_to_1e_15():
    assert abs(float_value(sympy.log(3)) - 1.0986122886681098) < 1e-15


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3/4", sympy.Rational(3, 4)),
        ("0.1", sympy.Rational(1, 10)),
        ("log(3)", sympy.log(3)),
        (
            "exp(-1/2)/(1+exp(-1/2))",
            sympy.exp(-sympy.Rational(1, 2)) / (1 + sympy.exp(-sympy.Rational(1, 2))),
        ),
    ],
)
def test_parse_exact_reads_numbers_exactly(text, expected):
    assert parse_exact(text) == expected


@pytest.mark.parametrize("bad", ["x + 1", "__import__('os')", "", "3 +", "[1, 2]"])
def test_parse_exact_rejects_non_numbers(bad):
    with pytest.raises(InvalidExpression):
        parse_exact(bad)


def test_parse_exact_rejects_python_floats():
    with pytest.raises(InvalidExpression, match="not exact"):
        parse_exact(0.1)  # type: ignore[arg-type]


def test_rational_bracket_honours_the_requested_precision():
    # Regression: the endpoints were once re-rounded to 53 bits outside the precision context,
    # so a 200-bit bracket of e^(1/3869226701182827) was 2^-52 wide instead of ~2^-200.
    lo, hi = rational_bracket(sympy.exp(sympy.Rational(1, 3869226701182827)), bits=200)
    assert 0 < hi - lo <= Fraction(1, 2**195)
    assert (
        compare(
            sympy.exp(sympy.Rational(1, 3869226701182827)),
            sympy.Rational(lo.numerator, lo.denominator),
        )
        >= 0
    )


def test_an_undefined_constant_is_undecided_not_zero():
    # Red-team finding: A = log 4 - 2 log 2 is exactly 0, so 1/A + 1/(-A) is 1/0 + 1/0, undefined;
    # simplification cancels the two terms, which must not make the sign 0.
    a = sympy.log(4) - 2 * sympy.log(2)
    with pytest.raises(Undecided):
        sign(1 / a + 1 / (2 * sympy.log(2) - sympy.log(4)))


def test_evaluation_failures_become_undecided():
    with pytest.raises(Undecided):
        sign(sympy.log(sympy.log(sympy.tanh(0))) - 1)


def test_compare_orders_the_infinities_of_the_extended_reals():
    """+oo = +oo and -oo = -oo (their difference is nan, their order is not): a fact that a
    divergence is infinite (D(P||Q) = oo) is decided, not left unknown; failed before the fix."""
    oo, minus = sympy.oo, sympy.S.NegativeInfinity
    assert compare(oo, oo) == 0
    assert compare(minus, minus) == 0
    assert compare(minus, oo) == -1
    assert compare(oo, minus) == 1
    assert compare(oo, sympy.log(3)) == 1
    assert compare(minus, 0) == -1
