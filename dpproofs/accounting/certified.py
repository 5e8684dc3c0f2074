"""Certified values: an Arb ball or a rational bracket, printed as floats rounded outward.

A :class:`Certified` value says lower <= true value <= upper with lower, upper floats rounded
outward from the enclosure (so the printed bracket is itself a proof), ``value`` the float nearest
the midpoint, and ``exact`` the closed form (a sympy expression) when it is small enough to show.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any

from flint import arb, fmpq

#: Working precision (bits) of the Arb arithmetic of the accountant.
PRECISION = 192


class Path(Enum):
    """How a composed quantity was computed."""

    EXACT = "exact"  # exact rational PLD: the closed form is available
    BRACKETED = "bracketed"  # exact PLD support, masses bracketed by fixed point rounding
    GRID = "grid"  # pessimistic / optimistic discretisation of the losses (dp_accounting-style)


@dataclass(frozen=True, slots=True)
class Certified:
    """lower <= true value <= upper (floats rounded outward); +oo is math.inf both ways."""

    value: float
    lower: float
    upper: float
    path: Path
    exact: Any = None  # a sympy expression, when small

    @property
    def error(self) -> float:
        """A certified bound on |value - true value|."""
        if math.isinf(self.value):
            return 0.0
        return max(self.upper - self.value, self.value - self.lower)

    def as_dict(self) -> dict[str, Any]:
        def show(x: float) -> float | str:
            return "inf" if math.isinf(x) else x

        return {
            "exact": None
            if self.exact is None
            else ("inf" if self.exact == math.inf else str(self.exact)),
            "value": show(self.value),
            "lower": show(self.lower),
            "upper": show(self.upper),
            "certified_error": self.error,
            "path": self.path.value,
        }


def ball(value: Fraction | int) -> arb:
    value = Fraction(value)
    return arb(fmpq(value.numerator, value.denominator))


def hull(a: arb, b: arb) -> arb:
    """A ball containing both balls."""
    lo = a.lower() if a.lower() < b.lower() else b.lower()
    hi = a.upper() if a.upper() > b.upper() else b.upper()
    return lo + (hi - lo) * arb(0.5, 0.5)


def certified(x: arb, path: Path, exact: Any = None) -> Certified:
    lo = float(x.lower())
    hi = float(x.upper())
    return Certified(
        float(x.mid()), math.nextafter(lo, -math.inf), math.nextafter(hi, math.inf), path, exact
    )


def infinite(path: Path) -> Certified:
    return Certified(math.inf, math.inf, math.inf, path, math.inf)
