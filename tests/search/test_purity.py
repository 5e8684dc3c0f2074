"""Formula against predicate (issue 26, class 6): a claim is decided on the formula traced from
its predicate, so a predicate with state (it counts its calls, reads a global that changes) would
have another claim decided than the one it computes. Before any size is decided, the formula and
the predicate are compared in exact arithmetic at seeded points of that size."""

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.algebra import EXACT
from dpproofs.claim import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.outcomes import every_outcome
from dpproofs.search import Interval, for_all, for_all_distributions
from dpproofs.search.databases import DatabaseSpace
from dpproofs.search.objects import distribution, mechanism
from dpproofs.search.purity import POINTS, check_size, points
from dpproofs.verdict import Status
from dpproofs.vocabulary import hockey_stick

HALF = F(1, 2)
THRESHOLD = {"value": F(1)}  # read by a predicate at call time


def _at_most(alg, p, bound):
    return every_outcome(alg, [p], lambda py: alg.le(py, alg.const(bound)))


def counting_claim():
    """True on its two tracing runs (every p_y <= 1), then "every p_y <= 1/2" (false on one
    outcome, and at the vertex (1, 0, ...) of every size)."""
    calls = [0]

    def predicate(alg, p):
        calls[0] += 1
        return _at_most(alg, p, F(1) if calls[0] <= 2 else HALF)

    return for_all_distributions(range(1, 4), names=("p",)).claim(predicate)


def global_claim():
    return for_all_distributions(range(1, 4), names=("p",)).claim(
        lambda alg, p: _at_most(alg, p, THRESHOLD["value"])
    )


def test_a_predicate_that_counts_its_calls_is_an_error_not_a_proof():
    claim = counting_claim()
    assert claim.formula.root is not None  # the two tracing runs agree: a formula
    with pytest.raises(InvalidClaim, match=r"test_purity\.py:\d+.*is False at 1 outcomes"):
        claim.decide(Deadline(60))


def test_a_predicate_reading_a_global_that_changed_is_an_error():
    claim = global_claim()
    assert claim.formula.root is not None  # traced with the threshold 1: "every p_y <= 1"
    THRESHOLD["value"] = HALF
    try:
        with pytest.raises(InvalidClaim, match="a function of its arguments only"):
            claim.decide(Deadline(60))
    finally:
        THRESHOLD["value"] = F(1)


def test_a_pure_predicate_passes_and_decides_as_before():
    # |p - q| hockey stick at gamma = 1 is at most 1: true at every size, proved.
    claim = for_all_distributions(range(1, 4)).claim(
        lambda alg, p, q: alg.le(hockey_stick(alg, p, q, alg.const(1)), alg.const(1))
    )
    for size in (1, 2, 3):
        check_size(claim, size)
    assert claim.decide(Deadline(60)).status is Status.PROVED


def test_a_counterexample_of_the_formula_must_be_one_of_the_predicate():
    # Traced as "every p_y <= 1/2"; later calls compute "every p_y <= 1": the formula's
    # counterexample [1] is not one of the predicate.
    calls = [0]

    def predicate(alg, p):
        calls[0] += 1
        return _at_most(alg, p, HALF if calls[0] <= 2 else F(1))

    claim = for_all_distributions([1], names=("p",)).claim(predicate)
    assert claim.formula.root is not None
    with pytest.raises(InvalidClaim, match="is True at 1 outcomes"):
        claim.holds_exactly(1, {"p": [[F(1)]]})


def test_the_points_are_seeded_exact_and_inside_their_domains():
    space = DatabaseSpace(2, 1)
    quantifier = for_all(
        {"M": mechanism(space), "prior": distribution(2)},
        [3],
        eps=Interval(F(1, 10), 2, lo_open=True),
        delta=Interval(0),
        k=F(3),
    )
    claim = quantifier.claim(lambda alg, M, prior, eps, delta, k: alg.le(eps, eps))
    first, again = list(points(claim, 3)), list(points(claim, 3))
    assert first == again and len(first) == POINTS
    vertex, uniform = first[0], first[1]
    assert vertex["M"] == [[1, 0, 0]] * space.count and uniform["prior"] == [[HALF, HALF]]
    # lower ends (the open one moved inside by 1/1024 of the width), then upper ends (+4 above
    # the lower end when unbounded)
    assert (vertex["eps"], vertex["delta"], vertex["k"]) == (F(1, 10) + F(19, 10240), 0, 3)
    assert (uniform["eps"], uniform["delta"], uniform["k"]) == (2, 4, 3)
    for values in first:
        for row in [*values["M"], *values["prior"]]:
            assert sum(row) == 1 and all(isinstance(v, F) and v >= 0 for v in row)
        assert F(1, 10) < values["eps"] <= 2 and values["delta"] >= 0 and values["k"] == 3


@settings(max_examples=20, deadline=None, derandomize=True)
@given(st.integers(1, 4), st.fractions(0, 1, max_denominator=6))
def test_a_pure_claim_agrees_at_every_point(size, bound):
    # The formula and the predicate agree at every seeded point for any threshold; and they
    # agree with "every entry of p is <= bound" computed directly.
    claim = for_all_distributions([size], names=("p",)).claim(
        lambda alg, p: _at_most(alg, p, bound)
    )
    check_size(claim, size)
    for values in points(claim, size):
        inputs = claim.exact_inputs(size, values)
        direct = all(v <= bound for v in values["p"][0])
        assert bool(claim.evaluate(EXACT, size, *inputs)) == direct
        assert bool(claim.run_predicate(EXACT, size, *inputs)[0]) == direct


def test_a_predicate_that_tells_tracing_from_evaluation_is_an_error():
    # On abstract rows (tracing) "every p_y <= 1" (true); on concrete rows (lists) "every
    # p_y <= 1/2" (false at the vertex [1]): the formula is not what the predicate computes.
    claim = for_all_distributions(range(1, 3), names=("p",)).claim(
        lambda alg, p: _at_most(alg, p, HALF if isinstance(p, list) else F(1))
    )
    assert claim.formula.root is not None
    with pytest.raises(InvalidClaim, match="is False at 1 outcomes"):
        claim.decide(Deadline(60))
