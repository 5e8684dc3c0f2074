"""Parameter domains: each quantified symbol ranges over one real interval.

An interval is written as a sympy ``Interval`` (``Interval.open(0, oo)``, ``Interval(0, 1)``), a
pair ``(lo, hi)`` (closed at finite ends), or a string such as ``"(0, oo)"`` or ``"[0, 1)"``. Bounds
are exact: ``"1/2"`` is one half, and a Python float is rejected because it is not exact.

A closed interval with equal ends (``"[2, 2]"``) is one point, not empty: :func:`point_of` reads it
and the claim is decided at that point (sympy has no Interval of one point).

A symbol's own sympy assumptions narrow its domain (``Symbol("eps", positive=True)`` lives in (0,
oo); ``extended_positive`` is read on the reals, the same; ``nonzero`` removes 0, as the assumption
x != 0). Only assumptions that say where a real number lies are honoured; any other (integer,
rational, irrational, prime, complex, infinite, ...) is refused by name, never dropped. Each symbol
is then replaced by a canonical symbol of the same name that carries the assumptions its domain
implies (real, and positive / nonnegative / negative / nonpositive where the interval allows), so
that sympy's automatic simplifications and assumption queries only ever use facts that hold on the
whole domain.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import TypeAlias

import sympy
from sympy import Interval, S

from dpproofs.errors import InvalidClaim, InvalidExpression
from dpproofs.exact.parse import parse_exact

DomainSpec: TypeAlias = Interval | tuple[object, object] | str

_INTERVAL_TEXT = re.compile(r"^\s*([\[(])\s*([^,]+?)\s*,\s*([^,]+?)\s*([\])])\s*$")


def _bound(value: object) -> sympy.Expr:
    if isinstance(value, float):
        raise InvalidClaim(f"the bound {value!r} is a float; write it exactly, e.g. as a string")
    if value is sympy.oo or value is S.NegativeInfinity:
        return value
    try:
        bound = parse_exact(value)
    except InvalidExpression as exc:
        raise InvalidClaim(f"bad interval bound {value!r}: {exc}") from exc
    if bound in (sympy.oo, S.NegativeInfinity):
        return bound
    if not bound.is_Rational:
        # Rational bounds keep membership tests exact; a transcendental bound such as log(2)
        # belongs in ``assuming`` (e.g. eps <= log(2)), where it is decided rigorously.
        raise InvalidClaim(f"an interval bound must be rational or oo, not {bound}")
    return bound


def point_of(spec: object) -> sympy.Rational | None:
    """The one point of a domain written as a closed interval with equal rational ends
    (``"[2, 2]"``, the pair ``(2, 2)``, ``FiniteSet(2)``), else None. sympy has no Interval for
    one point, so a caller decides there directly: for all x in [a, a], P(x) iff P(a)."""
    if isinstance(spec, sympy.FiniteSet) and len(spec) == 1:
        (only,) = spec.args
        if only.is_Rational:
            return only
        raise InvalidClaim(f"the domain {spec!r} must have a rational point")
    if isinstance(spec, tuple) and len(spec) == 2:
        ends = (spec[0], spec[1], "[", "]")
    elif isinstance(spec, str) and (match := _INTERVAL_TEXT.match(spec)):
        left, lo, hi, right = match.groups()
        ends = (lo, hi, left, right)
    else:
        return None
    lo, hi = _bound(ends[0]), _bound(ends[1])
    if lo == hi and lo.is_Rational and (ends[2], ends[3]) == ("[", "]"):
        return lo
    return None


def admits(symbol: sympy.Symbol, value: sympy.Rational) -> bool:
    """True when ``value`` lies where the symbol's own assumptions allow (nonzero included)."""
    inside = _assumption_interval(symbol).contains(value) is sympy.true
    return inside and not (punctured(symbol) and value == 0)


def interval_of(spec: object) -> Interval:
    """The sympy Interval written as ``spec`` (see the module docstring); a single point is
    refused here, its callers ask :func:`point_of` first."""
    if point_of(spec) is not None:
        raise InvalidClaim(f"the domain {spec!r} is one point: give its value instead")
    if isinstance(spec, Interval):
        interval = spec
    elif isinstance(spec, tuple) and len(spec) == 2:
        interval = Interval(_bound(spec[0]), _bound(spec[1]))
    elif isinstance(spec, str):
        match = _INTERVAL_TEXT.match(spec)
        if not match:
            raise InvalidClaim(f"cannot read {spec!r} as an interval such as '(0, oo)' or '[0, 1]'")
        left, lo, hi, right = match.groups()
        interval = Interval(_bound(lo), _bound(hi), left == "(", right == ")")
    elif isinstance(spec, sympy.Set) and spec.is_empty:
        raise InvalidClaim("the domain is empty")
    else:
        raise InvalidClaim(
            f"a domain must be an interval, a (lo, hi) pair or a string, not {spec!r}"
        )
    if not isinstance(interval, Interval) or interval.is_empty:
        raise InvalidClaim(f"the domain {spec!r} is empty")
    for end in (interval.start, interval.end):
        if not (end.is_Rational or end in (sympy.oo, S.NegativeInfinity)):
            raise InvalidClaim(f"the domain {spec!r} must have rational (or infinite) ends")
    return interval


#: The sympy assumptions a parameter may carry, and the values dpproofs can represent. A parameter
#: is a real number, so a declaration that only narrows it to an interval (a sign) or removes 0
#: is honoured; everything else (integer, rational, irrational, prime, complex, infinite, ...) is
#: refused by name rather than silently widened to all reals.
_REPRESENTABLE: dict[str, frozenset[bool]] = {
    "commutative": frozenset({True}),
    "real": frozenset({True}),
    "extended_real": frozenset({True}),
    "finite": frozenset({True}),
    "infinite": frozenset({False}),
    "positive": frozenset({True, False}),
    "negative": frozenset({True, False}),
    "nonnegative": frozenset({True, False}),
    "nonpositive": frozenset({True, False}),
    "extended_positive": frozenset({True, False}),
    "extended_negative": frozenset({True, False}),
    "extended_nonnegative": frozenset({True, False}),
    "extended_nonpositive": frozenset({True, False}),
    "nonzero": frozenset({True}),
    "extended_nonzero": frozenset({True}),
    "zero": frozenset({False}),
}


def declared_assumptions(symbol: sympy.Symbol) -> dict[str, bool]:
    """The assumptions the author declared on ``symbol`` (not the ones sympy derived)."""
    declared = getattr(symbol, "_assumptions_orig", None)
    if declared is None:  # an older sympy: fall back on the derived ones, all of them checked
        declared = symbol.assumptions0
    return {str(k): bool(v) for k, v in declared.items() if v is not None}


def _real_twin(symbol: sympy.Symbol) -> sympy.Symbol:
    """A real symbol with the author's (whitelisted) assumptions; sympy derives the sign facts.

    On the reals, extended_positive is positive (x > 0), extended_nonzero is nonzero, and so on.
    """
    flags: dict[str, bool] = {}
    for key, value in declared_assumptions(symbol).items():
        if value not in _REPRESENTABLE.get(key, frozenset()):
            raise InvalidClaim(
                f"the symbol {symbol} is declared {key}={value}; dpproofs parameters are real "
                "numbers in an interval (optionally nonzero), so this assumption cannot be "
                "honoured: remove it or state it with where= / assuming="
            )
        flags[key.removeprefix("extended_")] = value
    try:
        return sympy.Symbol(symbol.name, **{**flags, "real": True})
    except sympy.core.facts.InconsistentAssumptions as exc:
        raise InvalidClaim(f"the assumptions of the symbol {symbol} contradict each other") from exc


def _assumption_interval(symbol: sympy.Symbol) -> Interval:
    """The interval implied by the sympy assumptions a user's symbol already carries."""
    twin = _real_twin(symbol)
    if twin.is_zero:
        raise InvalidClaim(f"the symbol {symbol} is declared zero: write 0 instead")
    if twin.is_positive:
        return Interval.open(0, sympy.oo)
    if twin.is_nonnegative:
        return Interval(0, sympy.oo)
    if twin.is_negative:
        return Interval.open(-sympy.oo, 0)
    if twin.is_nonpositive:
        return Interval(-sympy.oo, 0)
    return Interval(-sympy.oo, sympy.oo)


def punctured(symbol: sympy.Symbol) -> bool:
    """True when the author declared the symbol nonzero (a domain with 0 removed)."""
    return _real_twin(symbol).is_zero is False


def canonical_symbol(name: str, interval: Interval, nonzero: bool = False) -> sympy.Symbol:
    """A real symbol carrying exactly the sign assumptions that hold on ``interval`` (with 0
    removed when ``nonzero``: the caller keeps x != 0 among the problem's assumptions)."""
    lo, hi = interval.start, interval.end
    flags: dict[str, bool] = {"real": True}
    if nonzero:
        flags["nonzero"] = True
    if lo > 0 or (lo == 0 and interval.left_open):
        flags["positive"] = True
    elif lo >= 0:
        flags["nonnegative"] = True
    elif hi < 0 or (hi == 0 and interval.right_open):
        flags["negative"] = True
    elif hi <= 0:
        flags["nonpositive"] = True
    return sympy.Symbol(name, **flags)


def resolve_domains(
    symbols: set[sympy.Symbol], where: Mapping[sympy.Symbol | str, DomainSpec]
) -> dict[sympy.Symbol, Interval]:
    """Map each symbol to its domain: the given interval (default: all reals) intersected with the
    interval its own assumptions imply. Raises InvalidClaim for unknown names or empty domains."""
    by_name: dict[str, sympy.Symbol] = {}
    for symbol in symbols:
        if symbol.name in by_name and by_name[symbol.name] != symbol:
            raise InvalidClaim(f"two different symbols are both named {symbol.name!r}")
        by_name[symbol.name] = symbol
    given: dict[sympy.Symbol, Interval] = {}
    for key, spec in where.items():
        if isinstance(key, sympy.Symbol):
            # A symbol may have vanished when sympy evaluated the claim (beta <= beta is True);
            # it stays a quantified parameter, so its domain is still checked.
            symbol = by_name.setdefault(key.name, key)
            if symbol != key:
                raise InvalidClaim(f"two different symbols are both named {key.name!r}")
        elif isinstance(key, str) and key in by_name:
            symbol = by_name[key]
        else:
            raise InvalidClaim(f"a domain is given for {key!r}, which the claim does not mention")
        given[symbol] = interval_of(spec)
    symbols = set(by_name.values())
    domains: dict[sympy.Symbol, Interval] = {}
    for symbol in symbols:
        domain = given.get(symbol, Interval(-sympy.oo, sympy.oo))
        narrowed = domain.intersect(_assumption_interval(symbol))
        if not isinstance(narrowed, Interval) or narrowed.is_empty:
            raise InvalidClaim(f"the domain of {symbol} is empty ({domain} and its assumptions)")
        domains[symbol] = narrowed
    return domains


def contains(interval: Interval, value: Fraction) -> bool:
    """Exact membership of a rational in an interval."""
    v = sympy.Rational(value.numerator, value.denominator)
    lo, hi = interval.start, interval.end
    above = v > lo if interval.left_open else v >= lo
    below = v < hi if interval.right_open else v <= hi
    return bool(above) and bool(below)


def constraints(symbol: sympy.Symbol, interval: Interval) -> list[sympy.core.relational.Relational]:
    """The domain ``symbol in interval`` as relationals (empty for the whole real line)."""
    out = []
    if interval.start is not S.NegativeInfinity:
        out.append(
            sympy.StrictGreaterThan(symbol, interval.start, evaluate=False)
            if interval.left_open
            else sympy.GreaterThan(symbol, interval.start, evaluate=False)
        )
    if interval.end is not sympy.oo:
        out.append(
            sympy.StrictLessThan(symbol, interval.end, evaluate=False)
            if interval.right_open
            else sympy.LessThan(symbol, interval.end, evaluate=False)
        )
    return out


def render(symbol: sympy.Symbol, interval: Interval) -> str:
    """``eps in (0, oo)``."""
    left = "(" if interval.left_open else "["
    right = ")" if interval.right_open else "]"
    return f"{symbol} in {left}{interval.start}, {interval.end}{right}"
