"""The additive sensitivity rule checked by brute force at small |X| and n.

The rule (docs/design/additive.md) says that for an additive statistic f_g(x) = c(n) sum_i g(x_i)
with g ranging over a class of per-entry terms, sup_g Delta f_g = c(n) diam V (change one entry)
or c rad V (add/remove one entry), for every universe X with |X| >= 2 and every n >= 1. Here
nothing of the rule is used: for X = {0, .., u - 1}, u in SIZES, and n in LENGTHS,

    every term g: X -> W is listed, W = the class's values (finite V: V itself; [lo, hi]: lo,
    (lo + hi) / 2, hi; histograms: the unit vectors e_0, .., e_(u-1) of Q^u, so every partition
    of X into at most u buckets, each bucket a label),
    every neighbour pair (x, y) is listed (change: x, y in X^n differing in one position;
    add/remove: x in X^n and x with one position deleted, both orders),
    and max ||f_g(x) - f_g(y)||_1 is computed with Fractions, entry by entry.

The claim "sup_g Delta <= bound(n)" (and "= bound(n)" when attained) is then compared at each
(u, n): a proved claim must hold at every one, and the maximum found must reach the bound when
the claim says it is attained (the listed terms contain the rule's extremal ones: the class's two
farthest values, or its largest). A refuted claim must fail at one of them (a failing comparison
fails at n = 1 or 2, and |X| = 2 already attains the supremum).

The claim is read by its attributes (``terms.kind.name``, ``terms.points``, ``reading.name``,
``scale``, ``bound``, ``attained``); the decider's module is not imported.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

#: Universe sizes |X| and lengths n checked.
SIZES = (2, 3)
LENGTHS = (1, 2, 3)
Vector = tuple[Fraction, ...]


@dataclass(frozen=True, slots=True)
class Point:
    """One (|X|, n): the largest Delta found over every listed term and neighbour pair, the
    claim's bound there, and whether the claim's comparison holds there."""

    universe: int
    n: int
    largest: Fraction
    bound: Fraction
    holds: bool

    def __str__(self) -> str:
        verdict = "holds" if self.holds else "fails"
        where = f"|X| = {self.universe}, n = {self.n}"
        return f"{where}: max Delta = {self.largest}, bound {self.bound} ({verdict})"


def _at(scaled: Any, n: int) -> Fraction:
    return Fraction(scaled.c) / n if scaled.per_n else Fraction(scaled.c)


def _values(claim: Any, universe: int) -> list[Vector]:
    kind = claim.terms.kind.name
    if kind == "UNIT_VECTORS":
        return [tuple(Fraction(int(i == j)) for i in range(universe)) for j in range(universe)]
    points = [tuple(Fraction(c) for c in p) for p in claim.terms.points]
    if kind == "INTERVAL":
        (lo,), (hi,) = points
        return [(lo,), ((lo + hi) / 2,), (hi,)]
    if kind == "POINTS":
        return points
    raise ValueError(f"unknown class of per-entry terms {kind}")


def _neighbours(
    claim: Any, universe: int, n: int
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    for x in itertools.product(range(universe), repeat=n):
        for i in range(n):
            if claim.reading.name == "CHANGE":
                for v in range(universe):
                    if v != x[i]:
                        yield x, (*x[:i], v, *x[i + 1 :])
            else:
                shorter = (*x[:i], *x[i + 1 :])
                yield x, shorter
                yield shorter, x


def _sum(g: Sequence[Vector], x: tuple[int, ...], dim: int) -> Vector:
    return tuple(sum((g[e][j] for e in x), Fraction(0)) for j in range(dim))


def largest_delta(claim: Any, universe: int, n: int) -> Fraction:
    """max over every listed g and every neighbour pair at (|X|, n) of ||f_g(x) - f_g(y)||_1."""
    values = _values(claim, universe)
    dim = len(values[0])
    pairs = list(_neighbours(claim, universe, n))
    best = Fraction(0)
    for g in itertools.product(values, repeat=universe):
        for x, y in pairs:
            fx, fy = _sum(g, x, dim), _sum(g, y, dim)
            scale_x, scale_y = _at(claim.scale, max(len(x), 1)), _at(claim.scale, max(len(y), 1))
            best = max(
                best,
                sum(
                    (abs(scale_x * a - scale_y * b) for a, b in zip(fx, fy, strict=True)),
                    Fraction(0),
                ),
            )
    return best


def brute_force(claim: Any) -> list[Point]:
    """The claim's comparison at every (|X|, n) of SIZES x LENGTHS (see the module docstring)."""
    out = []
    for universe in SIZES:
        for n in LENGTHS:
            largest, bound = largest_delta(claim, universe, n), _at(claim.bound, n)
            holds = largest <= bound and (not claim.attained or largest == bound)
            out.append(Point(universe, n, largest, bound, holds))
    return out


def agrees(claim: Any, status: str) -> tuple[bool, str]:
    """Whether the brute force agrees with the verdict ``status`` (proved: the comparison holds
    at every point; refuted: it fails at one), and a sentence saying where."""
    points = brute_force(claim)
    failing = [p for p in points if not p.holds]
    checked = f"{len(points)} points (|X| in {SIZES}, n in {LENGTHS})"
    if status == "proved":
        if failing:
            return False, f"proved, but by brute force {failing[0]}"
        return True, f"brute force holds at {checked}"
    if status == "refuted":
        if not failing:
            return False, f"refuted, but by brute force the comparison holds at {checked}"
        return True, f"brute force fails too: {failing[0]}"
    return True, f"nothing to compare for a {status} verdict"
