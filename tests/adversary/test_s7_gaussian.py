"""Adversary (session 7, helper ADV, issue 30): the Gaussian curve on parameter boxes (g30,
docs/design/branch-and-bound.md, Lemmas G1 and G2).

Lemma G2 ("delta decreases in eps and increases in Delta/sigma, so its corners bound it on the
box") is applied by the theorem file, as ``covers=`` text on a continuum claim of one corner:
no code checks that the predicate is the vocabulary's gaussian_delta, nor that the corner is
the lemma's. A corner of another predicate gets the same verdict and coverage.
"""

from __future__ import annotations

from fractions import Fraction

from dpproofs.continuum.claim import continuum
from dpproofs.deadline import Deadline
from dpproofs.verdict import Status

BOX = "every eps in (0, 100] and ratio in [1/100, 64] (Lemma G2)"


def test_a_corner_of_another_predicate_does_not_cover_the_box() -> None:
    # 0 < 1 - eps * ratio holds at the corner (1/100, 1/100) and fails at (100, 64) (exact:
    # 1 - 6400 < 0), a point of the box the coverage names.
    assert 1 - 100 * 64 < 0 < 1 - Fraction(1, 100) * Fraction(1, 100)
    corner = (Fraction(1, 100), Fraction(1, 100))
    claim = continuum(
        "0 < 1 - eps ratio",
        lambda alg, eps, ratio: alg.lt(0, 1 - eps * ratio),
        {},
        {"eps": corner, "ratio": corner},
        covers=f"0 < 1 - eps ratio for {BOX}",
    )
    verdict = claim.decide(Deadline(60))
    # Answered after the finding: covers= cannot be checked (it is the theorem's argument), so
    # the coverage says what was decided first, and whose argument the rest is.
    assert verdict.status is Status.VERIFIED_BOUNDED
    assert verdict.coverage.startswith("every box of eps = 1/100, ratio = 1/100 certified")
    assert (
        f"by the theorem's own argument, this covers 0 < 1 - eps ratio for {BOX}"
        in verdict.coverage
    )
