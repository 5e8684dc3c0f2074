"""Exact values of the vocabulary added for the search, with their derivations."""

from fractions import Fraction as F

import sympy

from dpproofs import vocabulary as v
from dpproofs.algebra import EXACT
from dpproofs.search import DatabaseSpace

R = sympy.Rational


def test_sup_reweighted_sd_is_attained_by_the_two_point_belief():
    # l0 = (1/2, 1/8), l1 = (1/8, 1/2): lam = l1/l0 = (1/4, 4), R = 16, sup SD = (4 - 1)/(4 + 1).
    l0, l1 = [R(1, 2), R(1, 8)], [R(1, 8), R(1, 2)]
    assert v.sup_reweighted_sd_at_most(EXACT, l0, l1, R(3, 5))
    assert not v.sup_reweighted_sd_at_most(EXACT, l0, l1, R(3, 5) - R(1, 1000))
    # The uniform belief attains it: b0 ~ (1/4, 1/16) = (4/5, 1/5), b1 ~ (1/5, 4/5), SD = 3/5.
    uniform = [R(1, 2), R(1, 2)]
    assert v.posteriors_close(EXACT, uniform, l0, l1, R(3, 5))
    assert not v.posteriors_close(EXACT, uniform, l0, l1, R(3, 5) - R(1, 1000))


def test_simulation_dp_of_randomized_response():
    # Rows (3/4, 1/4), (1/4, 3/4): hi = (3/4, 3/4), lo = (1/4, 1/4). Conditions: 3/4 <= E^2/4
    # (E >= sqrt 3), sum hi = 3/2 <= E, E sum lo = E/2 >= 1 (E >= 2). So eps-sim-DP iff e^eps >= 2.
    rows = [[R(3, 4), R(1, 4)], [R(1, 4), R(3, 4)]]
    groups = DatabaseSpace(domain=2, n=1).groups
    assert v.simulation_dp(EXACT, rows, groups, R(2))
    assert not v.simulation_dp(EXACT, rows, groups, R(199, 100))
    # ...while pure DP needs e^eps >= 3 (ratio 3), and 3 <= 2^2 as Claim 1 part 2 says.
    pairs = DatabaseSpace(domain=2, n=1).neighbours
    assert v.mechanism_pure_dp(EXACT, rows, pairs, R(3))
    assert not v.mechanism_pure_dp(EXACT, rows, pairs, R(2))


def test_max_divergence_over_sets_matches_points_on_an_example():
    # p = (1/2, 1/2, 0), q = (1/4, 1/4, 1/2): max_y p/q = 2 and every set ratio is <= 2.
    p, q = [R(1, 2), R(1, 2), R(0)], [R(1, 4), R(1, 4), R(1, 2)]
    assert v.max_divergence_at_most_over_sets(EXACT, p, q, R(2))
    assert not v.max_divergence_at_most_over_sets(EXACT, p, q, R(199, 100))
    assert len(v.nonempty_subsets(3)) == 7  # 2^3 - 1


def test_prior_posterior_close_for_randomized_response():
    # L = (3/4, 1/4) at y = 0, prior (1/2, 1/2): posterior (3/4, 1/4); ratios 3/2 and 1/2,
    # so D_inf(post || prior) = ln(3/2) and D_inf(prior || post) = ln 2: close iff E >= 2.
    prior, lik = [R(1, 2), R(1, 2)], [R(3, 4), R(1, 4)]
    assert v.prior_posterior_max_divergence_close(EXACT, prior, lik, R(2))
    assert not v.prior_posterior_max_divergence_close(EXACT, prior, lik, R(199, 100))


def test_semantic_breach_mass():
    # n = 1, rows (1, 0) and (0, 1), default 0: Game 1 always runs row 0. Belief (1/2, 1/2):
    # t = 0 has Z0 = 1/2, posteriors b0 = (1, 0), b1 = (1/2, 1/2), SD = 1/2; t = 1 has Z0 = 1/2
    # and L1 = (0, 0): breach. Breach mass at c = 1/2 is 1/2 (t = 1 only); at c < 1/2 it is 1.
    rows = [[R(1), R(0)], [R(0), R(1)]]
    games = DatabaseSpace(domain=2, n=1).games
    b = [R(1, 2), R(1, 2)]
    assert v.semantic_breach_mass(EXACT, b, rows, games, R(1, 2)) == R(1, 2)
    assert v.semantic_breach_mass(EXACT, b, rows, games, R(49, 100)) == 1


def test_database_space_structure():
    space = DatabaseSpace(domain=2, n=2)
    assert space.databases == ((0, 0), (0, 1), (1, 0), (1, 1))
    assert len(space.neighbours) == 8  # 4 databases x 2 neighbours each, ordered
    assert space.groups == ((0, 2), (1, 3), (0, 1), (2, 3))  # x_1 varies, then x_2 varies
    assert space.games == ((0, 1, 0, 1), (0, 0, 2, 2))  # position i set to the default 0
    assert len(space.pairs_within(2)) == 12  # every ordered pair of distinct databases
    assert F(1) == 1
