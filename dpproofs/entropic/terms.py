"""Random variables and entropic terms, written as the papers write them.

For finitely many discrete random variables X_1..X_n with a joint distribution P on a finite
alphabet, and A, B, C sets of the variables (a variable or a tuple of them; ``given`` may be
empty), in nats with 0 ln 0 = 0:

    H(A)            = - sum_a P(A = a) ln P(A = a)                 (H of no variable is 0)
    H(A, given=C)   = H(A C) - H(C)
    I(A, B)         = H(A) + H(B) - H(A B)
    I(A, B, given=C)= H(A C) + H(B C) - H(A B C) - H(C)

Every term is kept as a linear form in the joint-entropy coordinates h(S) = H(X_S), S a
non-empty set of variable names, plus real parameters (``parameter("eps")``) and a rational
constant: :class:`Linear`. Comparisons ``a <= b``, ``a >= b`` and ``equal(a, b)`` give a
:class:`Relation`; strict comparisons are refused (the decider proves only non-strict ones).

Hypotheses read as the paper reads them: ``independent(X, Z)`` is I(X; Z) = 0,
``markov(X, Y, Z)`` (X - Y - Z) is I(X; Z | Y) = 0, ``function_of(Z, Y)`` is H(Z | Y) = 0, and
any relation (``I(X, Y) <= eps``).

``value(term, joint)`` evaluates a form exactly on a concrete joint distribution (masses exact
rationals): each h(S) is sum_p c_p ln p over primes p with rational c_p (:mod:`.values`).

This module is the claim model: plain data, no decision procedure (the rechecker reads it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from dpproofs.errors import InvalidClaim

Subset = frozenset[str]


@dataclass(frozen=True, slots=True)
class RandomVariable:
    """A random variable of the joint distribution, named as in the paper."""

    name: str

    def __post_init__(self) -> None:
        if not self.name or not self.name.replace("_", "").isalnum():
            raise InvalidClaim(f"a random variable's name is a plain identifier, not {self.name!r}")

    def __str__(self) -> str:
        return self.name


def random_variables(names: str) -> tuple[RandomVariable, ...]:
    """``random_variables("X Y Z")``: one variable per whitespace-separated name."""
    return tuple(RandomVariable(n) for n in names.split())


Group = RandomVariable | Iterable[RandomVariable]


def _group(group: Group) -> tuple[RandomVariable, ...]:
    if isinstance(group, RandomVariable):
        return (group,)
    if isinstance(group, str | bytes) or not isinstance(group, Iterable):
        raise InvalidClaim(f"expected random variables, got {group!r}")
    found = tuple(group)
    if not all(isinstance(v, RandomVariable) for v in found):
        raise InvalidClaim(f"expected random variables, got {found!r}")
    return found


def _names(variables: tuple[RandomVariable, ...]) -> Subset:
    return frozenset(v.name for v in variables)


def _text(variables: tuple[RandomVariable, ...]) -> str:
    return ",".join(v.name for v in variables)


def _number(value: Any) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise InvalidClaim(f"an entropic form takes exact rationals (int, Fraction), not {value!r}")
    return Fraction(value)


@dataclass(frozen=True, slots=True)
class Linear:
    """sum_S coords[S] h(S) + sum_t params[t] t + const; ``text`` is how it was written."""

    coords: Mapping[Subset, Fraction] = field(default_factory=dict)
    params: Mapping[str, Fraction] = field(default_factory=dict)
    const: Fraction = Fraction(0)
    text: str = "0"

    def __post_init__(self) -> None:
        # Whitelist: exact coefficients only (a float would make the exact check a float
        # check), sets of names as coordinates; copied into read-only mappings so that a form
        # cannot change after it is checked.
        coords, params = dict(self.coords), dict(self.params)
        if not all(
            isinstance(s, frozenset) and s and all(isinstance(n, str) for n in s) for s in coords
        ) or not all(isinstance(t, str) and t.isidentifier() for t in params):
            raise InvalidClaim("an entropic form's coordinates are non-empty sets of names")
        object.__setattr__(
            self, "coords", MappingProxyType({s: _number(c) for s, c in coords.items()})
        )
        object.__setattr__(
            self, "params", MappingProxyType({t: _number(c) for t, c in params.items()})
        )
        object.__setattr__(self, "const", _number(self.const))

    def _plus(self, other: Linear, sign: int, text: str) -> Linear:
        coords = dict(self.coords)
        for s, c in other.coords.items():
            coords[s] = coords.get(s, Fraction(0)) + sign * c
        params = dict(self.params)
        for t, c in other.params.items():
            params[t] = params.get(t, Fraction(0)) + sign * c
        return Linear(
            {s: c for s, c in coords.items() if c},
            {t: c for t, c in params.items() if c},
            self.const + sign * other.const,
            text,
        )

    def __add__(self, other: Any) -> Linear:
        o = as_linear(other)
        return self._plus(o, 1, f"{self.text} + {o.text}")

    def __radd__(self, other: Any) -> Linear:
        return as_linear(other) + self

    def __sub__(self, other: Any) -> Linear:
        o = as_linear(other)
        return self._plus(o, -1, f"{self.text} - ({o.text})")

    def __rsub__(self, other: Any) -> Linear:
        return as_linear(other) - self

    def __neg__(self) -> Linear:
        return Linear()._plus(self, -1, f"-({self.text})")

    def __mul__(self, other: Any) -> Linear:
        if isinstance(other, Linear):
            raise InvalidClaim("an entropic form is linear: multiply by a rational only")
        k = _number(other)
        return Linear(
            {s: k * c for s, c in self.coords.items() if k * c},
            {t: k * c for t, c in self.params.items() if k * c},
            k * self.const,
            f"{k} ({self.text})",
        )

    __rmul__ = __mul__

    def __le__(self, other: Any) -> Relation:
        return Relation(self, as_linear(other), "<=")

    def __ge__(self, other: Any) -> Relation:
        return Relation(as_linear(other), self, "<=")

    def __lt__(self, other: Any) -> Relation:
        raise InvalidClaim("strict inequalities of entropies are not decided: write <= or >=")

    __gt__ = __lt__

    def __bool__(self) -> bool:
        raise TypeError("an entropic form has no truth value; compare it with <=, >= or equal")

    def __str__(self) -> str:
        return self.text


def as_linear(value: Any) -> Linear:
    """A form, or an exact rational as a constant form."""
    if isinstance(value, Linear):
        return value
    k = _number(value)
    return Linear(const=k, text=str(k))


def parameter(name: str) -> Linear:
    """A real parameter (eps, delta): any real value the hypotheses allow."""
    if not name.isidentifier() or name == "variables":
        # ("variables" names the cell order in a witness.)
        raise InvalidClaim(f"a parameter's name is an identifier other than 'variables': {name!r}")
    return Linear(params={name: Fraction(1)}, text=name)


def _h(names: Subset) -> dict[Subset, Fraction]:
    return {names: Fraction(1)} if names else {}


def _combine(*parts: tuple[int, Subset]) -> dict[Subset, Fraction]:
    coords: dict[Subset, Fraction] = {}
    for sign, s in parts:
        if s:
            coords[s] = coords.get(s, Fraction(0)) + sign
    return {s: c for s, c in coords.items() if c}


def H(*variables: Group, given: Group = ()) -> Linear:
    """H(A | C) = H(A C) - H(C); ``H(X, Y)`` is the joint entropy of X and Y."""
    a = tuple(v for g in variables for v in _group(g))
    if not a:
        raise InvalidClaim("H needs at least one random variable")
    c = _group(given)
    text = f"H({_text(a)}" + (f" | {_text(c)})" if c else ")")
    return Linear(_combine((1, _names(a + c)), (-1, _names(c))), text=text)


def I(first: Group, second: Group, given: Group = ()) -> Linear:  # noqa: E743
    """I(A; B | C) = H(A C) + H(B C) - H(A B C) - H(C)."""
    a, b, c = _group(first), _group(second), _group(given)
    if not a or not b:
        raise InvalidClaim("I needs random variables on both sides")
    text = f"I({_text(a)}; {_text(b)}" + (f" | {_text(c)})" if c else ")")
    coords = _combine(
        (1, _names(a + c)), (1, _names(b + c)), (-1, _names(a + b + c)), (-1, _names(c))
    )
    return Linear(coords, text=text)


@dataclass(frozen=True, slots=True)
class Relation:
    """lhs <= rhs, or lhs = rhs (``kind`` "<=" or "=="): read as rhs - lhs >= 0 (or = 0)."""

    lhs: Linear
    rhs: Linear
    kind: str

    def __post_init__(self) -> None:
        if self.kind not in ("<=", "=="):
            raise InvalidClaim(f"a relation of entropies is <= or ==, not {self.kind!r}")
        if not isinstance(self.lhs, Linear) or not isinstance(self.rhs, Linear):
            raise InvalidClaim("a relation compares two entropic forms")

    def difference(self) -> Linear:
        """rhs - lhs: the form that is >= 0 (or = 0)."""
        return self.rhs - self.lhs

    def __bool__(self) -> bool:
        raise TypeError("a relation of entropies is not True or False until it is decided")

    def __str__(self) -> str:
        return f"{self.lhs} {'=' if self.kind == '==' else '<='} {self.rhs}"


def equal(a: Any, b: Any) -> Relation:
    """a = b."""
    return Relation(as_linear(a), as_linear(b), "==")


def independent(first: Group, second: Group, given: Group = ()) -> Relation:
    """A and B independent (given C): I(A; B | C) = 0."""
    return equal(I(first, second, given=given), 0)


def markov(first: Group, middle: Group, last: Group) -> Relation:
    """A - B - C a Markov chain: I(A; C | B) = 0."""
    return equal(I(first, last, given=middle), 0)


def function_of(image: Group, argument: Group) -> Relation:
    """A is a function of B: H(A | B) = 0."""
    return equal(H(image, given=argument), 0)


def variables_of(relations: Iterable[Relation]) -> tuple[str, ...]:
    """The names of the random variables the relations mention, sorted."""
    names: set[str] = set()
    for r in relations:
        for s in (*r.lhs.coords, *r.rhs.coords):
            names |= s
    return tuple(sorted(names))


def parameters_of(relations: Iterable[Relation]) -> tuple[str, ...]:
    """The names of the parameters the relations mention, sorted."""
    return tuple(sorted({t for r in relations for t in (*r.lhs.params, *r.rhs.params)}))
