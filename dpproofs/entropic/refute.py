"""Looking for a joint distribution where the hypotheses hold and the target fails.

Candidates are exact by construction: a few independent *sources* U_1..U_k with small rational
laws, and each variable a function of a subset of the sources. Such laws satisfy independence,
Markov and function hypotheses exactly more often than random joints (which satisfy an
equality of entropies with probability 0), and they contain the classical counterexamples
(X = Y = Z one bit; Y = X xor Z). The generator is seeded: the same candidates on every run.

Parameters (eps) are given rational values near the points where a hypothesis or the target
changes sign (floats choose them). Nothing is concluded from floats: every candidate is
decided by :func:`dpproofs.entropic.values.sign_of` (exact), hypotheses and target.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import product

from dpproofs.deadline import Deadline
from dpproofs.entropic.terms import Linear, Relation
from dpproofs.entropic.values import JointLaw, approximate, sign_of

SEED = 30
CANDIDATES = 400
LAWS = (
    (Fraction(1, 2), Fraction(1, 2)),
    (Fraction(1, 3), Fraction(2, 3)),
    (Fraction(1, 4), Fraction(3, 4)),
    (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)),
    (Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)),
)


def candidates(names: Sequence[str], count: int = CANDIDATES) -> Iterator[JointLaw]:
    """Seeded joint laws of ``names``: functions of independent sources."""
    rng = random.Random(SEED)
    for _ in range(count):
        sources = [rng.choice(LAWS) for _ in range(rng.randint(1, len(names) + 1))]
        reads = [tuple(s for s in range(len(sources)) if rng.random() < 0.5) for _ in names]
        tables: list[dict[tuple[int, ...], int]] = []
        for r in reads:
            values = list(product(*(range(len(sources[s])) for s in r)))
            size = rng.choice((2, 2, 3, len(values)))
            identity = rng.random() < 0.4
            tables.append(
                {v: (k if identity else rng.randrange(size)) for k, v in enumerate(values)}
            )
        masses: dict[tuple[int, ...], Fraction] = {}
        for outcome in product(*(range(len(s)) for s in sources)):
            mass = Fraction(1)
            for s, o in zip(sources, outcome, strict=True):
                mass *= s[o]
            cell = tuple(
                t[tuple(outcome[s] for s in r)] for t, r in zip(tables, reads, strict=True)
            )
            masses[cell] = masses.get(cell, Fraction(0)) + mass
        yield JointLaw(tuple(names), masses)


def _parameter_values(
    forms: Sequence[Linear], law: JointLaw, params: Sequence[str]
) -> list[dict[str, Fraction]]:
    """Rational parameter points to try: 0, and near each root of a form in one parameter
    (the others at 0)."""
    points = [dict.fromkeys(params, Fraction(0))]
    for t in params:
        for f in forms:
            a = f.params.get(t, Fraction(0))
            if a:
                rest = dict.fromkeys(params, Fraction(0))
                root = -approximate(f, law, rest) / float(a)
                for shift in (0.0, 1e-6, -1e-6, 1e-3, -1e-3):
                    point = dict(rest)
                    point[t] = Fraction(root + shift).limit_denominator(10**9)
                    points.append(point)
    return points


def refute(
    target: Relation,
    hypotheses: Sequence[Relation],
    names: Sequence[str],
    params: Sequence[str],
    deadline: Deadline,
) -> tuple[JointLaw, dict[str, Fraction]] | None:
    """A (law, parameter values) where every hypothesis holds and the target fails, decided
    exactly; None when no candidate is one (which shows nothing)."""
    forms = [h.difference() for h in hypotheses]
    goals = [target.difference()]
    if target.kind == "==":
        goals.append(-target.difference())
    # The smallest laws first: a short witness.
    for law in sorted(candidates(names), key=lambda law: len(law.masses)):
        if deadline.expired():
            return None
        for point in _parameter_values([*forms, *goals], law, params):
            if all(
                _holds(h, f, law, point) for h, f in zip(hypotheses, forms, strict=True)
            ) and any(sign_of(g, law, point) < 0 for g in goals):
                return law, point
    return None


def _holds(h: Relation, form: Linear, law: JointLaw, point: dict[str, Fraction]) -> bool:
    s = sign_of(form, law, point)
    return s == 0 if h.kind == "==" else s >= 0
