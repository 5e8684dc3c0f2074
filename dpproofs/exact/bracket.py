"""Rigorous decisions about a quantity Q known only to lie in an exact bracket lower <= Q <= upper.

    Q <= v  is True when upper <= v, False when lower > v, else Undecided;
    Q == v  is False when v lies outside [lower, upper], else Undecided,

unless Q's exact value is known, which then decides both. A leaf of the exact arithmetic (it
imports only :mod:`dpproofs.exact.rigorous` and the errors), so that the core's facts and the
finite deciders' certified quantities (capacities, MI-DP bounds) share it.
"""

from __future__ import annotations

import decimal
from fractions import Fraction
from typing import Any

import sympy

from dpproofs.errors import Undecided
from dpproofs.exact.rigorous import compare


class CertifiedBracket:
    """Decisions about a quantity Q known to satisfy lower <= Q <= upper (Q = exact if known).

    A mixin for frozen records with fields ``lower``, ``upper`` (Fractions) and ``exact``.
    """

    __slots__ = ()
    lower: Fraction
    upper: Fraction
    exact: sympy.Expr | None

    @property
    def gap(self) -> float:
        """upper - lower, as a float (for display)."""
        return float(self.upper - self.lower)

    def at_most(self, value: Any) -> bool:
        """Decide Q <= value rigorously (Undecided when value lies inside the bracket)."""
        return decide_at_most(self.lower, self.upper, self.exact, value)

    def equals(self, value: Any) -> bool:
        """Decide Q = value rigorously (Undecided when only a bracket containing it is known)."""
        return decide_equals(self.lower, self.upper, self.exact, value)


def decide_at_most(lower: Fraction, upper: Fraction, exact: Any, value: Any) -> bool:
    """C <= value, for lower <= C <= upper (C = exact when given); Undecided if the bracket
    straddles value."""
    if exact is not None:
        return compare(exact, value) <= 0
    if compare(upper, value) <= 0:
        return True
    if compare(lower, value) > 0:
        return False
    raise Undecided(f"{value} lies inside the certified bracket [{lower}, {upper}]")


def decide_equals(lower: Fraction, upper: Fraction, exact: Any, value: Any) -> bool:
    """C = value, for lower <= C <= upper (C = exact when given); Undecided unless exact is known
    or value falls outside the bracket."""
    if exact is not None:
        return compare(exact, value) == 0
    if compare(value, lower) < 0 or compare(value, upper) > 0:
        return False
    raise Undecided(
        f"the capacity is only known to lie in [{lower}, {upper}], which contains {value}"
    )


def shown_outward(lower: float | Fraction, upper: float | Fraction, digits: int) -> str:
    """The bracket ``[lower, upper]`` written with ``digits`` significant digits, rounded
    outward (lower down, upper up), so that the printed bracket still encloses the quantity:
    nearest rounding would print a float just below 1 as "1" and claim a bracket [1, 1] for a
    total variation of 1 - 1e-17. Computed from the exact value of each end."""
    context = decimal.Context(prec=digits)

    def side(value: float | Fraction, rounding: str) -> str:
        context.rounding = rounding
        exact = Fraction(value)
        top, bottom = decimal.Decimal(exact.numerator), decimal.Decimal(exact.denominator)
        number = context.divide(top, bottom)
        return f"{number:g}" if number else "0"

    return f"[{side(lower, decimal.ROUND_FLOOR)}, {side(upper, decimal.ROUND_CEILING)}]"
