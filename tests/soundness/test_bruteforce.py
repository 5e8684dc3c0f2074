"""The brute-force checker (dpproofs.soundness.bruteforce): exact answers on claims whose truth at
each size is known by hand, and its independence from the tracer."""

from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.algebra import implies
from dpproofs.outcomes import every_outcome
from dpproofs.search import Interval, for_all_distributions, log_of
from dpproofs.soundness.bruteforce import Answer, decide_at, grid_search, predicate_holds
from dpproofs.vocabulary import hockey_stick, max_divergence_at_most, statistical_difference

SD_AT_MOST_DELTA = for_all_distributions([2], delta=Interval(0, 1)).claim(
    lambda alg, p, q, delta: alg.le(statistical_difference(alg, p, q), delta)
)


def test_one_outcome_has_no_counterexample():
    # On 1 outcome p = q = (1): SD = 0 <= delta for every delta in [0, 1].
    result = decide_at(SD_AT_MOST_DELTA, 1)
    assert result.answer is Answer.HOLDS
    assert result.how == "z3 unsat (formula)"


def test_a_counterexample_is_the_predicates_and_exact():
    # On 2 outcomes SD(P, Q) > delta = 0 as soon as P != Q: a model, re-checked exactly.
    result = decide_at(SD_AT_MOST_DELTA, 2)
    assert result.answer is Answer.FAILS
    point = result.point
    assert point is not None
    assert predicate_holds(SD_AT_MOST_DELTA, 2, point) is False
    p, q = point["p"][0], point["q"][0]
    assert sum(p) == sum(q) == 1
    assert sum(max(a - b, 0) for a, b in zip(p, q, strict=True)) > point["delta"]


PURE_IMPLIES_APPROXIMATE = for_all_distributions([2], eps=log_of(F(3, 2))).claim(
    lambda alg, p, q, E: implies(
        alg, max_divergence_at_most(alg, p, q, E), alg.le(hockey_stick(alg, p, q, E), 0)
    )
)


@settings(max_examples=4, deadline=None, derandomize=True)
@given(st.integers(1, 4))
def test_a_true_claim_holds_at_every_size(size):
    # p_y <= E q_y at every y makes every term of sum_y pos(p_y - E q_y) zero.
    assert decide_at(PURE_IMPLIES_APPROXIMATE, size).answer is Answer.HOLDS


def _uniform(alg, p):
    return every_outcome(alg, (p,), lambda py: every_outcome(alg, (p,), lambda pz: pz <= py))


def test_the_grid_reads_the_predicate_not_the_formula():
    # "p_z <= p_y for all y, z" was traced as "p_z <= p_z" (issue 26 class 1). An inner binder
    # reading the outer outcome is now refused by the tracer, so the claim has no formula (no
    # disagreement to report) and the predicate on the grid finds the point mass (1, 0).
    claim = for_all_distributions([2], names=("p",)).claim(_uniform)
    assert grid_search(claim, 2, 10) == ({"p": [[F(1), F(0)]]}, None)
    result = decide_at(claim, 2)
    assert result.answer is Answer.FAILS
    assert result.how == "exact grid point"
    assert result.disagreement is None
