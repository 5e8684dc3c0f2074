"""S. Vadhan, Notes on the Definition of Differential Privacy (seed 000_ab6863cc5677b341.txt):
Claim 1 (simulation-based DP, Definition 2), Propositions 1-2 (the Bayesian view) and section 2
(max-divergence over sets equals max-divergence over points), searched over small finite
mechanisms on X^n with |X| = 2 (rows differ in one position: Hamming distance 1).
"""

from fractions import Fraction as F

from _vadhan_common import EPS, LOG_POINTS, ONE_ROW, SEED, TWO_ROWS

from dpproofs.algebra import implies
from dpproofs.claim import all_of
from dpproofs.outcomes import every_outcome
from dpproofs.search import (
    ForAllHypothesis,
    Interval,
    distribution,
    for_all_distributions,
    for_all_mechanisms,
)
from dpproofs.search.pairs import for_all_groups
from dpproofs.theorem import theorem
from dpproofs.vocabulary import (
    max_divergence_at_most,
    max_divergence_at_most_over_sets,
    mechanism_pure_dp,
    posteriors_close,
    prior_posterior_max_divergence_close,
    simulation_dp,
    sup_reweighted_sd_at_most,
)

SIM_NOTE = (
    "Finite mechanisms; the simulator is any distribution S(x_{-i}) (polynomial time is vacuous "
    "for finite objects). Existence of the simulator is decided in closed form "
    "(vocabulary.simulation_dp)."
)


LIFT_NOTE = (
    " Every finite number of outputs and every eps in [1/100, 2], on X^1 and X^2 (|X| = 2): the "
    "small-model theorem, on X^2 with localised hypotheses (each group's conclusion keeps the DP "
    "conditions between its own rows; N* <= 5)."
)


GROUP_NOTE = (
    " Every n: the claim reads the rows of one group (i, x_{-i}) at a time (the DP hypothesis is "
    "the conjunction over groups of DP between the group's rows), so the one-group claim at "
    "n = 1 decides it for every n with the same |X| (group reduction, "
    "docs/design/neighbours.md); X^2 is also searched directly, as a cross-check. Before: X^1 "
    "and X^2 only."
)


def _group_pairs(rows):
    """Every ordered pair of a group's rows: they are pairwise neighbours."""
    return tuple((a, b) for a in range(len(rows)) for b in range(len(rows)) if a != b)


def _group_dp(alg, rows, E):
    """eps-DP between the rows of one group (the group's part of the DP hypothesis)."""
    return mechanism_pure_dp(alg, [r[0] for r in rows], _group_pairs(rows), E)


def _group_simulation_dp(alg, rows, E):
    """eps-simulation-DP of one group (vocabulary.simulation_dp on its rows)."""
    return simulation_dp(alg, [r[0] for r in rows], (tuple(range(len(rows))),), E)


def _mechanisms(
    predicate, says, extra=None, n1_outputs=range(2, 5), n2_outputs=range(2, 4), n2_ranging=None
):
    """The claim for mechanisms on X^1 with eps ranging, and on X^2 at eps in LOG_POINTS (with
    eps ranging on X^2, z3 needs 20-30 s for 2 outputs: too close to the time limit), or, given
    ``n2_ranging`` (output counts), on X^2 with eps ranging over those sizes only."""
    parts = [
        for_all_mechanisms(ONE_ROW, n1_outputs, extra=extra, eps=EPS).claim(predicate, says=says)
    ]
    if n2_ranging is not None:
        parts.append(
            for_all_mechanisms(TWO_ROWS, n2_ranging, extra=extra, eps=EPS).claim(
                predicate, says=says
            )
        )
        return all_of(*parts)
    parts.extend(
        for_all_mechanisms(TWO_ROWS, n2_outputs, extra=extra, eps=eps).claim(predicate, says=says)
        for eps in LOG_POINTS
    )
    return all_of(*parts)


@theorem(
    source=f"{SEED}, V-Claim1(1), Claim 1 part 1",
    expect="proved",
    id="vadhan.claim1.part1",
    restricted=("|X| = 2 (every n), eps in [1/100, 2]; the source: every X and eps"),
    reading="Finite mechanisms, one query at a time; the simulator is any distribution S(q, "
    "x_{-i}) (polynomial time is vacuous for finite objects); neighbours differ in one "
    "row; |X| = 2 (one group: every n); eps in [1/100, 2]; natural log.",
    note=SIM_NOTE + LIFT_NOTE + GROUP_NOTE + " |X| = 3: z3 unsat at 2 and 3 outputs, unknown at "
    "4 in 100 s (not claimed).",
    quote=(
        "If M is eps-DP then M is eps-simulation-DP (V-Def2): there is a (polynomial-time) "
        "simulator S with D_inf(M(q,x)||S(q,x_{-i})) <= eps and D_inf(S(q,x_{-i})||M(q,x)) <= eps"
        " for all q in Q, x in X^n, i in [n]."
    ),
)
def claim1_part1():
    """If M is eps-differentially private, then M is eps-simulation-differentially private."""
    every_n = for_all_groups(
        ("M",),
        2,
        range(2, 5),
        _group_dp,
        _group_simulation_dp,
        says="eps-DP => eps-sim-DP",
        eps=EPS,
    )
    return all_of(
        every_n,
        _mechanisms(
            lambda alg, M, E: implies(
                alg,
                mechanism_pure_dp(alg, M.rows, M.pairs, E),
                simulation_dp(alg, M.rows, M.groups, E),
            ),
            says="eps-DP => eps-simulation-DP",
            n2_ranging=range(2, 3),
        ),
    )


@theorem(
    source=f"{SEED}, V-Claim1(2), Claim 1 part 2",
    expect="proved",
    id="vadhan.claim1.part2",
    restricted=("|X| in {2, 3} (every n), eps in [1/100, 2]; the source: every X and eps"),
    reading="As part 1; the one-group claim for |X| = 2 and 3 (every n); 2eps-DP as D_inf <= 2 "
    "eps between databases differing in one row; eps in [1/100, 2].",
    note=SIM_NOTE + LIFT_NOTE + GROUP_NOTE + " The one-group claim is decided for |X| = 2 and "
    "|X| = 3.",
    quote=(
        "If M is eps-simulation-DP (V-Def2) then M is 2eps-DP: D_inf(M(x,q)||M(x',q)) <= 2 eps "
        "for all q and all x, x' in X^n differing in one row."
    ),
)
def claim1_part2():
    """If M is eps-simulation-differentially private, then M is 2eps-differentially private."""

    def twice(alg, rows, E):
        return _group_dp(alg, rows, E * E)

    every_n = (
        for_all_groups(
            ("M",), d, range(2, 5), _group_simulation_dp, twice, says="sim-DP => 2eps-DP", eps=EPS
        )
        for d in (2, 3)
    )
    return all_of(
        *every_n,
        _mechanisms(
            lambda alg, M, E: implies(
                alg,
                simulation_dp(alg, M.rows, M.groups, E),
                mechanism_pure_dp(alg, M.rows, M.pairs, E * E),
            ),
            says="eps-simulation-DP => 2eps-DP",
            n2_ranging=range(2, 3),
        ),
    )


@theorem(
    source=f"{SEED}, V-Prop1, Proposition 1",
    expect="proved",
    id="vadhan.proposition1",
    restricted=("|X| = 2 (every n), eps in [1/100, 2]; the source: every X and eps"),
    reading="|X| = 2 (one group: every n); the prior any distribution on X; 'output y of M(x)' "
    "= Pr[M(x) = y] > 0; D_inf with natural log; eps in [1/100, 2]; any finite number "
    "of outputs.",
    note="The prior X_i is a distribution on X (|X| = 2); 'output y of M(x)' is read as "
    "Pr[M(x) = y] > 0 for the database x, whose posterior conditions on M(X_i, x_{-i}) = y. "
    "Every finite number of outputs by the small-model theorem (N* = 2: one family of "
    "per-outcome conditions, no sums beyond the DP hypothesis), eps over [1/100, 2]; |X| = 2."
    + GROUP_NOTE,
    quote=(
        "If M is eps-DP then for every x in X^n, i in [n], distribution X_i on X (the prior on "
        "x_i) and output y of M(x) (Pr[M(x) = y] > 0): D_inf(X_i || (X_i | M(X_i, x_{-i}) = y)) "
        "<= eps and D_inf((X_i | M(X_i, x_{-i}) = y) || X_i) <= eps."
    ),
)
def proposition1():
    """If M is eps-DP then for every x, i, prior X_i and output y of M(x), the prior and the
    posterior X_i | M(X_i, x_{-i}) = y are within max-divergence eps of each other both ways."""

    def predicate(alg, M, prior, E):
        zero = alg.const(0)
        conclusion = alg.all(
            every_outcome(
                alg,
                [M.rows[x] for x in group],
                lambda *column: implies(
                    alg,
                    alg.any([alg.lt(zero, c) for c in column]),
                    prior_posterior_max_divergence_close(alg, prior, list(column), E),
                ),
            )
            for group in M.groups
        )
        return implies(alg, mechanism_pure_dp(alg, M.rows, M.pairs, E), conclusion)

    def close(alg, rows, prior, E):
        zero = alg.const(0)
        return every_outcome(
            alg,
            [r[0] for r in rows],
            lambda *column: implies(
                alg,
                alg.any([alg.lt(zero, c) for c in column]),
                prior_posterior_max_divergence_close(alg, prior, list(column), E),
            ),
        )

    says = "eps-DP => D_inf(X_i || X_i|y) <= eps and D_inf(X_i|y || X_i) <= eps"
    every_n = for_all_groups(
        ("M",),
        2,
        range(2, 4),
        _group_dp,
        close,
        says=says,
        shared={"prior": distribution(2)},
        eps=EPS,
    )
    return all_of(
        every_n,
        _mechanisms(
            predicate,
            says=says,
            extra={"prior": distribution(2)},
            n1_outputs=range(2, 4),
            n2_ranging=range(2, 3),
        ),
    )


@theorem(
    source=f"{SEED}, V-Prop2, Proposition 2",
    expect="proved",
    id="vadhan.proposition2",
    restricted=("|X| = 2 (every n), eps in [1/100, 49/100]; the source: every X and small eps"),
    reading="O(eps) read as the proof's constant, ln((1 + 2 eps)/(1 - 2 eps))-DP, for eps in "
    "[1/100, 49/100]; |X| = 2 (one group: every n); 'for all X_i' in closed form; any "
    "finite number of outputs.",
    note="'O(eps)-DP' is replaced by the explicit constant of the proof: the ratio "
    "(1 + gamma)/(1 - gamma) with gamma <= 2 eps, i.e. ln((1 + 2eps)/(1 - 2eps))-DP, for "
    "eps < 1/2. 'For all distributions X_i' is decided in closed form "
    "(vocabulary.sup_reweighted_sd_at_most). Every finite number of outputs by the small-model "
    "theorem: on X^1 N* = 3 (2 rows, one family in positive position); on X^2 N* = 5 (4 rows) "
    "for the whole claim, 3 for each neighbour pair's conclusion with the hypotheses of its own "
    "group (X^2 searched at 2 outputs, the localised conjuncts at 3)." + GROUP_NOTE,
    quote=(
        "Let M: X^n -> Y be randomized. If Delta(X_i, (X_i | M(X_i, x_{-i}) = y)) <= eps (Delta ="
        " statistical difference) for every x in X^n, i in [n], distribution X_i on X and y in Y,"
        " then M is O(eps)-DP."
    ),
)
def proposition2():
    """If Delta(X_i, X_i | M(X_i, x_{-i}) = y) <= eps for every x, i, X_i and y, then M is
    ln((1 + 2 eps)/(1 - 2 eps))-differentially private (eps < 1/2)."""

    def predicate(alg, M, eps):
        one = alg.const(1)
        hypothesis = alg.all(
            every_outcome(
                alg,
                [M.rows[x] for x in group],
                lambda *column: sup_reweighted_sd_at_most(
                    alg, list(column), [one] * len(column), eps
                ),
            )
            for group in M.groups
        )
        ratio = alg.div(one + 2 * eps, one - 2 * eps)
        return implies(alg, hypothesis, mechanism_pure_dp(alg, M.rows, M.pairs, ratio))

    def hypothesis(alg, rows, eps):
        one = alg.const(1)
        return every_outcome(
            alg,
            [r[0] for r in rows],
            lambda *column: sup_reweighted_sd_at_most(alg, list(column), [one] * len(column), eps),
        )

    def conclusion(alg, rows, eps):
        one = alg.const(1)
        return _group_dp(alg, rows, alg.div(one + 2 * eps, one - 2 * eps))

    eps = Interval(F(1, 100), F(49, 100))
    says = "SD(prior, posterior) <= eps for all priors => ln((1+2eps)/(1-2eps))-DP"
    return all_of(
        for_all_groups(("M",), 2, range(2, 5), hypothesis, conclusion, says=says, eps=eps),
        for_all_mechanisms(ONE_ROW, range(2, 5), eps=eps).claim(predicate, says=says),
        for_all_mechanisms(TWO_ROWS, (2,), eps=eps).claim(predicate, says=says),
    )


def _prior_posterior_sd(alg, M, prior, eps):
    """Delta(X_i, X_i | M(X_i, x_{-i}) = y) <= eps for every group (i, x_{-i}) and output y with
    Pr[M(X_i, x_{-i}) = y] > 0, at ONE prior X_i: the SD between the prior (weights 1) and the
    posterior (weights L) is posteriors_close(prior, 1, L, eps)."""
    one, zero = alg.const(1), alg.const(0)

    def close_at(*likelihood):
        evidence = alg.total(a * b for a, b in zip(likelihood, prior, strict=True))
        return implies(
            alg,
            alg.lt(zero, evidence),
            posteriors_close(alg, prior, [one] * len(likelihood), list(likelihood), eps),
        )

    return alg.all(every_outcome(alg, [M.rows[x] for x in group], close_at) for group in M.groups)


@theorem(
    source=f"{SEED}, V-Prop2, Proposition 2 (for all priors, by refinement)",
    expect="proved",
    id="vadhan.proposition2_by_refinement",
    restricted=("X^1 with |X| = 2, eps in [1/100, 49/100]; the source: every X^n and small eps"),
    reading="As vadhan.proposition2 on X^1 with |X| = 2, 'for all priors' by refinement over "
    "explicit priors; eps in [1/100, 49/100].",
    note="The same statement as vadhan.proposition2, with 'for all distributions X_i' decided by "
    "counterexample-guided refinement over explicit priors instead of the closed form: an "
    "independent cross-check of vocabulary.sup_reweighted_sd_at_most. Every finite number of "
    "outputs by the small-model theorem: for each prior the hypothesis is a condition on "
    "every output, hence so it is for all priors (N* = 3).",
    quote=(
        "Let M: X^n -> Y be randomized. If Delta(X_i, (X_i | M(X_i, x_{-i}) = y)) <= eps (Delta ="
        " statistical difference) for every x in X^n, i in [n], distribution X_i on X and y in Y,"
        " then M is O(eps)-DP."
    ),
)
def proposition2_by_refinement():
    """If Delta(X_i, X_i | M(X_i, x_{-i}) = y) <= eps for all x, i, X_i, y, then M is
    ln((1 + 2 eps)/(1 - 2 eps))-DP (eps < 1/2)."""

    def conclusion(alg, M, eps):
        one = alg.const(1)
        return mechanism_pure_dp(alg, M.rows, M.pairs, alg.div(one + 2 * eps, one - 2 * eps))

    return ForAllHypothesis(
        for_all_mechanisms(ONE_ROW, range(2, 5), eps=Interval(F(1, 100), F(49, 100))),
        (("prior", distribution(2)),),
        _prior_posterior_sd,
        conclusion,
        "ln((1+2eps)/(1-2eps))-DP",
    )


@theorem(
    source=f"{SEED}, V-Dinf-sets-points, section 2 (max-divergence over sets equals over points)",
    expect="proved",
    id="vadhan.section2.sets_equal_points",
    reading="Finite Y with any number of outcomes; the equality of the two maxima as extended "
    "reals, stated as: for every threshold gamma = e^eps > 0 one is <= ln gamma iff the"
    " other is.",
    note="Stated as: for every threshold e^eps = gamma > 0, max_T P(T)/Q(T) <= gamma iff "
    "max_y p_y/q_y <= gamma (equality of the two maxima as extended reals, logs removed); "
    "every set T is decided on purpose (every_event). Every finite number of outcomes by "
    "the small-model theorem (merging: N* = 2).",
    quote=(
        "For distributions A, B on a discrete set Y: max_{T subset of Y} ln(Pr[A in T]/Pr[B in "
        "T]) = max_{y in Y} ln(Pr[A = y]/Pr[B = y]). Both sides are extended reals, with ln(a/0) "
        "= +inf for a > 0, and T, y with Pr[A in T] = 0 (resp. Pr[A = y] = 0) skipped."
    ),
)
def section2_sets_equal_points():
    """max_T ln(Pr[A in T]/Pr[B in T]) = max_y ln(Pr[A = y]/Pr[B = y]) for distributions A, B."""
    return for_all_distributions(range(2, 5), gamma=Interval(0, None, lo_open=True)).claim(
        lambda alg, p, q, gamma: alg.all(
            [
                implies(
                    alg,
                    max_divergence_at_most(alg, p, q, gamma),
                    max_divergence_at_most_over_sets(alg, p, q, gamma),
                ),
                implies(
                    alg,
                    max_divergence_at_most_over_sets(alg, p, q, gamma),
                    max_divergence_at_most(alg, p, q, gamma),
                ),
            ]
        ),
        says="D_inf over sets <= ln gamma  <=>  D_inf over points <= ln gamma",
    )
