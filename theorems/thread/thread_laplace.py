"""The Laplace mechanism as stated in the differential-privacy thread (seed 002), post [4/n]."""

import sympy
from sympy import Abs, Interval, exp, oo

from dpproofs.symbolic import holds
from dpproofs.symbolic.densities import laplace_density
from dpproofs.theorem import theorem

SOURCE = "002_60fe2a2436f5aea5.txt"

eps = sympy.Symbol("eps", positive=True)
b = sympy.Symbol("b", positive=True)
Delta = sympy.Symbol("Delta", nonnegative=True)
fx, fx2, z = sympy.symbols("fx fx2 z", real=True)


@theorem(
    source=f"{SOURCE}, T-4-laplace, post [4/n]",
    expect="proved",
    id="thread.post4_laplace",
    reading="Delta = sup over neighbours of |f(x) - f(x')|, so |f(x) - f(x')| <= Delta; DP as "
    "the density ratio <= e^eps at every output; every eps > 0, b > 0, Delta >= 0 with "
    "b > Delta/eps.",
    note="Encoded as the pointwise density ratio of M(x) = f(x) + Lap(b) and M(x') at every "
    "output z, with Delta = sup |f(x) - f(x')| over neighbours (so |f(x) - f(x')| <= "
    "Delta) and the post's condition b > Delta / eps. fx2 stands for f(x').",
    quote=(
        "For f: Z^m -> R, eps > 0 and b > 0: if b > sup{abs(f(x) - f(x')) : d(x, x') = 1} / eps, "
        "then M(x) = f(x) + Lap(b) is (eps, 0)-DP."
    ),
)
def laplace_mechanism_is_eps_dp():
    """M(x) = f(x) + Lap(b) is eps-DP if b > sup |f(x) - f(x')| / eps."""
    ratio = laplace_density(z - fx, b) / laplace_density(z - fx2, b)
    return holds(
        ratio <= exp(eps),
        where={b: Interval.open(0, oo), eps: Interval.open(0, oo), Delta: Interval(0, oo)},
        assuming=[Abs(fx - fx2) <= Delta, b > Delta / eps],
    )
