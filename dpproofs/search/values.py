"""The values a search predicate receives: opaque in every interpretation.

A predicate is evaluated in four interpretations (exact sympy numbers, float margins, z3 terms,
Arb balls). A Python-level truth test of a value (``if``, ``and``, ``or``, ``not``, ``bool()``,
``in``, ``set()``, ``hash``, ``sorted``, ``max``) would be decided by Python, differently in each
interpretation, and would silently change the claim (a z3 ``p0 == p1`` is structurally False; two
exact values that happen to be equal hash alike). So the predicate never sees a raw value:

* :class:`Value` wraps a number of the interpretation. ``+ - * / **`` (integer exponent) and
  ``abs`` build new values through the algebra; ``== != < <= > >=`` build :class:`Truth` values
  (``a == b`` is ``alg.eq(a, b)``); ``float``, ``int``, ``round``, ``hash``, indexing with a value
  and every other operation raise :class:`~dpproofs.errors.InvalidClaim`.
* :class:`Truth` wraps a truth value of the interpretation. ``&``, ``|``, ``~`` are ``alg.all``,
  ``alg.any`` and ``alg.not_``; ``bool()`` (hence ``if``, ``and``, ``or``, ``not``) raises
  InvalidClaim naming the author's line.
* :class:`GuardedAlgebra` is the ``alg`` the predicate receives: the vocabulary's operations on
  wrapped values, the same object in every interpretation (its ``name`` does not reveal which).

``str()`` of a value is the same in every interpretation (the object entry it came from, or
"<value>"), so no Python-level test can tell interpretations apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any, NoReturn

from dpproofs.errors import InvalidClaim, author_line

ADVICE = (
    "inside a search predicate values are symbolic: build truth values with the algebra "
    "(alg.all, alg.any, alg.not_, alg.ite, implies, &, |, ~) instead of Python's if/and/or/not, "
    "==, in, set(), hash, sorted, max, float"
)


def refuse(what: str) -> NoReturn:
    raise InvalidClaim(f"{what} on a symbolic value{author_line()}: {ADVICE}")


class GuardedAlgebra:
    """An algebra on wrapped values (see the module docstring); ``base`` does the arithmetic."""

    name = "search"
    __slots__ = ("_base", "work")

    def __init__(self, base: Any) -> None:
        self._base = base
        self.work = 0  # operations performed: a deterministic measure of evaluation cost

    # --- wrapping ------------------------------------------------------------------------------
    def value(self, raw: Any, label: str = "<value>") -> Value:
        self.work += 1
        return Value(self, raw, label)

    def truth(self, raw: Any) -> Truth:
        self.work += 1
        return Truth(self, raw)

    def lift(self, x: Any) -> Any:
        """The raw value of ``x``: a Value of this algebra or an exact rational constant."""
        if isinstance(x, Value):
            if x._alg is not self:
                raise InvalidClaim("a value from another evaluation of the predicate was reused")
            return x._raw
        if isinstance(x, Truth):
            refuse("a truth value used as a number")
        if isinstance(x, bool) or not isinstance(x, int | Fraction):
            raise InvalidClaim(
                f"{x!r} ({type(x).__name__}) is not an exact number or a value of the claim"
                f"{author_line()}; write numbers as ints or Fractions"
            )
        return self._base.const(x)

    def test(self, b: Any) -> Any:
        """The raw truth value of ``b``; Python bools and other objects are refused."""
        if isinstance(b, Truth):
            if b._alg is not self:
                raise InvalidClaim("a truth value from another evaluation was reused")
            return b._raw
        raise InvalidClaim(
            f"{b!r} ({type(b).__name__}) where a truth value of the claim was expected"
            f"{author_line()}: {ADVICE}"
        )

    # --- the Algebra interface -----------------------------------------------------------------
    def const(self, value: Any) -> Value:
        return self.value(self.lift(value))

    def pos(self, x: Any) -> Value:
        return self.value(self._base.pos(self.lift(x)))

    def total(self, xs: Iterable[Any]) -> Value:
        return self.value(self._base.total([self.lift(x) for x in xs]))

    def maximum(self, xs: Sequence[Any]) -> Value:
        return self.value(self._base.maximum([self.lift(x) for x in xs]))

    def minimum(self, xs: Sequence[Any]) -> Value:
        return self.value(self._base.minimum([self.lift(x) for x in xs]))

    def div(self, a: Any, b: Any) -> Value:
        return self.value(self._base.div(self.lift(a), self.lift(b)))

    def log(self, x: Any) -> Value:
        return self.value(self._base.log(self.lift(x)))

    def le(self, a: Any, b: Any) -> Truth:
        return self.truth(self._base.le(self.lift(a), self.lift(b)))

    def lt(self, a: Any, b: Any) -> Truth:
        return self.truth(self._base.lt(self.lift(a), self.lift(b)))

    def eq(self, a: Any, b: Any) -> Truth:
        return self.truth(self._base.eq(self.lift(a), self.lift(b)))

    def all(self, bs: Iterable[Any]) -> Truth:
        return self.truth(self._base.all([self.test(b) for b in bs]))

    def any(self, bs: Iterable[Any]) -> Truth:
        return self.truth(self._base.any([self.test(b) for b in bs]))

    def not_(self, b: Any) -> Truth:
        return self.truth(self._base.not_(self.test(b)))

    def ite(self, c: Any, x: Any, y: Any) -> Value:
        return self.value(self._base.ite(self.test(c), self.lift(x), self.lift(y)))

    def __bool__(self) -> bool:
        return True

    def __getattr__(self, name: str) -> Any:
        """A name the algebra does not have: say which operations it has (the interface of
        :class:`~dpproofs.algebra.Algebra`), the closest one, and where the predicate asked."""
        if name.startswith("__"):
            raise AttributeError(name)
        hint = {"ge": "le", "gt": "lt", "sum": "total", "max": "maximum", "min": "minimum"}
        close = hint.get(name) or _closest(name)
        suggestion = f"; did you mean alg.{close}" if close else ""
        flipped = " (write a >= b as alg.le(b, a))" if name in ("ge", "gt") else ""
        raise AttributeError(
            f"the algebra has no operation {name!r}{author_line()}{suggestion}{flipped}; its "
            f"operations are {', '.join(OPERATIONS)}, and the notions of dpproofs.vocabulary"
        )


def _closest(name: str) -> str:
    import difflib

    found = difflib.get_close_matches(name, OPERATIONS, n=1, cutoff=0.6)
    return found[0] if found else ""


#: The operations of the Algebra interface, as a predicate calls them on ``alg``.
OPERATIONS = (
    "const", "pos", "total", "maximum", "minimum", "div", "log", "le", "lt", "eq", "all", "any",
    "not_", "ite",
)  # fmt: skip


def _binary(op: Callable[[Any, Any], Any]) -> Any:
    def method(self: Value, other: Any) -> Value:
        alg = self._alg
        return alg.value(op(alg.lift(self), alg.lift(other)))

    return method


class Value:
    """A number of the interpretation, usable only through arithmetic and the algebra."""

    __slots__ = ("_alg", "_label", "_raw")

    def __init__(self, alg: GuardedAlgebra, raw: Any, label: str) -> None:
        self._alg, self._raw, self._label = alg, raw, label

    __add__ = _binary(lambda a, b: a + b)
    __radd__ = _binary(lambda a, b: b + a)
    __sub__ = _binary(lambda a, b: a - b)
    __rsub__ = _binary(lambda a, b: b - a)
    __mul__ = _binary(lambda a, b: a * b)
    __rmul__ = _binary(lambda a, b: b * a)

    def __truediv__(self, other: Any) -> Value:
        return self._alg.div(self, other)

    def __rtruediv__(self, other: Any) -> Value:
        return self._alg.div(other, self)

    def __neg__(self) -> Value:
        return self._alg.value(-self._raw)

    def __pos__(self) -> Value:
        return self

    def __abs__(self) -> Value:
        return self._alg.maximum([self, -self])

    def __pow__(self, k: Any) -> Value:
        if isinstance(k, bool) or not isinstance(k, int):
            refuse(f"the power x**{k!r} (only integer exponents are allowed)")
        result: Value = self._alg.const(1)
        for _ in range(abs(k)):
            result = result * self
        return result if k >= 0 else self._alg.div(1, result)

    def __eq__(self, other: object) -> Truth:  # type: ignore[override]
        return self._alg.eq(self, other)

    def __ne__(self, other: object) -> Truth:  # type: ignore[override]
        return self._alg.not_(self._alg.eq(self, other))

    def __lt__(self, other: Any) -> Truth:
        return self._alg.lt(self, other)

    def __le__(self, other: Any) -> Truth:
        return self._alg.le(self, other)

    def __gt__(self, other: Any) -> Truth:
        return self._alg.lt(other, self)

    def __ge__(self, other: Any) -> Truth:
        return self._alg.le(other, self)

    def __bool__(self) -> bool:
        refuse("a truth test (if/and/or/not/bool)")

    def __hash__(self) -> int:
        refuse("hash (set, dict key, `in` a set)")

    def __float__(self) -> float:
        refuse("float()")

    def __int__(self) -> int:
        refuse("int()")

    def __index__(self) -> int:
        refuse("use as an index")

    def __round__(self, ndigits: Any = None) -> Any:
        refuse("round()")

    def __floor__(self) -> Any:
        refuse("floor()")

    def __ceil__(self) -> Any:
        refuse("ceil()")

    def __trunc__(self) -> Any:
        refuse("trunc()")

    def __complex__(self) -> complex:
        refuse("complex()")

    def __mod__(self, other: Any) -> Any:
        refuse("%")

    __rmod__ = __mod__

    def __floordiv__(self, other: Any) -> Any:
        refuse("//")

    __rfloordiv__ = __floordiv__
    __divmod__ = __floordiv__

    def __rpow__(self, other: Any) -> Any:
        refuse("a symbolic exponent")

    def __repr__(self) -> str:
        return self._label

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        return self._label


class Truth:
    """A truth value of the interpretation: combine with the algebra or ``& | ~``, never ``if``."""

    __slots__ = ("_alg", "_raw")

    def __init__(self, alg: GuardedAlgebra, raw: Any) -> None:
        self._alg, self._raw = alg, raw

    def __and__(self, other: Any) -> Truth:
        return self._alg.all([self, other])

    def __rand__(self, other: Any) -> Truth:
        return self._alg.all([other, self])

    def __or__(self, other: Any) -> Truth:
        return self._alg.any([self, other])

    def __ror__(self, other: Any) -> Truth:
        return self._alg.any([other, self])

    def __invert__(self) -> Truth:
        return self._alg.not_(self)

    def __bool__(self) -> bool:
        refuse("a truth test (if/and/or/not/bool)")

    def __eq__(self, other: object) -> bool:
        refuse("== between truth values (use alg.all of two implications)")

    def __ne__(self, other: object) -> bool:
        refuse("!= between truth values")

    def __hash__(self) -> int:
        refuse("hash of a truth value")

    def __repr__(self) -> str:
        return "<truth value>"

    __str__ = __repr__


def wrap_matrix(alg: GuardedAlgebra, name: str, matrix: Sequence[Sequence[Any]]) -> list[Any]:
    """The rows of an object as lists of Values labelled by their entry (``p[0][1]``)."""
    return [
        [alg.value(v, f"{name}[{r}][{c}]") for c, v in enumerate(row)]
        for r, row in enumerate(matrix)
    ]


def unwrap_truth(alg: GuardedAlgebra, result: Any) -> Any:
    """The raw truth value a predicate returned; anything but a Truth is refused."""
    if not isinstance(result, Truth):
        raise InvalidClaim(
            f"the predicate returned {result!r} ({type(result).__name__}), not a truth value "
            "built by the algebra (alg.le, alg.all, implies, ...); a Python bool would be a "
            "constant that does not depend on the objects"
        )
    return alg.test(result)
