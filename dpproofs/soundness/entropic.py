"""Mutants of a Shannon claim (:mod:`dpproofs.entropic`) and the independent judge of their
verdicts.

Mutants:

* ``swap``: lhs <= rhs -> rhs <= lhs (false wherever the original is strict somewhere);
  an equality lhs = rhs -> lhs = rhs + H(first variable) (false where that entropy is > 0);
* ``drop <j>``: the hypothesis j removed (a weaker premise: often false, never stronger).

Judge: a refutation's witness is replayed by :mod:`dpproofs.recheck.entropic` (which does not
import the decider); a proof's certificate is replayed there, and the claim is evaluated by the
rechecker's own exact code at seeded rational laws built here (functions of independent
sources, plus uniform random laws on binary alphabets): a law where the hypotheses hold and the
target fails makes the proof UNSOUND.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from fractions import Fraction
from itertools import product
from typing import Any

Edit = tuple[str, str, str, Callable[[], Any]]
#: Laws at which a proof is attacked.
LAWS = 80


def edits(claim: Any) -> Iterator[Edit]:
    from dpproofs.entropic.terms import H, RandomVariable, Relation

    target = claim.target

    def swap() -> Any:
        if target.kind == "==":
            first = RandomVariable(claim.names()[0])
            return replace(claim, target=Relation(target.lhs, target.rhs + H(first), "=="))
        return replace(claim, target=Relation(target.rhs, target.lhs, "<="))

    yield "swap", "swap", "lhs <= rhs -> rhs <= lhs (an equality: + H(first variable))", swap
    for index in range(len(claim.hypotheses)):

        def drop(index: int = index) -> Any:
            kept = claim.hypotheses[:index] + claim.hypotheses[index + 1 :]
            return replace(claim, hypotheses=kept)

        yield f"drop {index}", "drop", f"hypothesis {index} removed", drop


def laws(names: list[str], key: str) -> Iterator[dict[tuple[int, ...], Fraction]]:
    """Seeded exact laws of ``names``: functions of independent sources (each variable reads a
    random subset of 1..n+1 sources with laws in (1/6) Z), then random laws on {0,1}^n."""
    rng = random.Random(int(hashlib.sha256(key.encode()).hexdigest()[:12], 16))
    n = len(names)
    for _ in range(LAWS // 2):
        sources = []
        for _ in range(rng.randint(1, n + 1)):
            k = rng.randint(1, 5)
            sources.append((Fraction(k, 6), Fraction(6 - k, 6)))
        reads = [[s for s in range(len(sources)) if rng.random() < 0.5] for _ in names]
        maps = [{v: rng.randrange(2) for v in product((0, 1), repeat=len(r))} for r in reads]
        masses: dict[tuple[int, ...], Fraction] = {}
        for outcome in product((0, 1), repeat=len(sources)):
            mass = Fraction(1)
            for s, o in zip(sources, outcome, strict=True):
                mass *= s[o]
            cell = tuple(m[tuple(outcome[s] for s in r)] for m, r in zip(maps, reads, strict=True))
            masses[cell] = masses.get(cell, Fraction(0)) + mass
        yield masses
    for _ in range(LAWS // 2):
        weights = [rng.randint(0, 4) for _ in range(2**n)]
        if not any(weights):
            weights[0] = 1
        total = sum(weights)
        yield {
            cell: Fraction(w, total)
            for cell, w in zip(product((0, 1), repeat=n), weights, strict=True)
            if w
        }


def parameter_points(claim: Any) -> list[dict[str, Fraction]]:
    """Parameter values tried at each law: 0, 1/10, 1, 10 for each parameter at once."""
    return [dict.fromkeys(claim.parameters(), Fraction(v)) for v in ("0", "1/10", "1", "10")]
