"""Claims of the form bound(TV(P, Q)) <= divergence(P, Q) on every finite alphabet, built as
rule DG's 2-outcome cases (:mod:`dpproofs.symbolic.diagonal`) and lifted by Lemma DP
(docs/design/diagonal.md): the indicator of A = {y : P(y) > Q(y)} keeps TV and does not
increase the divergence (KL; Jensen-Shannon, which is I(uniform; rows) for a 2-row channel).

The cases are built here from ``bound``, so a claim has the lemma's form by construction:
``bound`` is a polynomial in t with bound(-t) = bound(t) (checked), so bound(|p - q|) =
bound(p - q).
"""

from __future__ import annotations

import sympy

from dpproofs.errors import InvalidClaim
from dpproofs.symbolic.diagonal import DiagonalCase, DiagonalClaim, reduced

P, Q = sympy.Symbol("p", real=True), sympy.Symbol("q", real=True)
UNIT = sympy.Interval.open(0, 1)


def _even(bound: sympy.Expr, t: sympy.Symbol) -> None:
    if not bound.free_symbols <= {t} or not bound.is_polynomial(t):
        raise InvalidClaim(f"the bound {bound} must be a polynomial in {t}")
    if sympy.expand(bound.subs(t, -t) - bound) != 0:
        raise InvalidClaim(f"the bound {bound} is not even in {t}: bound(|p - q|) needs it")


def binary_kl(a: sympy.Expr, b: sympy.Expr) -> sympy.Expr:
    """d(a, b) = a ln(a/b) + (1 - a) ln((1 - a)/(1 - b)), for a, b in (0, 1)."""
    return a * sympy.log(a / b) + (1 - a) * sympy.log((1 - a) / (1 - b))


#: The coverage of a claim lifted by Lemma DP (docs/design/diagonal.md).
LIFTED = (
    "every pair of distributions P, Q on every finite alphabet with D(P||Q) finite (Lemma DP: "
    "the indicator of A = {y : P(y) > Q(y)} keeps TV and does not increase D, so the 2-outcome "
    "cases cover every alphabet)"
)


def tv_below_kl(statement: str, bound: sympy.Expr, t: sympy.Symbol) -> DiagonalClaim:
    """ "bound(TV(P, Q)) <= D(P||Q) (nats) for every P, Q on every finite alphabet with D finite",
    as rule DG's three 2-outcome cases (P = (p, 1 - p), Q = (q, 1 - q), TV = |p - q|, 0 ln 0 = 0):
    p, q in (0, 1); p = 0, q in [0, 1); p = 1, q in (0, 1] (q in {0, 1} with q != p: D = oo).
    ``bound`` is a polynomial in ``t`` with bound(-t) = bound(t) (checked), so bound(|p - q|)
    = bound(p - q); Lemma DP lifts the cases to every finite alphabet."""
    p, q = P, Q
    _even(bound, t)
    g = bound.subs(t, p - q)
    head, tail = p * sympy.log(p / q), (1 - p) * sympy.log((1 - p) / (1 - q))
    cases = (
        DiagonalCase(head + tail - g, UNIT, UNIT, "p, q in (0, 1)"),
        DiagonalCase(tail - g, sympy.FiniteSet(0), sympy.Interval.Ropen(0, 1), "p = 0"),
        DiagonalCase(head - g, sympy.FiniteSet(1), sympy.Interval.Lopen(0, 1), "p = 1"),
    )
    return reduced(statement, cases, LIFTED)


#: The coverage of a Jensen-Shannon claim lifted by Lemma DP (no "; ": the rechecker reads a
#: reason's parts split there).
LIFTED_JS = (
    "every pair of rows P, Q on every finite alphabet (JS(P, Q) is I(X, Y) for X uniform on "
    "the two rows, Lemma DP: the indicator of A = {y : P(y) > Q(y)} keeps TV and does not "
    "increase I, Lemma C: the closed square is the closure of the open one, where JS is "
    "continuous)"
)


def tv_below_js(statement: str, bound: sympy.Expr, t: sympy.Symbol) -> DiagonalClaim:
    """ "bound(TV(P, Q)) <= JS(P, Q) (nats) for every pair of rows on every finite alphabet",
    JS(P, Q) = (D(P||M) + D(Q||M))/2 with M = (P + Q)/2, as one rule DG case of order 2 in the
    midpoint coordinates: P = (2p - q, 1 - 2p + q), Q = (q, 1 - q), M = (p, 1 - p), p, q in
    (0, 1) with 0 < 2p - q < 1 (TV = 2 |q - p|). Faces (a mass 0) by Lemma C (continuity)."""
    _even(bound, t)
    return _js_claim(statement, bound.subs(t, 2 * (Q - P)))


def bsc_below_js(statement: str) -> DiagonalClaim:
    """ "ln 2 - h((1 - TV(P, Q))/2) <= JS(P, Q) (nats) for every pair of rows on every finite
    alphabet", h(x) = -x ln x - (1 - x) ln(1 - x): the capacity of the binary symmetric channel
    whose rows are at the same TV (Cuff & Yu, Appendix C). The bound g(t) = ln 2 -
    h((1 - t)/2) is built here, not read: it is even (h(x) = h(1 - x)) and continuous on
    [-1, 1] (0 ln 0 = 0), as Lemmas DP and C need; at TV = 2 (q - p) its ln arguments are
    1/2 - q + p and 1/2 + q - p, positive on the case's domain (rule DG checks it)."""
    x = sympy.Rational(1, 2) - (Q - P)
    entropy = -x * sympy.log(x) - (1 - x) * sympy.log(1 - x)
    return _js_claim(statement, sympy.log(2) - entropy)


def _js_claim(statement: str, bound: sympy.Expr) -> DiagonalClaim:
    """JS(P, Q) - bound >= 0 as the order-2 case of :func:`tv_below_js`, ``bound`` an even
    function of TV = 2 |q - p| already written in p and q."""
    p, q = P, Q
    a = 2 * p - q
    f = (binary_kl(a, p) + binary_kl(q, p)) / 2 - bound
    case = DiagonalCase(f, UNIT, UNIT, "0 < q, 2p - q < 1", order=2, constraints=(a, 1 - a))
    return reduced(statement, (case,), LIFTED_JS)
