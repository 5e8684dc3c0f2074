"""Float evaluation of terms, for the search for a counterexample only (never for deciding).

``margin(phi, point)`` is a float that is negative where phi is (numerically) false: an atom's
difference, the minimum over All, the maximum over AnyOf, the negation under Not. A candidate
found this way is rounded to an exact rational point and decided there by enclosures
(:mod:`dpproofs.continuum.enclosure`); nothing is concluded from these floats.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from dpproofs.continuum.terms import (
    Add,
    All,
    AnyOf,
    Atom,
    Const,
    Div,
    Exp,
    Literal,
    Log,
    Max,
    Min,
    Mul,
    NormalCdf,
    Not,
    Pos,
    Pow,
    RPow,
    Sqrt,
    Term,
    Truth,
    Var,
    XLogX,
    XLogY,
)

NAN = float("nan")


def _xlogx(x: float) -> float:
    return 0.0 if x == 0 else x * math.log(x) if x > 0 else NAN


def _log(x: float) -> float:
    return math.log(x) if x > 0 else NAN


_RULES: dict[type, Callable[[Any, Callable[[Term], float]], float]] = {
    Add: lambda t, v: math.fsum(v(a) for a in t.args),
    Mul: lambda t, v: math.prod(v(a) for a in t.args),
    Div: lambda t, v: v(t.num) / v(t.den) if v(t.den) != 0 else NAN,
    Pow: lambda t, v: v(t.base) ** t.exponent if v(t.base) != 0 or t.exponent >= 0 else NAN,
    RPow: lambda t, v: v(t.base) ** float(t.exponent) if v(t.base) > 0 else 0.0,
    Log: lambda t, v: _log(v(t.arg)),
    Exp: lambda t, v: math.exp(min(v(t.arg), 700.0)),
    Sqrt: lambda t, v: math.sqrt(v(t.arg)) if v(t.arg) >= 0 else NAN,
    NormalCdf: lambda t, v: math.erfc(-v(t.arg) / math.sqrt(2)) / 2,
    XLogX: lambda t, v: _xlogx(v(t.arg)),
    XLogY: lambda t, v: (
        0.0 if v(t.x) == 0 else v(t.x) * _log(v(t.x) / v(t.y)) if v(t.y) > 0 else NAN
    ),
    Pos: lambda t, v: max(v(t.arg), 0.0),
    Max: lambda t, v: max(v(a) for a in t.args),
    Min: lambda t, v: min(v(a) for a in t.args),
}


def value(t: Term, point: Mapping[str, float]) -> float:
    """t at the point in floats (nan where undefined)."""
    if isinstance(t, Const):
        return float(t.value)
    if isinstance(t, Var):
        return point[t.name]
    try:
        return float(_RULES[type(t)](t, lambda a: value(a, point)))
    except (ValueError, OverflowError, ZeroDivisionError):
        return NAN


def margin(phi: Truth, point: Mapping[str, float]) -> float:
    """Negative where phi is numerically false (nan counts as not false: +inf)."""
    if isinstance(phi, Literal):
        return 1.0 if phi.value else -1.0
    if isinstance(phi, Atom):
        d = value(phi.diff, point)
        return math.inf if math.isnan(d) else d
    if isinstance(phi, Not):
        return -margin(phi.arg, point)
    if isinstance(phi, All):
        return min((margin(a, point) for a in phi.args), default=1.0)
    if isinstance(phi, AnyOf):
        return max((margin(a, point) for a in phi.args), default=-1.0)
    raise TypeError(type(phi).__name__)
