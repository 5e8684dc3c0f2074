"""Replaying rule DG's certificate (docs/design/diagonal.md), apart from
:mod:`dpproofs.symbolic.diagonal` (which it does not import).

For each case of the claim (order k, constraints c) and its recorded (N, M, R, S):
G = (q - p)^k d^kF/dq^k is derived again from the claim's expression and N/M - G must cancel
to 0; N M - R S^2 must expand to 0 (the factorisation is not trusted, only re-expanded); F and
its q-derivatives below k must cancel to 0 at q = p; the base interval must lie in the moving
one (rational ends compared); each c is of degree <= 1 in q; and z3 decides again, on the
case's domain (P x Q cut by c > 0), that c(p, p) > 0, every ln argument is > 0, every negative
power's base != 0, M != 0 and R >= 0.

Nothing large is expanded: a case whose :func:`size` is above the rule's limit
(:data:`MAX_SIZE`, the decider's, which never certifies such a case) and a recorded polynomial
longer than :data:`LONGEST` characters or of degree above :data:`DEGREE` (read off the parsed
text without expanding it) are refused, the finding saying why.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import sympy
import z3

from dpproofs.diagonal_certificate import MAX_SIZE, size
from dpproofs.evidence import DiagonalCertificate
from dpproofs.recheck.balls import Real, Undecidable, enclose, sign, with_precision
from dpproofs.recheck.pieces import Finding, Piece, confirmed, failed

#: A recorded polynomial: digits, the two symbols, + - * / ** and parentheses only.
_POLYNOMIAL = re.compile(r"^[0-9pq+\-*/() ]+$")
#: An exponent: one or two digits, not followed by another digit or power.
_EXPONENT = re.compile(r"\s*\d{1,2}(?!\d)(?!\s*\*\*)")
LONGEST = 20000
#: The largest degree of a recorded polynomial (N, M, R, S of a case of size <= MAX_SIZE have
#: at most 2 MAX_SIZE: G's numerator and denominator each at most F's degree bound).
DEGREE = 2 * MAX_SIZE
SECONDS = 20
#: Arb's working precision (bits) for a sign at an exact point.
PRECISION = 256


class _Refused(Exception):
    """The record does not replay (the message says why)."""


def _read(text: str, p: sympy.Symbol, q: sympy.Symbol) -> sympy.Expr:
    """The recorded polynomial: its characters checked first, every exponent a literal of at
    most two digits, no number raised to a power and no power of a group that holds a power of
    a group (no tower such as 9**9**9 or ((p + 1)**99)**99 is ever evaluated)."""
    if len(text) > LONGEST or not _POLYNOMIAL.match(text):
        raise _Refused(f"{text[:80]!r} is not a polynomial in p and q")
    for power in re.finditer(r"\*\*", text):
        before = text[: power.start()].rstrip()
        if (
            not _EXPONENT.match(text, power.end())
            or before[-1:].isdigit()
            or ")**" in _group_before(before, len(before))
        ):
            raise _Refused(f"{text[:80]!r} has a power that is not small (or a power of one)")
    read = sympy.sympify(text, locals={"p": p, "q": q})
    if size(read) > DEGREE:
        raise _Refused(f"{text[:80]!r} is of degree up to {size(read)}, above {DEGREE}")
    return read


def _group_before(text: str, end: int) -> str:
    """The parenthesised group closing just before ``end`` ('' when no ')' is there)."""
    if end == 0 or text[end - 1] != ")":
        return ""
    depth = 0
    for index in range(end - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(text[index], 0)
        if depth == 0:
            return text[index:end]
    return ")**"  # unbalanced: refused


def _ends(interval: sympy.Set) -> tuple[Fraction, bool, Fraction, bool]:
    """(lo, lo included, hi, hi included) of an interval or a single point."""
    if isinstance(interval, sympy.FiniteSet):
        (a,) = interval.args
        return Fraction(int(a.p), int(a.q)), True, Fraction(int(a.p), int(a.q)), True
    lo, hi = interval.start, interval.end
    return (
        Fraction(int(lo.p), int(lo.q)),
        not interval.left_open,
        Fraction(int(hi.p), int(hi.q)),
        not interval.right_open,
    )


def _inside(inner: sympy.Set, outer: sympy.Set) -> bool:
    lo, lo_in, hi, hi_in = _ends(inner)
    olo, olo_in, ohi, ohi_in = _ends(outer)
    low = olo < lo or (olo == lo and (olo_in or not lo_in))
    high = hi < ohi or (hi == ohi and (ohi_in or not hi_in))
    return low and high


def _real(x: z3.ArithRef, interval: sympy.Set) -> list[Any]:
    lo, lo_in, hi, hi_in = _ends(interval)
    low, high = z3.RealVal(str(lo)), z3.RealVal(str(hi))
    return [x >= low if lo_in else x > low, x <= high if hi_in else x < high]


def _decide(case: Any, p: sympy.Symbol, q: sympy.Symbol, sentence: str, poly: sympy.Expr) -> None:
    """z3 shows ``poly (sentence) 0`` on the case's domain (sentence in '>', '>=', '!=')."""
    x, y = z3.Real("p"), z3.Real("q")
    value = _term(poly, p, q, x, y)
    held = {">": value > 0, ">=": value >= 0, "!=": value != 0}[sentence]
    solver = z3.Solver()
    solver.set("timeout", SECONDS * 1000)
    solver.add(*_real(x, case.base), *_real(y, case.moving), z3.Not(held))
    solver.add(*[_term(c, p, q, x, y) > 0 for c in case.constraints])
    if solver.check() != z3.unsat:
        raise _Refused(f"z3 does not show {poly} {sentence} 0 on the case's domain")


def _term(poly: sympy.Expr, p: sympy.Symbol, q: sympy.Symbol, x: Any, y: Any) -> Any:
    """A polynomial in p, q with rational coefficients as a z3 term in x, y."""
    value: Any = z3.RealVal(0)
    for (i, j), c in sympy.Poly(sympy.expand(poly), p, q).terms():
        c = sympy.Rational(c)
        term: Any = z3.RealVal(f"{c.p}/{c.q}")
        for factor in [x] * i + [y] * j:
            term = term * factor
        value = value + term
    return value


def _walk(expr: sympy.Basic) -> list[sympy.Basic]:
    out = [expr]
    for arg in expr.args:
        out += _walk(arg)
    return out


def replay_case(
    case: Any, record: tuple[str, str, str, str], p: sympy.Symbol, q: sympy.Symbol
) -> None:
    f = case.expression
    if not f.free_symbols <= {p, q}:
        raise _Refused(f"the expression's symbols {f.free_symbols} are not p, q")
    if size(f) > MAX_SIZE:
        raise _Refused(f"the case's size {size(f)} is above the rule's limit {MAX_SIZE}")
    if not _inside(case.base, case.moving):
        raise _Refused(f"{case.base} is not inside {case.moving}")
    order = case.order
    if order not in (1, 2):
        raise _Refused(f"order {order} is not 1 or 2")
    for c in case.constraints:
        if sympy.Poly(c, p, q).degree(q) > 1:
            raise _Refused(f"the constraint {c} is not of degree <= 1 in q")
        _decide(case, p, q, ">", c.subs(q, p))
    for node in _walk(f):
        if isinstance(node, sympy.log):
            num, den = sympy.fraction(sympy.together(node.args[0]))
            _decide(case, p, q, ">", num * den)
        elif isinstance(node, sympy.Pow) and node.exp.is_negative:
            num, den = sympy.fraction(sympy.together(node.base))
            _decide(case, p, q, "!=", num * den)
    for j in range(order):
        diagonal = sympy.diff(f, q, j).subs(q, p)
        if isinstance(case.base, sympy.FiniteSet):
            diagonal = diagonal.subs(p, case.base.args[0])
        diagonal = diagonal.replace(sympy.log, lambda a: sympy.log(sympy.cancel(a)))
        if sympy.cancel(sympy.expand(diagonal)) != 0:
            raise _Refused(f"d^{j}F/dq^{j} at q = p is {diagonal}, not shown 0")
    n, m, r, s = (_read(text, p, q) for text in record)
    if sympy.cancel((q - p) ** order * sympy.diff(f, q, order) - n / m) != 0:
        raise _Refused(f"the recorded N/M is not (q - p)^{order} d^{order}F/dq^{order}")
    if sympy.expand(n * m - r * s**2) != 0:
        raise _Refused("N M is not R S^2")
    if m.free_symbols:
        _decide(case, p, q, "!=", m)
    _decide(case, p, q, ">=", r)


def replay_diagonal(piece: Piece, claim: Any, record: DiagonalCertificate) -> Finding:
    cases = getattr(claim, "cases", None)
    if cases is None or type(claim).__name__ != "DiagonalClaim":
        return failed(piece, f"the claim is a {type(claim).__name__}, not a diagonal claim")
    if (claim.p.name, claim.q.name) != ("p", "q"):
        return failed(piece, f"the claim is a {type(claim).__name__}, not a diagonal claim")
    if len(cases) != len(record.cases):
        return failed(piece, f"{len(record.cases)} records for {len(cases)} cases")
    for index, (case, recorded) in enumerate(zip(cases, record.cases, strict=True)):
        try:
            replay_case(case, recorded, claim.p, claim.q)
        except (_Refused, sympy.SympifyError, sympy.PolynomialError, TypeError, ValueError) as exc:
            return failed(piece, f"case {index + 1}: {exc}")
    return confirmed(piece, f"{len(cases)} cases: G re-derived, R S^2 re-expanded, z3 again")


def replay_witness(piece: Piece, claim: Any, values: Any) -> Finding:
    """Rule DG never refutes: a refutation of a diagonal claim does not replay."""
    return failed(piece, "a diagonal claim is never refuted by rule DG")


def truth_at(claim: Any, case: Any, p_value: Fraction, q_value: Fraction) -> bool | None:
    """F(p, q) >= 0 at an exact rational point of the case's domain (None: undecided)."""
    values = {claim.p: Real(p_value), claim.q: Real(q_value)}
    try:
        with with_precision(PRECISION):
            return sign(enclose(case.expression, values)) >= 0
    except (Undecidable, ZeroDivisionError, ValueError):
        return None
