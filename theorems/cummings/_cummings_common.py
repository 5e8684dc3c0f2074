"""Shared helpers for the Cummings theorem files (seed 003_87c8c5658751411a.txt): the seed name
and exact Laplace moments."""

import sympy
from sympy import oo

from dpproofs.symbolic.densities import laplace_density

SEED = "003_87c8c5658751411a.txt"


def laplace_moment(k: int, scale: sympy.Expr) -> sympy.Expr:
    """E[Y^k] for Y ~ Lap(scale), by integrating y^k exp(-|y|/scale)/(2 scale) over (-oo, 0] and
    [0, oo) separately (on each piece |y| is -y, resp. y)."""
    below = sympy.Symbol("y", negative=True)
    above = sympy.Symbol("y", positive=True)
    left = sympy.integrate(below**k * laplace_density(below, scale), (below, -oo, 0))
    right = sympy.integrate(above**k * laplace_density(above, scale), (above, 0, oo))
    return sympy.simplify(left + right)
