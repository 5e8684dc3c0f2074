"""The Laplace mechanism in Cummings' lecture notes (seed 003): privacy and accuracy.

Theorem 5 is the pointwise bound on the ratio of output densities, which is what the proof in the
notes establishes; Theorem 6 is the tail bound, with the probability computed by integrating the
Laplace density exactly (sympy) and the resulting inequality decided as the notes state it.
"""

import sympy
from _cummings_common import laplace_tail
from sympy import Abs, Interval, exp, log, oo

from dpproofs.symbolic import holds
from dpproofs.symbolic.densities import laplace_density
from dpproofs.theorem import theorem

SOURCE = "003_87c8c5658751411a.txt"

eps = sympy.Symbol("eps", positive=True)
Delta = sympy.Symbol("Delta", positive=True)
beta = sympy.Symbol("beta", positive=True)
fx, fy, z = sympy.symbols("fx fy z", real=True)


@theorem(
    source=f"{SOURCE}, C-Thm5, Theorem 5",
    expect="proved",
    id="cummings.theorem5",
    reading="(eps, 0)-DP of the continuous output read as the density ratio <= e^eps at every z"
    " (which gives it for every measurable set); neighbours are pairs with |f(x) - "
    "f(y)| <= Delta f; eps > 0, Delta f > 0.",
    note="Encoded as the proof's density ratio: for neighbours x, y (|f(x) - f(y)| <= "
    "Delta f, the sensitivity) and every output z, "
    "Pr[M(x) = z] / Pr[M(y) = z] <= e^eps with Lap(Delta f / eps) noise.",
    quote=(
        "For every f: N^{abs(X)} -> R with sensitivity 0 < Delta f < inf and every eps > 0, the "
        "Laplace mechanism M_L(x, f, eps) is (eps, 0)-DP. The proof bounds Pr[M_L(x,f,eps) = "
        "z]/Pr[M_L(y,f,eps) = z] <= exp(eps) (density ratio) for all neighbours x, y and all z in"
        " R."
    ),
)
def laplace_mechanism_is_eps_dp():
    """The Laplace mechanism M_L(x, f, eps) is (eps, 0)-differentially private."""
    scale = Delta / eps
    ratio = laplace_density(fx - z, scale) / laplace_density(fy - z, scale)
    return holds(
        ratio <= exp(eps),
        where={eps: Interval.open(0, oo), Delta: Interval.open(0, oo)},
        assuming=[Abs(fx - fy) <= Delta],
    )


@theorem(
    source=f"{SOURCE}, C-Thm6, Theorem 6",
    expect="proved",
    id="cummings.theorem6",
    reading="|f(x) - M_L(x, f, eps)| is |Y| with Y ~ Lap(Delta f/eps); the probability is the "
    "exact integral of the density; natural log; every beta in (0, 1], eps > 0, Delta f"
    " > 0.",
    note="|f(x) - M_L(x, f, eps)| is |Lap(Delta f / eps)|; the probability is computed by "
    "exact integration of the Laplace density (it equals beta).",
    quote=(
        "For every f: N^{abs(X)} -> R, eps > 0, database x and beta in (0, 1]: Pr[abs(f(x) - "
        "M_L(x, f, eps)) >= ln(1/beta) (Delta f/eps)] <= beta."
    ),
)
def laplace_mechanism_accuracy():
    """For all beta in (0, 1]: Pr[|f(x) - M_L(x, f, eps)| >= ln(1/beta) (Delta f / eps)] <= beta."""
    scale = Delta / eps
    probability = laplace_tail(log(1 / beta) * scale, scale)
    # evaluate=False keeps the relation readable in reports after sympy has computed the integral.
    return holds(
        sympy.Le(probability, beta, evaluate=False),
        where={beta: Interval.Lopen(0, 1), eps: Interval.open(0, oo), Delta: Interval.open(0, oo)},
    )
