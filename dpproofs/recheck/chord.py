"""Replaying Lemma CM's certificate (docs/design/chord.md), apart from
:mod:`dpproofs.symbolic.chord` (which it does not import).

From the claim alone (its parameter eps, closeness level c and bound B): phi(r) = r ln r is
differentiated twice again and phi'' > 0 on r > 0 decided by z3; the chord value
C = ((b - 1) phi(a) + (1 - a) phi(b)) / (b - a), a = e^(-c eps), b = e^(c eps), is computed
again and must print as recorded; B - C is written again in s = e^(eps/m) (m recorded, every
exponent k eps must have k m an integer) and must cancel against the recorded N/D; then N is
0 (an identity) or z3 decides N D >= 0 for every s > 1, eps > 0 again.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import sympy
import z3

from dpproofs.chord_certificate import ChordCertificate
from dpproofs.recheck.balls import Undecidable, enclose, sign, with_precision
from dpproofs.recheck.pieces import Finding, Piece, confirmed, failed

SECONDS = 20
PRECISION = 256
READ = (sympy.exp, sympy.tanh, sympy.sinh, sympy.cosh)
#: A recorded polynomial in s and eps: its characters, and each power (``**``) a name (s or
#: eps, both ending in s) raised to a literal of one or two digits (no tower is evaluated).
_CHARACTERS = re.compile(r"^[0-9seps+\-*/() ]*$")
_POWER = re.compile(r"(?<=s)\*\*\d{1,2}(?![0-9]|\*\*)")


def _safe(text: str) -> bool:
    powers = len(re.findall(r"\*\*", text))
    return (
        len(text) <= 20000
        and bool(_CHARACTERS.match(text))
        and (powers == len(_POWER.findall(text)))
    )


class _Refused(Exception):
    """The record does not replay (the message says why)."""


def _exp_only(expr: sympy.Expr) -> sympy.Expr:
    """tanh, sinh and cosh by their definitions in exp."""
    out = expr.replace(sympy.tanh, lambda x: 1 - 2 / (sympy.exp(2 * x) + 1))
    out = out.replace(sympy.sinh, lambda x: (sympy.exp(x) - sympy.exp(-x)) / 2)
    return out.replace(sympy.cosh, lambda x: (sympy.exp(x) + sympy.exp(-x)) / 2)


def _read_bound(expr: sympy.Expr, eps: sympy.Symbol) -> None:
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, sympy.Symbol) and node != eps:
            raise _Refused(f"the bound has the symbol {node}")
        if isinstance(node, sympy.Function) and not isinstance(node, READ):
            raise _Refused(f"the bound has {node}, outside exp, tanh, sinh, cosh")
        if isinstance(node, sympy.Pow) and not node.exp.is_Integer:
            raise _Refused(f"the bound has the power {node}")


def _in_s(expr: sympy.Expr, eps: sympy.Symbol, m: int, s: sympy.Symbol) -> sympy.Expr:
    def power(e: sympy.Expr) -> sympy.Expr:
        k = sympy.cancel(e.args[0] / eps) * m
        if not k.is_Integer:
            raise _Refused(f"{e} is not a power of e^(eps/{m})")
        return s ** int(k)

    swapped = _exp_only(expr).replace(lambda e: isinstance(e, sympy.exp), power)
    if swapped.has(sympy.log, sympy.exp) or not swapped.free_symbols <= {s, eps}:
        raise _Refused(f"{swapped} is not a rational function of s and eps")
    return swapped


def _z3_unsat(constraints: list[Any]) -> bool:
    solver = z3.Solver()
    solver.set("timeout", SECONDS * 1000)
    solver.add(*constraints)
    return bool(solver.check() == z3.unsat)


def _poly(expr: sympy.Expr, names: dict[sympy.Symbol, Any]) -> Any:
    value: Any = z3.RealVal(0)
    symbols = list(names)
    for powers, c in sympy.Poly(sympy.expand(expr), *symbols).terms():
        c = sympy.Rational(c)
        term: Any = z3.RealVal(f"{c.p}/{c.q}")
        for symbol, k in zip(symbols, powers, strict=True):
            term = term * names[symbol] ** k if k else term
        value = value + term
    return value


def replay(claim: Any, record: ChordCertificate) -> None:
    eps, level, bound = claim.eps, claim.level, claim.bound
    if eps.is_positive is not True or not (level.is_Rational and level > 0):
        raise _Refused("eps must be positive and the closeness level a positive rational")
    _read_bound(bound, eps)
    r = sympy.Symbol("r", positive=True)
    second = sympy.diff(r * sympy.log(r), r, r)
    if str(sympy.cancel(second)) != record.second:
        raise _Refused(f"phi'' is {second}, not the recorded {record.second}")
    top, bottom = sympy.fraction(sympy.together(second))
    x = z3.Real("r")
    if not _z3_unsat([x > 0, z3.Not(_poly(top * bottom, {r: x}) > 0)]):
        raise _Refused("z3 does not show phi'' > 0 on r > 0")
    a, b = sympy.exp(-level * eps), sympy.exp(level * eps)
    value = ((b - 1) * a * sympy.log(a) + (1 - a) * b * sympy.log(b)) / (b - a)
    if str(value) != record.chord:
        raise _Refused(f"the chord value is {value}, not the recorded {record.chord}")
    s = sympy.Symbol("s", positive=True)
    mine = _in_s(bound - value, eps, record.power, s)
    n = sympy.sympify(record.numerator, locals={"s": s, "eps": eps})
    d = sympy.sympify(record.denominator, locals={"s": s, "eps": eps})
    if d == 0 or sympy.cancel(sympy.together(mine - n / d)) != 0:
        raise _Refused("the recorded N/D is not B - C in s")
    if record.way == "identity":
        if n != 0:
            raise _Refused("an identity with N != 0")
        return
    y, e = z3.Real("s"), z3.Real("eps")
    if not _z3_unsat([y > 1, e > 0, z3.Not(_poly(n * d, {s: y, eps: e}) >= 0)]):
        raise _Refused("z3 does not show N D >= 0 for s > 1, eps > 0")


def replay_chord(piece: Piece, claim: Any, record: ChordCertificate) -> Finding:
    if type(claim).__name__ != "ChordClaim":
        return failed(piece, f"the claim is a {type(claim).__name__}, not a chord claim")
    texts = (record.numerator, record.denominator)
    if not all(_safe(t) for t in texts):
        return failed(piece, "the recorded N/D is not a polynomial text in s and eps")
    try:
        replay(claim, record)
    except (_Refused, sympy.SympifyError, sympy.PolynomialError, TypeError, ValueError) as exc:
        return failed(piece, str(exc))
    return confirmed(piece, f"phi'' and the chord re-derived, B - C ({record.way}) again")


def replay_witness(piece: Piece, claim: Any, values: Any) -> Finding:
    """Lemma CM never refutes: a refutation of a chord claim does not replay."""
    return failed(piece, "a chord claim is never refuted by Lemma CM")


def truth_at(claim: Any, p: list[Fraction], q: list[Fraction], stretch: Fraction) -> bool | None:
    """D(P||Q) <= B(eps) at eps = stretch * eps0, eps0 = ln(max ratio) / c the least eps for
    which P, Q (positive masses) are (c eps, 0)-close; None: undecided."""
    ratio = max(max(a / b, b / a) for a, b in zip(p, q, strict=True))
    level = Fraction(int(claim.level.p), int(claim.level.q))
    at = sympy.Rational(stretch) * sympy.log(sympy.Rational(ratio)) / sympy.Rational(level)
    kl = sum(
        (sympy.Rational(a) * sympy.log(sympy.Rational(a / b)) for a, b in zip(p, q, strict=True)),
        sympy.Integer(0),
    )
    gap = claim.bound.subs(claim.eps, at) - kl
    try:
        with with_precision(PRECISION):
            return sign(enclose(gap, {})) >= 0
    except (Undecidable, ZeroDivisionError, ValueError):
        return None
