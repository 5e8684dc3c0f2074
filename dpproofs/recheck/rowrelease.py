"""The row-release rule (docs/design/row-release.md) checked by brute force at small n and |D|.

For n in {1, 2, 3} and D = {0, .., u - 1}, u in {2, 3}, the mechanism's distributions are built
entry by entry with Fractions (the weights evaluated exactly at n; a weight that is not rational
there is not checked), and over every pair of databases differing in one row the largest
statistical difference (1/2 sum |p - q|) and whether some output has p > 0 = q are compared with
the claim. The claim is recognised by its class's home; no decider is imported.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import sympy

HOME = ("dpproofs.finite.rowrelease", "RowReleaseClaim")


def _distribution(weights: list[Fraction], x: tuple[int, ...]) -> dict[object, Fraction]:
    out: dict[object, Fraction] = {"nothing": 1 - sum(weights, Fraction(0))}
    for i, w in enumerate(weights):
        if w:
            out[(i, x[i])] = out.get((i, x[i]), Fraction(0)) + w
    return out


def brute_force(release: Any, size: int, universe: int) -> tuple[Fraction, bool, Fraction] | None:
    """(largest SD, some D_inf infinite, w_1) over neighbours of D^size, or None (a weight is
    not rational at size)."""
    weights = []
    for w in release.weights(size):
        value = sympy.simplify(w)
        if not isinstance(value, sympy.Rational):
            return None
        weights.append(Fraction(int(value.p), int(value.q)))
    worst, infinite = Fraction(0), False
    for x in itertools.product(range(universe), repeat=size):
        for i in range(size):
            for v in range(universe):
                if v == x[i]:
                    continue
                y = (*x[:i], v, *x[i + 1 :])
                p, q = _distribution(weights, x), _distribution(weights, y)
                keys = set(p) | set(q)
                zero = Fraction(0)
                sd = sum((abs(p.get(k, zero) - q.get(k, zero)) for k in keys), zero) / 2
                worst = max(worst, sd)
                infinite |= any(p.get(k, zero) > 0 and q.get(k, zero) == 0 for k in keys)
    return worst, infinite, weights[0]


def agrees(claim: Any, status: str) -> tuple[bool, str]:
    """(False, why) when the claim reported proved fails at a brute-forced size."""
    checked = 0
    for size, universe in itertools.product((1, 2, 3), (2, 3)):
        found = brute_force(claim.release, size, universe)
        if found is None:
            continue
        checked += 1
        worst, infinite, first = found
        if claim.quantity.value == "statistical difference":
            bound = claim.bound.xreplace({claim.release.n: sympy.Integer(size)})
            holds = bool(sympy.Rational(worst.numerator, worst.denominator) <= bound)
            rule = worst == first
        else:
            holds = infinite
            rule = infinite == (first > 0)
        if not rule:
            return (
                False,
                f"the rule's supremum differs from brute force at n = {size}, |D| = {universe}",
            )
        if status == "proved" and not holds:
            return False, f"the claim reported proved fails at n = {size}, |D| = {universe}"
    return True, f"row release: brute force at {checked} (n, |D|) in {{1, 2, 3}} x {{2, 3}} agrees"
