"""Mutants of a chord claim (:mod:`dpproofs.symbolic.chord`, Lemma CM) and the pairs at which
the judge attacks its proofs.

Mutants (each false for the library's bound eps tanh(eps/2), which Lemma CM meets with
equality):

* ``shrink``: B -> (9/10) B (the bound times a factor below 1);
* ``third``: every tanh(x) in B -> tanh(2x/3) (eps tanh(eps/2) -> eps tanh(eps/3));
* ``double``: the hypothesis (c eps, 0)-close -> (2 c eps, 0)-close.

Judge (:func:`dpproofs.soundness.judge._chord`): the certificate is replayed by
:mod:`dpproofs.recheck.chord` (which does not import the decider), then D(P||Q) <= B(eps)
is decided exactly (Arb) on seeded pairs of rational distributions with 2 to 6 outcomes,
at eps0 (the least eps for which the pair is close) and 2 eps0.
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
#: Pairs per proof attacked, and the denominator of their masses.
PAIRS = 30
DENOMINATOR = 12


def edits(claim: Any) -> Iterator[Edit]:
    bound = claim.bound

    def shrink() -> Any:
        return replace(claim, bound=sympy.Rational(9, 10) * bound)

    def third() -> Any:
        return replace(claim, bound=bound.replace(sympy.tanh, lambda x: sympy.tanh(2 * x / 3)))

    def double() -> Any:
        return replace(claim, level=2 * claim.level)

    yield "shrink bound", "conjoin", "B -> (9/10) B", shrink
    if bound.has(sympy.tanh):
        yield "tanh(x) -> tanh(2x/3)", "conjoin", "B: tanh(x) -> tanh(2x/3)", third
    yield "double closeness", "conjoin", "(c eps, 0)-close -> (2 c eps, 0)-close", double


def _law(size: int, rng: random.Random) -> list[Fraction]:
    weights = [rng.randint(1, DENOMINATOR) for _ in range(size)]
    return [Fraction(w, sum(weights)) for w in weights]


def pairs(key: str) -> Iterator[tuple[list[Fraction], list[Fraction], Fraction]]:
    """(P, Q, stretch): seeded pairs with positive masses on 2..6 outcomes, P != Q, and the
    factor (1 or 2) applied to their least closeness level."""
    rng = random.Random(int(hashlib.sha256(key.encode()).hexdigest()[:12], 16))
    found = 0
    while found < PAIRS:
        size = rng.randint(2, 6)
        p, q = _law(size, rng), _law(size, rng)
        if p != q:
            found += 1
            yield p, q, Fraction(1 + found % 2)
