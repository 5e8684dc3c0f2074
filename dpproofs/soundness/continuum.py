"""Mutants of a continuum claim (:mod:`dpproofs.continuum`) and the independent judge of their
verdicts.

Mutants (each a claim that is false whenever the original is true and not degenerate):

* ``negate``: phi -> not phi;
* ``pin <v>``: phi and (v <= 1/2) for the first coordinate v of each object (false at the
  vertex v = 1 of the simplex);
* ``cut <t>``: phi and (t <= (lo + hi)/2) for each parameter t in [lo, hi] with lo < hi (false
  at t = hi).

A premise (``premise=``, whose failure is UNKNOWN in the library) is mutated as a plain claim,
so that its mutants are refuted and judged like any other.

Judge: a refutation's witness is replayed by the rechecker (:mod:`dpproofs.recheck.continuum`,
which does not import the decider); a proof's bisection tree is rebuilt and every leaf
re-enclosed there, and the predicate is evaluated by the rechecker's own code at seeded exact
points of the domain (vertices first, then random rational points): a point where it is false
makes the proof UNSOUND.
"""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from fractions import Fraction
from typing import Any

Edit = tuple[str, str, str, Callable[[], Any]]
#: Exact points at which a proof is attacked.
POINTS = 60


def _negated(predicate: Callable[..., Any], alg: Any, *args: Any) -> Any:
    return alg.not_(predicate(alg, *args))


def _pinned(predicate: Callable[..., Any], index: int, alg: Any, *args: Any) -> Any:
    first = args[index][0]
    leaf = first[0] if isinstance(first, list) else first
    return alg.all([predicate(alg, *args), alg.le(leaf, Fraction(1, 2))])


def _cut(predicate: Callable[..., Any], index: int, mid: Fraction, alg: Any, *args: Any) -> Any:
    return alg.all([predicate(alg, *args), alg.le(args[index], mid)])


def edits(claim: Any) -> Iterator[Edit]:
    # A mutant is judged as a plain claim: a premise's UNKNOWN-on-failure would hide it.
    claim = replace(claim, premise="") if getattr(claim, "premise", "") else claim

    def negate() -> Any:
        return replace(claim, predicate=functools.partial(_negated, claim.predicate))

    yield "negate", "negate", "phi -> not phi", negate
    for index, obj in enumerate(claim.domain.objects):
        variable = obj.variables()[0][0]

        def pin(index: int = index) -> Any:
            return replace(claim, predicate=functools.partial(_pinned, claim.predicate, index))

        yield f"pin {variable}", "conjoin", f"phi -> phi and {variable} <= 1/2", pin
    first = len(claim.domain.objects)
    for offset, (name, lo, hi) in enumerate(claim.domain.params):
        if lo < hi:
            mid = (lo + hi) / 2

            def cut(index: int = first + offset, mid: Fraction = mid) -> Any:
                return replace(
                    claim, predicate=functools.partial(_cut, claim.predicate, index, mid)
                )

            yield f"cut {name}", "conjoin", f"phi -> phi and {name} <= {mid}", cut


def points(claim: Any, key: str) -> Iterator[dict[str, Fraction]]:
    """Exact points of the claim's domain: the vertex of each row's first outcome, then seeded
    random rational points (denominator 64)."""
    domain = claim.domain
    rng = random.Random(int(hashlib.sha256(key.encode()).hexdigest()[:12], 16))
    for index in range(POINTS):
        point: dict[str, Fraction] = {}
        for row in domain.rows:
            if index == 0:
                weights = [1] + [0] * (len(row) - 1)
            else:
                weights = [rng.randint(0, 8) for _ in row]
                weights[rng.randrange(len(row))] += 1
            total = sum(weights)
            point.update({v: Fraction(w, total) for v, w in zip(row, weights, strict=True)})
        for name, lo, hi in domain.params:
            point[name] = lo + (hi - lo) * Fraction(rng.randint(0, 64), 64)
        yield point
