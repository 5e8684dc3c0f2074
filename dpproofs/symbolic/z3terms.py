"""Exact z3 terms for the certifying rules (rule DG, :mod:`dpproofs.symbolic.diagonal`; Lemmas
CM and CV, :mod:`dpproofs.symbolic.chord`), and the failure they report.

A rational a/b becomes the z3 real a/b (never a float). A polynomial
P = sum_m c_m prod_i x_i^{m_i} with rational coefficients c_m in the symbols x_i becomes the z3
term sum_m c_m prod_i X_i^{m_i} over the z3 reals X_i given for the x_i, the powers written as
repeated products: the same polynomial, so "P > 0 on a domain" holds iff z3's term is > 0 there.
Anything else (a logarithm, 1/q, an irrational or symbolic coefficient) raises
:class:`NotCertified`: the rule answers UNKNOWN, never a translation it cannot vouch for.
"""

from __future__ import annotations

from collections.abc import Mapping

import sympy
import z3


class NotCertified(Exception):
    """A precondition or a sign that a certifying rule did not establish (the claim stays open):
    z3 did not answer unsat, the deadline ran out, or an expression is not of the rule's shape."""


def rational(value: sympy.Rational) -> z3.ArithRef:
    """The rational ``value`` as an exact z3 real."""
    return z3.RealVal(f"{value.p}/{value.q}")


def polynomial(expr: sympy.Expr, vars: Mapping[sympy.Symbol, z3.ArithRef]) -> z3.ArithRef:
    """``expr``, a polynomial with rational coefficients in the keys of ``vars``, as a z3 term
    over their values, exactly (module docstring); anything else raises NotCertified."""
    try:
        poly = sympy.Poly(sympy.expand(expr), *vars)
    except sympy.PolynomialError as exc:
        raise NotCertified(
            f"{expr} is not a polynomial in {', '.join(map(str, vars))} ({exc})"
        ) from exc
    if not poly.domain.is_QQ and not poly.domain.is_ZZ:
        raise NotCertified(f"{expr} is not a polynomial with rational coefficients")
    total: z3.ArithRef = z3.RealVal(0)
    symbols = list(vars)
    for monomial, coefficient in poly.terms():
        term: z3.ArithRef = rational(sympy.Rational(coefficient))
        for symbol, power in zip(symbols, monomial, strict=True):
            for _ in range(power):
                term = term * vars[symbol]
        total = total + term
    return total
