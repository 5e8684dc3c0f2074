"""Kasiviswanathan & Smith (seed 004_b0aca88671cf8a62.txt), section 3 footnote 2, section 5 and
Appendix A: facts that need no semantic-privacy search (Laplace moments, the total-variation
sanitizer, the sqrt(2) remark, indistinguishability is not a metric, projections)."""

import itertools

import sympy
from _ks_common import DELTA, EPS, SEED
from sympy import Interval, oo

from dpproofs import (
    FiniteMechanism,
    Hamming,
    all_of,
    for_each,
    pure_epsilon_is,
    total_variation_at_most,
)
from dpproofs.algebra import implies
from dpproofs.search import channel, distribution, for_all, for_all_distributions
from dpproofs.symbolic import holds
from dpproofs.theorem import theorem
from dpproofs.vocabulary import indistinguishable, joint_law, mixture

lam = sympy.Symbol("lambda", positive=True)


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
)
def laplace_mean():
    """Lap(lambda), density proportional to exp(-|y|/lambda), has mean 0."""
    return holds(sympy.Eq(_moment(1), 0, evaluate=False), where={lam: Interval.open(0, oo)})


@theorem(
    source=f"{SEED}, KS-lap-std, section 5 before Corollary 5.2",
    expect="refuted",
    id="ks.laplace_std",
)
def laplace_std():
    """Lap(lambda) has standard deviation lambda."""
    std = sympy.sqrt(_moment(2) - _moment(1) ** 2)
    return holds(sympy.Eq(std, lam, evaluate=False), where={lam: Interval.open(0, oo)})


@theorem(
    source=f"{SEED}, KS-lap-std, section 5 before Corollary 5.2 (corrected)",
    expect="proved",
    id="ks.laplace_std_corrected",
    corrects="ks.laplace_std",
    note="The variance of Lap(lambda) is 2 lambda^2, so the standard deviation is sqrt(2) lambda.",
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
    note="delta = delta0^2 for a target delta0 in (0, 1); sigma proportional to "
    "sqrt(log(1/delta)).",
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


def _sanitizer(n):
    """A picks i uniform in {1..n} and publishes (i, x_i); databases in {0, 1}^n."""
    xs = list(itertools.product((0, 1), repeat=n))
    outputs = [(i, v) for i in range(n) for v in (0, 1)]
    rows = [
        [sympy.Rational(1, n) if x[i] == v else sympy.Integer(0) for i, v in outputs] for x in xs
    ]
    return FiniteMechanism.from_rows(
        rows, inputs=xs, outputs=outputs, neighbours=Hamming(n), name=f"publish a random row, n={n}"
    )


@theorem(
    source=f"{SEED}, KS-tv-sanitizer, section 5",
    expect="verified-bounded",
    id="ks.tv_sanitizer",
    note="|D| = 2, n = 1..4: SD between neighbours <= 1/n and the max-divergence is infinite.",
)
def tv_sanitizer():
    """Publishing (i, x_i) for a random i has SD <= 1/n between neighbours but is not eps-DP."""
    return for_each(
        "databases in {0,1}^n for n in 1..4",
        [(n,) for n in range(1, 5)],
        lambda n: all_of(
            total_variation_at_most(_sanitizer(n), sympy.Rational(1, n)),
            pure_epsilon_is(_sanitizer(n), sympy.oo),
        ),
        label=lambda n: f"n={n}",
    )


@theorem(
    source=f"{SEED}, KS-not-metric, section 3 footnote 2",
    expect="refuted",
    id="ks.not_metric",
    note="The footnote says the triangle inequality FAILS at fixed parameters; the theorem states "
    "the triangle inequality, so its refutation (three distributions) is the footnote's claim.",
)
def triangle_inequality_at_fixed_parameters():
    """(Stated to be refuted) X ~ Y and Y ~ Z imply X ~ Z, all (eps, delta)-indistinguishable."""
    return for_all_distributions(range(2, 4), names=("p", "q", "r"), eps=EPS, delta=DELTA).claim(
        lambda alg, p, q, r, E, delta: implies(
            alg,
            alg.all(
                [indistinguishable(alg, p, q, E, delta), indistinguishable(alg, q, r, E, delta)]
            ),
            indistinguishable(alg, p, r, E, delta),
        ),
        says="X ~ Y and Y ~ Z => X ~ Z",
    )


@theorem(
    source=f"{SEED}, KS-proj-indist, section 4 proof of Lemma 4.1",
    expect="proved",
    id="ks.projection_indistinguishable",
    note="X, Y on |D| = 2 points, A, A' with any finite number of outputs; eps in [1/100, 2], "
    "delta in [0, 1/2]. The joint laws and the push-forwards are the vocabulary's joint_law and "
    "mixture, so the claim is one formula: m = 4 rows, 3 sums per conjunct, N* = 7 outputs by "
    "the small-model theorem, searched at 2 and at N* = 7.",
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
    id="ks.theorem_a2_posterior",
    note="Partial: the proof's computation, not the limit. Belief b uniform on {0^n, e_1}, "
    "A(x) = sum_i x_i + N(0, sigma^2). At transcript t, bbar_0 puts mass 1/(1 + r) on e_1 with "
    "r = exp(-(2t - 1)/(2 sigma^2)) (the Gaussian density ratio), while in Game 1 both "
    "databases become 0^n, so bbar_1 is uniform. Decided: SD(bbar_0, bbar_1) >= 1/2 - r for "
    "every t > 1/2. With t ~ A(1^n) = n + N(0, sigma^2), t > n/2 with probability -> 1, so the "
    "SD tends to 1/2 (that probabilistic step is not decided here).",
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
