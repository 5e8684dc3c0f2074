"""Definite integrals ``\\int_a^b f(x) \\, dx`` read exactly, by an antiderivative checked here.

Rule (the fundamental theorem of calculus): if F is differentiable on the real line with
F' = f everywhere, then for all reals a, b the integral of f from a to b is F(b) - F(a).

Preconditions, checked before the rule is applied (otherwise the integral is refused, never
guessed):

* f is SMOOTH IN x: built from x, parameters and rationals by +, *, integer powers >= 0 of terms
  that contain x, exp and sin / cos of such terms; anything free of x (parameters, 1/sigma, the
  Euler number) is a constant factor. So f is defined and continuous at every x wherever its
  x-free parts are defined: the integral exists for every a, b.
* sympy's antiderivative F (searched, not trusted) obeys the same grammar, so it is differentiable
  in x on the whole line, and F' - f simplifies to 0 exactly (sympy's simplify, checked here).
* the bounds are finite (no ``\\infty``: an improper integral is a limit, refused).

Then F(b) - F(a) is the integral where F's x-free parts are defined; where they are not (F may
divide by a parameter, 1/lamda for f = e^{-lamda x}) the step reads as undefined, so it is
never decided there (the decider answers unknown, or the step's domain excludes the point).
sympy's automatic cancellation may extend F(b) - F(a) past such a point (lamda * (1/lamda) is 1);
there it is continuous, and so is the integral (f is jointly continuous in x and the parameters,
its functions being continuous on their domains): equal on a dense set, they are equal there.
"""

from __future__ import annotations

import sympy

from dpproofs.errors import DpProofsError
from dpproofs.symbolic.written import read_formula


class NotIntegrable(DpProofsError, ValueError):
    """An integral this module does not read; the message says why."""


def _term(text: str) -> sympy.Expr:
    return read_formula(f"({text}) == 0").lhs


def smooth_in(expr: sympy.Basic, x: sympy.Symbol) -> bool:
    """The grammar of the module docstring: smooth in ``x`` on the whole real line."""
    if x not in expr.free_symbols:
        return True
    if expr == x:
        return True
    if expr.is_Add or expr.is_Mul:
        return all(smooth_in(a, x) for a in expr.args)
    if expr.is_Pow:
        base, exponent = expr.args
        if x in exponent.free_symbols:
            return False
        return bool(exponent.is_Integer and exponent >= 0) and smooth_in(base, x)
    if isinstance(expr, (sympy.exp, sympy.sin, sympy.cos)):
        return smooth_in(expr.args[0], x)
    return False


def definite(variable: str, lower: str, upper: str, body: str) -> str:
    """The integral of ``body`` over ``variable`` from ``lower`` to ``upper`` (claim syntax) as
    F(upper) - F(lower), in claim syntax; raises NotIntegrable when a precondition fails."""
    x = sympy.Symbol(variable, real=True)
    f = _term(body)
    if not smooth_in(f, x):
        raise NotIntegrable(
            f"the integrand {body} is not read as smooth in {variable} (only +, *, powers >= 0, "
            "exp, sin, cos of terms in it): map the integral to its value"
        )
    low, high = _term(lower), _term(upper)
    if x in low.free_symbols or x in high.free_symbols:
        raise NotIntegrable(f"the variable {variable} of the integral is also in its bounds")
    antiderivative = sympy.integrate(f.doit(), x, conds="none")
    if antiderivative.has(sympy.Integral, sympy.Piecewise) or not smooth_in(antiderivative, x):
        raise NotIntegrable(f"no antiderivative of {body} in closed form: map the integral")
    if sympy.simplify(sympy.diff(antiderivative, x) - f.doit()) != 0:
        raise NotIntegrable(f"the antiderivative of {body} is not confirmed: map the integral")
    value = antiderivative.subs(x, high) - antiderivative.subs(x, low)
    return f"({value})"
