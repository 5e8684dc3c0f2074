"""Mutants of a chord claim (:mod:`dpproofs.symbolic.chord`, Lemma CM) and the instances at
which the judge attacks its proofs.

Mutants (each false for the KL claim D(P||Q) <= eps tanh(eps/2), which Lemma CM meets with
equality; for an I claim they may be true, and must only never be proved wrongly):

* ``shrink``: B -> (9/10) B (the bound times a factor below 1);
* ``third``: every tanh(x) in B -> tanh(2x/3) (eps tanh(eps/2) -> eps tanh(eps/3));
* ``double``: the hypothesis (c eps, 0)-close -> (2 c eps, 0)-close (or D <= c eps ->
  D <= 2 c eps).

Judge (:func:`dpproofs.soundness.judge._chord`): the certificate is replayed by
:mod:`dpproofs.recheck.chord` (which does not import the decider), then D(P||Q) <= B(eps)
(or I(X; Y) <= B(eps)) is decided exactly (Arb) on seeded rational distributions with 2 to 6
outcomes (pairs, or 2..4 rows and a prior), at eps0 (the least eps at which the hypothesis
holds, or a rational above it) and 2 eps0.
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
#: Instances per proof attacked, and the denominator of their masses.
INSTANCES = 30
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


def instances(
    claim: Any, key: str
) -> Iterator[tuple[list[list[Fraction]], list[Fraction], Fraction, tuple[int, int] | None]]:
    """(rows, prior, stretch, entries): seeded laws with positive masses on 2..6 outcomes, two
    rows (a KL claim), 2..4 rows and a prior (an I claim) or, for a claim over D^n, a mechanism
    on D^n (n in 1..3, |D| in 2..3, at most 9 databases) with entries = (n, |D|); rows not all
    equal; the factor (1 or 2) applied to their least level
    (:func:`dpproofs.recheck.chord.truth_at`)."""
    rng = random.Random(int(hashlib.sha256(key.encode()).hexdigest()[:12], 16))
    found = 0
    while found < INSTANCES:
        size = rng.randint(2, 6)
        entries = None
        if claim.group is not None:
            entries = (rng.randint(1, 3), rng.randint(2, 3))
            count = entries[1] ** entries[0]
            if count > 9:
                continue
        else:
            count = 2 if claim.quantity == "kl" else rng.randint(2, 4)
        rows = [_law(size, rng) for _ in range(count)]
        if any(row != rows[0] for row in rows):
            found += 1
            yield rows, _law(count, rng), Fraction(1 + found % 2), entries
