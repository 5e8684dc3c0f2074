"""Symmetry breaking is refused for predicates that read a particular outcome."""

from fractions import Fraction as F

import pytest

from dpproofs.algebra import implies
from dpproofs.claim import Deadline, timed_decide
from dpproofs.errors import InvalidClaim
from dpproofs.search import Interval, for_all_distributions
from dpproofs.search.symmetry import check_relabelling_invariance
from dpproofs.verdict import Status
from dpproofs.vocabulary import indistinguishable, pointwise_indistinguishable


def test_an_order_dependent_predicate_is_rejected_not_verified():
    # "p[0] >= p[1]" is false for many pairs, but sorting p (symmetry breaking) would make every
    # candidate satisfy it: without the guard this false claim would come back verified.
    claim = for_all_distributions(range(2, 4)).claim(
        lambda alg, p, q: alg.le(p[1], p[0]), says="p[0] >= p[1]"
    )
    with pytest.raises(InvalidClaim, match="not invariant"):
        check_relabelling_invariance(claim)
    # Through the runner's entry point the claim is an ERROR naming the problem.
    verdict = timed_decide(claim, Deadline(30))
    assert verdict.status is Status.ERROR and "not invariant" in verdict.reason


def test_vocabulary_predicates_pass_the_guard():
    claim = for_all_distributions(
        range(2, 5), eps=Interval(F(1, 100), 3), delta=Interval(0, F(1, 2))
    ).claim(
        lambda alg, p, q, E, delta: implies(
            alg,
            pointwise_indistinguishable(alg, p, q, E, delta),
            indistinguishable(alg, p, q, E, delta),
        )
    )
    check_relabelling_invariance(claim)  # no exception
