"""Lifted search theorems for the tests of the rechecker's own shape analysis
(test_smallmodel): a sum (K = 1) and a family (e = 1, merging)."""

from fractions import Fraction as F

from dpproofs import theorem
from dpproofs.algebra import implies
from dpproofs.outcomes import outcome_total
from dpproofs.search import Interval, for_all_distributions
from dpproofs.vocabulary import hockey_stick, max_divergence_at_most


@theorem(id="sm.tv_symmetric", source="a test fixture", expect="proved")
def tv_symmetric():
    """sum_y pos(p_y - q_y) = sum_y pos(q_y - p_y): m = 2 rows, K = 1 sum (the two differ by
    sum_y (p_y - q_y) = 0), e = 0, no monotone sum (an equation): N* = m + K = 3."""
    return for_all_distributions(range(2, 4)).claim(
        lambda alg, p, q: alg.eq(
            outcome_total(alg, [p, q], lambda a, b: alg.pos(a - b)),
            outcome_total(alg, [p, q], lambda a, b: alg.pos(b - a)),
        )
    )


@theorem(id="sm.pure_implies_approx", source="a test fixture", expect="proved")
def pure_implies_approximate():
    """eps-DP implies (eps, 0)-DP: the zero sum is a family, merging gives N* = 2."""
    return for_all_distributions(range(2, 4), eps=Interval(F(1, 100), 2)).claim(
        lambda alg, p, q, E: implies(
            alg, max_divergence_at_most(alg, p, q, E), alg.le(hockey_stick(alg, p, q, E), 0)
        )
    )
