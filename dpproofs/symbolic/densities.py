"""Densities of continuous noise distributions, as exact sympy expressions for scalar claims.

Lap(b):  p(w) = exp(-|w| / b) / (2 b),   b > 0         (Cummings section 2)
"""

from __future__ import annotations

import sympy


def laplace_density(w: sympy.Expr, scale: sympy.Expr) -> sympy.Expr:
    """The density of Lap(scale) at w: exp(-|w| / scale) / (2 scale)."""
    return sympy.exp(-sympy.Abs(w) / scale) / (2 * scale)
