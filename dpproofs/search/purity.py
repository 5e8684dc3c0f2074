"""Formula against predicate: the traced formula is what the predicate computes, at seeded points.

A claim with a formula (:mod:`dpproofs.search.trace`) is decided on the formula, never on the
predicate again. The formula comes from two runs of the predicate on abstract rows; a predicate
with state (a counter of its calls, a global read at call time, a random draw) may compute
something else on concrete rows later, and then the verdict would be about another claim. So:

* before a size is decided on the formula (:func:`check_size`, called by the engine for every
  size, also when sizes are decided apart), the formula and the predicate itself are evaluated
  in exact arithmetic at POINTS seeded rational points of that size, and must give the same
  truth value;
* a counterexample of the formula must be one of the predicate too
  (:meth:`~dpproofs.search.model.SearchStatement.holds_exactly` calls
  :func:`~dpproofs.search.model.agree`).

A disagreement is InvalidClaim naming the predicate's file and line. The points at n outcomes,
the same on every run (the generator is seeded by n alone):

  0. every row of every object the vertex (1, 0, ..., 0); every parameter at its lower end;
  1. every row uniform (1/n, ..., 1/n); every parameter at its upper end (lower end + 4 when
     unbounded above);
  2. .. POINTS-1: rows of random integer weights in 0..4 (zeros: the boundary of the simplex),
     normalised; parameters at random rationals of their domains.

An open lower end is replaced by a point just inside; a parameter pinned to ln r is ln r. A point
at which either evaluation cannot be decided exactly (Undecided, an ArithmeticError) is skipped.
This is a check at finitely many points, not a proof: a predicate that agrees with its formula
at these points and differs elsewhere is not caught here.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from dpproofs.algebra import EXACT
from dpproofs.search.domains import Interval
from dpproofs.search.model import SearchStatement, agree

#: Points per size (2 fixed, the rest seeded).
POINTS = 5
#: Random weights of a row are integers in 0..WEIGHT.
WEIGHT = 4


def check_size(claim: SearchStatement, size: int) -> None:
    """InvalidClaim unless the formula of ``claim`` and its predicate agree at every point of
    ``size`` (see the module docstring); nothing to check for a claim with no formula."""
    if claim.formula.root is None:
        return
    for values in points(claim, size):
        inputs = claim.exact_inputs(size, values)
        try:
            expected = bool(claim.evaluate(EXACT, size, *inputs))
        except ArithmeticError:  # Undecided, or a division by zero on both sides alike
            continue
        agree(claim, size, inputs, expected)


def points(claim: SearchStatement, size: int) -> Iterator[dict[str, Any]]:
    """The exact rational points of ``size`` (see the module docstring), in order."""
    rng = random.Random(f"dpproofs.purity:{size}")
    shapes = claim.quantifier.shapes(size)
    for k in range(POINTS):
        values: dict[str, Any] = {}
        for name, shape in shapes.items():
            values[name] = [_row(rng, shape.cols, k) for _ in range(shape.rows)]
        for name, domain in claim.quantifier.params:
            t = Fraction(k) if k < 2 else Fraction(rng.randint(0, 64), 64)
            values[name] = _inside(domain, t)
        yield values


def _row(rng: random.Random, cols: int, k: int) -> list[Fraction]:
    if k == 0:
        return [Fraction(int(c == 0)) for c in range(cols)]
    if k == 1:
        return [Fraction(1, cols)] * cols
    weights = [rng.randint(0, WEIGHT) for _ in range(cols)]
    if not any(weights):
        weights[rng.randrange(cols)] = 1
    total = sum(weights)
    return [Fraction(w, total) for w in weights]


def _inside(domain: Interval, t: Fraction) -> Fraction:
    """The point lo + t (hi - lo) of ``domain`` (hi = lo + 4 when unbounded), moved inside an
    open lower end."""
    hi = domain.lo + 4 if domain.hi is None else domain.hi
    value = domain.lo + t * (hi - domain.lo)
    if domain.lo_open and value == domain.lo:
        value = domain.lo + (hi - domain.lo) / 1024 if hi > domain.lo else domain.lo + 1
    return value
