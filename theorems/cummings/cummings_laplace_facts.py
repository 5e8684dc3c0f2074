"""Cummings (seed 003_87c8c5658751411a.txt), section 2: the moments of the Laplace distribution
after Definition 4, computed by exact integration of the density exp(-|y|/b)/(2b) (sympy) and
decided for every b > 0."""

import sympy
from _cummings_common import SEED, laplace_moment
from sympy import Interval, oo

from dpproofs.symbolic import holds
from dpproofs.theorem import theorem

b = sympy.Symbol("b", positive=True)


@theorem(
    source=f"{SEED}, C-lap-mean, section 2 after Definition 4",
    expect="proved",
    id="cummings.laplace_mean",
    reading="Lap(b) with density exp(-|y|/b)/(2b); E[Y] by exact integration on each half-line;"
    " every b > 0.",
    quote=("If Y ~ Lap(b), b > 0, with density exp(-abs(y)/b)/(2b), then E[Y] = 0."),
)
def laplace_mean_is_zero():
    """If Y ~ Lap(b), b > 0, then E[Y] = 0."""
    return holds(sympy.Eq(laplace_moment(1, b), 0, evaluate=False), where={b: Interval.open(0, oo)})


@theorem(
    source=f"{SEED}, C-lap-var, section 2 after Definition 4",
    expect="proved",
    id="cummings.laplace_variance",
    reading="Var(Y) = E[Y^2] - E[Y]^2, each moment integrated exactly; every b > 0.",
    quote=("If Y ~ Lap(b), b > 0, then Var(Y) = 2 b^2."),
)
def laplace_variance_is_2b2():
    """If Y ~ Lap(b), b > 0, then Var(Y) = E[Y^2] - E[Y]^2 = 2 b^2."""
    variance = laplace_moment(2, b) - laplace_moment(1, b) ** 2
    return holds(sympy.Eq(variance, 2 * b**2, evaluate=False), where={b: Interval.open(0, oo)})
