"""Certified values: an Arb ball or a rational bracket, printed as floats rounded outward.

A :class:`Certified` value is one of three kinds:

* FINITE: lower <= true value <= upper, with lower and upper finite floats rounded outward from
  the enclosure (so the printed bracket is itself a proof), ``value`` the float nearest the
  midpoint, and ``exact`` the closed form (a sympy expression or a string) when small enough;
* INFINITE: the true value is +oo (an infinite atom, delta never reached): said in words, with
  no bracket;
* UNKNOWN: no finite float bracket could be certified (the enclosure is not finite, or lies
  beyond the float range); ``reason`` says why. Its lower/upper are -oo/+oo (vacuous, true),
  and nothing numeric is printed for it.

A float bracket is only ever built from a finite Arb ball whose ends are inside the float range:
float() of an Arb endpoint is within one ulp of it, and one more step outward (nextafter) makes
the float bracket contain the endpoint.
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
#: Endpoints of a printed bracket stay below this magnitude (well inside the float range).
FLOAT_LIMIT = 1e300


class Path(Enum):
    """How a composed quantity was computed."""

    EXACT = "exact"  # exact rational PLD: the closed form is available
    BRACKETED = "bracketed"  # exact PLD support, masses bracketed by fixed point rounding
    GRID = "grid"  # pessimistic / optimistic discretisation of the losses (dp_accounting-style)


class Kind(Enum):
    """What a certified value says (its ``status`` in JSON)."""

    FINITE = "certified"
    INFINITE = "infinite"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Certified:
    """lower <= true value <= upper (floats rounded outward) when FINITE; see the module doc."""

    value: float
    lower: float
    upper: float
    path: Path
    exact: Any = None  # a sympy expression or a string, when small
    kind: Kind = Kind.FINITE
    reason: str = ""

    @property
    def error(self) -> float:
        """A certified bound on |value - true value| (FINITE values only)."""
        if self.kind is not Kind.FINITE:
            return math.inf
        return max(self.upper - self.value, self.value - self.lower)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: numbers only for a FINITE value; else words and nulls (never inf/NaN)."""
        if self.kind is Kind.INFINITE:
            return {
                "status": "infinite",
                "exact": "inf",
                "value": "infinite",
                "lower": None,
                "upper": None,
                "certified_error": None,
                "path": self.path.value,
                "reason": self.reason,
            }
        if self.kind is Kind.UNKNOWN:
            return {
                "status": "unknown",
                "exact": None,
                "value": "unknown",
                "lower": None,
                "upper": None,
                "certified_error": None,
                "path": self.path.value,
                "reason": self.reason,
            }
        return {
            "status": "certified",
            "exact": None if self.exact is None else str(self.exact),
            "value": self.value,
            "lower": self.lower,
            "upper": self.upper,
            "certified_error": self.error,
            "path": self.path.value,
        }


def ball(value: Fraction | int) -> arb:
    value = Fraction(value)
    return arb(fmpq(value.numerator, value.denominator))


def hull(a: arb, b: arb) -> arb:
    """A ball containing both balls; a ball that is not finite (NaN, infinite radius) if either
    is not finite. (A comparison with NaN is False, so the ends must never be chosen by one.)

    A ball is a midpoint and a radius, so the hull of [1e392, 1e393] and [1e477, 1e478] also
    holds 0 and negative numbers: take logarithms before a hull whose ends differ in scale."""
    if not (a.is_finite() and b.is_finite()):
        return arb("nan")
    lo = a.lower() if a.lower() < b.lower() else b.lower()
    hi = a.upper() if a.upper() > b.upper() else b.upper()
    return lo + (hi - lo) * arb(0.5, 0.5)


def certified(x: arb, path: Path, exact: Any = None) -> Certified:
    """The float bracket of a ball, or UNKNOWN (with the reason) when it has none."""
    if not x.is_finite():
        return unknown(path, "the enclosure is not finite (the arithmetic lost all precision)")
    if not (abs(x) < FLOAT_LIMIT):
        return unknown(path, f"the value, in {x.str(10, radius=False)}, is beyond the float range")
    lo = float(x.lower())
    hi = float(x.upper())
    return Certified(
        float(x.mid()), math.nextafter(lo, -math.inf), math.nextafter(hi, math.inf), path, exact
    )


def infinite(path: Path, reason: str) -> Certified:
    """The value +oo, said in words."""
    return Certified(math.inf, math.inf, math.inf, path, "inf", Kind.INFINITE, reason)


def unknown(path: Path, reason: str) -> Certified:
    """No certified finite bracket; ``reason`` says why."""
    return Certified(math.nan, -math.inf, math.inf, path, None, Kind.UNKNOWN, reason)
