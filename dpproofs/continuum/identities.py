"""Rule ID: atoms whose difference is identically 0 as a polynomial in the coordinates,
parameters and t ln t atoms (docs/design/branch-and-bound.md).

A difference d built from rationals, variables, +, *, non-negative integer powers and t ln t of
arguments non-negative by construction is read as a sympy expression in which each t ln t(a)
is an uninterpreted function f applied to the expanded polynomial of a (f(0) = f(1) = 0, as
0 ln 0 = 1 ln 1 = 0). If the expansion is the zero polynomial, d = 0 at every point of the
domain: equal polynomials are equal functions, so equal f-atoms have equal values, and a
polynomial identity in independent indeterminates holds under every substitution, in
particular x -> the point and f(a) -> a(x) ln a(x). The atom d >= 0 is then true and d > 0
false on the whole domain; anything outside this reading is left to the enclosures.
"""

from __future__ import annotations

from typing import Any

import sympy

from dpproofs.continuum.enclosure import nonnegative
from dpproofs.continuum.terms import (
    Add,
    All,
    AnyOf,
    Atom,
    Const,
    Literal,
    Mul,
    Not,
    Pow,
    Term,
    Truth,
    Var,
    XLogX,
)

_F = sympy.Function("xlogx")


class _Outside(Exception):
    """The term is outside the rule's reading."""


def _read(t: Term, coordinates: frozenset[str]) -> Any:
    if isinstance(t, Const):
        return sympy.Rational(t.value.numerator, t.value.denominator)
    if isinstance(t, Var):
        return sympy.Symbol(t.name)
    if isinstance(t, Add):
        return sympy.Add(*(_read(a, coordinates) for a in t.args))
    if isinstance(t, Mul):
        return sympy.Mul(*(_read(a, coordinates) for a in t.args))
    if isinstance(t, Pow) and t.exponent >= 0:
        return _read(t.base, coordinates) ** t.exponent
    if isinstance(t, XLogX) and nonnegative(t.arg, coordinates):
        a = sympy.expand(_read(t.arg, coordinates))
        return sympy.Integer(0) if a in (0, 1) else _F(a)
    raise _Outside(type(t).__name__)


def vanishes(d: Term, coordinates: frozenset[str]) -> bool:
    """d is identically 0 on the domain by rule ID (False: not shown)."""
    try:
        return sympy.expand(_read(d, coordinates)) == 0
    except _Outside:
        return False


def settle_identities(phi: Truth, coordinates: frozenset[str]) -> Truth:
    """phi with every atom whose difference vanishes by rule ID replaced by its truth value."""
    if isinstance(phi, Atom):
        return Literal(not phi.strict) if vanishes(phi.diff, coordinates) else phi
    if isinstance(phi, All):
        return All(tuple(settle_identities(a, coordinates) for a in phi.args))
    if isinstance(phi, AnyOf):
        return AnyOf(tuple(settle_identities(a, coordinates) for a in phi.args))
    if isinstance(phi, Not):
        return Not(settle_identities(phi.arg, coordinates))
    return phi
