"""Rigorous enclosures of terms over a box, and three-valued truth of a predicate on a box.

A box binds every variable to a closed rational interval [lo, hi]; ``enclose(t, box)`` returns
an Arb ball containing t(x) for every point x of the box at which t is defined, and raises
:class:`Undefined` when it cannot show that t is defined and finite on the whole box (a log
whose argument may reach 0, a division by a ball containing 0, an XLogX argument that may be
negative ...). Arb rounds every operation outward, so each ball operation encloses the exact
operation on the enclosed sets (the fundamental theorem of interval arithmetic).

Piecewise-monotone functions are enclosed from their values at the interval's ends:

* t ln t on [a, b], 0 <= a: decreasing on [0, 1/e], increasing on [1/e, oo), 0 ln 0 = 0. The
  range is the hull of f(a), f(b), and -1/e unless Arb shows b < 1/e or a > 1/e.
* sqrt, a^r (r > 0) are increasing on [0, oo) with value 0 at 0; max(., 0) is monotone.
* Phi(a) = erfc(-a / sqrt 2) / 2 is increasing on the whole line (Phi' = the normal density
  > 0): Phi([a, b]) = [Phi(a), Phi(b)], each end an Arb ball of erfc at an exact rational.

An argument whose ball dips below 0 only by over-approximation is clipped to [0, hi] when the
argument is non-negative by construction (:func:`nonnegative`: coordinates of distributions,
non-negative constants, sums and products of such); otherwise the value is Undefined.

``truth(phi, box)`` is True when phi holds at every point of the box, False when it fails at
every point, None when neither is shown (Kleene's three-valued logic on the atoms' signs; an
Undefined atom is None).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from flint import arb, fmpq

from dpproofs.continuum.terms import (
    Add,
    All,
    AnyOf,
    Atom,
    Const,
    Div,
    Exp,
    Literal,
    Log,
    Max,
    Min,
    Mul,
    NormalCdf,
    Not,
    Pos,
    Pow,
    RPow,
    Sqrt,
    Term,
    Truth,
    Var,
    XLogX,
    XLogY,
)
from dpproofs.errors import InvalidClaim
from dpproofs.exact.rigorous import ball_endpoints, precision

Box = Mapping[str, tuple[Fraction, Fraction]]


class Undefined(Exception):
    """The term is not shown to be defined and finite on the whole box."""


def _q(value: Fraction) -> arb:
    return arb(fmpq(value.numerator, value.denominator))


def _hull(*balls: arb) -> arb:
    acc = balls[0]
    for b in balls[1:]:
        acc = acc.union(b)
    return acc


def _checked(ball: arb) -> arb:
    if not ball.is_finite() or ball.is_nan():
        raise Undefined("not finite on the box")
    return ball


def nonnegative(t: Term, coordinates: frozenset[str]) -> bool:
    """t >= 0 wherever the coordinates are >= 0, by construction (a sufficient syntactic test)."""
    if isinstance(t, Var):
        return t.name in coordinates
    if isinstance(t, Const):
        return t.value >= 0
    if isinstance(t, Add | Mul):
        return all(nonnegative(a, coordinates) for a in t.args)
    if isinstance(t, Pos | Exp | Sqrt):
        return True
    if isinstance(t, Pow):
        return t.exponent % 2 == 0 or nonnegative(t.base, coordinates)
    return False


class Encloser:
    """Encloses terms over one box (variables as balls) at ``bits`` of precision."""

    def __init__(self, box: Box, coordinates: frozenset[str], bits: int = 64) -> None:
        self.box = box
        self.coordinates = coordinates
        self.bits = bits
        with precision(bits):  # the variables' balls at the working precision, not Arb's default
            self._vars = {name: _q(lo).union(_q(hi)) for name, (lo, hi) in box.items()}

    def enclose(self, t: Term) -> arb:
        with precision(self.bits):
            return self._enclose(t)

    def _ends(self, t: Term) -> tuple[Fraction, Fraction]:
        """Rational ends of t's enclosure, clipped at 0 when t is non-negative by construction."""
        lo, hi = ball_endpoints(self._enclose(t))
        if lo < 0 and nonnegative(t, self.coordinates):
            lo = Fraction(0)
        if hi < 0:
            hi = Fraction(0) if nonnegative(t, self.coordinates) else hi
        return lo, hi

    def _enclose(self, t: Term) -> arb:
        handler = _HANDLERS.get(type(t))
        if handler is None:
            raise InvalidClaim(f"the continuum decider cannot enclose {type(t).__name__}")
        return _checked(handler(self, t))

    def _xlogx_at(self, x: Fraction) -> arb:
        if x == 0:
            return arb(0)
        b = _q(x)
        return b * b.log()

    def xlogx(self, t: XLogX) -> arb:
        lo, hi = self._ends(t.arg)
        if lo < 0:
            raise Undefined("t ln t of an argument that may be negative")
        parts = [self._xlogx_at(lo), self._xlogx_at(hi)]
        inverse_e = arb(-1).exp()
        if not (_q(hi) < inverse_e or _q(lo) > inverse_e):  # 1/e may lie in [lo, hi]
            parts.append(-inverse_e)
        return _hull(*parts)

    def xlogy(self, t: XLogY) -> arb:
        lo, hi = self._ends(t.x)
        if lo < 0:
            raise Undefined("x ln(x/y) with an x that may be negative")
        y = self._enclose(t.y)
        if not y > 0:
            raise Undefined("x ln(x/y) with a y that may be 0")
        # x ln(x/y) = x ln x - x ln y, both enclosed on the box (x in [lo, hi]).
        x = _q(lo).union(_q(hi))
        return self.xlogx(XLogX(t.x)) - x * y.log()

    def rpow(self, t: RPow) -> arb:
        if t.exponent > 0:
            lo, hi = self._ends(t.base)
            if lo < 0:
                raise Undefined("a real power of an argument that may be negative")
            r = _q(t.exponent)
            ends = [arb(0) if v == 0 else (_q(v).log() * r).exp() for v in (lo, hi)]
            return _hull(*ends)
        base = self._enclose(t.base)
        if not base > 0:
            raise Undefined("a non-positive real power of an argument that may be 0")
        return (base.log() * _q(t.exponent)).exp()

    def sqrt(self, t: Sqrt) -> arb:
        lo, hi = self._ends(t.arg)
        if lo < 0:
            raise Undefined("sqrt of an argument that may be negative")
        return _hull(_q(lo).sqrt(), _q(hi).sqrt())

    def normal_cdf(self, t: NormalCdf) -> arb:
        lo, hi = ball_endpoints(self._enclose(t.arg))
        root2 = arb(2).sqrt()
        return _hull(*((-_q(v) / root2).erfc() / 2 for v in (lo, hi)))

    def log(self, t: Log) -> arb:
        a = self._enclose(t.arg)
        if not a > 0:
            raise Undefined("ln of an argument that may be <= 0")
        return a.log()

    def div(self, t: Div) -> arb:
        d = self._enclose(t.den)
        if not (d > 0 or d < 0):
            raise Undefined("a division by a value that may be 0")
        return self._enclose(t.num) / d

    def pow(self, t: Pow) -> arb:
        b = self._enclose(t.base)
        if t.exponent >= 0:
            return b**t.exponent
        if not (b > 0 or b < 0):
            raise Undefined("a negative power of a value that may be 0")
        return 1 / b ** (-t.exponent)


def _add(e: Encloser, t: Add) -> arb:
    total = arb(0)
    for a in t.args:
        total = total + e._enclose(a)
    return total


def _mul(e: Encloser, t: Mul) -> arb:
    acc = arb(1)
    for a in t.args:
        acc = acc * e._enclose(a)
    return acc


def _var(e: Encloser, t: Var) -> arb:
    if t.name not in e._vars:
        raise InvalidClaim(f"the variable {t.name} is not bound by the claim's domain")
    return e._vars[t.name]


def _pos(e: Encloser, t: Pos) -> arb:
    return e._enclose(t.arg).max(arb(0))


def _fold(pick: str) -> Callable[[Encloser, Any], arb]:
    def run(e: Encloser, t: Any) -> arb:
        balls = [e._enclose(a) for a in t.args]
        acc = balls[0]
        for b in balls[1:]:
            acc = acc.max(b) if pick == "max" else acc.min(b)
        return acc

    return run


_HANDLERS: dict[type, Callable[[Encloser, Any], arb]] = {
    Const: lambda e, t: _q(t.value),
    Var: _var,
    Add: _add,
    Mul: _mul,
    Div: Encloser.div,
    Pow: Encloser.pow,
    RPow: Encloser.rpow,
    Log: Encloser.log,
    Exp: lambda e, t: e._enclose(t.arg).exp(),
    Sqrt: Encloser.sqrt,
    NormalCdf: Encloser.normal_cdf,
    XLogX: Encloser.xlogx,
    XLogY: Encloser.xlogy,
    Pos: _pos,
    Max: _fold("max"),
    Min: _fold("min"),
}


def atom_truth(e: Encloser, atom: Atom) -> bool | None:
    """d >= 0 (d > 0) on the whole box: True; d < 0 (d <= 0) on the whole box: False."""
    try:
        d = e.enclose(atom.diff)
    except Undefined:
        return None
    if d > 0 or (not atom.strict and d >= 0):
        return True
    if d < 0 or (atom.strict and d <= 0):
        return False
    return None


def truth(phi: Truth, e: Encloser) -> bool | None:
    """Kleene three-valued truth of phi on the encloser's box."""
    if isinstance(phi, Literal):
        return phi.value
    if isinstance(phi, Atom):
        return atom_truth(e, phi)
    if isinstance(phi, Not):
        inner = truth(phi.arg, e)
        return None if inner is None else not inner
    if isinstance(phi, All | AnyOf):
        decisive = isinstance(phi, AnyOf)
        seen_none = False
        for arg in phi.args:
            v = truth(arg, e)
            if v is decisive:
                return decisive
            seen_none = seen_none or v is None
        return None if seen_none else not decisive
    raise InvalidClaim(f"the continuum decider cannot read the truth term {phi!r:.100}")
