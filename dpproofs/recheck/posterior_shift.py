"""Rule PS (docs/design/posterior_shift.md) checked by brute force.

Exact rational mechanisms on D^n (n in {1, 2, 3}, |D| in {2, 3}, at most 9 databases) with 2
or 3 outputs, seeded: rows near a common row (weights 20..60 and one rare output of weight 0,
1 or 2; each weight scaled by 1, 21/20 or 11/10) and some databases far from it (a near point
mass, or seeded weights), so that E is often a proper subset and game i may find an output
impossible. Each at two seeded points e^eps = y in {21/20, 11/10, 6/5, 3/2} and delta = g^2,
g in {0, 1/20, 1/10, 1/5, 1/2}: E (every neighbour's pair (eps, d)-indistinguishable on every
set of outputs, d = delta or 0 by the claim's closeness) is computed exactly, beliefs put mass
1 - delta, or all, on E (uniform and seeded), and the exact breach mass of Definition 2.3
(``vocabulary.semantic_breach_mass``, its convention for an output impossible in game i
included) is compared with the claim's delta' at eps = ln y, delta = g^2. A claim reported
proved whose delta' is below the breach mass somewhere fails. The claim is recognised by its
class's home; no decider is imported.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import sympy

from dpproofs import vocabulary as V
from dpproofs.algebra import EXACT
from dpproofs.search.databases import DatabaseSpace

HOME = ("dpproofs.finite.posterior_shift", "PosteriorShiftClaim")
RATIOS = tuple(map(sympy.Rational, ("21/20", "11/10", "6/5", "3/2")))
ROOTS = tuple(map(sympy.Rational, ("0", "1/20", "1/10", "1/5", "1/2")))
SHAPES = ((1, 2), (1, 3), (2, 2), (2, 3), (3, 2))
Row = tuple[sympy.Rational, ...]


@dataclass(frozen=True, slots=True)
class Instance:
    """A mechanism on D^n (``rows`` in ``space``'s order) and the point (y, g)."""

    space: DatabaseSpace
    rows: tuple[Row, ...]
    y: sympy.Rational
    g: sympy.Rational


def _law(weights: Sequence[int]) -> Row:
    total = sum(weights)
    return tuple(sympy.Rational(w, total) for w in weights)


def mechanisms(seed: int = 51) -> Iterator[tuple[DatabaseSpace, tuple[Row, ...]]]:
    """Seeded mechanisms (module docstring): 12 per shape and output count."""
    rng = random.Random(seed)
    for (n, size), outputs in itertools.product(SHAPES, (2, 3)):
        space = DatabaseSpace(domain=size, n=n)
        for _ in range(12):
            base = [rng.randint(20, 60) for _ in range(outputs)]
            base[rng.randrange(outputs)] = rng.choice((0, 1, 2))
            rows = []
            for _x in range(space.count):
                far = rng.random()
                if far < 0.1:
                    weights = [int(t == rng.randrange(outputs)) for t in range(outputs)]
                    weights[rng.randrange(outputs)] += 1
                elif far < 0.25:
                    weights = [rng.randint(0, 8) for _ in range(outputs)]
                    weights[rng.randrange(outputs)] += 1
                else:
                    weights = [b * rng.choice((20, 21, 22)) for b in base]
                rows.append(_law(weights))
            yield space, tuple(rows)


def close_set(
    space: DatabaseSpace, rows: Sequence[Row], y: sympy.Rational, d: sympy.Rational
) -> list[bool]:
    """x in E: for every neighbour x', P(S) <= y P'(S) + d and P'(S) <= y P(S) + d for every
    set S of outputs (P = rows[x], P' = rows[x'])."""
    outputs = range(len(rows[0]))
    subsets = [s for k in range(1, len(rows[0]) + 1) for s in itertools.combinations(outputs, k)]

    def close(p: Row, q: Row) -> bool:
        for s in subsets:
            ps, qs = sum(p[t] for t in s), sum(q[t] for t in s)
            if ps > y * qs + d or qs > y * ps + d:
                return False
        return True

    inside = [True] * space.count
    for a, b in space.neighbours:
        if not close(rows[a], rows[b]):
            inside[a] = False
    return inside


def beliefs(inside: Sequence[bool], delta: sympy.Rational, rng: random.Random) -> Iterator[Row]:
    """Beliefs with b[E] >= 1 - delta: mass delta (or 0) spread over the databases outside E,
    the rest over E, uniformly and with seeded weights (none when E is empty)."""
    members = [x for x, ok in enumerate(inside) if ok]
    others = [x for x, ok in enumerate(inside) if not ok]
    if not members:
        return
    for outside in {delta if others else sympy.Integer(0), sympy.Integer(0)}:
        for uniform in (True, False):
            belief = [sympy.Integer(0)] * len(inside)
            for group, mass in ((members, 1 - outside), (others, outside)):
                weights = [1 if uniform else rng.randint(1, 5) for _ in group]
                for x, w in zip(group, weights, strict=True):
                    belief[x] = mass * sympy.Rational(w, sum(weights))
            yield tuple(belief)


def breach_mass(space: DatabaseSpace, rows: Sequence[Row], belief: Row, c: Any) -> Any:
    """Definition 2.3's breach probability at level c, exactly (the vocabulary's)."""
    return V.semantic_breach_mass(EXACT, belief, rows, space.games, c)


def at_point(claim: Any, y: sympy.Rational, g: sympy.Rational, n: int) -> tuple[Any, Any] | None:
    """(eps', delta') of the claim at eps = ln y, delta = g^2 and n, as rationals (else None)."""
    point = {claim.eps: sympy.log(y), claim.delta: g**2, claim.n: sympy.Integer(n)}
    values = [sympy.sympify(e).subs(point) for e in (claim.eps_prime, claim.delta_prime)]
    if not all(v.is_Rational for v in values):
        return None
    return values[0], values[1]


def points(
    rng: random.Random,
) -> Iterator[tuple[tuple[DatabaseSpace, tuple[Row, ...]], sympy.Rational, sympy.Rational]]:
    """Each mechanism at two seeded points (y, g)."""
    for mechanism in mechanisms():
        for _ in range(2):
            yield mechanism, rng.choice(RATIOS), rng.choice(ROOTS)


def agrees(claim: Any, status: str) -> tuple[bool, str]:
    """(False, why) when a claim reported proved has breach mass above delta' somewhere."""
    rng = random.Random(7)
    checked = skipped = 0
    pure = claim.closeness.name == "PURE"
    for (space, rows), y, g in points(rng):
        values = at_point(claim, y, g, space.n)
        if values is None:
            skipped += 1
            continue
        eps_prime, delta_prime = values
        inside = close_set(space, rows, y, sympy.Integer(0) if pure else g**2)
        for belief in beliefs(inside, g**2, rng):
            checked += 1
            mass = breach_mass(space, rows, belief, eps_prime)
            if status == "proved" and mass > delta_prime:
                return False, (
                    f"at {space}, rows {rows}, belief {belief}, e^eps = {y}, delta = {g**2}: "
                    f"breach mass {mass} > delta' = {delta_prime}"
                )
    return True, (
        f"posterior shift: {checked} (mechanism, belief, eps, delta) instances hold ({skipped} "
        "points where eps' or delta' is not rational skipped)"
    )
