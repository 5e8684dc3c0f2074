"""Posteriors of Kasiviswanathan & Smith and two-distribution quantities, exactly."""

import itertools

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.errors import InvalidMechanism
from dpproofs.exact import compare
from dpproofs.finite import FiniteMechanism, Hamming
from dpproofs.finite.bayes import posteriors, semantic_privacy_level
from dpproofs.finite.distributions import (
    hockey_stick,
    indistinguishable,
    pointwise_bad_probability,
)

R = sympy.Rational
DBS = list(itertools.product((0, 1), repeat=2))


def rr_on_first_entry():
    """Randomized response (3/4, 1/4) applied to entry 0 of a database in {0,1}^2."""
    rows = [[R(3, 4), R(1, 4)] if x[0] == 0 else [R(1, 4), R(3, 4)] for x in DBS]
    return FiniteMechanism.from_rows(rows, inputs=DBS, neighbours=Hamming(2))


def test_posteriors_under_a_uniform_prior():
    # t = 0: Game 0 weights (3/4, 3/4, 1/4, 1/4)/4, normalised to (3/8, 3/8, 1/8, 1/8).
    # Game 0-replaced: every x_-0 has entry 0 = 0, likelihood 3/4 for all, so b_0 stays uniform.
    # SD = (3/8 - 1/4) * 2 = 1/4.
    prior = {x: R(1, 4) for x in DBS}
    post = posteriors(rr_on_first_entry(), prior, 0, 0, default=0)
    assert post is not None
    assert post.game_0 == (R(3, 8), R(3, 8), R(1, 8), R(1, 8))
    assert post.game_i == (R(1, 4),) * 4
    assert post.statistical_difference == R(1, 4)
    # Entry 1 is never read by the mechanism: both games agree.
    assert posteriors(rr_on_first_entry(), prior, 0, 1, default=0).statistical_difference == 0


def test_impossible_transcript_has_no_posterior():
    m = FiniteMechanism.from_rows(
        [["1", "0"], ["1", "0"], ["0", "1"], ["0", "1"]], inputs=DBS, neighbours=Hamming(2)
    )
    # Under a prior on databases starting with 0, transcript 1 never happens in Game 0.
    assert posteriors(m, {(0, 0): R(1, 2), (0, 1): R(1, 2)}, 1, 0, default=0) is None


def test_prior_must_be_a_distribution_on_databases():
    with pytest.raises(InvalidMechanism, match="sums to 1/2"):
        posteriors(rr_on_first_entry(), {(0, 0): R(1, 2)}, 0, 0, default=0)
    with pytest.raises(InvalidMechanism, match="not a database"):
        posteriors(rr_on_first_entry(), {(2, 2): 1}, 0, 0, default=0)


priors = (
    st.lists(st.integers(0, 5), min_size=4, max_size=4)
    .filter(sum)
    .map(lambda w: {x: R(v, sum(w)) for x, v in zip(DBS, w, strict=True)})
)


@settings(max_examples=25, deadline=None)
@given(priors)
def test_semantic_level_of_randomized_response_is_at_most_2_minus_sqrt3(prior):
    # Game 0-replaced sees likelihood 3/4 (t = 0) for every x, so b_0-replaced is the prior b.
    # With a = b(entry 0 is 0), Game 0 moves that mass to 3a / (3a + (1 - a)), so
    #   SD = 3a/(2a + 1) - a = 2a(1 - a)/(2a + 1),
    # maximised at a = (sqrt(3) - 1)/2 with value 2 - sqrt(3) ~ 0.268 (t = 1 is symmetric, and
    # entry 1 is never read, SD = 0). So every prior gives a level in [0, 2 - sqrt(3)], far
    # inside K&S Theorem 2.2's bound e^{ln 3} - 1 = 2.
    level = semantic_privacy_level(rr_on_first_entry(), prior, default=0)
    a = sum(v for x, v in prior.items() if x[0] == 0)
    assert compare(level.value, 2 - sympy.sqrt(3)) <= 0
    if 0 < a < 1:
        expected_t0 = 2 * a * (1 - a) / (2 * a + 1)
        assert compare(level.value, expected_t0) >= 0


def test_pointwise_bad_probability_and_hockey_stick():
    p, q = ["3/4", "1/4"], ["1/4", "3/4"]
    # ratios 3 and 1/3: at eps = 1 (e < 3) both outcomes are bad; at eps = ln 3 none is.
    assert pointwise_bad_probability(p, q, "1") == (1, 1)
    assert pointwise_bad_probability(p, q, "log(3)") == (0, 0)
    # (3/4 - 2/4) + (1/4 - 6/4)^+ = 1/4 at eps = ln 2.
    assert hockey_stick(p, q, "log(2)") == R(1, 4)
    assert indistinguishable(p, q, "log(2)", "1/4")
    assert not indistinguishable(p, q, "log(2)", "1/5")
