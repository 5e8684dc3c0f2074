"""Sums and products with symbolic bounds, ``\\sum_{i=a}^{b} body`` and ``\\prod_{i=a}^{b} body``.

The number of terms is m = b - a + 1, and a paper means m >= 0 with a and b integers (m = 0 is the
empty sum, 0, or product, 1). Read exactly, never by expanding on a guessed b:

* a body free of the index i: ``\\sum`` is m * body and ``\\prod`` is body ** m; the body is kept as
  written (its definedness conditions stay);
* a ``\\sum`` whose body is a polynomial in i and other parameters (only +, -, *, integer powers
  >= 0, rationals: no definedness condition to lose): Faulhaber's closed form, computed by sympy's
  ``summation`` (exact for every integer b >= a - 1);
* anything else is refused: a body indexed by i (``\\varepsilon_i``, a sequence: the decider has
  none), i in an exponent or under a function, a product whose factors depend on i, bounds
  that are not integer combinations of parameters.

Constant bounds (no parameter), or bounds whose difference is constant (n to n + 2): m is
known. With m <= 0 (b < a, "bounds swapped" included) the sum has no term, as in Concrete
Mathematics (eq. 2.4: the sum over the integers a <= i <= b): it is 0 and the product 1,
never the formula's value at m < 0 (sum_{i=3}^{1} 1 is 0, not -1).

Symbolic bounds (:mod:`dpproofs.steps.cases`): the closed form above is the sum for integer
bounds with m >= 0 only; with m <= -1 the sum is empty (0, the product 1), never the formula's
value there. :class:`Closed` gives both: ``text`` (m >= 0) and ``empty``, with ``terms`` = m
(claim syntax, expanded: sums with the same number of terms are empty together). A step is proved
only when it holds in every case, each sum of symbolic bounds non-empty (m >= 0, its closed form)
or empty (m <= -1, its empty value), each case for all REAL values of the parameters in the
bounds (counts) under its conditions; a refutation is only reported at integer counts
(dpproofs.steps.check).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import sympy

from dpproofs.errors import DpProofsError
from dpproofs.symbolic.written import read_formula

#: The big operators read here, LaTeX -> kind.
SUMS = {"\\sum": "sum", "\\prod": "product"}


class NotSummable(DpProofsError, ValueError):
    """A sum or product this module does not read; the message says why and what to write."""


@dataclass(frozen=True, slots=True)
class Closed:
    """A sum or product in claim syntax where its number of terms m is >= 0 (``text``) and where
    it is <= -1 (``empty``: 0 or 1), m in claim syntax (``terms``, "" for constant bounds: then
    ``text`` is the value) and the parameters in the bounds (``counts``)."""

    text: str
    terms: str
    counts: tuple[str, ...]
    empty: str = ""


def _term(text: str) -> sympy.Expr:
    """A claim-syntax term read unevaluated (``read_formula`` reads relations)."""
    relation = read_formula(f"({text}) == 0")
    return relation.lhs


def _is_polynomial(expr: sympy.Basic) -> bool:
    """Only + - * and integer powers >= 0 of symbols and rationals: no definedness condition."""
    if expr.is_Symbol or expr.is_Rational:
        return True
    if expr.is_Add or expr.is_Mul:
        return all(_is_polynomial(a) for a in expr.args)
    if expr.is_Pow:
        exponent = expr.args[1]
        return bool(exponent.is_Integer and exponent >= 0) and _is_polynomial(expr.args[0])
    return False


def _integer_linear(expr: sympy.Expr) -> bool:
    """``expr`` is c0 + c1 x1 + ... + ck xk with integers ci (an integer for integer xi)."""
    symbols = sorted(expr.free_symbols, key=str)
    if not symbols:
        return bool(expr.is_Integer)
    poly = sympy.Poly(expr, *symbols)
    return poly.total_degree() <= 1 and all(c.is_Integer for c in poly.coeffs())


def _bound(text: str, which: str) -> sympy.Expr:
    expr = _term(text)
    if not _is_polynomial(expr):
        raise NotSummable(f"the {which} bound {text} is not an integer combination of parameters")
    if not _integer_linear(sympy.expand(expr.doit())):  # doit: flatten a nested unevaluated +
        raise NotSummable(
            f"the {which} bound {text} is not an integer combination of parameters (write it so)"
        )
    return expr


def closed_form(kind: str, index: str, lower: str, upper: str, body: str) -> Closed:
    """``kind`` ("sum" or "product") of ``body`` for ``index`` from ``lower`` to ``upper`` (all in
    claim syntax), read as the module docstring says; raises NotSummable otherwise."""
    low, high = _bound(lower, "lower"), _bound(upper, "upper")
    counts = tuple(sorted({str(s) for s in (low.free_symbols | high.free_symbols)}))
    if index in counts:
        raise NotSummable(f"the index {index} is also a bound")
    indexed = [
        name for name in re.findall(r"[A-Za-z][A-Za-z0-9_]*", body)
        if "_" in name and index in name.split("_", 1)[1]
    ]  # fmt: skip
    decorated = [
        name for name in re.findall(r"[A-Za-z][A-Za-z0-9_]*", body)
        if name != index and name.split("_", 1)[0] == index
    ]  # fmt: skip
    if decorated:  # \hat{i}, i', \bar{i}: the index itself, or another number?
        raise NotSummable(
            f"ambiguous: {decorated[0]} in a {kind} over {index} (a decorated index: a number "
            f"of its own, or one that depends on {index}?); map the {kind} to a parameter"
        )
    if indexed:
        raise NotSummable(
            f"{indexed[0]} is a sequence indexed by {index} (read as one parameter, "
            f"the sum would be m * {indexed[0]}); the decider has no sequences: map the sum to a "
            f"parameter (--map '\\sum_{{{index}=...}}^{{...}} ...' => 'S')"
        )
    terms = f"({upper}) - ({lower}) + 1"
    number = sympy.expand((high - low + 1).doit())
    empty = "0" if kind == "sum" else "1"
    if not number.free_symbols and number <= 0:  # b < a: no term (Concrete Mathematics 2.4)
        return Closed(empty, "", ())
    # the number of terms known (constant bounds, or n to n + 2): no case to split
    written = str(number) if number.free_symbols else ""
    expr = _term(body)
    if sympy.Symbol(index, real=True) not in expr.free_symbols:
        text = f"({terms})*({body})" if kind == "sum" else f"({body})**({terms})"
        return Closed(text, written, counts, empty)
    if kind != "sum" or not _is_polynomial(expr):
        raise NotSummable(
            f"a {kind} whose terms depend on {index} is read only when it is a sum of a "
            f"polynomial in {index}; map it to a parameter"
        )
    symbol = sympy.Symbol(index, real=True)
    closed = sympy.summation(sympy.expand(expr), (symbol, low, high))
    if closed.has(sympy.Sum, sympy.Piecewise):
        raise NotSummable(f"no closed form for the {kind} of {body}")
    return Closed(f"({sympy.factor(closed)})", written, counts, empty)
