"""Replaying Lemma CM's (and CV's) certificate (docs/design/chord.md), apart from
:mod:`dpproofs.symbolic.chord` (which it does not import).

From the claim alone (its parameter eps, level c, bound B, quantity and hypothesis): under
closeness, phi(r) = r ln r is differentiated twice again, phi'' > 0 on r > 0 decided by z3,
and U = C = ((b - 1) phi(a) + (1 - a) phi(b)) / (b - a), a = e^(-c eps), b = e^(c eps), is
computed again; under KL-DP, d^2/dq^2 p ln(p/q) > 0 on p, q > 0 is decided and U = c eps.
U must print as recorded; B - U is written again in s = e^(eps/m) (m recorded, every exponent
k eps must have k m an integer) and must cancel against the recorded N/D; then N is 0 (an
identity) or z3 decides N D >= 0 for every s > 1, eps > 0 again. The vocabulary identities
the decider checks (D separable, I = sum_x pi(x) D(P_x||P_Y)) are properties of the
vocabulary, not of the claim, and are not checked again here.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import sympy
import z3

from dpproofs.chord_certificate import ChordCertificate, readable
from dpproofs.recheck.balls import Undecidable, enclose, rational_ends, sign, with_precision
from dpproofs.recheck.pieces import Finding, Piece, confirmed, failed

SECONDS = 20
PRECISION = 256
READ = (sympy.exp, sympy.tanh, sympy.sinh, sympy.cosh)


class _Refused(Exception):
    """The record does not replay (the message says why)."""


def _exp_only(expr: sympy.Expr) -> sympy.Expr:
    """tanh, sinh and cosh by their definitions in exp."""
    out = expr.replace(sympy.tanh, lambda x: 1 - 2 / (sympy.exp(2 * x) + 1))
    out = out.replace(sympy.sinh, lambda x: (sympy.exp(x) - sympy.exp(-x)) / 2)
    return out.replace(sympy.cosh, lambda x: (sympy.exp(x) + sympy.exp(-x)) / 2)


def _read_bound(expr: sympy.Expr, named: set[sympy.Symbol]) -> None:
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, sympy.Symbol) and node not in named:
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


def _upper(claim: Any, record: ChordCertificate, eps: sympy.Symbol) -> sympy.Expr:
    """U(eps) again, after phi'' > 0 (the chord value, Lemma CM) or d^2/dq^2 p ln(p/q) > 0
    (c eps, Lemma CV) is decided again."""
    level = claim.level
    p, q, r = sympy.symbols("p q r", positive=True)
    if claim.hypothesis == "kl":
        second = sympy.cancel(sympy.diff(p * sympy.log(p / q), q, q))
        names = {p: z3.Real("p"), q: z3.Real("q")}
    else:
        second = sympy.cancel(sympy.diff(r * sympy.log(r), r, r))
        names = {r: z3.Real("r")}
    top, bottom = sympy.fraction(sympy.together(second))
    if str(second) != record.second:
        raise _Refused(f"the second derivative is {second}, not the recorded {record.second}")
    positive = [x > 0 for x in names.values()]
    if not _z3_unsat([*positive, z3.Not(_poly(top * bottom, names) > 0)]):
        raise _Refused(f"z3 does not show {second} > 0")
    if claim.hypothesis == "kl":
        value: sympy.Expr = level * eps
    else:
        a, b = sympy.exp(-level * eps), sympy.exp(level * eps)
        value = ((b - 1) * a * sympy.log(a) + (1 - a) * b * sympy.log(b)) / (b - a)
    if str(value) != record.chord:
        raise _Refused(f"the upper value is {value}, not the recorded {record.chord}")
    return value


def _parameter(claim: Any) -> tuple[sympy.Symbol, sympy.Expr]:
    """(eps, B), or for a claim over D^n (group n) (t, B at eps = t/n), free of n."""
    eps, level, bound, n = claim.eps, claim.level, claim.bound, claim.group
    if eps.is_positive is not True or not (level.is_Rational and level > 0):
        raise _Refused("eps must be positive and the closeness level a positive rational")
    if n is None:
        _read_bound(bound, {eps})
        return eps, bound
    shape = (claim.quantity, claim.hypothesis)
    if n.is_positive is not True or n == eps or shape != ("mi", "close"):
        raise _Refused("a group n is a positive symbol of its own, for I under eps-DP")
    _read_bound(bound, {eps, n})
    t = sympy.Symbol("t", positive=True)
    scaled = bound.subs(eps, t / n)
    if n in scaled.free_symbols:
        raise _Refused(f"the bound is not a function of {n} eps")
    return t, scaled


def replay(claim: Any, record: ChordCertificate) -> None:
    eps, bound = _parameter(claim)
    shape = (claim.quantity, claim.hypothesis)
    if shape not in (("kl", "close"), ("mi", "close"), ("mi", "kl")):
        raise _Refused(f"{shape} is not a quantity and hypothesis of Lemma CM or CV")
    value = _upper(claim, record, eps)
    s = sympy.Symbol("s", positive=True)
    mine = _in_s(bound - value, eps, record.power, s)
    n = sympy.sympify(record.numerator, locals={"s": s, str(eps): eps})
    d = sympy.sympify(record.denominator, locals={"s": s, str(eps): eps})
    if d == 0 or sympy.cancel(sympy.together(mine - n / d)) != 0:
        raise _Refused("the recorded N/D is not B - C in s")
    if record.way == "identity":
        if n != 0:
            raise _Refused("an identity with N != 0")
        return
    y, e = z3.Real("s"), z3.Real(str(eps))
    if not _z3_unsat([y > 1, e > 0, z3.Not(_poly(n * d, {s: y, eps: e}) >= 0)]):
        raise _Refused("z3 does not show N D >= 0 for s > 1, eps > 0")


def replay_chord(piece: Piece, claim: Any, record: ChordCertificate) -> Finding:
    if type(claim).__name__ != "ChordClaim":
        return failed(piece, f"the claim is a {type(claim).__name__}, not a chord claim")
    texts = (record.numerator, record.denominator)
    if not all(readable(t) for t in texts):
        return failed(piece, "the recorded N/D is not a polynomial text in s and eps")
    try:
        replay(claim, record)
    except (_Refused, sympy.SympifyError, sympy.PolynomialError, TypeError, ValueError) as exc:
        return failed(piece, str(exc))
    return confirmed(piece, f"the second derivative and U re-derived, B - U ({record.way}) again")


def replay_witness(piece: Piece, claim: Any, values: Any) -> Finding:
    """Lemma CM never refutes: a refutation of a chord claim does not replay."""
    return failed(piece, "a chord claim is never refuted by Lemma CM")


def _kl(p: list[Fraction], q: list[Fraction]) -> sympy.Expr:
    """D(P||Q) exactly as a sympy term (positive masses)."""
    terms = (
        sympy.Rational(a) * sympy.log(sympy.Rational(a / b)) for a, b in zip(p, q, strict=True)
    )
    return sum(terms, sympy.Integer(0))


def truth_at(
    claim: Any,
    rows: list[list[Fraction]],
    prior: list[Fraction],
    stretch: Fraction,
    entries: tuple[int, int] | None = None,
) -> bool | None:
    """The claim at one instance, decided exactly (Arb): quantity "kl": D(rows[0]||rows[1]);
    "mi": I(X; Y) = sum_x prior[x] D(rows[x]||P_Y). eps is ``stretch`` times eps0, the least
    eps at which the rows (positive masses) are pairwise (c eps, 0)-close, or a rational at
    least max D(P_x||P_x') / c (KL-DP); for a group claim, ``entries`` = (n, |D|), the rows
    are indexed by D^n in lexicographic order and eps0 is the least eps at which Hamming
    neighbours' rows are (c eps, 0)-close. None: undecided."""
    level = sympy.Rational(int(claim.level.p), int(claim.level.q))
    pairs = [(a, b) for a in rows for b in rows if a is not b]
    values = {}
    if entries is not None:
        n, size = entries
        bases = list(itertools.product(range(size), repeat=n))
        pairs = [
            (rows[i], rows[j])
            for i, u in enumerate(bases)
            for j, v in enumerate(bases)
            if sum(x != y for x, y in zip(u, v, strict=True)) == 1
        ]
        values[claim.group] = sympy.Integer(n)
    try:
        with with_precision(PRECISION):
            if claim.hypothesis == "close":
                ratio = max(x / y for a, b in pairs for x, y in zip(a, b, strict=True))
                at: sympy.Expr = sympy.log(sympy.Rational(ratio)) / level
            else:
                at = max(rational_ends(enclose(_kl(a, b), {}).ball)[1] for a, b in pairs) / level
            if claim.quantity == "kl":
                value = _kl(rows[0], rows[1])
            else:
                out = [
                    sum((w * row[y] for w, row in zip(prior, rows, strict=True)), Fraction(0))
                    for y in range(len(rows[0]))
                ]
                value = sum(
                    (sympy.Rational(w) * _kl(row, out) for w, row in zip(prior, rows, strict=True)),
                    sympy.Integer(0),
                )
            values[claim.eps] = sympy.Rational(stretch) * at
            gap = claim.bound.subs(values) - value
            return sign(enclose(gap, {})) >= 0
    except (Undecidable, ZeroDivisionError, ValueError):
        return None
