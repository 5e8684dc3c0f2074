"""S. Vadhan (seed 000_ab6863cc5677b341.txt), section 4 Remarks: the Bernoulli property of
statistical difference, Proposition 2 for any metric with that property, and the (eps, delta)
generalization of Proposition 1."""

from fractions import Fraction as F

import sympy
from _vadhan_common import LOG_POINTS, ONE_ROW, SEED, TWO_ROWS

from dpproofs.algebra import implies
from dpproofs.claim import all_of
from dpproofs.outcomes import every_outcome
from dpproofs.search import Interval, distribution, for_all_mechanisms
from dpproofs.search.pairs import for_all_groups
from dpproofs.symbolic import holds
from dpproofs.theorem import theorem
from dpproofs.vocabulary import (
    mechanism_dp,
    mechanism_pure_dp,
    prior_posterior_max_divergence_close,
    with_probability_at_least,
)

gamma = sympy.Symbol("gamma", real=True)
eps = sympy.Symbol("eps", positive=True)


@theorem(
    source=f"{SEED}, V-bernoulli-remark, section 4 Remarks bullet 1",
    expect="proved",
    id="vadhan.bernoulli_remark",
    reading="Delta is the total variation (half the l1 distance); gamma in [-1, 1], every eps > 0.",
    quote=(
        "For gamma in [-1, 1]: if Delta(Bernoulli(1/2), Bernoulli((1+gamma)/2)) <= eps then "
        "abs(gamma) <= 2 eps."
    ),
)
def bernoulli_remark():
    """If Delta(Bernoulli(1/2), Bernoulli((1 + gamma)/2)) <= eps then |gamma| <= 2 eps."""
    half = sympy.Rational(1, 2)
    p, q = (half, half), ((1 + gamma) / 2, (1 - gamma) / 2)
    sd = sympy.Add(*(sympy.Abs(a - b) for a, b in zip(p, q, strict=True))) / 2
    return holds(
        sympy.Abs(gamma) <= 2 * eps,
        where={gamma: sympy.Interval(-1, 1), eps: sympy.Interval.open(0, sympy.oo)},
        assuming=[sd <= eps],
    )


@theorem(
    source=f"{SEED}, V-any-metric-remark, section 4 Remarks bullet 1",
    expect="proved",
    id="vadhan.any_metric_remark",
    restricted=("X^1 and X^2 with |X| = 2, eps in [1/100, 49/100]; the source: every X^n"),
    reading="'Any such d' encoded by the weakest one: only the Bernoulli property at the "
    "uniform two-point prior is used; O(eps) = ln((1 + 2 eps)/(1 - 2 eps)); X^1 and X^2"
    " with |X| = 2; eps in [1/100, 49/100].",
    note="'Any distance d with the Bernoulli property' is encoded by the weakest such d: all the "
    "hypothesis d(X_i, X_i | y) <= eps may be used for is the property's conclusion at the "
    "uniform two-point prior on x_i in {0, 1}, whose posterior is Bernoulli((1 + gamma)/2) with "
    "gamma = (L_0 - L_1)/(L_0 + L_1), so |L_0 - L_1| <= 2 eps (L_0 + L_1). O(eps) is the "
    "proof's constant: ln((1 + 2 eps)/(1 - 2 eps)), eps < 1/2. Mechanisms on X^1 (2-4 outputs) "
    "and X^2 (2 outputs), eps in [1/100, 49/100]; every finite number of outputs by the "
    "small-model theorem (N* = 3 on X^1; on X^2 N* = 5 for the whole claim, 3 for each "
    "neighbour pair's conclusion with its own group's hypotheses: localised, searched at 3).",
    quote=(
        "Let d be any distance on distributions over X such that d(Bernoulli(1/2), "
        "Bernoulli((1+gamma)/2)) <= eps implies abs(gamma) <= 2 eps. If d(X_i, (X_i | M(X_i, "
        "x_{-i}) = y)) <= eps for every x, i, X_i and y, then M is O(eps)-DP (max-divergence "
        "sense)."
    ),
)
def any_metric_remark():
    """If d(X_i, X_i | M(X_i, x_{-i}) = y) <= eps for all x, i, X_i, y (d with the Bernoulli
    property), then M is ln((1 + 2 eps)/(1 - 2 eps))-DP."""

    def predicate(alg, M, eps):
        one = alg.const(1)
        hypothesis = alg.all(
            every_outcome(
                alg,
                (M.rows[a], M.rows[b]),
                lambda la, lb: alg.all(
                    [alg.le(la - lb, 2 * eps * (la + lb)), alg.le(lb - la, 2 * eps * (la + lb))]
                ),
            )
            for (a, b) in M.groups
        )
        ratio = alg.div(one + 2 * eps, one - 2 * eps)
        return implies(alg, hypothesis, mechanism_pure_dp(alg, M.rows, M.pairs, ratio))

    says = "Bernoulli property of d at every output => ln((1+2eps)/(1-2eps))-DP"
    bounds = Interval(F(1, 100), F(49, 100))
    return all_of(
        for_all_mechanisms(ONE_ROW, range(2, 5), eps=bounds).claim(predicate, says=says),
        for_all_mechanisms(TWO_ROWS, (2,), eps=bounds).claim(predicate, says=says),
    )


@theorem(
    source=f"{SEED}, V-approx-remark, section 4 Remarks bullet 2",
    expect="verified-bounded",
    id="vadhan.approx_remark",
    reading="'Negligible' replaced by explicit constants: (eps, delta)-DP gives, w.p. >= 1 - "
    "delta (1 + 1/eps + 1/(eps e^eps)) over y ~ M(x), prior and posterior within D_inf "
    "2 eps (Proposition 1's direction only); X^n for every n >= 1 with |X| = 2 (group "
    "reduction), 2 outputs; eps in {ln(11/10), ln(3/2), ln 3}, delta in {1/100, 1/10}.",
    timeout=90,
    note="'Negligible' has no finite meaning; encoded with explicit constants: if M is "
    "(eps, delta)-DP then for every x, i, prior X_i on |X| = 2, with probability at least "
    "1 - delta'' over y ~ M(x), D_inf(X_i || X_i|y) <= 2 eps and D_inf(X_i|y || X_i) <= 2 eps, "
    "where delta'' = delta (1 + 1/eps + 1/(eps e^eps)) (the point-wise conversion of "
    "ks.claim3_3.part2_corrected, so the conclusion holds with eps doubled). Every n: the "
    "hypothesis is the conjunction over groups (i, x_{-i}) of (eps, delta)-DP between the "
    "group's rows, and the conclusion for (x, i) reads only the rows of x's group i (the "
    "posterior of X_i given y with X_{-i} = x_{-i}), so the one-group claim decides X^n for "
    "every n with |X| = 2 (group reduction, docs/design/neighbours.md; before: X^1 only). "
    "2 outputs (3 outputs: z3 times out), eps in {ln(11/10), ln(3/2), ln 3}, delta in "
    "{1/100, 1/10}. |X| = 3 (the one-group claim on 3 rows): z3 unknown within 90 s at these "
    "points (measured under load).",
    quote=(
        "Propositions 1 and 2 generalize to (eps, delta)-DP: for negligible delta, their "
        "conclusions hold with probability 1 - negligible over the randomness of M (over y drawn "
        "from M)."
    ),
)
def approx_remark():
    """Proposition 1 for (eps, delta)-DP: the prior-posterior bound holds with probability
    1 - O(delta) over the output."""

    def hypothesis(alg, rows, E, delta):
        """(eps, delta)-DP between the rows of one group (x_i varies, x_{-i} fixed)."""
        group = [r[0] for r in rows]
        pairs = [(a, b) for a in range(len(group)) for b in range(len(group)) if a != b]
        return mechanism_dp(alg, group, pairs, E, delta)

    def conclusion(alg, rows, prior, E, eps, delta):
        """For each database x of the group, w.p. >= 1 - delta'' over y ~ M(x), the prior on
        X_i and its posterior given y (likelihoods M(x_{-i}, a)[y]) are within D_inf 2 eps."""
        group = [r[0] for r in rows]
        level = 1 - delta * (1 + alg.div(alg.const(1), eps) + alg.div(alg.const(1), eps * E))
        close = [
            prior_posterior_max_divergence_close(alg, prior, [row[y] for row in group], E * E)
            for y in range(len(group[0]))
        ]
        return alg.all(with_probability_at_least(alg, row, close, level) for row in group)

    says = "(eps, delta)-DP => w.p. 1 - delta'' over y ~ M(x): prior/posterior within 2eps"
    return all_of(
        *(
            for_all_groups(
                ("M",),
                2,
                range(2, 3),
                hypothesis,
                conclusion,
                says=says,
                shared={"prior": distribution(2)},
                eps=e,
                delta=d,
            )
            for e in LOG_POINTS
            for d in (F(1, 100), F(1, 10))
        )
    )
