"""Exact values of entropic forms on a concrete joint distribution with rational masses.

For a rational mass m = a/b, m ln m = m (sum_p e_p ln p) with e_p the exponent of the prime p
in a/b, so H(X_S) = - sum_cells m ln m is a *log-combination* sum_p c_p ln p with rational
c_p. A form (:class:`~dpproofs.entropic.terms.Linear`) at a point (joint, parameter values) is
then c_0 + sum_p c_p ln p.

Its sign is decided exactly: if every c_p is 0 it is the sign of the rational c_0. Otherwise
the value is not 0: with D a common denominator, D sum_p c_p ln p = ln Q for the rational
Q = prod p^(D c_p) != 1 (unique factorisation), and ln Q = -D c_0 would make e^(-D c_0) = Q
rational, false for c_0 != 0 (Hermite: e^r is irrational for rational r != 0) and for
c_0 = 0 (Q != 1). So an Arb enclosure of growing precision decides the sign
(:func:`dpproofs.exact.rigorous.sign`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

import sympy

from dpproofs.entropic.terms import Linear, Subset
from dpproofs.errors import InvalidClaim
from dpproofs.exact.rigorous import sign

LogCombination = dict[int, Fraction]


@dataclass(frozen=True, slots=True)
class JointLaw:
    """A joint distribution of named variables: ``masses[(x_1, ..., x_n)]`` for the variables
    ``names`` in order (cells not listed have mass 0). Masses are exact, >= 0, sum to 1."""

    names: tuple[str, ...]
    masses: Mapping[tuple[int, ...], Fraction]

    def __post_init__(self) -> None:
        if any(not isinstance(m, Fraction) or m < 0 for m in self.masses.values()):
            raise InvalidClaim("a joint law's masses are non-negative Fractions")
        if sum(self.masses.values(), Fraction(0)) != 1:
            raise InvalidClaim("a joint law's masses sum to 1")
        if any(len(c) != len(self.names) for c in self.masses):
            raise InvalidClaim("a joint law's cells have one value per variable")


def _log_of(value: Fraction) -> LogCombination:
    out: LogCombination = {}
    for p, e in sympy.factorint(value.numerator).items():
        out[int(p)] = out.get(int(p), Fraction(0)) + e
    for p, e in sympy.factorint(value.denominator).items():
        out[int(p)] = out.get(int(p), Fraction(0)) - e
    return out


def entropy(law: JointLaw, subset: Subset) -> LogCombination:
    """H(X_S) = - sum_s P(X_S = s) ln P(X_S = s) as a log-combination."""
    index = [law.names.index(n) for n in sorted(subset)]
    marginal: dict[tuple[int, ...], Fraction] = {}
    for cell, m in law.masses.items():
        key = tuple(cell[i] for i in index)
        marginal[key] = marginal.get(key, Fraction(0)) + m
    out: LogCombination = {}
    for m in marginal.values():
        if m:
            for p, e in _log_of(m).items():
                out[p] = out.get(p, Fraction(0)) - m * e
    return {p: c for p, c in out.items() if c}


def value(
    form: Linear, law: JointLaw, params: Mapping[str, Fraction]
) -> tuple[Fraction, LogCombination]:
    """(c_0, {p: c_p}) with form(law, params) = c_0 + sum_p c_p ln p."""
    missing = set(form.params) - set(params)
    if missing:
        raise InvalidClaim(f"no value for the parameters {sorted(missing)}")
    const = form.const + sum((c * params[t] for t, c in form.params.items()), Fraction(0))
    logs: LogCombination = {}
    for s, c in form.coords.items():
        for p, e in entropy(law, s).items():
            logs[p] = logs.get(p, Fraction(0)) + c * e
    return const, {p: c for p, c in logs.items() if c}


def as_sympy(const: Fraction, logs: LogCombination) -> sympy.Expr:
    """c_0 + sum_p c_p ln p as an exact sympy expression."""
    return sympy.Rational(const.numerator, const.denominator) + sympy.Add(
        *(
            sympy.Rational(c.numerator, c.denominator) * sympy.log(p)
            for p, c in sorted(logs.items())
        )
    )


def sign_of(form: Linear, law: JointLaw, params: Mapping[str, Fraction]) -> int:
    """The exact sign of the form at (law, params) (see the module docstring)."""
    const, logs = value(form, law, params)
    if not logs:
        return (const > 0) - (const < 0)
    return sign(as_sympy(const, logs))


def approximate(form: Linear, law: JointLaw, params: Mapping[str, Fraction]) -> float:
    """A float of the value (for choosing candidates only, never for deciding)."""
    import math

    const, logs = value(form, law, params)
    return float(const) + sum(float(c) * math.log(p) for p, c in logs.items())
