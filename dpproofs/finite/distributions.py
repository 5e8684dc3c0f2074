"""Exact quantities of two distributions P, Q on the same finite set of outcomes.

Thin exact front-ends to the vocabulary (:mod:`dpproofs.vocabulary`), for users' own checks and
tests. Inputs are sequences of exact numbers (strings such as "3/4", ints, Fractions, sympy
numbers), validated as probability vectors; epsilons and deltas likewise.

    pointwise_bad_probability(P, Q, eps) = (P(Bad), Q(Bad)),
        Bad = {a : P(a) > e^eps Q(a) or Q(a) > e^eps P(a)}   (K&S Definition 3.2)
    hockey_stick(P, Q, eps)    = sum_a (P(a) - e^eps Q(a))^+ = max_S P(S) - e^eps Q(S)
    indistinguishable(P, Q, eps, delta): both hockey sticks <= delta       (K&S Definition 3.1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sympy

from dpproofs import vocabulary as V
from dpproofs.algebra import EXACT
from dpproofs.errors import InvalidMechanism
from dpproofs.exact.parse import parse_exact
from dpproofs.exact.rigorous import sign


def distribution(values: Sequence[Any], name: str = "distribution") -> tuple[sympy.Expr, ...]:
    """Validate an exact probability vector: entries >= 0 summing to exactly 1."""
    parsed = tuple(parse_exact(v) for v in values)
    if not parsed:
        raise InvalidMechanism(f"{name} has no outcomes")
    for index, v in enumerate(parsed):
        if sign(v) < 0:
            raise InvalidMechanism(f"{name}[{index}] = {v} is negative")
    total = sympy.Add(*parsed)
    if sign(total - 1) != 0:
        raise InvalidMechanism(f"{name} sums to {total}, not 1")
    return parsed


def _pair(p: Sequence[Any], q: Sequence[Any]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    first, second = distribution(p, "P"), distribution(q, "Q")
    if len(first) != len(second):
        raise InvalidMechanism(f"P has {len(first)} outcomes but Q has {len(second)}")
    return first, second


def pointwise_bad_probability(
    p: Sequence[Any], q: Sequence[Any], epsilon: Any
) -> tuple[sympy.Expr, sympy.Expr]:
    """(P(Bad), Q(Bad)): P and Q are point-wise (eps, delta)-indistinguishable iff both <= delta."""
    first, second = _pair(p, q)
    mass_p, mass_q = V.pointwise_bad_mass(EXACT, first, second, sympy.exp(parse_exact(epsilon)))
    return sympy.cancel(mass_p), sympy.cancel(mass_q)


def hockey_stick(p: Sequence[Any], q: Sequence[Any], epsilon: Any) -> sympy.Expr:
    """max_S P(S) - e^eps Q(S) (the least delta with P(S) <= e^eps Q(S) + delta for all S)."""
    first, second = _pair(p, q)
    return sympy.sympify(V.hockey_stick(EXACT, first, second, sympy.exp(parse_exact(epsilon))))


def indistinguishable(p: Sequence[Any], q: Sequence[Any], epsilon: Any, delta: Any) -> bool:
    """(eps, delta)-indistinguishability (K&S Definition 3.1), decided exactly."""
    first, second = _pair(p, q)
    e_eps, d = sympy.exp(parse_exact(epsilon)), parse_exact(delta)
    return bool(V.indistinguishable(EXACT, first, second, e_eps, d))
