"""Mutants of a diagonal claim (:mod:`dpproofs.symbolic.diagonal`, rule DG) and the points at
which the judge attacks its proofs.

Mutants, per case:

* ``negate``: F -> -F - 1 (false at every point where the original holds);
* ``tighten``: F -> F - 3 (q - p)^2 (false near the diagonal wherever F vanishes there to
  second order with a second derivative in q below 6, as Pinsker's does at p = q = 1/2).

Judge (:func:`dpproofs.soundness.judge._diagonal`): the certificate is replayed by
:mod:`dpproofs.recheck.diagonal` (which does not import the decider), then F's sign is decided
exactly (Arb, :func:`dpproofs.exact.rigorous.sign`) at seeded rational points of each case's
domain: a point where F < 0 makes a proof UNSOUND.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from fractions import Fraction
from typing import Any

import sympy

Edit = tuple[str, str, str, Callable[[], Any]]
#: Exact points per case at which a proof is attacked.
POINTS = 20
DENOMINATOR = 64


def _with(claim: Any, index: int, expression: sympy.Expr) -> Any:
    cases = list(claim.cases)
    cases[index] = replace(cases[index], expression=expression)
    # a mutant is not the builder's claim: it states no reduction (the cases as written)
    return replace(claim, cases=tuple(cases), reduction="")


def edits(claim: Any) -> Iterator[Edit]:
    p, q = claim.p, claim.q
    for index, case in enumerate(claim.cases):
        name = case.label or f"case {index + 1}"
        f = case.expression

        def negate(index: int = index, f: sympy.Expr = f) -> Any:
            return _with(claim, index, -f - 1)

        def tighten(index: int = index, f: sympy.Expr = f) -> Any:
            return _with(claim, index, f - 3 * (q - p) ** 2)

        yield f"negate {name}", "negate", f"{name}: F -> -F - 1", negate
        yield f"tighten {name}", "conjoin", f"{name}: F -> F - 3 (q - p)^2", tighten


def _values(interval: sympy.Set, rng: random.Random) -> Fraction:
    if isinstance(interval, sympy.FiniteSet):
        (a,) = interval.args
        return Fraction(int(a.p), int(a.q))
    lo = Fraction(int(interval.start.p), int(interval.start.q))
    hi = Fraction(int(interval.end.p), int(interval.end.q))
    first = 1 if interval.left_open else 0
    last = DENOMINATOR - 1 if interval.right_open else DENOMINATOR
    return lo + (hi - lo) * Fraction(rng.randint(first, last), DENOMINATOR)


def points(claim: Any, key: str) -> Iterator[tuple[Any, Fraction, Fraction]]:
    """(case, p, q): seeded rational points of each case's domain (denominator 64 of the
    interval's width; open ends left out; points where a constraint is not > 0 skipped, at
    most 5 POINTS tries per case)."""
    rng = random.Random(int(hashlib.sha256(key.encode()).hexdigest()[:12], 16))
    for case in claim.cases:
        found = 0
        for _ in range(5 * POINTS):
            x, y = _values(case.base, rng), _values(case.moving, rng)
            at = {claim.p: sympy.Rational(x), claim.q: sympy.Rational(y)}
            if all(c.subs(at) > 0 for c in case.constraints):
                found += 1
                yield case, x, y
            if found == POINTS:
                break
