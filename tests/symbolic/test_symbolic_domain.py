"""Domains: parsing intervals, canonical symbols, and malformed claims."""

from fractions import Fraction

import pytest
import sympy
from sympy import Interval, exp, oo

from dpproofs.errors import InvalidClaim
from dpproofs.symbolic import holds
from dpproofs.symbolic.domain import canonical_symbol, contains, interval_of

x, y = sympy.symbols("x y")


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("(0, oo)", Interval.open(0, oo)),
        ("[0, 1]", Interval(0, 1)),
        ("[0, 1/2)", Interval.Ropen(0, sympy.Rational(1, 2))),
        (("1/3", 1), Interval(sympy.Rational(1, 3), 1)),
        (Interval.Lopen(0, 1), Interval.Lopen(0, 1)),
    ],
)
def test_interval_specs(spec: object, expected: Interval) -> None:
    assert interval_of(spec) == expected


@pytest.mark.parametrize("spec", ["[1, 0]", "(0, 0)", (0.5, 1), "0 < x", "[0, log(2)]", 3])
def test_bad_interval_specs(spec: object) -> None:
    with pytest.raises(InvalidClaim):
        interval_of(spec)


def test_membership_is_exact() -> None:
    half_open = Interval.Ropen(0, 1)
    assert contains(half_open, Fraction(0))
    assert not contains(half_open, Fraction(1))
    assert contains(half_open, Fraction(999999, 1000000))
    assert not contains(half_open, Fraction(-1, 10**30))


def test_canonical_symbols_carry_only_true_signs() -> None:
    assert canonical_symbol("e", Interval.open(0, 1)).is_positive
    closed = canonical_symbol("e", Interval(0, 1))
    assert closed.is_nonnegative and closed.is_positive is None
    assert canonical_symbol("e", Interval(-1, 1)).is_positive is None


def test_symbol_assumptions_narrow_the_domain() -> None:
    eps = sympy.Symbol("eps", positive=True)
    claim = holds(exp(eps) >= 1, where={eps: Interval(-1, 1)})
    # (0, oo) from the assumption, intersected with [-1, 1].
    assert claim.problem.domains == (Interval.Lopen(0, 1),)


@pytest.mark.parametrize(
    ("statement", "where", "message"),
    [
        (sympy.gamma(x) <= 1, {}, "unknown function gamma"),
        (x + 1, {}, "not a relation"),
        (x <= sympy.Float(0.1), {}, "float"),
        (x <= 1, {x: Interval(2, 1)}, "empty"),
        (x <= 1, {"z": (0, 1)}, "does not mention"),
        (x <= oo, {}, "not a finite real"),
        (sympy.Symbol("x", positive=True) <= sympy.Symbol("x") + 1, {}, "two different symbols"),
        (sympy.Symbol("k", integer=True) <= 1, {}, "integer"),
    ],
)
def test_malformed_claims_are_rejected(statement: object, where: dict, message: str) -> None:
    with pytest.raises(InvalidClaim, match=message):
        holds(statement, where)  # type: ignore[arg-type]


def test_python_bool_statement_is_rejected() -> None:
    with pytest.raises(InvalidClaim, match="Python bool"):
        holds(1 < 2)  # type: ignore[arg-type]


def test_vacuous_assumption_is_rejected() -> None:
    with pytest.raises(InvalidClaim, match="vacuous"):
        holds(x <= 1, where={x: "(0, 1)"}, assuming=[x < 0])
