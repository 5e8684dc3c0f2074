"""Three interpretations of real arithmetic and logic, so that each DP definition is written once.

The vocabulary (:mod:`dpproofs.vocabulary`) writes every definition against the small interface
:class:`Algebra`. Values support ``+ - *`` directly; everything else (comparisons, positive part,
sums, connectives, if-then-else, division by a positive quantity, log) goes through the algebra:

* :class:`ExactAlgebra`: values are exact sympy numbers, truth values are Python bools, and every
  comparison is decided rigorously (exact rationals, or Arb enclosures; never a float). A comparison
  that cannot be decided raises :class:`~dpproofs.errors.Undecided`.
* :class:`MarginAlgebra`: values are floats and a truth value is a *margin*: a float that is >= 0
  when the formula holds, and whose size says by how much (``a <= b`` has margin ``b - a``; ``and``
  is ``min``; ``or`` is ``max``; ``not`` negates). Numeric search minimises margins; it never
  decides.
* :class:`Z3Algebra`: values are z3 real terms and truth values z3 formulas, for the solver.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any, Protocol

import sympy

from dpproofs.errors import InvalidClaim, Undecided
from dpproofs.exact.rigorous import compare

Number = Fraction | int


class Algebra(Protocol):
    """The operations the vocabulary needs beyond ``+``, ``-`` and ``*`` on values."""

    name: str

    def const(self, value: Number) -> Any: ...
    def pos(self, x: Any) -> Any: ...
    def total(self, xs: Iterable[Any]) -> Any: ...
    def maximum(self, xs: Sequence[Any]) -> Any: ...
    def minimum(self, xs: Sequence[Any]) -> Any: ...
    def div(self, a: Any, b: Any) -> Any: ...
    def log(self, x: Any) -> Any: ...
    def le(self, a: Any, b: Any) -> Any: ...
    def lt(self, a: Any, b: Any) -> Any: ...
    def eq(self, a: Any, b: Any) -> Any: ...
    def all(self, bs: Iterable[Any]) -> Any: ...
    def any(self, bs: Iterable[Any]) -> Any: ...
    def not_(self, b: Any) -> Any: ...
    def ite(self, c: Any, x: Any, y: Any) -> Any: ...


def implies(alg: Algebra, a: Any, b: Any) -> Any:
    """a => b, written once for every algebra as (not a) or b."""
    return alg.any([alg.not_(a), b])


class ExactAlgebra:
    """Exact sympy values; comparisons decided rigorously, or Undecided.

    ``sign_of`` decides the sign of a difference. The default handles constant expressions with
    Arb enclosures and expressions with free symbols with sympy's assumption system (whose answers
    are derived by exact rules); a stronger decider (the symbolic pipeline) can be passed instead.

    ``weak_sign_of`` serves the value-selecting operations (positive part, maximum, minimum),
    where a tie selects the same value either way: it may answer 1 for "x >= 0" and -1 for
    "x <= 0" even when x vanishes somewhere (a parameter family at a closed endpoint, say).
    It defaults to ``sign_of``, which for constants is the same thing.
    """

    name = "exact"

    def __init__(
        self,
        sign_of: Callable[[sympy.Expr], int] | None = None,
        weak_sign_of: Callable[[sympy.Expr], int] | None = None,
    ) -> None:
        self._sign_of = sign_of or exact_sign
        self._weak_sign_of = weak_sign_of or self._sign_of

    def _sign(self, x: Any) -> int:
        if isinstance(x, int | Fraction):
            return (x > 0) - (x < 0)
        return self._sign_of(sympy.sympify(x))

    def _weak_sign(self, x: Any) -> int:
        if isinstance(x, int | Fraction):
            return (x > 0) - (x < 0)
        return self._weak_sign_of(sympy.sympify(x))

    def at_least(self, a: Any, b: Any) -> bool:
        """a >= b, where a tie may count either way: for choosing a value, not for a verdict."""
        if a is sympy.oo or b is sympy.oo or a is sympy.S.NegativeInfinity:
            return _compare_extended(a, b) >= 0
        if b is sympy.S.NegativeInfinity:
            return True
        return self._weak_sign(sympy.sympify(a) - sympy.sympify(b)) >= 0

    def const(self, value: Number) -> sympy.Expr:
        return sympy.Rational(value)

    def pos(self, x: Any) -> Any:
        return x if self._weak_sign(x) > 0 else sympy.Integer(0)

    def total(self, xs: Iterable[Any]) -> Any:
        return sympy.Add(*xs)

    def maximum(self, xs: Sequence[Any]) -> Any:
        best = xs[0]
        for x in xs[1:]:
            if not self.at_least(best, x):
                best = x
        return best

    def minimum(self, xs: Sequence[Any]) -> Any:
        best = xs[0]
        for x in xs[1:]:
            if not self.at_least(x, best):
                best = x
        return best

    def div(self, a: Any, b: Any) -> Any:
        """a / b; a positive a over an exact 0 is +oo (the convention of likelihood ratios)."""
        if (b == 0) is True:
            if self._sign(a) > 0:
                return sympy.oo
            raise Undecided(f"{a}/0 is undefined")
        return sympy.sympify(a) / sympy.sympify(b)

    def log(self, x: Any) -> Any:
        if self._sign(x) <= 0:
            return sympy.S.NegativeInfinity
        return sympy.log(x)

    def _cmp(self, a: Any, b: Any) -> int:
        if a is sympy.oo or b is sympy.oo or a is sympy.S.NegativeInfinity:
            return _compare_extended(a, b)
        if b is sympy.S.NegativeInfinity:
            return _compare_extended(a, b)
        return self._sign(sympy.sympify(a) - sympy.sympify(b))

    def le(self, a: Any, b: Any) -> bool:
        return self._cmp(a, b) <= 0

    def lt(self, a: Any, b: Any) -> bool:
        return self._cmp(a, b) < 0

    def eq(self, a: Any, b: Any) -> bool:
        return self._cmp(a, b) == 0

    def all(self, bs: Iterable[Any]) -> bool:
        return all(bs)

    def any(self, bs: Iterable[Any]) -> bool:
        return any(bs)

    def not_(self, b: Any) -> bool:
        return not b

    def ite(self, c: Any, x: Any, y: Any) -> Any:
        return x if c else y


def _compare_extended(a: Any, b: Any) -> int:
    order = {sympy.S.NegativeInfinity: -1, sympy.oo: 1}
    ra, rb = order.get(a, 0), order.get(b, 0)
    if ra != rb:
        return (ra > rb) - (ra < rb)
    if ra != 0:
        return 0
    raise AssertionError("finite values are compared elsewhere")


def exact_sign(expr: sympy.Expr) -> int:
    """Sign of an exact expression: rigorous for constants, sympy's exact rules with symbols."""
    if not expr.free_symbols:
        return compare(expr, 0)
    derived = assumption_sign(expr)
    if derived is None:
        raise Undecided(f"cannot decide the sign of {expr} under the symbols' assumptions")
    return derived


def assumption_sign(expr: sympy.Expr) -> int | None:
    """The sign sympy's assumption system derives for ``expr`` from its symbols' assumptions
    (exact rules, no numerics), or None when it derives none."""
    if expr.is_zero:
        return 0
    if expr.is_positive:
        return 1
    if expr.is_negative:
        return -1
    return None


class MarginAlgebra:
    """Floats with margins as truth values (>= 0 means "holds"): for numeric search only."""

    name = "margin"

    def const(self, value: Number) -> float:
        return float(value)

    def pos(self, x: float) -> float:
        return x if x > 0 else 0.0

    def total(self, xs: Iterable[float]) -> float:
        return math.fsum(xs)

    def maximum(self, xs: Sequence[float]) -> float:
        return max(xs)

    def minimum(self, xs: Sequence[float]) -> float:
        return min(xs)

    def div(self, a: float, b: float) -> float:
        return a / b if b != 0 else (math.inf if a > 0 else 0.0)

    def log(self, x: float) -> float:
        return math.log(x) if x > 0 else -math.inf

    def le(self, a: float, b: float) -> float:
        return _finite_margin(b - a)

    def lt(self, a: float, b: float) -> float:
        return _finite_margin(b - a)

    def eq(self, a: float, b: float) -> float:
        return -abs(_finite_margin(b - a))

    def all(self, bs: Iterable[float]) -> float:
        return min(bs, default=math.inf)

    def any(self, bs: Iterable[float]) -> float:
        return max(bs, default=-math.inf)

    def not_(self, b: float) -> float:
        return -b

    def ite(self, c: float, x: float, y: float) -> float:
        return x if c > 0 else y


def _finite_margin(m: float) -> float:
    if math.isnan(m):
        return 0.0
    return m


class Z3Algebra:
    """z3 real terms and formulas; ``div`` assumes the caller has constrained the divisor > 0."""

    name = "z3"

    def __init__(self) -> None:
        import z3

        self.z3 = z3

    def const(self, value: Number) -> Any:
        f = Fraction(value)
        return self.z3.RealVal(f"{f.numerator}/{f.denominator}")

    def pos(self, x: Any) -> Any:
        return self.z3.If(x > 0, x, self.z3.RealVal(0))

    def total(self, xs: Iterable[Any]) -> Any:
        terms = list(xs)
        return self.z3.Sum(terms) if terms else self.z3.RealVal(0)

    def maximum(self, xs: Sequence[Any]) -> Any:
        best = xs[0]
        for x in xs[1:]:
            best = self.z3.If(x > best, x, best)
        return best

    def minimum(self, xs: Sequence[Any]) -> Any:
        best = xs[0]
        for x in xs[1:]:
            best = self.z3.If(x < best, x, best)
        return best

    def div(self, a: Any, b: Any) -> Any:
        return a / b

    def log(self, x: Any) -> Any:
        raise InvalidClaim(
            "the z3 search cannot decide log: it has no polynomial encoding, so a search predicate "
            "may not use quantities built on it (kl_divergence, renyi_divergence, mutual "
            "information, entropies); decide them on concrete mechanisms (dpproofs.finite) or "
            "with exact facts (exact_fact), or write the claim without log (e.g. max_divergence "
            "<= eps as ratios against E = e^eps)"
        )

    def le(self, a: Any, b: Any) -> Any:
        return a <= b

    def lt(self, a: Any, b: Any) -> Any:
        return a < b

    def eq(self, a: Any, b: Any) -> Any:
        return a == b

    def all(self, bs: Iterable[Any]) -> Any:
        return self.z3.And(list(bs))

    def any(self, bs: Iterable[Any]) -> Any:
        return self.z3.Or(list(bs))

    def not_(self, b: Any) -> Any:
        return self.z3.Not(b)

    def ite(self, c: Any, x: Any, y: Any) -> Any:
        return self.z3.If(c, x, y)


EXACT = ExactAlgebra()
MARGIN = MarginAlgebra()


class IntervalAlgebra:
    """Arb balls as values and Kleene truth values: True or False when the balls decide the
    formula for EVERY point they contain, None when they do not (a box to split further).

    This is the interpretation for interval branch and bound: evaluating a vocabulary predicate
    on balls that contain a whole box of inputs gives True only if the predicate holds on the
    whole box (Arb rounds outward, and an undecided condition of ``ite`` takes the union of
    both branches). Use inside a ``precision(...)`` block.
    """

    name = "interval"

    def const(self, value: Number) -> Any:
        from dpproofs.exact.rigorous import arb_from_fraction

        return arb_from_fraction(Fraction(value))

    def pos(self, x: Any) -> Any:
        if x >= 0:
            return x
        if x <= 0:
            return x * 0
        return (x * 0).union(x.upper())  # [0, sup x] contains max(v, 0) for every v in x

    def total(self, xs: Iterable[Any]) -> Any:
        acc = self.const(0)
        for x in xs:
            acc = acc + x
        return acc

    def maximum(self, xs: Sequence[Any]) -> Any:
        acc = xs[0]
        for x in xs[1:]:
            acc = acc.max(x)
        return acc

    def minimum(self, xs: Sequence[Any]) -> Any:
        acc = xs[0]
        for x in xs[1:]:
            acc = acc.min(x)
        return acc

    def div(self, a: Any, b: Any) -> Any:
        return a / b  # a ball b containing 0 gives a non-finite ball: every comparison is None

    def log(self, x: Any) -> Any:
        return x.log()  # not finite (nan) unless x is certainly positive

    @staticmethod
    def _sign(d: Any, strict: bool) -> bool | None:
        if not d.is_finite():
            return None
        if (d > 0) if strict else (d >= 0):
            return True
        if (d <= 0) if strict else (d < 0):
            return False
        return None

    def le(self, a: Any, b: Any) -> bool | None:
        return self._sign(b - a, strict=False)

    def lt(self, a: Any, b: Any) -> bool | None:
        return self._sign(b - a, strict=True)

    def eq(self, a: Any, b: Any) -> bool | None:
        d = a - b
        if not d.is_finite():
            return None
        if d.is_exact() and d.is_zero():
            return True
        return False if (d > 0 or d < 0) else None

    def all(self, bs: Iterable[Any]) -> bool | None:
        values = list(bs)
        return False if False in values else (None if None in values else True)

    def any(self, bs: Iterable[Any]) -> bool | None:
        values = list(bs)
        return True if True in values else (None if None in values else False)

    def not_(self, b: Any) -> bool | None:
        return None if b is None else not b

    def ite(self, c: Any, x: Any, y: Any) -> Any:
        if c is None:
            return x.union(y)
        return x if c else y
