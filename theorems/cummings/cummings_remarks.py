"""Cummings (seed 003_87c8c5658751411a.txt): the histogram example and Remark 1 (section 1.1),
and Remark 2 on the Gaussian mechanism (section 2)."""

from fractions import Fraction as F

import sympy
from _cummings_common import SEED
from sympy import Interval, exp, oo

from dpproofs import exact_fact, for_each
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


def _gaussian_delta(sigma_value, eps_value):
    """delta(eps) = integral of (p(t) - e^eps q(t))^+ dt for p = N(1, s^2), q = N(0, s^2) (the
    outputs of neighbours at distance Delta = 1; only sigma/Delta matters): sympy solves
    p(t) = e^eps q(t) for the threshold t* (p/q increases in t) and integrates p - e^eps q
    over (t*, oo) exactly (erf terms)."""
    t = sympy.Symbol("t", real=True)
    s2 = sympy.sympify(sigma_value) ** 2
    norm = 1 / sympy.sqrt(2 * sympy.pi * s2)
    p = norm * exp(-((t - 1) ** 2) / (2 * s2))
    q = norm * exp(-(t**2) / (2 * s2))
    (threshold,) = sympy.solve(
        sympy.Eq(sympy.expand_log(sympy.log(p / q), force=True), eps_value), t
    )
    return sympy.integrate(p - exp(eps_value) * q, (t, threshold, oo))


SIGMAS_EPSILONS = [(s_, e_) for s_ in (F(1, 2), F(3)) for e_ in (F(1, 10), F(5))]


@theorem(
    source=f"{SEED}, C-Rem2-gauss-approx, section 2 Remark 2",
    expect="verified-bounded",
    id="cummings.gaussian_approximate",
    reading="Neighbours at distance Delta f (only sigma/Delta f matters); delta(eps) is the "
    "hockey-stick divergence of N(Delta f, sigma^2) against N(0, sigma^2), integrated "
    "exactly; 'some delta in (0, 1)' checked as 0 < delta(eps) < 1 at sigma/Delta f in "
    "{1/2, 3}, eps in {1/10, 5}.",
    note="delta(eps) is the hockey-stick divergence of the outputs of neighbours, an integral "
    "computed exactly by sympy (erf terms) and compared rigorously: 0 < delta(eps) < 1, at "
    "sigma/Delta in {1/2, 3} and eps in {1/10, 5}. For every sigma and eps, only the "
    "pointwise step is decided (cummings.gaussian_approximate_pointwise, a proof step).",
    quote=(
        "For f with Delta f < inf, eps > 0 and sigma > 0, the Gaussian mechanism f(x) + N(0, "
        "sigma^2) is (eps, delta)-DP for some delta in (0, 1)."
    ),
)
def gaussian_is_approximate_dp():
    """The Gaussian mechanism is (eps, delta)-DP for some delta in (0, 1)."""

    def member(sigma_value, eps_value):
        def check(facts):
            delta = _gaussian_delta(sigma_value, eps_value)
            facts.less_than("0 < delta(eps)", 0, delta)
            facts.less_than("delta(eps) < 1", delta, 1)
            return {"delta(eps)": delta}

        return exact_fact(f"0 < delta(eps) < 1 at sigma = {sigma_value}, eps = {eps_value}", check)

    return for_each(
        "sigma/Delta in {1/2, 3}, eps in {1/10, 5}",
        SIGMAS_EPSILONS,
        member,
        label=lambda s_, e_: f"sigma={s_}, eps={e_}",
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
