"""Symmetry breaking is used only where invariance under relabelling is proved."""

from fractions import Fraction as F

from dpproofs.algebra import implies
from dpproofs.claim import Deadline, timed_decide
from dpproofs.search import Interval, for_all_distributions
from dpproofs.search.session import Session
from dpproofs.verdict import Status
from dpproofs.vocabulary import indistinguishable, pointwise_indistinguishable


def _symmetry_used(claim, size):
    session = Session(claim)
    session.size_constraints(size, session.objects(size))
    return session.symmetry[size]


def test_an_order_dependent_predicate_is_searched_without_symmetry_and_refuted():
    # "p[0] >= p[1]" is false for p = (0, 1); sorting p (symmetry breaking) would hide every
    # counterexample. Invariance is not proved, so the search runs unsorted and refutes.
    claim = for_all_distributions(range(2, 4)).claim(
        lambda alg, p, q: alg.le(p[1], p[0]), says="p[0] >= p[1]"
    )
    assert _symmetry_used(claim, 2) is None
    verdict = timed_decide(claim, Deadline(30))
    assert verdict.status is Status.REFUTED


def test_vocabulary_predicates_are_invariant_by_construction():
    claim = for_all_distributions(
        range(2, 5), eps=Interval(F(1, 100), 3), delta=Interval(0, F(1, 2))
    ).claim(
        lambda alg, p, q, E, delta: implies(
            alg,
            pointwise_indistinguishable(alg, p, q, E, delta),
            indistinguishable(alg, p, q, E, delta),
        )
    )
    assert _symmetry_used(claim, 3) == "by construction"


def test_a_rewritten_but_invariant_predicate_is_proved_invariant_by_z3():
    # p[0] + p[1] + p[2] <= 1 + q[0] - q[0] holds for every relabelling, although its canonical
    # form changes (q[0] is singled out): z3 proves F = F o g, so symmetry is used.
    claim = for_all_distributions(range(3, 4)).claim(
        lambda alg, p, q: alg.le(p[0] + p[1] + p[2], 1 + q[0] - q[0]), says="total mass"
    )
    assert _symmetry_used(claim, 3) == "z3 unsat"
