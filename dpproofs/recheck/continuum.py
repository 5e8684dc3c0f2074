"""Replaying a branch-and-bound proof over the simplex, and a continuum counterexample.

Written apart from :mod:`dpproofs.continuum` (which it does not import): the claim's predicate
is called with this module's own algebra, whose values are sympy expressions in one symbol per
variable; this module encloses them in Arb balls itself:

* ``erfc(x)`` (Phi(x) = erfc(-x/sqrt 2)/2, the vocabulary's normal_cdf) decreases on the whole
  line: the hull of its values at the ends of x's ball;
* ``c * x * log(x)`` is x ln x on [0, oo) (0 at 0): the hull of its values at the ends of x's
  interval and -e^-1 unless Arb shows 1/e outside it; ``c * x * log(x / y)`` is
  x ln x - x ln y (y > 0 on the box); a logarithm needs its argument > 0 on the box, a
  division a nonzero divisor, a power with a non-integer exponent r > 0 a base >= 0
  (monotone), r < 0 a base > 0;
* a sum or product of coordinates and non-negative constants is clipped at 0 (the coordinates
  are >= 0 on the domain);
* an atom whose difference, with each c u log(u) read as c G(u) (u expanded; G(0) = G(1) = 0),
  expands to the zero polynomial is an identity (rule ID), true (>=) or false (>) everywhere.

A claim with a non-empty ``covers`` (its box is only a part of the statement) shows
verified-bounded, not proved.

The tree is replayed from the root box with a queue: each token's box is tightened by the
simplex constraints (x_i in [1 - sum_{j != i} u_j, 1 - sum_{j != i} l_j]) and checked: "e" must
have no point of the domain, "t" must have the predicate true on the whole box, "s v" is split
at the midpoint of v's side, "u" (undecided) is allowed only when the verdict is not proved.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

import flint
import sympy

from dpproofs.evidence import ContinuumBoxes
from dpproofs.recheck.pieces import Finding, Piece, confirmed, failed, not_replayed

Box = dict[str, tuple[Fraction, Fraction]]
BITS = (64, 256, 1024)


class _Unsure(Exception):
    """The value is not shown finite and defined on the box."""


class SympyTerms:
    """The vocabulary's algebra on sympy expressions; truth values are nested tuples."""

    name = "recheck-continuum"

    def const(self, v: Any) -> Any:
        if isinstance(v, float | bool):
            raise _Unsure(f"not an exact constant: {v!r}")
        return sympy.Rational(v)

    def pos(self, x: Any) -> Any:
        return sympy.Max(x, 0)

    def total(self, xs: Iterable[Any]) -> Any:
        return sympy.Add(*xs)

    def maximum(self, xs: Sequence[Any]) -> Any:
        return sympy.Max(*xs)

    def minimum(self, xs: Sequence[Any]) -> Any:
        return sympy.Min(*xs)

    def div(self, a: Any, b: Any) -> Any:
        return a / b

    def log(self, x: Any) -> Any:
        return sympy.log(x, evaluate=False)

    def exp(self, x: Any) -> Any:
        return sympy.exp(x)

    def sqrt(self, x: Any) -> Any:
        return sympy.sqrt(x)

    def normal_cdf(self, x: Any) -> Any:
        return sympy.erfc(-x / sympy.sqrt(2)) / 2

    def le(self, a: Any, b: Any) -> Any:
        return ("atom", b - a, False)

    def lt(self, a: Any, b: Any) -> Any:
        return ("atom", b - a, True)

    def eq(self, a: Any, b: Any) -> Any:
        return ("all", (self.le(a, b), self.le(b, a)))

    def all(self, bs: Iterable[Any]) -> Any:
        return ("all", tuple(bs))

    def any(self, bs: Iterable[Any]) -> Any:
        return ("any", tuple(bs))

    def not_(self, b: Any) -> Any:
        return ("not", b)

    def ite(self, c: Any, x: Any, y: Any) -> Any:
        raise _Unsure("no if-then-else")


def _q(x: Fraction) -> Any:
    return flint.arb(flint.fmpq(x.numerator, x.denominator))


def _ends(ball: Any) -> tuple[Fraction, Fraction]:
    def frac(a: Any) -> Fraction:
        m, e = (int(v) for v in a.man_exp())
        return Fraction(m * 2**e) if e >= 0 else Fraction(m, 2**-e)

    mid, rad = frac(ball.mid()), frac(ball.rad())
    return mid - rad, mid + rad


_G = sympy.Function("tlogt")


def _polynomial(e: Any, nonneg: Any) -> Any:
    """e with each c u log(u) (u >= 0 by construction) as c G(expand(u)), G(0) = G(1) = 0;
    _Unsure when e has any other operation than +, *, non-negative integer powers."""
    if e.is_Rational or e.is_Symbol:
        return e
    if e.is_Add:
        return sympy.Add(*(_polynomial(a, nonneg) for a in e.args))
    if e.is_Pow and e.args[1].is_Integer and e.args[1] >= 0:
        return _polynomial(e.args[0], nonneg) ** e.args[1]
    if e.is_Mul:
        logs = [a for a in e.args if isinstance(a, sympy.log)]
        if not logs:
            return sympy.Mul(*(_polynomial(a, nonneg) for a in e.args))
        rest = sympy.Mul(*(a for a in e.args if a is not logs[0]))
        c, core = rest.as_coeff_Mul()
        if len(logs) == 1 and core == logs[0].args[0] and nonneg(core):
            u = sympy.expand(core)
            return sympy.Integer(0) if u in (0, 1) else c * _G(u)
    raise _Unsure(f"outside the identity rule: {type(e).__name__}")


def _identity(e: Any, nonneg: Any) -> bool:
    """e = 0 on the domain by rule ID (docs/design/branch-and-bound.md), read by this module."""
    try:
        return bool(sympy.expand(_polynomial(e, nonneg)) == 0)
    except _Unsure:
        return False


class _Box:
    def __init__(self, box: Box, symbols: Mapping[str, Any], coords: frozenset[Any]) -> None:
        self.values = {symbols[v]: _q(lo).union(_q(hi)) for v, (lo, hi) in box.items()}
        self.coords = coords

    def nonneg(self, e: Any) -> bool:
        if e.is_Symbol:
            return e in self.coords
        if e.is_Rational:
            return bool(e >= 0)
        if e.is_Add or e.is_Mul:
            return all(self.nonneg(a) for a in e.args)
        return False

    def range(self, e: Any) -> tuple[Fraction, Fraction]:
        lo, hi = _ends(self.ball(e))
        if self.nonneg(e):
            lo, hi = max(lo, Fraction(0)), max(hi, Fraction(0))
        if lo < 0:
            raise _Unsure("an argument that may be negative")
        return lo, hi

    def xlogx(self, e: Any) -> Any:
        lo, hi = self.range(e)
        ends = [flint.arb(0) if x == 0 else _q(x) * _q(x).log() for x in (lo, hi)]
        out = ends[0].union(ends[1])
        inverse_e = flint.arb(-1).exp()
        if not (_q(hi) < inverse_e or _q(lo) > inverse_e):
            out = out.union(-inverse_e)
        return out

    def ball(self, e: Any) -> Any:
        out = self._ball(e)
        if not out.is_finite():
            raise _Unsure(f"not finite: {e}")
        return out

    def _ball(self, e: Any) -> Any:
        if e.is_Rational:
            return _q(Fraction(int(e.p), int(e.q)))
        if e.is_Symbol:
            return self.values[e]
        if e.is_Add:
            return sum((self.ball(a) for a in e.args), flint.arb(0))
        if e.is_Mul:
            return self._mul(e)
        if e.is_Pow:
            return self._pow(e.args[0], e.args[1])
        if isinstance(e, sympy.log):
            a = self.ball(e.args[0])
            if not a > 0:
                raise _Unsure("log of a value that may be <= 0")
            return a.log()
        if isinstance(e, sympy.exp):
            return self.ball(e.args[0]).exp()
        if isinstance(e, sympy.erfc):  # decreasing on the whole line: its ends' values
            lo, hi = _ends(self.ball(e.args[0]))
            return _q(hi).erfc().union(_q(lo).erfc())
        if isinstance(e, sympy.Max | sympy.Min):
            balls = [self.ball(a) for a in e.args]
            acc = balls[0]
            for b in balls[1:]:
                acc = acc.max(b) if isinstance(e, sympy.Max) else acc.min(b)
            return acc
        raise _Unsure(f"no enclosure for {type(e).__name__}")

    def _mul(self, e: Any) -> Any:
        logs = [a for a in e.args if isinstance(a, sympy.log)]
        if len(logs) == 1:
            rest = sympy.Mul(*(a for a in e.args if a is not logs[0]))
            c, core = rest.as_coeff_Mul()
            u = logs[0].args[0]
            num, den = sympy.fraction(u)
            if core == u:
                return self.ball(c) * self.xlogx(core)
            if core == num and den != 1:
                y = self.ball(den)
                if not y > 0:
                    raise _Unsure("x log(x/y) with y that may be 0")
                lo, hi = self.range(core)
                return self.ball(c) * (self.xlogx(core) - _q(lo).union(_q(hi)) * y.log())
        acc = flint.arb(1)
        for a in e.args:
            acc = acc * self.ball(a)
        return acc

    def _pow(self, base: Any, k: Any) -> Any:
        if k.is_Integer:
            b = self.ball(base)
            if k < 0 and not (b > 0 or b < 0):
                raise _Unsure("a negative power of a value that may be 0")
            return b ** int(k) if k >= 0 else 1 / b ** int(-k)
        r = _q(Fraction(int(k.p), int(k.q)))
        if k > 0:
            lo, hi = self.range(base)
            ends = [flint.arb(0) if x == 0 else (_q(x).log() * r).exp() for x in (lo, hi)]
            return ends[0].union(ends[1])
        b = self.ball(base)
        if not b > 0:
            raise _Unsure("a negative real power of a value that may be 0")
        return (b.log() * r).exp()

    def truth(self, phi: Any) -> bool | None:
        kind = phi[0]
        if kind == "atom":
            if _identity(sympy.sympify(phi[1]), self.nonneg):
                return not phi[2]
            try:
                d = self.ball(sympy.sympify(phi[1]))
            except _Unsure:
                return None
            if d > 0 or (not phi[2] and d >= 0):
                return True
            if d < 0 or (phi[2] and d <= 0):
                return False
            return None
        if kind == "not":
            inner = self.truth(phi[1])
            return None if inner is None else not inner
        decisive = kind == "any"
        unsure = False
        for arg in phi[1]:
            v = arg if isinstance(arg, bool) else self.truth(arg)
            if v is decisive:
                return decisive
            unsure = unsure or v is None
        return None if unsure else not decisive


def _setting(claim: Any) -> tuple[Any, list[list[str]], list[tuple[str, Fraction, Fraction]], Any]:
    domain = claim.domain
    rows = [list(r) for r in domain.rows]
    params = [(n, Fraction(lo), Fraction(hi)) for n, lo, hi in domain.params]
    names = [v for r in rows for v in r] + [n for n, _, _ in params]
    symbols = {v: sympy.Symbol(f"v{i}", real=True) for i, v in enumerate(names)}
    phi = claim.predicate(SympyTerms(), *claim.arguments(SympyTerms(), symbols.__getitem__))
    return symbols, rows, params, phi


def _tighten(rows: list[list[str]], box: Box) -> Box | None:
    out = dict(box)
    for row in rows:
        lows, highs = sum(out[v][0] for v in row), sum(out[v][1] for v in row)
        if lows > 1 or highs < 1:
            return None
        for v in row:
            lo, hi = out[v]
            lo, hi = max(lo, 1 - (highs - hi)), min(hi, 1 - (lows - lo))
            if lo > hi:
                return None
            out[v] = (lo, hi)
    return out


def _truth_on(box: Box, symbols: Any, rows: list[list[str]], phi: Any) -> bool | None:
    coords = frozenset(symbols[v] for r in rows for v in r)
    for bits in BITS:
        with flint.ctx.workprec(bits):
            found = _Box(box, symbols, coords).truth(phi)
        if found is not None:
            return found
    return None


def replay_boxes(piece: Piece, claim: Any, record: ContinuumBoxes) -> Finding:
    if getattr(claim, "domain", None) is None or getattr(claim, "predicate", None) is None:
        return failed(piece, f"the claim is a {type(claim).__name__}, not a continuum claim")
    symbols, rows, params, phi = _setting(claim)
    if list(record.variables) != list(symbols):
        return failed(piece, f"the variables {list(record.variables)} are not the claim's")
    root: Box = {v: (Fraction(0), Fraction(1)) for r in rows for v in r}
    root.update({n: (lo, hi) for n, lo, hi in params})
    queue: deque[Box] = deque([root])
    for index, token in enumerate(record.tree):
        if not queue:
            return failed(piece, f"token {index} ({token!r}) has no box left")
        box = _tighten(rows, queue.popleft())
        if token == "e":
            if box is not None:
                return failed(piece, f"box {index} is marked empty but meets the domain")
        elif token == "u":
            if piece.status == "proved":
                return failed(piece, f"box {index} is undecided in a proved verdict")
        elif box is None:
            return failed(piece, f"box {index} ({token!r}) has no point of the domain")
        elif token == "t":
            if _truth_on(box, symbols, rows, phi) is not True:
                return failed(piece, f"box {index}: the predicate is not shown true on {box}")
        elif token.startswith("s ") and token[2:] in box:
            v = token[2:]
            lo, hi = box[v]
            mid = (lo + hi) / 2
            if not lo < hi:
                return failed(piece, f"box {index} splits {v} of width 0")
            queue += [{**box, v: (lo, mid)}, {**box, v: (mid, hi)}]
        else:
            return failed(piece, f"unknown token {token!r}")
    if queue:
        return failed(piece, f"{len(queue)} boxes of the tree are not accounted for")
    found = confirmed(
        piece,
        f"{len(record.tree)} boxes rebuilt from the root; each leaf re-enclosed in Arb",
    )
    # A box that the claim itself says is only a part of its statement shows no more.
    return replace(found, supports="verified-bounded") if getattr(claim, "covers", "") else found


def replay_witness(piece: Piece, claim: Any, values: Mapping[str, str]) -> Finding:
    if getattr(claim, "domain", None) is None:
        return failed(piece, f"the claim is a {type(claim).__name__}, not a continuum claim")
    symbols, rows, params, phi = _setting(claim)
    try:
        point = {v: Fraction(values[v]) for v in symbols}
    except (KeyError, ValueError) as exc:
        return failed(piece, f"the witness does not give every variable exactly: {exc}")
    for row in rows:
        if any(point[v] < 0 for v in row) or sum(point[v] for v in row) != 1:
            return failed(piece, f"the row {row} is not a distribution")
    if any(not lo <= point[n] <= hi for n, lo, hi in params):
        return failed(piece, "a parameter lies outside its interval")
    found = _truth_on({v: (x, x) for v, x in point.items()}, symbols, rows, phi)
    if found is False:
        return confirmed(piece, "the predicate is false at the exact point (Arb)")
    if found is True:
        return failed(piece, "the predicate holds at the witness")
    return not_replayed(piece, "the predicate is not decided at the witness")


def truth_at(claim: Any, point: Mapping[str, Fraction]) -> bool | None:
    """The claim's predicate at an exact point, by this module's own reading and enclosures
    (None: not decided)."""
    symbols, rows, _, phi = _setting(claim)
    return _truth_on({v: (point[v], point[v]) for v in symbols}, symbols, rows, phi)
