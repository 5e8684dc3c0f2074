"""Terms of the continuum decider: real expressions over the coordinates of distributions and
over parameters, and truth values built from comparisons of them.

A claim's predicate is called once on :class:`Var` leaves (with :class:`TermAlgebra` as its
algebra), so the vocabulary's definitions (:mod:`dpproofs.vocabulary`) and this package's
notions (:mod:`dpproofs.continuum.notions`) produce one term tree; the decider encloses that tree,
never the author's callable.

Real terms (every operation is whitelisted; anything else is an InvalidClaim):

    Const(c)        c, an exact rational (floats are refused)
    Var(name)       a coordinate p[i] of a distribution, or a parameter
    Add, Mul        sums and products
    Div(a, b)       a / b (defined where b != 0)
    Pow(a, k)       a^k for an integer k (k < 0: defined where a != 0)
    RPow(a, r)      a^r for a rational r, a >= 0 (r <= 0: a > 0)
    Log(a)          ln a (defined where a > 0)
    Exp(a), Sqrt(a) e^a and sqrt(a) (a >= 0)
    NormalCdf(a)    Phi(a) = erfc(-a / sqrt 2) / 2, the standard normal CDF (defined and
                    increasing on the whole line; its values lie in (0, 1))
    XLogX(a)        a ln a for a >= 0, with 0 ln 0 = 0 (continuous on [0, oo))
    XLogY(a, b)     a ln(a / b) for a >= 0, b > 0, with 0 ln(0 / b) = 0
    Pos(a)          max(a, 0);  Max(...), Min(...)

``x * log(x)`` and ``x * log(x / y)`` (as the vocabulary writes entropies and KL) are recognised
when the product is formed and become XLogX / XLogY, which are defined at x = 0.

Truth terms: Atom(d, strict) is "d >= 0" (strict: "d > 0"); All, Any, Not; TRUE, FALSE.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy

from dpproofs.errors import InvalidClaim


def _coerce(value: Any) -> Term:
    if isinstance(value, Term):
        return value
    if isinstance(value, bool):
        raise InvalidClaim(f"a truth value {value!r} where a real term is expected")
    if isinstance(value, int | Fraction):
        return Const(Fraction(value))
    if isinstance(value, sympy.Rational):
        return Const(Fraction(int(value.p), int(value.q)))
    raise InvalidClaim(
        f"the continuum decider takes exact rationals and its own terms, not {value!r} "
        f"({type(value).__name__})"
    )


class Term:
    """A real-valued term; Python arithmetic builds larger terms."""

    __slots__ = ()

    def __add__(self, other: Any) -> Term:
        return Add((self, _coerce(other)))

    def __radd__(self, other: Any) -> Term:
        return Add((_coerce(other), self))

    def __sub__(self, other: Any) -> Term:
        return Add((self, -_coerce(other)))

    def __rsub__(self, other: Any) -> Term:
        return Add((_coerce(other), -self))

    def __neg__(self) -> Term:
        return Mul((Const(Fraction(-1)), self))

    def __mul__(self, other: Any) -> Term:
        return product(self, _coerce(other))

    def __rmul__(self, other: Any) -> Term:
        return product(_coerce(other), self)

    def __truediv__(self, other: Any) -> Term:
        return Div(self, _coerce(other))

    def __rtruediv__(self, other: Any) -> Term:
        return Div(_coerce(other), self)

    def __pow__(self, exponent: Any) -> Term:
        e = _coerce(exponent)
        if not isinstance(e, Const):
            raise InvalidClaim("a power needs a constant rational exponent")
        if e.value.denominator == 1:
            return Pow(self, int(e.value))
        return RPow(self, e.value)


@dataclass(frozen=True, slots=True, eq=True)
class Const(Term):
    value: Fraction


@dataclass(frozen=True, slots=True, eq=True)
class Var(Term):
    name: str


@dataclass(frozen=True, slots=True, eq=True)
class Add(Term):
    args: tuple[Term, ...]


@dataclass(frozen=True, slots=True, eq=True)
class Mul(Term):
    args: tuple[Term, ...]


@dataclass(frozen=True, slots=True, eq=True)
class Div(Term):
    num: Term
    den: Term


@dataclass(frozen=True, slots=True, eq=True)
class Pow(Term):
    base: Term
    exponent: int


@dataclass(frozen=True, slots=True, eq=True)
class RPow(Term):
    base: Term
    exponent: Fraction


@dataclass(frozen=True, slots=True, eq=True)
class Log(Term):
    arg: Term


@dataclass(frozen=True, slots=True, eq=True)
class Exp(Term):
    arg: Term


@dataclass(frozen=True, slots=True, eq=True)
class Sqrt(Term):
    arg: Term


@dataclass(frozen=True, slots=True, eq=True)
class NormalCdf(Term):
    arg: Term


@dataclass(frozen=True, slots=True, eq=True)
class XLogX(Term):
    arg: Term


@dataclass(frozen=True, slots=True, eq=True)
class XLogY(Term):
    x: Term
    y: Term


@dataclass(frozen=True, slots=True, eq=True)
class Pos(Term):
    arg: Term


@dataclass(frozen=True, slots=True, eq=True)
class Max(Term):
    args: tuple[Term, ...]


@dataclass(frozen=True, slots=True, eq=True)
class Min(Term):
    args: tuple[Term, ...]


def _coefficient(t: Term) -> tuple[Fraction, Term]:
    """(c, core) with t = c * core when t is a constant times one term, else (1, t)."""
    if isinstance(t, Mul) and len(t.args) == 2 and isinstance(t.args[0], Const):
        return t.args[0].value, t.args[1]
    return Fraction(1), t


def product(a: Term, b: Term) -> Term:
    """a * b, recognising c x ln x (XLogX) and c x ln(x / y) (XLogY)."""
    for left, right in ((a, b), (b, a)):
        if isinstance(right, Log):
            c, core = _coefficient(left)
            arg = right.arg
            found: Term | None = None
            if arg == core:
                found = XLogX(core)
            elif isinstance(arg, Div) and arg.num == core:
                found = XLogY(core, arg.den)
            if found is not None:
                return found if c == 1 else Mul((Const(c), found))
    return Mul((a, b))


class Truth:
    """A truth value of the claim's predicate."""

    __slots__ = ()


@dataclass(frozen=True, slots=True, eq=True)
class Atom(Truth):
    """d >= 0 (strict: d > 0)."""

    diff: Term
    strict: bool


@dataclass(frozen=True, slots=True, eq=True)
class All(Truth):
    args: tuple[Truth, ...]


@dataclass(frozen=True, slots=True, eq=True)
class AnyOf(Truth):
    args: tuple[Truth, ...]


@dataclass(frozen=True, slots=True, eq=True)
class Not(Truth):
    arg: Truth


@dataclass(frozen=True, slots=True, eq=True)
class Literal(Truth):
    value: bool


def _truth(value: Any) -> Truth:
    if isinstance(value, Truth):
        return value
    if isinstance(value, bool):
        return Literal(value)
    raise InvalidClaim(f"a real term {value!r} where a truth value is expected")


class TermAlgebra:
    """The vocabulary's algebra on terms (:class:`dpproofs.algebra.Algebra`)."""

    name = "continuum-terms"

    def const(self, value: Any) -> Term:
        return _coerce(value)

    def pos(self, x: Any) -> Term:
        return Pos(_coerce(x))

    def total(self, xs: Iterable[Any]) -> Term:
        terms = tuple(_coerce(x) for x in xs)
        return Add(terms) if terms else Const(Fraction(0))

    def maximum(self, xs: Sequence[Any]) -> Term:
        return Max(tuple(_coerce(x) for x in xs))

    def minimum(self, xs: Sequence[Any]) -> Term:
        return Min(tuple(_coerce(x) for x in xs))

    def div(self, a: Any, b: Any) -> Term:
        return Div(_coerce(a), _coerce(b))

    def log(self, x: Any) -> Term:
        return Log(_coerce(x))

    def exp(self, x: Any) -> Term:
        return Exp(_coerce(x))

    def sqrt(self, x: Any) -> Term:
        return Sqrt(_coerce(x))

    def normal_cdf(self, x: Any) -> Term:
        return NormalCdf(_coerce(x))

    def le(self, a: Any, b: Any) -> Truth:
        return Atom(_coerce(b) - _coerce(a), strict=False)

    def lt(self, a: Any, b: Any) -> Truth:
        return Atom(_coerce(b) - _coerce(a), strict=True)

    def eq(self, a: Any, b: Any) -> Truth:
        return All((self.le(a, b), self.le(b, a)))

    def all(self, bs: Iterable[Any]) -> Truth:
        return All(tuple(_truth(b) for b in bs))

    def any(self, bs: Iterable[Any]) -> Truth:
        return AnyOf(tuple(_truth(b) for b in bs))

    def not_(self, b: Any) -> Truth:
        return Not(_truth(b))

    def ite(self, c: Any, x: Any, y: Any) -> Any:
        raise InvalidClaim("the continuum decider has no if-then-else on terms")


def as_truth(value: Any) -> Truth:
    """The predicate's result as a truth term (InvalidClaim if it is not one)."""
    return _truth(value)
