"""Cummings (seed 003_87c8c5658751411a.txt): the histogram example and Remark 1 (section 1.1),
and Remark 2 on the Gaussian mechanism (section 2)."""

from fractions import Fraction as F

import sympy
from _cummings_common import SEED
from sympy import Interval, exp, oo

from dpproofs import exact_fact
from dpproofs.algebra import implies
from dpproofs.search import Interval as SearchInterval
from dpproofs.search import channel, for_all
from dpproofs.symbolic import holds
from dpproofs.theorem import theorem
from dpproofs.vocabulary import mechanism_pure_dp


@theorem(
    source=f"{SEED}, C-hist-example, section 1.1 display",
    expect="proved",
    id="cummings.histogram_example",
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
    timeout=60,
    note="All mechanisms on the histograms of |X| = 2 types with norm1 <= 2 (6 databases) and "
    "2-3 outputs, eps in [1/100, 2]: eps-DP for add/remove neighbours (norm1(x - y) = 1) implies "
    "2eps-DP for change-one-entry neighbours (same size, norm1(x - y) = 2).",
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
    note="For every sigma > 0, eps > 0 and neighbours with f(x) > f(y) (Delta = f(x) - f(y) > 0), "
    "the output z = (f(x) + f(y))/2 + sigma^2 (eps + 1)/Delta has density ratio e^(eps + 1) > "
    "e^eps, so (eps, 0)-DP fails for every finite eps. The output z is the existential witness "
    "of the proof, written here; the inequality is decided.",
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


@theorem(
    source=f"{SEED}, C-Rem2-gauss-approx, section 2 Remark 2",
    expect="proved",
    id="cummings.gaussian_approximate",
    note="delta(eps) = integral of (p(z) - e^eps q(z))^+ dz over the output densities p, q of "
    "neighbours makes the mechanism (eps, delta(eps))-DP. The decided step: (p - e^eps q)^+ < p "
    "at every z (q > 0 everywhere), so by continuity delta(eps) < integral of p = 1. Integration "
    "is the reader's step (dpproofs has no Gaussian integrals).",
)
def gaussian_is_approximate_dp():
    """The Gaussian mechanism is (eps, delta)-DP for some delta in (0, 1)."""
    p_z, q_z = _gauss(z - fx), _gauss(z - fy)
    return holds(
        sympy.Max(p_z - exp(eps) * q_z, 0) < p_z,
        where={sigma: Interval.open(0, oo), eps: Interval.open(0, oo)},
    )
