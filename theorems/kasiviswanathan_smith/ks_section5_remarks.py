"""Kasiviswanathan & Smith (seed 004_b0aca88671cf8a62.txt), section 3 footnote 2, section 5 and
Appendix A: facts that need no semantic-privacy search (Laplace moments, the total-variation
sanitizer, the sqrt(2) remark, indistinguishability is not a metric, projections)."""

from fractions import Fraction

import sympy
from _ks_common import DELTA, EPS, SEED
from sympy import Interval, oo

from dpproofs import (
    all_of,
    exact_fact,
)
from dpproofs.algebra import EXACT, implies
from dpproofs.finite import rowrelease
from dpproofs.search import channel, distribution, for_all, for_all_distributions
from dpproofs.symbolic import holds
from dpproofs.theorem import theorem
from dpproofs.vocabulary import (
    hockey_stick,
    indistinguishable,
    joint_law,
    mixture,
    statistical_difference,
)

lam = sympy.Symbol("lambda", positive=True)
n_rows = sympy.Symbol("n", positive=True)


def _moment(k):
    """E[Y^k] for the density proportional to exp(-|y|/lambda), normalised by its integral."""
    below = sympy.Symbol("y", negative=True)
    above = sympy.Symbol("y", positive=True)

    def integral(power):
        left = sympy.integrate(below**power * sympy.exp(below / lam), (below, -oo, 0))
        right = sympy.integrate(above**power * sympy.exp(-above / lam), (above, 0, oo))
        return left + right

    return sympy.simplify(integral(k) / integral(0))


@theorem(
    source=f"{SEED}, KS-lap-mean, section 5 before Corollary 5.2",
    expect="proved",
    id="ks.laplace_mean",
    reading="Density proportional to exp(-|y|/lambda), normalised by its integral; every lambda"
    " > 0.",
    quote=("Lap(lambda), with density proportional to exp(-abs(y)/lambda), has mean 0."),
)
def laplace_mean():
    """Lap(lambda), density proportional to exp(-|y|/lambda), has mean 0."""
    return holds(sympy.Eq(_moment(1), 0, evaluate=False), where={lam: Interval.open(0, oo)})


@theorem(
    source=f"{SEED}, KS-lap-std, section 5 before Corollary 5.2",
    expect="refuted",
    refutation="substantive",
    id="ks.laplace_std",
    reading="Density proportional to exp(-|y|/lambda), normalised by its integral; standard "
    "deviation sqrt(E[Y^2] - E[Y]^2); every lambda > 0.",
    quote=(
        "Lap(lambda), with density proportional to exp(-abs(y)/lambda), has standard deviation "
        "lambda."
    ),
)
def laplace_std():
    """Lap(lambda) has standard deviation lambda."""
    std = sympy.sqrt(_moment(2) - _moment(1) ** 2)
    return holds(sympy.Eq(std, lam, evaluate=False), where={lam: Interval.open(0, oo)})


@theorem(
    source=f"{SEED}, KS-lap-std, section 5 before Corollary 5.2 (corrected)",
    expect="proved",
    id="ks.laplace_std_corrected",
    reading="Standard deviation sqrt(E[Y^2] - E[Y]^2), the moments integrated exactly; every "
    "lambda > 0.",
    corrects="ks.laplace_std",
    note="The variance of Lap(lambda) is 2 lambda^2, so the standard deviation is sqrt(2) lambda.",
    quote=(
        "Lap(lambda), with density proportional to exp(-abs(y)/lambda), has standard deviation "
        "lambda."
    ),
)
def laplace_std_corrected():
    """Lap(lambda) has standard deviation sqrt(2) lambda."""
    std = sympy.sqrt(_moment(2) - _moment(1) ** 2)
    return holds(
        sympy.Eq(std, sympy.sqrt(2) * lam, evaluate=False), where={lam: Interval.open(0, oo)}
    )


delta0 = sympy.Symbol("delta0", positive=True)


@theorem(
    source=f"{SEED}, KS-sqrt2-remark, section 5",
    expect="proved",
    id="ks.sqrt2_remark",
    reading="delta = delta_0^2 for a target delta_0 in (0, 1); natural log; sigma proportional "
    "to sqrt(log(1/delta)) (the constant cancels in the ratio).",
    note="delta = delta0^2 for a target delta0 in (0, 1); sigma proportional to "
    "sqrt(log(1/delta)).",
    quote=(
        "When delta' = sqrt(delta) must reach a target delta_0, delta = delta_0^2 is needed, so "
        "log(1/delta) doubles. For Gaussian noise with sigma^2 proportional to log(1/delta), the "
        "standard deviation then grows by the factor sqrt(2)."
    ),
)
def sqrt2_remark():
    """log(1/delta0^2) = 2 log(1/delta0); sqrt(log(1/delta0^2)) = sqrt(2) sqrt(log(1/delta0))."""
    where = {delta0: Interval.open(0, 1)}
    return all_of(
        holds(
            sympy.Eq(sympy.log(1 / delta0**2), 2 * sympy.log(1 / delta0), evaluate=False),
            where=where,
        ),
        holds(
            sympy.Eq(
                sympy.sqrt(sympy.log(1 / delta0**2)),
                sympy.sqrt(2) * sympy.sqrt(sympy.log(1 / delta0)),
                evaluate=False,
            ),
            where=where,
        ),
    )


def _sanitizer():
    """A picks i uniform in {1..n} and publishes (i, x_i): (i, x_i) with probability 1/n for
    each row i, for every n >= 1 and every D with |D| >= 2 (docs/design/row-release.md)."""
    return rowrelease.row_release(n_rows, 1 / n_rows, "every", "publish a random row")


@theorem(
    source=f"{SEED}, KS-tv-sanitizer, section 5",
    expect="proved",
    id="ks.tv_sanitizer",
    reading="Every D with |D| >= 2 and every n >= 1, Hamming neighbours; outputs (i, x_i) with i "
    "uniform; SD <= 1/n and D_inf = +oo by the row-release rule (docs/design/row-release.md).",
    note="Every |D| >= 2 and n >= 1: SD between neighbours <= 1/n and the max-divergence is "
    "infinite (the supremum over neighbours is the weight 1/n of one row, by the row-release "
    "rule).",
    quote=(
        "Let A pick i uniform in {1, ..., n} and publish (i, x_i). Then SD(A(x), A(y)) <= 1/n for"
        " all x, y in D^n that differ in one entry, so A passes the total-variation version of "
        "the definition with parameter 1/n. A is not eps-DP for any finite eps (abs(D) >= 2)."
    ),
)
def tv_sanitizer():
    """Publishing (i, x_i) for a random i has SD <= 1/n between neighbours but is not eps-DP."""
    return all_of(
        rowrelease.total_variation_at_most(_sanitizer(), 1 / n_rows),
        rowrelease.max_divergence_is_infinite(_sanitizer()),
    )


def _indistinguishability_is_not_a_metric(facts):
    """The distance that (eps, delta)-indistinguishability induces at a fixed delta,
    d_delta(X, Y) = inf {eps >= 0 : X, Y are (eps, delta)-indistinguishable}, breaks two metric
    axioms, and adding the parameters (eps_1 + eps_2, delta_1 + delta_2) does not repair the
    triangle inequality. Hockey-stick divergences are the vocabulary's, evaluated exactly:
    (eps, delta)-indistinguishable <=> E_{e^eps}(X||Y) <= delta and E_{e^eps}(Y||X) <= delta."""
    tenth, one, two, four = Fraction(1, 10), Fraction(1), Fraction(2), Fraction(4)

    def hs(p, q, gamma):
        return hockey_stick(EXACT, p, q, gamma)

    def close(name, p, q, gamma, delta):
        facts.at_most(f"E_{gamma}({name})", hs(p, q, gamma), delta)
        facts.at_most(f"E_{gamma}(reversed {name})", hs(q, p, gamma), delta)

    # 1. delta = 1/10: d(X, Y) = 0 and d(Y, Z) = 0 (both (0, 1/10)-indistinguishable) with
    #    X != Y, so identity of indiscernibles fails; d(X, Z) > 0 = d(X, Y) + d(Y, Z), so the
    #    triangle inequality fails (X, Z are not even (0, 1/10)-indistinguishable).
    x, y, z = (Fraction(1, 5), Fraction(4, 5)), (tenth, Fraction(9, 10)), (Fraction(0), one)
    close("X||Y", x, y, one, tenth)
    close("Y||Z", y, z, one, tenth)
    facts.less_than("X != Y: |X(a) - Y(a)| > 0", Fraction(0), abs(x[0] - y[0]))
    facts.less_than("X, Z not (0, 1/10): 1/10 < E_1(X||Z)", tenth, hs(x, z, one))
    # 2. Adding both parameters: X, Y (ln 2, 0) and Y, Z (ln 2, 1/10), yet X, Z are not
    #    (2 ln 2, 1/10)-indistinguishable (K&S's own bound is (2 eps, delta (1 + e^eps))).
    x, y, z = (Fraction(4, 5), Fraction(1, 5)), (Fraction(9, 10), tenth), (one, Fraction(0))
    close("X'||Y'", x, y, two, Fraction(0))
    close("Y'||Z", y, z, two, tenth)
    facts.less_than("X', Z not (2 ln 2, 1/10): 1/10 < E_4(X'||Z)", tenth, hs(x, z, four))
    return {"E_4(X'||Z)": hs(x, z, four)}


@theorem(
    source=f"{SEED}, KS-not-metric, section 3 footnote 2",
    expect="proved",
    id="ks.not_metric",
    reading="'Not a metric, unlike statistical difference' compares the metric axioms; "
    "d_delta(X, Y) = the least eps at a fixed delta > 0; SD's triangle inequality on "
    "any finite number of outcomes, d_delta's failures at exact witnesses (delta = "
    "1/10).",
    note="Reading: 'not a metric, unlike statistical difference' compares the metric axioms. "
    "SD satisfies the triangle inequality SD(P, R) <= SD(P, Q) + SD(Q, R) (decided for all "
    "triples of distributions on every finite number of outcomes, small-model theorem). The "
    "distance (eps, delta)-indistinguishability induces at a fixed delta > 0, d_delta = the "
    "least eps, fails it and fails identity of indiscernibles (exact witnesses on two points, "
    "delta = 1/10); adding both parameters does not repair it either. At delta = 0, d_0 is the "
    "symmetric max-divergence, which is an (extended) metric: the footnote is about delta > 0. "
    "(Fixed-parameter transitivity, which SD fails as well, is not the axiom at stake.)",
    quote=(
        "(eps, delta)-indistinguishability obeys no triangle inequality at fixed parameters: some"
        " X, Y, Z have X, Y and Y, Z (eps, delta)-indistinguishable while X, Z are not."
    ),
)
def indistinguishability_not_a_metric():
    """SD is a metric; the distance of (eps, delta)-indistinguishability (delta > 0) is not.

    SD obeys the triangle inequality; d_delta breaks it and identity of indiscernibles."""
    sd_triangle = for_all_distributions(range(2, 4), names=("p", "q", "r")).claim(
        lambda alg, p, q, r: alg.le(
            statistical_difference(alg, p, r),
            statistical_difference(alg, p, q) + statistical_difference(alg, q, r),
        ),
        says="SD(P, R) <= SD(P, Q) + SD(Q, R)",
    )
    witnesses = exact_fact(
        "d_delta breaks the triangle inequality and identity of indiscernibles",
        _indistinguishability_is_not_a_metric,
    )
    return all_of(sd_triangle, witnesses)


@theorem(
    source=f"{SEED}, KS-proj-indist, section 4 proof of Lemma 4.1",
    expect="proved",
    id="ks.projection_indistinguishable",
    restricted=("|D| = 2, eps in [1/100, 2], delta in [0, 1/2]; the source: every D, eps, delta"),
    reading="X, Y on |D| = 2 points, A, A' on any finite number of outputs; the projection A(X)"
    " is the mixture of A's rows by X; eps in [1/100, 2], delta in [0, 1/2].",
    note="X, Y on |D| = 2 points, A, A' with any finite number of outputs; eps in [1/100, 2], "
    "delta in [0, 1/2]. The joint laws and the push-forwards are the vocabulary's joint_law and "
    "mixture, so the claim is one formula: m = 4 rows, 3 sums per conjunct, N* = 7 outputs by "
    "the small-model theorem, searched at 2 and at N* = 7.",
    quote=(
        "If (X, A(X)) and (Y, A'(Y)) are (eps, delta)-indistinguishable on D x E, then A(X) and "
        "A'(Y) are (eps, delta)-indistinguishable."
    ),
)
def projection_indistinguishable():
    """If (X, A(X)) and (Y, A'(Y)) are (eps, delta)-indistinguishable, so are A(X) and A'(Y)."""
    return for_all(
        {
            "X": distribution(2),
            "Y": distribution(2),
            "A": channel(inputs=2),
            "B": channel(inputs=2),
        },
        range(2, 3),
        size_name="outputs",
        what="X, Y on |D| = 2 and algorithms A, A' (= B) from D",
        eps=EPS,
        delta=DELTA,
    ).claim(
        lambda alg, X, Y, A, B, E, delta: implies(
            alg,
            indistinguishable(alg, joint_law(alg, X, A), joint_law(alg, Y, B), E, delta),
            indistinguishable(alg, mixture(alg, X, A), mixture(alg, Y, B), E, delta),
        ),
        says="(X, A(X)) ~ (Y, A'(Y)) => A(X) ~ A'(Y)",
    )


t_out, sigma = sympy.Symbol("t", real=True), sympy.Symbol("sigma", positive=True)


@theorem(
    source=f"{SEED}, KS-ThmA.2, Appendix A Theorem A.2 (the posterior display)",
    expect="proved",
    role="proof",
    id="ks.theorem_a2_posterior",
    reading="Belief uniform on {0^n, e_1}; Game 1 maps both to 0^n; Gaussian densities; every t"
    " > 1/2 and sigma > 0; the probabilistic limit over t ~ A(1^n) and the DP of the "
    "mechanism are not encoded.",
    note="A proof step, not the theorem: the proof's computation, not the limit (the statement "
    "is ks.theorem_a2, decided with an exact witness; this mechanism's DP claim is "
    "ks.gauss_sum_dp, refuted). "
    "Belief b uniform on {0^n, e_1}, "
    "A(x) = sum_i x_i + N(0, sigma^2). At transcript t, bbar_0 puts mass 1/(1 + r) on e_1 with "
    "r = exp(-(2t - 1)/(2 sigma^2)) (the Gaussian density ratio), while in Game 1 both "
    "databases become 0^n, so bbar_1 is uniform. Decided: SD(bbar_0, bbar_1) >= 1/2 - r for "
    "every t > 1/2. With t ~ A(1^n) = n + N(0, sigma^2), t > n/2 with probability -> 1, so the "
    "SD tends to 1/2 (that probabilistic step is not decided here).",
    quote=(
        "(eps, delta)-DP does not imply reality-oblivious (eps', delta')-semantic privacy "
        "(KS-DefA.1) for any reasonable eps', delta'. Witness: take the belief b uniform on {0^n,"
        " (1, 0^{n-1})}, the real database 1^n and A(x) = sum_i x_i + N(0, sigma^2) with sigma^2 "
        "= log(1/delta)/eps^2. With probability tending to 1 as n grows, over t <- A(1^n), "
        "bbar_1[.|t] stays uniform while bbar_0[.|t] puts almost all its mass on (1, 0^{n-1}), so"
        " SD(bbar_0[.|t], bbar_1[.|t]) tends to 1/2."
    ),
)
def theorem_a2_posterior():
    """Dwork-McSherry example: SD(bbar_0[.|t], bbar_1[.|t]) >= 1/2 - e^{-(2t-1)/(2 sigma^2)}."""
    density = lambda mean: sympy.exp(-((t_out - mean) ** 2) / (2 * sigma**2))  # noqa: E731
    posterior_e1 = density(1) / (density(0) + density(1))
    r = sympy.exp(-(2 * t_out - 1) / (2 * sigma**2))
    return holds(
        sympy.Abs(posterior_e1 - sympy.Rational(1, 2)) >= sympy.Rational(1, 2) - r,
        where={t_out: Interval.open(sympy.Rational(1, 2), oo), sigma: Interval.open(0, oo)},
    )
