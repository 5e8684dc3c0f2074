"""The judge decides formulas at rational points rigorously and writes replayable witnesses."""

from fractions import Fraction

import pytest
import sympy
from sympy import Eq, exp, log, sqrt

from dpproofs.symbolic import holds
from dpproofs.symbolic.judge import counterexample_at, replay_source, truth_at

x, y = sympy.symbols("x y", real=True)


def test_exact_rational_atoms() -> None:
    # 1/2 + 1/4 = 3/4 exactly.
    assert truth_at(Eq(x + sympy.Rational(1, 4), sympy.Rational(3, 4)), {x: Fraction(1, 2)})
    assert truth_at(x < y, {x: Fraction(1, 3), y: Fraction(1, 3)}) is False


def test_transcendental_atoms_use_arb() -> None:
    # e = 2.71828... > 5/2 and e < 2.7183.
    assert truth_at(exp(x) > sympy.Rational(5, 2), {x: Fraction(1)}) is True
    assert truth_at(exp(x) < sympy.Rational(27183, 10000), {x: Fraction(1)}) is True
    # log(4) - 2 log(2) is exactly 0: decided by simplification, not by a float.
    assert truth_at(Eq(log(4 * x), 2 * log(2)), {x: Fraction(1)}) is True


def test_undefined_points_are_unknown_not_false() -> None:
    assert truth_at(1 / x >= 0, {x: Fraction(0)}) is None
    assert truth_at(log(x) <= 0, {x: Fraction(-1)}) is None
    assert truth_at(sqrt(x) >= 0, {x: Fraction(-1)}) is None
    # Kleene logic: an unknown disjunct does not hide a true one, nor make a conjunction false.
    assert truth_at(sympy.Or(1 / x >= 0, x < 1), {x: Fraction(0)}) is True
    assert truth_at(sympy.And(1 / x >= 0, x < 1), {x: Fraction(0)}) is None


def test_counterexample_needs_domain_assumptions_and_failure() -> None:
    claim = holds(exp(x) <= 1 + x + x**2 / 2, where={x: "(0, oo)"}, assuming=[x <= 2]).problem
    x_ = claim.variables[0]
    assert counterexample_at(claim, {x_: Fraction(0)}) is None  # 0 is outside (0, oo)
    assert counterexample_at(claim, {x_: Fraction(3)}) is None  # assumption x <= 2 fails
    found = counterexample_at(claim, {x_: Fraction(1)})  # e > 1 + 1 + 1/2
    assert found is not None
    assert dict(found.assignment) == {"x": "1"}
    assert dict(found.observed) == {"lhs": "E ~= 2.71828182845905", "rhs": "5/2"}


def test_replay_rechecks_and_fails_on_a_true_point() -> None:
    claim = holds(sympy.Or(exp(x) <= 1 + x + x**2 / 2, x > 5), where={x: "(0, oo)"}).problem
    x_ = claim.variables[0]
    found = counterexample_at(claim, {x_: Fraction(1)})
    assert found is not None
    exec(found.replay, {})  # re-checks e > 5/2 and 1 <= 5 with sympy + Arb
    # The replay program written for a point where the claim holds (6 > 5) must raise.
    fake = replay_source(claim, {x_: Fraction(6)})
    with pytest.raises(AssertionError):
        exec(fake, {})
