"""A lifted search theorem for the tests of the sweep's lifting cross-check (test_liftcheck)."""

from fractions import Fraction as F

from dpproofs import theorem
from dpproofs.algebra import implies
from dpproofs.outcomes import every_outcome
from dpproofs.search import Interval, for_all_distributions
from dpproofs.vocabulary import hockey_stick, max_divergence_at_most


@theorem(id="lift.pure_implies_approx", source="a test fixture", expect="proved")
def pure_implies_approximate():
    """eps-DP implies (eps, 0)-DP on every finite alphabet (lifted: small-model theorem)."""
    return for_all_distributions(range(2, 4), eps=Interval(F(1, 100), 2)).claim(
        lambda alg, p, q, E: implies(
            alg, max_divergence_at_most(alg, p, q, E), alg.le(hockey_stick(alg, p, q, E), 0)
        )
    )


@theorem(id="lift.heavy_outcome", source="a test fixture", expect="verified-bounded")
def heavy_outcome():
    """Some outcome has mass >= 1/2: true on 1 and 2 outcomes, false on 3 (uniform)."""
    return for_all_distributions(range(1, 3), names=("p",)).claim(
        lambda alg, p: alg.not_(every_outcome(alg, [p], lambda y: alg.lt(y, alg.const(F(1, 2)))))
    )
