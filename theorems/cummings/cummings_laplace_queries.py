"""Cummings (seed 003_87c8c5658751411a.txt), sections 2.1-2.2: the Laplace mechanism on counting,
fractional and linear queries, in k dimensions, and its k-dimensional accuracy. Privacy is the
density ratio of Theorem 5's proof at every output, for neighbours whose query values differ by
at most the sensitivity established in cummings_sensitivity.py; decided for every eps > 0."""

import sympy
from _cummings_common import SEED, laplace_tail
from sympy import Abs, Interval, exp, log, oo

from dpproofs import for_each
from dpproofs.symbolic import holds
from dpproofs.symbolic.densities import laplace_density
from dpproofs.theorem import theorem

eps = sympy.Symbol("eps", positive=True)
n = sympy.Symbol("n", positive=True)
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


def _kdim_ratio(k):
    xs = sympy.symbols(f"fx1:{k + 1}", real=True)
    ys = sympy.symbols(f"fy1:{k + 1}", real=True)
    zs = sympy.symbols(f"z1:{k + 1}", real=True)
    scale = Delta / eps
    ratio = sympy.Mul(
        *(
            laplace_density(c - a, scale) / laplace_density(c - b, scale)
            for a, b, c in zip(xs, ys, zs, strict=True)
        )
    )
    l1 = sympy.Add(*(Abs(a - b) for a, b in zip(xs, ys, strict=True)))
    return holds(ratio <= exp(eps), where={eps: POSITIVE, Delta: POSITIVE}, assuming=[l1 <= Delta])


@theorem(
    source=f"{SEED}, C-kdim-laplace-dp, section 2.2",
    expect="verified-bounded",
    id="cummings.kdim_laplace",
    reading="Neighbours are pairs with norm1(f(x) - f(y)) <= Delta f; DP as the product density"
    " ratio <= e^eps at every z in R^k; k = 1..3, every eps > 0 and Delta f > 0.",
    note="k in 1..3 (each k decided for every eps > 0 and Delta f > 0): the product of k Laplace "
    "density ratios at every output z in R^k, for neighbours with norm1(f(x) - f(y)) <= Delta f.",
    quote=(
        "For f: N^{abs(X)} -> R^k with l1 sensitivity Delta f = max over neighbours of norm1(f(x)"
        " - f(y)), M_L(x, f, eps) = f(x) + (Y_1, ..., Y_k) with Y_j iid Lap(Delta f/eps) is (eps,"
        " 0)-DP."
    ),
)
def kdim_laplace_is_eps_dp():
    """f(x) + (Y_1, .., Y_k), Y_j iid Lap(Delta f/eps), is (eps, 0)-DP for the l1 sensitivity."""
    return for_each("k in 1..3", [(k,) for k in range(1, 4)], _kdim_ratio, label=lambda k: f"k={k}")


def _kdim_sensitivity(k):
    ds = sympy.symbols(f"d1:{k + 1}", real=True)
    s = sympy.Symbol("s", nonnegative=True)
    return holds(
        sympy.Add(*(Abs(d) for d in ds)) <= k * s,
        where={s: Interval(0, oo)},
        assuming=[Abs(d) <= s for d in ds],
    )


@theorem(
    source=f"{SEED}, C-kdim-sensitivity, section 2.2",
    expect="verified-bounded",
    id="cummings.kdim_sensitivity",
    reading="One neighbour pair: d_j = f_j(x) - f_j(y) with |d_j| <= s; the l1 norm of (d_1, "
    "..., d_k); k = 1..6, every s >= 0.",
    note="d_j = f_j(x) - f_j(y) for one neighbour pair, with |d_j| <= s; k in 1..6.",
    quote=(
        "If f = (f_1, ..., f_k) and every f_j has sensitivity at most s, then the l1 sensitivity "
        "of f is at most k s."
    ),
)
def kdim_sensitivity_at_most_k_s():
    """If each f_j has sensitivity at most s, the l1 sensitivity of (f_1, .., f_k) is <= k s."""
    return for_each(
        "k in 1..6", [(k,) for k in range(1, 7)], _kdim_sensitivity, label=lambda k: f"k={k}"
    )


def _kdim_accuracy(k):
    scale = Delta / eps
    one_coordinate = laplace_tail(log(k / beta) * scale, scale)  # = beta/k, exact integral
    # Pr[max_j |Y_j| > t] = 1 - (1 - Pr[|Y_1| >= t])^k for k iid coordinates.
    probability = 1 - (1 - one_coordinate) ** k
    return holds(
        sympy.Le(probability, beta, evaluate=False),
        where={beta: Interval.Lopen(0, 1), eps: POSITIVE, Delta: POSITIVE},
    )


@theorem(
    source=f"{SEED}, C-kdim-accuracy, section 2.2 last display",
    expect="verified-bounded",
    id="cummings.kdim_accuracy",
    reading="|.| of the vector is its largest coordinate (the union-bound reading); coordinates"
    " iid Lap(Delta f/eps); '>' as stated; k = 1..5, every beta in (0, 1], eps > 0, "
    "Delta f > 0.",
    note="|.| of the vector is the largest coordinate (the union-bound reading); the exact "
    "probability 1 - (1 - beta/k)^k of k iid coordinates is compared with beta, for k in 1..5 "
    "and every beta in (0, 1], eps > 0, Delta f > 0.",
    quote=(
        "For all beta in (0, 1]: Pr[abs(f(x) - M_L(x, f, eps)) > ln(k/beta) (Delta f/eps)] <= "
        "beta. Here abs(.) of the vector difference is its largest coordinate, max_j abs(f_j(x) -"
        " M_L(x, f, eps)_j), which is the reading the union-bound justification gives."
    ),
)
def kdim_laplace_accuracy():
    """Pr[max_j |f_j(x) - M_L(x, f, eps)_j| > ln(k/beta) (Delta f/eps)] <= beta."""
    return for_each(
        "k in 1..5", [(k,) for k in range(1, 6)], _kdim_accuracy, label=lambda k: f"k={k}"
    )
