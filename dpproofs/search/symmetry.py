"""Guarding symmetry breaking: a claim searched "up to relabelling" must not depend on labels.

The search may sort the size axis (outcomes, outputs) of the first object, which is sound only if
the predicate is invariant under relabelling that axis jointly in every object that has it. Every
vocabulary predicate is (they are sums and maxima over outcomes), but a hand-written predicate
that reads ``p[0]`` is not, and symmetry breaking would then hide counterexamples.

:func:`check_relabelling_invariance` evaluates the predicate EXACTLY at a few random rational
points and at relabelled copies of them; a difference proves the predicate is not invariant, and
the claim is rejected (InvalidClaim, so the theorem is an ERROR, never a wrong VERIFIED_BOUNDED).
Agreement on samples is not a proof of invariance: this guard catches mistakes, the author's
declaration (``symmetric=True``, implied by ``for_all_distributions``/``for_all_mechanisms``)
remains the premise.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from dpproofs.errors import InvalidClaim, Undecided
from dpproofs.search.forall import SearchClaim

SAMPLES = 4


def _random_row(rng: random.Random, cols: int) -> list[Fraction]:
    weights = [rng.randint(0, 6) for _ in range(cols)]
    if sum(weights) == 0:
        weights[rng.randrange(cols)] = 1
    return [Fraction(w, sum(weights)) for w in weights]


def _random_value(rng: random.Random, lo: Fraction, hi: Fraction | None, lo_open: bool) -> Fraction:
    top = hi if hi is not None else lo + 3
    value = lo + (top - lo) * Fraction(rng.randint(1, 9), 10)
    return value if (value > lo or not lo_open) else (lo + top) / 2


def check_relabelling_invariance(claim: SearchClaim, seed: int = 0) -> None:
    """Raise InvalidClaim if relabelling the size axis changes the predicate's truth somewhere."""
    q = claim.quantifier
    if not q.symmetric:
        return
    size = min(max(q.sizes), 3)
    shapes = q.shapes(size)
    if not any(s.size_axis for s in shapes.values()) or size < 2:
        return
    rng = random.Random(seed)
    for _ in range(SAMPLES):
        values: dict[str, Any] = {
            name: [_random_row(rng, shape.cols) for _ in range(shape.rows)]
            for name, shape in shapes.items()
        }
        for name, domain in q.params:
            if domain.exp_value is None:
                values[name] = _random_value(rng, domain.lo, domain.hi, domain.lo_open)
        order = list(range(size))
        while order == sorted(order):
            rng.shuffle(order)
        relabelled = dict(values)
        for name, shape in shapes.items():
            if shape.size_axis:
                relabelled[name] = [[row[c] for c in order] for row in values[name]]
        try:
            before = claim.holds_exactly(size, values)
            after = claim.holds_exactly(size, relabelled)
        except Undecided:
            continue
        if before != after:
            raise InvalidClaim(
                f"the predicate of '{claim.says}' changes when the {q.size_name} are relabelled "
                f"(at {values}, relabelled by {order}); it is not invariant, so symmetry breaking "
                "would be unsound: quantify with for_all(..., symmetric=False)"
            )
