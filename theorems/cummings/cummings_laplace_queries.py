"""Cummings (seed 003_87c8c5658751411a.txt), sections 2.1-2.2: the Laplace mechanism on counting,
fractional and linear queries, in k dimensions, and its k-dimensional accuracy. Privacy is the
density ratio of Theorem 5's proof at every output, for neighbours whose query values differ by
at most the sensitivity established in cummings_sensitivity.py; decided for every eps > 0."""

import sympy
from _cummings_common import SEED, laplace_tail
from sympy import Abs, Interval, exp, log, oo

from dpproofs.symbolic import holds
from dpproofs.symbolic.densities import laplace_density
from dpproofs.symbolic.induction import induction, running_product, running_sum
from dpproofs.theorem import theorem

eps = sympy.Symbol("eps", positive=True)
n = sympy.Symbol("n", positive=True)
k = sympy.Symbol("k", positive=True)
Delta = sympy.Symbol("Delta", positive=True)
beta = sympy.Symbol("beta", positive=True)
fx, fy, z = sympy.symbols("fx fy z", real=True)
POSITIVE = Interval.open(0, oo)


def _ratio_claim(scale, sensitivity, extra=None):
    """Pr[f(x) + Lap(scale) = z] / Pr[f(y) + Lap(scale) = z] <= e^eps for |f(x) - f(y)| <= s."""
    ratio = laplace_density(z - fx, scale) / laplace_density(z - fy, scale)
    return holds(
        ratio <= exp(eps),
        where={eps: POSITIVE, **(extra or {})},
        assuming=[Abs(fx - fy) <= sensitivity],
    )


@theorem(
    source=f"{SEED}, C-count-laplace, section 2.1 item 1",
    expect="proved",
    id="cummings.count_laplace",
    reading="The counting query enters through its sensitivity: neighbours have |f(x) - f(y)| "
    "<= 1 (decided in cummings.count_sensitivity); DP as the density ratio <= e^eps at "
    "every output; every eps > 0.",
    quote=("For a counting query f, f(x) + Lap(1/eps) is (eps, 0)-DP."),
)
def counting_query_laplace():
    """For a counting query f (sensitivity 1), f(x) + Lap(1/eps) is (eps, 0)-DP."""
    return _ratio_claim(1 / eps, 1)


@theorem(
    source=f"{SEED}, C-linear-laplace, section 2.1 item 3",
    expect="proved",
    id="cummings.linear_laplace",
    reading="The linear query enters through its sensitivity: |f(x) - f(y)| <= 1 "
    "(cummings.linear_sensitivity); DP as the density ratio <= e^eps at every output; "
    "every eps > 0.",
    quote=("For a linear query f with g: X -> [0, 1], f(x) + Lap(1/eps) is (eps, 0)-DP."),
)
def linear_query_laplace():
    """For a linear query f with g: X -> [0, 1] (sensitivity 1), f(x) + Lap(1/eps) is eps-DP."""
    return _ratio_claim(1 / eps, 1)


@theorem(
    source=f"{SEED}, C-frac-laplace, section 2.1 item 2",
    expect="proved",
    id="cummings.fractional_laplace",
    reading="The fractional query enters through its sensitivity: |f(x) - f(y)| <= 1/n; DP as "
    "the density ratio <= e^eps at every output; every eps > 0 and real n >= 1.",
    note="n is any real >= 1 (the database size; the claim for every integer n follows).",
    quote=(
        "For a fractional query f on databases of size n (change-one-entry neighbours), f(x) + "
        "Lap(1/(n eps)) is (eps, 0)-DP."
    ),
)
def fractional_query_laplace():
    """For a fractional query (sensitivity 1/n), f(x) + Lap(1/(n eps)) is (eps, 0)-DP."""
    return _ratio_claim(1 / (n * eps), 1 / n, {n: Interval(1, oo)})


def _kdim_ratio():
    """prod_{j=1..k} Lap density ratio at z_j <= e^eps when sum_j |fx_j - fy_j| <= Delta."""
    scale = Delta / eps
    ratio = running_product("R", laplace_density(z - fx, scale) / laplace_density(z - fy, scale))
    l1 = running_sum("L", Abs(fx - fy))
    # A running product the claim does not mention: e^(eps |fx_j - fy_j| / Delta) per index.
    bound = running_product("E", exp(eps * Abs(fx - fy) / Delta))
    R, L, E = ratio.symbol, l1.symbol, bound.symbol
    return induction(
        k,
        1,
        exp(eps) >= R,
        # The induction hypothesis (a proof hint, proved in the base and the step).
        sympy.And(R > 0, R <= E, exp(eps * L / Delta) >= E),
        [ratio, l1, bound],
        each={fx: "(-oo, oo)", fy: "(-oo, oo)", z: "(-oo, oo)"},
        where={eps: POSITIVE, Delta: POSITIVE},
        assuming=[sympy.Le(L, Delta)],
    )


@theorem(
    source=f"{SEED}, C-kdim-laplace-dp, section 2.2",
    expect="proved",
    id="cummings.kdim_laplace",
    reading="Neighbours are pairs with norm1(f(x) - f(y)) <= Delta f; DP as the product density"
    " ratio <= e^eps at every z in R^k; every integer k >= 1, every eps > 0 and Delta f > 0.",
    note="Every integer k >= 1 by induction on k (docs/design/induction.md): the product of k "
    "Laplace density ratios at every output z in R^k, for neighbours with norm1(f(x) - f(y)) <= "
    "Delta f; the invariant is 0 < R <= E <= e^(eps L/Delta f) for the running product R of "
    "ratios, the running l1 distance L and the running product E of e^(eps |fx_j - fy_j|/Delta f).",
    quote=(
        "For f: N^{abs(X)} -> R^k with l1 sensitivity Delta f = max over neighbours of norm1(f(x)"
        " - f(y)), M_L(x, f, eps) = f(x) + (Y_1, ..., Y_k) with Y_j iid Lap(Delta f/eps) is (eps,"
        " 0)-DP."
    ),
)
def kdim_laplace_is_eps_dp():
    """f(x) + (Y_1, .., Y_k), Y_j iid Lap(Delta f/eps), is (eps, 0)-DP for the l1 sensitivity."""
    return _kdim_ratio()


def _kdim_sensitivity():
    """sum_{j=1..k} |d_j| <= k s when every |d_j| <= s."""
    d = sympy.Symbol("d", real=True)
    s = sympy.Symbol("s", nonnegative=True)
    l1 = running_sum("L", Abs(d))
    return induction(
        k,
        1,
        l1.symbol <= k * s,
        l1.symbol <= k * s,  # the claim is its own induction hypothesis
        [l1],
        each={d: "(-oo, oo)"},
        each_assuming=[Abs(d) <= s],
        where={s: Interval(0, oo)},
    )


@theorem(
    source=f"{SEED}, C-kdim-sensitivity, section 2.2",
    expect="proved",
    id="cummings.kdim_sensitivity",
    reading="One neighbour pair: d_j = f_j(x) - f_j(y) with |d_j| <= s; the l1 norm of (d_1, "
    "..., d_k); every integer k >= 1, every s >= 0.",
    note="d_j = f_j(x) - f_j(y) for one neighbour pair, with |d_j| <= s; every integer k >= 1 by "
    "induction on k (docs/design/induction.md).",
    quote=(
        "If f = (f_1, ..., f_k) and every f_j has sensitivity at most s, then the l1 sensitivity "
        "of f is at most k s."
    ),
)
def kdim_sensitivity_at_most_k_s():
    """If each f_j has sensitivity at most s, the l1 sensitivity of (f_1, .., f_k) is <= k s."""
    return _kdim_sensitivity()


def _kdim_accuracy():
    """1 - prod_{j=1..k} (1 - Pr[|Y_j| >= t]) <= beta at t = ln(k/beta) Delta/eps."""
    scale = Delta / eps
    one_coordinate = laplace_tail(log(k / beta) * scale, scale)  # = beta/k, exact integral
    # Pr[max_j |Y_j| > t] = 1 - prod_j (1 - Pr[|Y_j| >= t]) for k iid coordinates; q stands
    # for Pr[|Y_1| >= t] in the product and is then set to it (the instance).
    q = sympy.Symbol("q", real=True)
    inside = running_product("P", 1 - q)
    return induction(
        k,
        1,
        sympy.Le(1 - inside.symbol, beta, evaluate=False),
        # Bernoulli's inequality (1 - q)^k >= 1 - k q for q in [0, 1], proved by the induction.
        sympy.And(inside.symbol >= 0, inside.symbol >= 1 - k * q),
        [inside],
        where={q: Interval(0, 1), beta: Interval.Lopen(0, 1), eps: POSITIVE, Delta: POSITIVE},
        instance={q: one_coordinate},
    )


@theorem(
    source=f"{SEED}, C-kdim-accuracy, section 2.2 last display",
    expect="proved",
    id="cummings.kdim_accuracy",
    reading="|.| of the vector is its largest coordinate (the union-bound reading); coordinates"
    " iid Lap(Delta f/eps); '>' as stated; every integer k >= 1, every beta in (0, 1], "
    "eps > 0, Delta f > 0.",
    note="|.| of the vector is the largest coordinate (the union-bound reading); the exact "
    "probability 1 - (1 - beta/k)^k of k iid coordinates is compared with beta, for every "
    "integer k >= 1 by induction on k (docs/design/induction.md; the invariant is Bernoulli's "
    "inequality) and every beta in (0, 1], eps > 0, Delta f > 0.",
    quote=(
        "For all beta in (0, 1]: Pr[abs(f(x) - M_L(x, f, eps)) > ln(k/beta) (Delta f/eps)] <= "
        "beta. Here abs(.) of the vector difference is its largest coordinate, max_j abs(f_j(x) -"
        " M_L(x, f, eps)_j), which is the reading the union-bound justification gives."
    ),
)
def kdim_laplace_accuracy():
    """Pr[max_j |f_j(x) - M_L(x, f, eps)_j| > ln(k/beta) (Delta f/eps)] <= beta."""
    return _kdim_accuracy()
