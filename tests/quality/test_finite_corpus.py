"""A corpus of FALSE finite claims: mutations of true ones (a constant tightened, a conclusion
strengthened, a hypothesis dropped). Each must come back REFUTED or UNKNOWN, never verified or
proved, and every counterexample found must replay exactly (its replay source asserts that the
predicate is false at the exact rationals, without any solver)."""

from fractions import Fraction as F

import pytest

from dpproofs.algebra import implies
from dpproofs.claim import Deadline
from dpproofs.search import (
    DatabaseSpace,
    ForAllHypothesis,
    Interval,
    distribution,
    for_all,
    for_all_distributions,
    for_all_mechanisms,
    log_of,
)
from dpproofs.verdict import Status
from dpproofs.vocabulary import (
    indistinguishable,
    max_divergence_at_most,
    mechanism_dp,
    mechanism_pure_dp,
    one_sided_close,
    pointwise_indistinguishable,
    posteriors_close,
    prior_posterior_max_divergence_close,
    semantic_privacy,
    simulation_dp,
    statistical_difference,
    sup_reweighted_sd_at_most,
)

EPS = Interval(F(1, 100), 2)
DELTA = Interval(0, F(1, 2))
ONE = DatabaseSpace(domain=2, n=1)
TWO = DatabaseSpace(domain=2, n=2)


def pairs(**params):
    return for_all_distributions(range(2, 5), **params)


def zero(alg):
    return alg.const(0)


CORPUS = {
    # Claim 3.3 part 1 with the conclusion's delta halved.
    "pointwise => indist at delta/2": pairs(eps=EPS, delta=DELTA).claim(
        lambda alg, p, q, E, delta: implies(
            alg,
            pointwise_indistinguishable(alg, p, q, E, delta),
            indistinguishable(alg, p, q, E, delta / 2),
        )
    ),
    # Claim 3.3 part 1 with eps dropped from the conclusion.
    "pointwise => (0, delta)": pairs(eps=EPS, delta=DELTA).claim(
        lambda alg, p, q, E, delta: implies(
            alg,
            pointwise_indistinguishable(alg, p, q, E, delta),
            indistinguishable(alg, p, q, alg.const(1), delta),
        )
    ),
    # The converse direction without the factor 2: indist => pointwise at the same (eps, delta).
    "indist => pointwise same params": pairs(eps=EPS, delta=DELTA).claim(
        lambda alg, p, q, E, delta: implies(
            alg,
            indistinguishable(alg, p, q, E, delta),
            pointwise_indistinguishable(alg, p, q, E, delta),
        )
    ),
    # Claim 3.3 part 6 with the e^eps - 1 term dropped.
    "SD <= delta": pairs(eps=EPS, delta=DELTA).claim(
        lambda alg, p, q, E, delta: implies(
            alg,
            indistinguishable(alg, p, q, E, delta),
            alg.le(statistical_difference(alg, p, q), delta),
        )
    ),
    # Claim 3.3 part 6 with the delta term dropped.
    "SD <= e^eps - 1": pairs(eps=EPS, delta=DELTA).claim(
        lambda alg, p, q, E, delta: implies(
            alg,
            indistinguishable(alg, p, q, E, delta),
            alg.le(statistical_difference(alg, p, q), E - 1),
        )
    ),
    # (eps, 0)-closeness gives SD <= (e^eps - 1)/(e^eps + 1); half of it is too small.
    "SD <= tanh(eps/2)/2": pairs(eps=EPS).claim(
        lambda alg, p, q, E: implies(
            alg,
            indistinguishable(alg, p, q, E, zero(alg)),
            alg.le(statistical_difference(alg, p, q), alg.div(E - 1, 2 * (E + 1))),
        )
    ),
    # One-sided closeness is not symmetric.
    "one-sided is symmetric": pairs(eps=EPS, delta=DELTA).claim(
        lambda alg, p, q, E, delta: implies(
            alg, one_sided_close(alg, p, q, E, delta), one_sided_close(alg, q, p, E, delta)
        )
    ),
    # Max-divergence is not symmetric.
    "D_inf symmetric": pairs(gamma=Interval(1, 4)).claim(
        lambda alg, p, q, gamma: implies(
            alg, max_divergence_at_most(alg, p, q, gamma), max_divergence_at_most(alg, q, p, gamma)
        )
    ),
    # TV closeness chains with 2 delta, not delta.
    "(0, delta) transitive": for_all_distributions(
        range(2, 4), names=("p", "q", "r"), delta=DELTA
    ).claim(
        lambda alg, p, q, r, delta: implies(
            alg,
            alg.all(
                [
                    indistinguishable(alg, p, q, alg.const(1), delta),
                    indistinguishable(alg, q, r, alg.const(1), delta),
                ]
            ),
            indistinguishable(alg, p, r, alg.const(1), delta),
        )
    ),
    # Property 3 with the conversion term dropped (eps' = 0).
    "(eps, delta) => (0, delta)": pairs(eps=EPS, delta=DELTA).claim(
        lambda alg, p, q, E, delta: implies(
            alg,
            indistinguishable(alg, p, q, E, delta),
            indistinguishable(alg, p, q, alg.const(1), delta),
        )
    ),
    # Property 3's conversion with denominator 2 + e^eps instead of 1 + e^eps (tight bound beaten).
    "property 3 tightened": for_all_distributions(range(2, 5), eps=log_of(3), delta=DELTA).claim(
        lambda alg, p, q, E, delta: implies(
            alg,
            indistinguishable(alg, p, q, E, delta),
            indistinguishable(alg, p, q, alg.const(1), delta + (1 - delta) * alg.div(E - 1, 2 + E)),
        )
    ),
    # Vadhan Claim 1 part 2 without the factor 2.
    "sim-DP => eps-DP": for_all_mechanisms(ONE, range(2, 4), eps=EPS).claim(
        lambda alg, M, E: implies(
            alg, simulation_dp(alg, M.rows, M.groups, E), mechanism_pure_dp(alg, M.rows, M.pairs, E)
        )
    ),
    # Vadhan Claim 1 part 1 from 2eps-DP only.
    "2eps-DP => eps-sim-DP": for_all_mechanisms(ONE, range(2, 4), eps=EPS).claim(
        lambda alg, M, E: implies(
            alg,
            mechanism_pure_dp(alg, M.rows, M.pairs, E * E),
            simulation_dp(alg, M.rows, M.groups, E),
        )
    ),
    # Vadhan Proposition 2 with ln((1 + eps)/(1 - eps)) instead of ln((1 + 2eps)/(1 - 2eps)).
    "prop 2 tightened": for_all_mechanisms(
        ONE, range(2, 4), eps=Interval(F(1, 100), F(49, 100))
    ).claim(
        lambda alg, M, eps: implies(
            alg,
            alg.all(
                sup_reweighted_sd_at_most(alg, [M.rows[x][y] for x in g], [alg.const(1)] * 2, eps)
                for g in M.groups
                for y in range(len(M.rows[0]))
            ),
            mechanism_pure_dp(alg, M.rows, M.pairs, alg.div(1 + eps, 1 - eps)),
        )
    ),
    # Vadhan Proposition 1 from 2eps-DP.
    "prop 1 from 2eps-DP": for_all_mechanisms(
        ONE, range(2, 4), extra={"prior": distribution(2)}, eps=log_of(F(3, 2))
    ).claim(
        lambda alg, M, prior, E: implies(
            alg,
            mechanism_pure_dp(alg, M.rows, M.pairs, E * E),
            alg.all(
                implies(
                    alg,
                    alg.lt(zero(alg), M.rows[0][y]),
                    prior_posterior_max_divergence_close(alg, prior, [M.rows[x][y] for x in g], E),
                )
                for g in M.groups
                for y in range(len(M.rows[0]))
            ),
        )
    ),
    # K&S Theorem 2.2 part 1 with the semantic constant quartered. On D^2 (unlike D^1, where
    # one of the two likelihood ratios is 1) the supremum is (e^eps - 1)/(e^eps + 1) = 1/5 here.
    "eps-DP => (e^eps - 1)/4-semantic": for_all_mechanisms(
        TWO, range(2, 4), eps=log_of(F(3, 2))
    ).claim(
        lambda alg, M, E: implies(
            alg,
            mechanism_pure_dp(alg, M.rows, M.pairs, E),
            semantic_privacy(alg, M.rows, M.games, alg.div(E - 1, 4)),
        )
    ),
    # The closed-form supremum is (e^eps - 1)/(e^eps + 1) for eps-DP on n = 1; half is too small.
    "eps-DP => half tanh semantic": for_all_mechanisms(ONE, range(2, 4), eps=log_of(2)).claim(
        lambda alg, M, E: implies(
            alg,
            mechanism_pure_dp(alg, M.rows, M.pairs, E),
            semantic_privacy(alg, M.rows, M.games, alg.div(E - 1, 2 * (E + 1))),
        )
    ),
    # Cuff-Yu Property 7 with k dropped: distance-2 pairs are not (eps, 0)-close.
    "group privacy without k": for_all_mechanisms(TWO, range(2, 3), eps=log_of(2)).claim(
        lambda alg, M, E: implies(
            alg,
            mechanism_pure_dp(alg, M.rows, M.pairs, E),
            alg.all(
                indistinguishable(alg, M.rows[a], M.rows[b], E, zero(alg))
                for a, b in M.pairs_within(2)
            ),
        )
    ),
    # Cuff-Yu Property 8 with k dropped.
    "delta group privacy without k": for_all_mechanisms(TWO, range(2, 3), delta=DELTA).claim(
        lambda alg, M, delta: implies(
            alg,
            mechanism_dp(alg, M.rows, M.pairs, alg.const(1), delta),
            alg.all(
                indistinguishable(alg, M.rows[a], M.rows[b], alg.const(1), delta)
                for a, b in M.pairs_within(2)
            ),
        )
    ),
    # Cuff-Yu Example 1 with the conversion dropped: (eps, delta)-DP => delta-DP.
    "(eps, delta)-DP => delta-DP": for_all_mechanisms(ONE, range(2, 4), eps=EPS, delta=DELTA).claim(
        lambda alg, M, E, delta: implies(
            alg,
            mechanism_dp(alg, M.rows, M.pairs, E, delta),
            mechanism_dp(alg, M.rows, M.pairs, alg.const(1), delta),
        )
    ),
    # Claim 3.3 part 5 with delta halved in the conclusion.
    "post-processing halves delta": for_all(
        {"X": distribution(), "Y": distribution()},
        range(2, 4),
        symmetric=True,
        eps=log_of(F(3, 2)),
        delta=DELTA,
    ).claim(
        lambda alg, X, Y, E, delta: implies(
            alg, indistinguishable(alg, X, Y, E, delta), indistinguishable(alg, X, Y, E, delta / 2)
        )
    ),
    # Point-wise indistinguishability with the delta condition dropped for Y (only X's mass).
    "pointwise one side only => indist": pairs(eps=EPS, delta=DELTA).claim(
        lambda alg, p, q, E, delta: implies(
            alg,
            alg.le(
                alg.total(
                    alg.ite(alg.lt(E * b, a), a, zero(alg)) for a, b in zip(p, q, strict=True)
                ),
                delta,
            ),
            indistinguishable(alg, p, q, E, delta),
        )
    ),
}


def _prop2_by_refinement_tightened():
    """Vadhan Proposition 2 with ln((1 + eps)/(1 - eps)), the hypothesis over ALL priors decided
    by refinement (ForAllHypothesis)."""

    def hypothesis(alg, M, prior, eps):
        one = alg.const(1)
        out = []
        for g in M.groups:
            for y in range(len(M.rows[0])):
                lik = [M.rows[x][y] for x in g]
                z = alg.total(a * b for a, b in zip(lik, prior, strict=True))
                out.append(
                    implies(
                        alg,
                        alg.lt(zero(alg), z),
                        posteriors_close(alg, prior, [one, one], lik, eps),
                    )
                )
        return alg.all(out)

    def conclusion(alg, M, eps):
        return mechanism_pure_dp(alg, M.rows, M.pairs, alg.div(1 + eps, 1 - eps))

    return ForAllHypothesis(
        for_all_mechanisms(ONE, range(2, 4), eps=Interval(F(1, 100), F(49, 100))),
        (("prior", distribution(2)),),
        hypothesis,
        conclusion,
        "ln((1 + eps)/(1 - eps))-DP",
    )


CORPUS["prop 2 tightened, by refinement"] = _prop2_by_refinement_tightened()


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_false_claims_are_never_verified(name):
    claim = CORPUS[name]
    verdict = claim.decide(Deadline(10))
    assert verdict.status in (Status.REFUTED, Status.UNKNOWN), verdict.coverage
    if verdict.status is Status.REFUTED:
        exec(verdict.counterexample.replay, {"claim": claim})


def test_the_corpus_is_large_enough():
    assert len(CORPUS) >= 20
