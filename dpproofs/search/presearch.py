"""Cheap numeric pre-search: random float points scored with MarginAlgebra.

The margin of the predicate is >= 0 where it holds; a point with a negative margin is a
*candidate*, handed to ``round_candidate`` for exact confirmation. Floats only search here;
nothing is decided from them. Sampling is seeded (per size) and its budget is counted in
algebra operations, not seconds, so runs are reproducible whatever the load.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from dpproofs.algebra import MARGIN
from dpproofs.errors import InvalidClaim
from dpproofs.search.model import SearchStatement, float_derived
from dpproofs.search.rationalize import Point, round_candidate


def random_row(rng: np.random.Generator, k: int) -> list[float]:
    """A random probability row; often sparse (counterexamples like zeros and extremes)."""
    weights = rng.dirichlet(np.full(k, rng.choice([0.3, 1.0, 3.0])))
    if k > 1 and rng.random() < 0.4:
        weights[rng.integers(k)] = 0.0
        total = weights.sum()
        weights = weights / total if total > 0 else np.full(k, 1.0 / k)
    return [float(w) for w in weights]


def random_point(claim: SearchStatement, size: int, rng: np.random.Generator) -> Point:
    """Random rows for every object and random parameter values in their domains."""
    point: Point = {}
    for name, shape in claim.quantifier.shapes(size).items():
        point[name] = [random_row(rng, shape.cols) for _ in range(shape.rows)]
    for name, domain in claim.quantifier.params:
        lo = float(domain.lo)
        hi = float(domain.hi) if domain.hi is not None else lo + 5.0
        # Endpoints get 10% each: extremal parameters often break false claims.
        u = rng.random()
        if u < 0.1 and not domain.lo_open:
            point[name] = lo
        elif u < 0.2:
            point[name] = hi
        else:
            point[name] = lo + (hi - lo) * rng.random()
    return point


def margin(claim: SearchStatement, size: int, point: Point) -> tuple[float, int]:
    """(margin of the predicate at ``point``, algebra operations it took)."""
    params = {n: point[n] for n, _ in claim.quantifier.params}
    derived = {a: float_derived(a, params) for a in claim.derived_names()}
    objects = {n: point[n] for n, _ in claim.quantifier.objects}
    value, work = claim.evaluate_counted(MARGIN, size, objects, params, derived)
    return (float(value) if not math.isnan(value) else 0.0), work


#: Work budget of one size's pre-search, in algebra operations (deterministic, unlike seconds),
#: and the most points it samples.
PRESEARCH_WORK, PRESEARCH_POINTS = 200_000, 300


def presearch(claim: SearchStatement, size: int, seed: int = 0) -> dict[str, Any] | None:
    """Sample seeded random points within a fixed work budget; return the first exactly
    confirmed counterexample, or None. The same claim gives the same answer on every run."""
    rng = np.random.default_rng(seed * 1009 + size)
    work = 0
    for _ in range(PRESEARCH_POINTS):
        if work >= PRESEARCH_WORK:
            break
        point = random_point(claim, size, rng)
        try:
            m, cost = margin(claim, size, point)
        except InvalidClaim:
            raise
        except (ZeroDivisionError, OverflowError, ValueError):
            work += 100
            continue
        work += cost
        if m < -1e-9:
            found = round_candidate(claim, size, point)
            if found is not None:
                return found
    return None
