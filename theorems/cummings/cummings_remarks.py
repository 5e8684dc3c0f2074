"""Cummings (seed 003_87c8c5658751411a.txt): the histogram example and Remark 1 (section 1.1),
and Remark 2 on the Gaussian mechanism (section 2)."""

from fractions import Fraction as F

import sympy
from _cummings_common import SEED
from sympy import Interval, exp, oo

from dpproofs import exact_fact
from dpproofs.algebra import implies
from dpproofs.claim import all_of
from dpproofs.continuum import continuum
from dpproofs.search import Interval as SearchInterval
from dpproofs.search import channel, for_all
from dpproofs.symbolic import holds
from dpproofs.theorem import theorem
from dpproofs.vocabulary import gaussian_delta, mechanism_pure_dp


@theorem(
    source=f"{SEED}, C-hist-example, section 1.1 display",
    expect="proved",
    id="cummings.histogram_example",
    reading="X = (Yes, No) in that order; the histogram counts the entries of each type.",
    quote=(
        "With X = {Yes, No} in the order (Yes, No), the database (Y, Y, N, Y) in X^4 has "
        "histogram (3, 1) in N^2."
    ),
)
def histogram_example():
    """With X = (Yes, No), the database (Y, Y, N, Y) in X^4 has histogram (3, 1)."""

    def check(facts):
        database = ("Yes", "Yes", "No", "Yes")
        histogram = tuple(sum(v == t for v in database) for t in ("Yes", "No"))
        facts.equal("#Yes", histogram[0], 3)
        facts.equal("#No", histogram[1], 1)
        return {"histogram": histogram}

    return exact_fact("hist(Y, Y, N, Y) = (3, 1)", check)


#: Histograms over |X| = 2 with norm1 <= 2, and the two neighbour relations of Remark 1.
HISTOGRAMS = ((0, 0), (1, 0), (0, 1), (2, 0), (1, 1), (0, 2))


def _l1(a, b):
    return sum(abs(u - v) for u, v in zip(HISTOGRAMS[a], HISTOGRAMS[b], strict=True))


_IDX = range(len(HISTOGRAMS))
ADD_REMOVE = tuple((a, b) for a in _IDX for b in _IDX if _l1(a, b) == 1)
CHANGE = tuple(
    (a, b)
    for a in _IDX
    for b in _IDX
    if _l1(a, b) == 2 and sum(HISTOGRAMS[a]) == sum(HISTOGRAMS[b])
)


@theorem(
    source=f"{SEED}, C-Rem1-factor2, section 1.1 Remark 1",
    expect="proved",
    id="cummings.remark1_factor2",
    restricted=(
        "histograms of norm1 <= 2 over |X| = 2, eps in [1/100, 2]; the source: every "
        "histogram and every eps"
    ),
    reading="Histograms over |X| = 2 types with norm1 <= 2 (6 databases), every mechanism on "
    "any finite number of outputs, eps in [1/100, 2]; add/remove: norm1(x - y) = 1; "
    "change: same size, norm1(x - y) = 2; pure DP (delta = 0).",
    timeout=60,
    note="All mechanisms on the histograms of |X| = 2 types with norm1 <= 2 (6 databases) and "
    "2-3 outputs, eps in [1/100, 2]: eps-DP for add/remove neighbours (norm1(x - y) = 1) implies "
    "2eps-DP for change-one-entry neighbours (same size, norm1(x - y) = 2).",
    quote=(
        "If M is eps-DP for add/remove neighbours (histograms x, y with norm1(x - y) <= 1), then "
        "M is 2eps-DP for change-one-entry neighbours (norm1(x) = norm1(y) and norm1(x - y) <= "
        "2)."
    ),
)
def remark1_factor_two():
    """eps-DP under add/remove neighbours implies 2eps-DP under change-one-entry neighbours."""
    return for_all(
        {"M": channel(inputs=len(HISTOGRAMS))},
        range(2, 4),
        size_name="outputs",
        what="mechanisms on histograms of norm1 <= 2 over 2 types",
        symmetric=True,
        eps=SearchInterval(F(1, 100), 2),
    ).claim(
        lambda alg, M, E: implies(
            alg, mechanism_pure_dp(alg, M, ADD_REMOVE, E), mechanism_pure_dp(alg, M, CHANGE, E * E)
        ),
        says="eps-DP (add/remove) => 2eps-DP (change one entry)",
    )


sigma = sympy.Symbol("sigma", positive=True)
eps = sympy.Symbol("eps", positive=True)
fx, fy, z = sympy.symbols("fx fy z", real=True)


def _gauss(t):
    """The N(0, sigma^2) density up to its constant (which cancels in ratios)."""
    return exp(-(t**2) / (2 * sigma**2))


@theorem(
    source=f"{SEED}, C-Rem2-gauss-not-pure, section 2 Remark 2",
    expect="proved",
    id="cummings.gaussian_not_pure",
    reading="(eps, 0)-DP refuted through the output densities at the proof's witness z (a "
    "density ratio above e^eps on a neighbourhood of z); neighbours with f(x) > f(y) "
    "(the other order is symmetric); every sigma > 0, eps > 0.",
    note="For every sigma > 0, eps > 0 and neighbours with f(x) > f(y) (Delta = f(x) - f(y) > 0), "
    "the output z = (f(x) + f(y))/2 + sigma^2 (eps + 1)/Delta has density ratio e^(eps + 1) > "
    "e^eps, so (eps, 0)-DP fails for every finite eps. The output z is the existential witness "
    "of the proof, written here; the inequality is decided.",
    quote=(
        "For f with 0 < Delta f < inf and any sigma > 0, the Gaussian mechanism f(x) + N(0, "
        "sigma^2) is not (eps, 0)-DP for any finite eps."
    ),
)
def gaussian_is_not_pure_dp():
    """The Gaussian mechanism f(x) + N(0, sigma^2) is not (eps, 0)-DP for any finite eps."""
    witness = (fx + fy) / 2 + sigma**2 * (eps + 1) / (fx - fy)
    ratio = _gauss(witness - fx) / _gauss(witness - fy)
    return holds(
        ratio > exp(eps),
        where={sigma: Interval.open(0, oo), eps: Interval.open(0, oo)},
        assuming=[fx > fy],
    )


#: The box decided: eps in (0, EPS_MAX] and Delta/sigma in [RATIO_MIN, RATIO_MAX], i.e.
#: sigma/Delta in [1/64, 100]. Beyond RATIO_MAX, delta(0) = 2 Phi(Delta/(2 sigma)) - 1 is within
#: 2 Phi(-32) ~ 1e-224 of 1 (Arb needs ~ 750 bits); beyond EPS_MAX and below RATIO_MIN, delta is
#: positive but its two terms agree to ~ (Delta/sigma)^2/eps.
EPS_MAX = F(100)
RATIO_MIN, RATIO_MAX = F(1, 100), F(64)


def _profile(alg, eps, ratio):
    """delta(eps) at Delta/sigma = ratio (the vocabulary's gaussian_delta, eps sigma/Delta =
    eps/ratio)."""
    return gaussian_delta(alg, eps, ratio, eps / ratio)


#: What the two corners decide, by Lemma G2.
GAUSS_BOX = (
    "every eps in (0, 100] and sigma/Delta in [1/64, 100] (Lemma G2, docs/design/"
    "branch-and-bound.md: delta(eps) decreases in eps and increases in Delta/sigma, so its "
    "corners bound it on the box)"
)


@theorem(
    source=f"{SEED}, C-Rem2-gauss-approx, section 2 Remark 2",
    expect="verified-bounded",
    id="cummings.gaussian_approximate",
    reading="Neighbours at distance Delta f (only sigma/Delta f matters); delta(eps) is the "
    "hockey-stick divergence of N(Delta f, sigma^2) against N(0, sigma^2) (the vocabulary's "
    "gaussian_delta); 'some delta in (0, 1)' checked as 0 < delta(eps) < 1 for every eps in "
    "(0, 100] and sigma/Delta f in [1/64, 100], through Lemma G2 (docs/design/"
    "branch-and-bound.md: delta(eps) decreases in eps and in sigma/Delta).",
    note="delta(eps) = Phi(Delta/(2 sigma) - eps sigma/Delta) - e^eps Phi(-Delta/(2 sigma) - "
    "eps sigma/Delta) is the hockey-stick divergence of the outputs of neighbours. Lemma G2 "
    "(proved in docs/design/branch-and-bound.md from e^eps phi(B) = phi(A)): d delta/d eps = "
    "-e^eps Phi(B) < 0 and d delta/d(Delta/sigma) = phi(A) > 0. So on eps in (0, 100] x "
    "Delta/sigma in [1/100, 64], delta >= delta at the corner (eps, Delta/sigma) = (100, "
    "1/100) and delta < its value at (0, 64); both corners are decided rigorously (Arb erfc): 0 < "
    "delta(100) at sigma/Delta = 100, and delta(0) < 1 at sigma/Delta = 1/64. Covered: that "
    "box (before: 4 points, sigma/Delta in {1/2, 3} x eps in {1/10, 5}). Not covered: eps > "
    "100, sigma/Delta < 1/64 or > 100, where delta tends to 0 or 1 and no box closes; what "
    "would finish it: Lemma G3 (delta = phi(A) (M(A) - M(B)) with M = Phi/phi increasing, so "
    "delta > 0 everywhere) and delta < delta(0) = 2 Phi(Delta/(2 sigma)) - 1 < 1, as rules "
    "with their limits decided. For every sigma and eps, the pointwise step is decided "
    "(cummings.gaussian_approximate_pointwise, a proof step).",
    quote=(
        "For f with Delta f < inf, eps > 0 and sigma > 0, the Gaussian mechanism f(x) + N(0, "
        "sigma^2) is (eps, delta)-DP for some delta in (0, 1)."
    ),
)
def gaussian_is_approximate_dp():
    """The Gaussian mechanism is (eps, delta)-DP for some delta in (0, 1)."""

    return all_of(
        continuum(
            "0 < delta(eps) at its minimum over the box, eps = 100, Delta/sigma = 1/100",
            lambda alg, eps, ratio: alg.lt(0, _profile(alg, eps, ratio)),
            {},
            {"eps": (EPS_MAX, EPS_MAX), "ratio": (RATIO_MIN, RATIO_MIN)},
            covers=f"0 < delta(eps) for {GAUSS_BOX}",
        ),
        continuum(
            "delta(eps) < 1 above its supremum over the box, eps = 0, Delta/sigma = 64",
            lambda alg, eps, ratio: alg.lt(_profile(alg, eps, ratio), 1),
            {},
            {"eps": (0, 0), "ratio": (RATIO_MAX, RATIO_MAX)},
            covers=f"delta(eps) < 1 for {GAUSS_BOX}",
            premise="Lemma G2's corner eps = 0 (outside eps > 0)",
        ),
    )


@theorem(
    source=f"{SEED}, C-Rem2-gauss-approx, section 2 Remark 2",
    expect="proved",
    role="proof",
    id="cummings.gaussian_approximate_pointwise",
    reading="The pointwise step (p(z) - e^eps q(z))^+ < p(z) at every output z, for every sigma"
    " > 0 and eps > 0; integrating it over z is the reader's step.",
    note="delta(eps) = integral of (p(z) - e^eps q(z))^+ dz over the output densities p, q of "
    "neighbours makes the mechanism (eps, delta(eps))-DP. The decided step: (p - e^eps q)^+ < p "
    "at every z (q > 0 everywhere), so by continuity delta(eps) < integral of p = 1. Integration "
    "is the reader's step (dpproofs has no Gaussian integrals).",
    quote=(
        "For f with Delta f < inf, eps > 0 and sigma > 0, the Gaussian mechanism f(x) + N(0, "
        "sigma^2) is (eps, delta)-DP for some delta in (0, 1)."
    ),
)
def gaussian_pointwise_step():
    """(p(z) - e^eps q(z))^+ < p(z) at every output z: the step that gives delta(eps) < 1."""
    p_z, q_z = _gauss(z - fx), _gauss(z - fy)
    return holds(
        sympy.Max(p_z - exp(eps) * q_z, 0) < p_z,
        where={sigma: Interval.open(0, oo), eps: Interval.open(0, oo)},
    )
