"""Every z3 fact about exp is true: checked at rational points with a rigorous bracket of e^t."""

from fractions import Fraction

import sympy
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs import expfacts
from dpproofs.exact.rigorous import rational_bracket

rationals = st.fractions(min_value=-30, max_value=30, max_denominator=1000)


def _q(v: Fraction) -> z3.RatNumRef:
    return z3.RealVal(f"{v.numerator}/{v.denominator}")


def _violated(
    facts: list[tuple[str, z3.BoolRef]], e: z3.ArithRef, t: Fraction, t_var: z3.ArithRef
) -> list[str]:
    """Facts that some value of E inside a rigorous bracket of e^t could violate."""
    lo, hi = rational_bracket(sympy.exp(sympy.Rational(t.numerator, t.denominator)), bits=200)
    bad = []
    for name, fact in facts:
        solver = z3.Solver()
        solver.add(t_var == _q(t), e >= _q(lo), e <= _q(hi), z3.Not(fact))
        # The bracket is ~2^-200 wide, far below the slack of every fact away from its equality
        # point t = 0, where the bracket is exactly [1, 1]. So sat means the fact is false.
        if solver.check() == z3.sat:
            bad.append(name)
    return bad


@settings(max_examples=40, deadline=None)
@given(rationals)
def test_single_facts_hold(t: Fraction) -> None:
    e, t_var = z3.Reals("e t")
    facts = list(expfacts.single("exp(t)", e, t_var, level=2))
    assert _violated(facts, e, t, t_var) == []


@settings(max_examples=30, deadline=None)
@given(
    rationals,
    st.fractions(min_value=0, max_value=5, max_denominator=100),
    st.fractions(min_value=0, max_value=1),
)
def test_range_facts_hold(lo: Fraction, width: Fraction, where: Fraction) -> None:
    hi = lo + width
    t = lo + where * width
    lo_down, lo_up = rational_bracket(sympy.exp(sympy.Rational(lo.numerator, lo.denominator)))
    hi_up = rational_bracket(sympy.exp(sympy.Rational(hi.numerator, hi.denominator)))[1]
    e, t_var = z3.Reals("e t")
    facts = list(expfacts.on_range("exp(t)", e, t_var, lo, hi, lo_down, lo_up, hi_up))
    assert _violated(facts, e, t, t_var) == []


def test_a_false_fact_is_caught() -> None:
    # Sanity check of the checker itself: "e^t <= 1 + t" is false at t = 1 (e > 2).
    e, t_var = z3.Reals("e t")
    assert _violated([("bogus", e <= 1 + t_var)], e, Fraction(1), t_var) == ["bogus"]
