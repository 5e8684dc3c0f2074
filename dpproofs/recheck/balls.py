"""Exact reals for the rechecker: a rational when the value is rational, else an Arb ball.

A :class:`Real` holds an exact ``Fraction`` (then every operation with another rational stays
exact) or an Arb ball (python-flint) that certainly contains the true value: Arb rounds
outward, so a ball computed from balls contains every value the exact computation could give.
Comparisons are decided only when certain: two rationals exactly; otherwise when the ball of
the difference excludes 0. Anything else raises :class:`Undecidable` (never a guess).

:class:`BallAlgebra` is the algebra interface of the search vocabulary (``const``, ``pos``,
``total``, ``le``, ...) on these values, written here again so that replaying a witness does
not run the algebra the deciders used. :func:`enclose` evaluates a sympy term of the scalar
claims' language the same way.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import flint


class Undecidable(Exception):
    """A comparison the balls cannot decide (the values are too close at this precision)."""


def _ball(q: Fraction) -> Any:
    return flint.arb(flint.fmpq(q.numerator, q.denominator))


class Real:
    """An exact rational (``q``) or an Arb ball (``ball``) containing the true real value."""

    __slots__ = ("ball", "q")

    def __init__(self, q: Fraction | None = None, ball: Any = None) -> None:
        self.q = q
        self.ball = _ball(q) if q is not None else ball

    @staticmethod
    def of(value: Any) -> Real:
        if isinstance(value, Real):
            return value
        if isinstance(value, int | Fraction) and not isinstance(value, bool):
            return Real(Fraction(value))
        raise TypeError(f"not an exact number: {value!r}")

    def _op(self, other: Any, exact: Any, ball: Any) -> Real:
        o = Real.of(other)
        if self.q is not None and o.q is not None:
            return Real(exact(self.q, o.q))
        return Real(ball=ball(self.ball, o.ball))

    def __add__(self, other: Any) -> Real:
        return self._op(other, lambda a, b: a + b, lambda a, b: a + b)

    def __radd__(self, other: Any) -> Real:
        return Real.of(other) + self

    def __sub__(self, other: Any) -> Real:
        return self._op(other, lambda a, b: a - b, lambda a, b: a - b)

    def __rsub__(self, other: Any) -> Real:
        return Real.of(other) - self

    def __mul__(self, other: Any) -> Real:
        o = Real.of(other)
        if self.q == 0 or o.q == 0:
            return Real(Fraction(0))
        return self._op(o, lambda a, b: a * b, lambda a, b: a * b)

    def __rmul__(self, other: Any) -> Real:
        return Real.of(other) * self

    def __truediv__(self, other: Any) -> Real:
        o = Real.of(other)
        if sign(o) == 0:
            raise ZeroDivisionError("division by zero")
        if self.q == 0:
            return Real(Fraction(0))
        return self._op(o, lambda a, b: a / b, lambda a, b: a / b)

    def __rtruediv__(self, other: Any) -> Real:
        return Real.of(other) / self

    def __neg__(self) -> Real:
        return Real(-self.q) if self.q is not None else Real(ball=-self.ball)

    def __pow__(self, k: Any) -> Real:
        if isinstance(k, int) and not isinstance(k, bool):
            if self.q is not None:
                return Real(self.q**k)
            return Real(ball=self.ball**k)
        raise TypeError("only integer powers")

    def __repr__(self) -> str:
        return str(self.q) if self.q is not None else str(self.ball)


def sign(x: Real) -> int:
    """-1, 0 or 1, certainly; Undecidable when the ball contains 0 and is not exactly 0."""
    if x.q is not None:
        return (x.q > 0) - (x.q < 0)
    if x.ball > 0:
        return 1
    if x.ball < 0:
        return -1
    raise Undecidable(f"the sign of {x.ball} is not decided at {flint.ctx.prec} bits")


def exp(x: Real) -> Real:
    """e^x: exactly 1 at 0, else an Arb ball."""
    if x.q == 0:
        return Real(Fraction(1))
    return Real(ball=x.ball.exp())


def log(x: Real) -> Real:
    """ln x for x > 0: exactly 0 at 1, else an Arb ball."""
    if sign(x) <= 0:
        raise ZeroDivisionError("log of a number that is not positive")
    if x.q == 1:
        return Real(Fraction(0))
    return Real(ball=x.ball.log())


def sqrt(x: Real) -> Real:
    """sqrt(x) for x >= 0: exact for squares of rationals, else an Arb ball."""
    if sign(x) < 0:
        raise ValueError("sqrt of a negative number")
    if x.q is not None:
        n, d = math.isqrt(x.q.numerator), math.isqrt(x.q.denominator)
        if n * n == x.q.numerator and d * d == x.q.denominator:
            return Real(Fraction(n, d))
    return Real(ball=x.ball.sqrt())


def rational_ends(ball: Any) -> tuple[Fraction, Fraction]:
    """Rationals lo <= hi with every value of the Arb ``ball`` in [lo, hi] (its ends, exactly)."""
    out = []
    for end in (ball.lower(), ball.upper()):
        man, ex = end.man_exp()
        out.append(Fraction(int(man)) * Fraction(2) ** int(ex))
    return out[0], out[1]


def compare(a: Any, b: Any) -> int:
    return sign(Real.of(a) - Real.of(b))


class BallAlgebra:
    """The vocabulary's algebra on :class:`Real` values; truth values are Python bools."""

    name = "recheck"

    def const(self, value: Any) -> Real:
        return Real.of(Fraction(value))

    def pos(self, x: Any) -> Real:
        x = Real.of(x)
        return x if sign(x) > 0 else Real(Fraction(0))

    def total(self, xs: Iterable[Any]) -> Real:
        out = Real(Fraction(0))
        for x in xs:
            out = out + x
        return out

    def maximum(self, xs: Sequence[Any]) -> Real:
        best = Real.of(xs[0])
        for x in xs[1:]:
            if compare(x, best) > 0:
                best = Real.of(x)
        return best

    def minimum(self, xs: Sequence[Any]) -> Real:
        best = Real.of(xs[0])
        for x in xs[1:]:
            if compare(x, best) < 0:
                best = Real.of(x)
        return best

    def div(self, a: Any, b: Any) -> Real:
        return Real.of(a) / b

    def log(self, x: Any) -> Real:
        return log(Real.of(x))

    def le(self, a: Any, b: Any) -> bool:
        return compare(a, b) <= 0

    def lt(self, a: Any, b: Any) -> bool:
        return compare(a, b) < 0

    def eq(self, a: Any, b: Any) -> bool:
        return compare(a, b) == 0

    def all(self, bs: Iterable[Any]) -> bool:
        return all(_truth(b) for b in list(bs))

    def any(self, bs: Iterable[Any]) -> bool:
        return any(_truth(b) for b in list(bs))

    def not_(self, b: Any) -> bool:
        return not _truth(b)

    def ite(self, c: Any, x: Any, y: Any) -> Any:
        return x if _truth(c) else y


def _truth(b: Any) -> bool:
    if not isinstance(b, bool):
        raise TypeError(f"a truth value was expected, got {b!r}")
    return b


def with_precision(bits: int) -> Any:
    """A context manager setting Arb's working precision."""
    return flint.ctx.workprec(bits)


def enclose(expr: Any, values: Mapping[Any, Real]) -> Real:
    """The value of the sympy term ``expr`` at ``values`` (symbol -> Real), exact or a ball.

    The language of scalar claims: + - * /, integer and rational powers, exp, log, sqrt, Abs,
    Min, Max, tanh, sinh, cosh, erf, erfc, E, pi, rationals. Anything else raises TypeError.
    """
    import sympy

    if expr in values:
        return values[expr]
    if expr.is_Rational:
        return Real(Fraction(int(expr.p), int(expr.q)))
    if expr == sympy.E:
        return exp(Real(Fraction(1)))
    if expr == sympy.pi:
        return Real(ball=flint.arb.pi())
    args = [enclose(a, values) for a in expr.args]
    kind = type(expr)
    if kind is sympy.Add:
        return BallAlgebra().total(args)
    if kind is sympy.Mul:
        out = Real(Fraction(1))
        for a in args:
            out = out * a
        return out
    if kind is sympy.Pow:
        base, power = args
        if power.q is not None and power.q.denominator == 1:
            k = int(power.q)
            return base**k if k >= 0 else Real(Fraction(1)) / (base ** (-k))
        if power.q == Fraction(1, 2):
            return sqrt(base)
        if sign(base) <= 0:
            raise ValueError("a non-integer power of a number that is not positive")
        return exp(power * log(base))
    unary = {
        sympy.exp: exp,
        sympy.log: log,
        sympy.Abs: lambda x: x if sign(x) >= 0 else -x,
        sympy.tanh: lambda x: Real(ball=x.ball.tanh()) if x.q != 0 else x,
        sympy.sinh: lambda x: Real(ball=x.ball.sinh()) if x.q != 0 else x,
        sympy.cosh: lambda x: Real(ball=x.ball.cosh()) if x.q != 0 else Real(Fraction(1)),
        sympy.erf: lambda x: Real(ball=x.ball.erf()) if x.q != 0 else x,
        sympy.erfc: lambda x: Real(ball=x.ball.erfc()) if x.q != 0 else Real(Fraction(1)),
    }
    if kind in unary and len(args) == 1:
        return unary[kind](args[0])
    if kind is sympy.Min:
        return BallAlgebra().minimum(args)
    if kind is sympy.Max:
        return BallAlgebra().maximum(args)
    raise TypeError(f"{kind.__name__} is not in the language of scalar claims")


def exactly_zero(expr: Any, values: Mapping[Any, Real]) -> bool:
    """True when ``expr`` at the (all rational) ``values`` expands to exactly 0: the balls of
    two equal irrational sides always overlap, and polynomial expansion (an identity of the
    algebra, no numerics) shows (E + 1) * 1 - (1 + E) = 0."""
    import sympy

    exact = {}
    for key, value in values.items():
        if value.q is None:
            return False
        exact[key] = sympy.Rational(value.q.numerator, value.q.denominator)
    return sympy.expand(expr.xreplace(exact)) is sympy.S.Zero


def relation_at_sign(kind: Any, s: int) -> bool:
    """Whether the sympy relation ``kind`` (Lt, Le, Gt, Ge, Eq, Ne) holds between lhs and rhs
    when sign(lhs - rhs) = s."""
    import sympy

    return {
        sympy.Lt: s < 0,
        sympy.Le: s <= 0,
        sympy.Gt: s > 0,
        sympy.Ge: s >= 0,
        sympy.Eq: s == 0,
        sympy.Ne: s != 0,
    }[kind]


def truth(formula: Any, values: Mapping[Any, Real]) -> bool:
    """The truth of a sympy formula (relations, And, Or, Not, Implies) at ``values``, decided
    exactly or by balls; Undecidable when a relation cannot be decided."""
    import sympy
    from sympy.logic.boolalg import BooleanFalse, BooleanTrue

    if isinstance(formula, BooleanTrue):
        return True
    if isinstance(formula, BooleanFalse):
        return False
    kind = type(formula)
    if kind in (sympy.Lt, sympy.Le, sympy.Gt, sympy.Ge, sympy.Eq, sympy.Ne):
        try:
            s = sign(enclose(formula.lhs, values) - enclose(formula.rhs, values))
        except Undecidable:
            if not exactly_zero(formula.lhs - formula.rhs, values):
                raise
            s = 0
        return relation_at_sign(kind, s)
    parts = [truth(a, values) for a in formula.args]
    if kind is sympy.And:
        return all(parts)
    if kind is sympy.Or:
        return any(parts)
    if kind is sympy.Not:
        return not parts[0]
    if kind is sympy.Implies:
        return (not parts[0]) or parts[1]
    raise TypeError(f"{kind.__name__} is not a connective of scalar claims")
