"""Monotonicity in eps, shown on the z3 formula: atoms that move one way with eps are decided
at one end of an eps-box, where e^eps is a rational number and the atom is linear again.

Setting. On an eps-box [a, b] the solver sees eps (a <= eps <= b) and E = e^eps, which lies in
the rational bracket [Ea, Eb] with Ea <= e^a and Eb >= e^b (rounded outward). A product E * p is
nonlinear. Take an atom of the negated claim in negation normal form, as it must hold:
L <= R (or L < R), where L and R are terms in eps, E and x (every other variable: entries, other
parameters, fresh variables of the polarity relaxation). Call a term nondecreasing when
t(s, F, x) <= t(u, G, x) for all s <= u in [a, b], F <= G in [Ea, Eb] and every x in the ranges
used below. Then, at a real counterexample (eps*, e^eps*, x*) with eps* in the box:

* L nondecreasing: L(a, Ea, x*) <= L(eps*, e^eps*, x*); nonincreasing: L(b, Eb, x*) <= it;
* R nondecreasing: R(eps*, e^eps*, x*) <= R(b, Eb, x*); nonincreasing: <= R(a, Ea, x*);
* a side whose direction is unknown but which is a sum is bounded term by term the same way,
  and a product of nonnegative factors factor by factor (0 <= l_i <= u_i <= h_i gives
  prod l_i <= prod u_i <= prod h_i; lower bounds are used only when shown >= 0);
  any other term is kept as it is (it still mentions E: the problem stays nonlinear there).

So the atom with each side replaced by its bound holds at x*: it is implied by the original.
Negation normal form is monotone in its atoms, so the rewritten formula holds at every real
counterexample in the box: z3 ``unsat`` on it (with the true facts about E) proves that there is
none. A model is only a candidate (it must be re-checked exactly). The rewriting never assumes
monotonicity: it is established term by term below, from rational interval enclosures that are
true of every real counterexample (entries in [0, 1] because rows are distributions, parameters
in their domains, E in its bracket; a variable not listed has the enclosure (-oo, +oo)).

Rules (m = +1 nondecreasing, -1 nonincreasing, 0 constant in (eps, E), None unknown):
* numerals and other variables: 0; eps and E: +1;
* sums add directions (opposite directions: None), negation flips;
* u * v: for s <= t, u(t)v(t) - u(s)v(s) = u(t)(v(t) - v(s)) + v(s)(u(t) - u(s)); the first
  term has the sign of sign(u) * m(v), the second sign(v) * m(u) (zero when that m is 0);
* 1/v with v's enclosure strictly positive or strictly negative: -m(v);
* If(c, u, v) with c free of eps and E (fixed for fixed x): the common direction of u and v;
  If(u > v, u, v) = max(u, v) and If(u < v, u, v) = min(u, v): the common direction;
  If(c, u, v) with u >= v (enclosures) and c an up-set (its atoms' directions and And / Or /
  Not): v + [c] (u - v), the product rule on the two nonnegative factors [c] and u - v.
* u^k, k a positive integer numeral, u >= 0: k - 1 products.
Anything else (other powers, other functions, conditions mentioning E in other forms) is unknown.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import z3

from dpproofs.search.polarity import sides, with_sides

Bound = Fraction | None  # None: -oo for a lower bound, +oo for an upper bound


@dataclass(frozen=True, slots=True)
class Info:
    """A term's rational enclosure [lo, hi] and its direction in (eps, E)."""

    lo: Bound
    hi: Bound
    mono: int | None

    def sign(self) -> int | None:
        """+1 (>= 0), -1 (<= 0), 0 (= 0) or None (both signs possible)."""
        if self.lo is not None and self.hi is not None and self.lo == 0 == self.hi:
            return 0
        if self.lo is not None and self.lo >= 0:
            return 1
        if self.hi is not None and self.hi <= 0:
            return -1
        return None


UNKNOWN = Info(None, None, None)


def _combine(a: int | None, b: int | None) -> int | None:
    if a is None or b is None:
        return None
    if a == 0:
        return b
    if b == 0 or a == b:
        return a
    return None


def _scaled(sign: int | None, mono: int | None) -> int | None:
    if mono == 0:
        return 0
    if sign is None or mono is None:
        return None
    return sign * mono


def _add(x: Bound, y: Bound) -> Bound:
    return None if x is None or y is None else x + y


def _mul_bounds(a: Info, b: Info) -> tuple[Bound, Bound]:
    """Interval product; an infinite end makes the result unbounded unless the other factor is
    exactly 0 (0 * anything = 0)."""
    if a.sign() == 0 or b.sign() == 0:
        return Fraction(0), Fraction(0)
    ends = [(x, y) for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
    if any(x is None or y is None for x, y in ends):
        # Bounded only in the sign-definite cases that matter here.
        sa, sb = a.sign(), b.sign()
        if sa is not None and sb is not None:
            s = sa * sb
            return (Fraction(0), None) if s > 0 else (None, Fraction(0))
        return None, None
    products = [x * y for x, y in ends if x is not None and y is not None]
    return min(products), max(products)


class Analysis:
    """Enclosures and directions of z3 terms, given the enclosures of the variables and which
    variables are eps and E (``moving``)."""

    def __init__(self, ranges: dict[str, tuple[Bound, Bound]], moving: set[str]) -> None:
        self.ranges = ranges
        self.moving = moving
        self.memo: dict[int, Info] = {}

    def info(self, t: Any) -> Info:
        key = t.get_id()
        if key not in self.memo:
            self.memo[key] = self._info(t)
        return self.memo[key]

    def _info(self, t: Any) -> Info:
        if z3.is_rational_value(t):
            v = Fraction(t.numerator_as_long(), t.denominator_as_long())
            return Info(v, v, 0)
        if z3.is_int_value(t):
            v = Fraction(t.as_long())
            return Info(v, v, 0)
        if z3.is_const(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            name = t.decl().name()
            ends = self.ranges.get(name, (None, None))
            return Info(ends[0], ends[1], 1 if name in self.moving else 0)
        if z3.is_add(t):
            parts = [self.info(c) for c in t.children()]
            lo: Bound = Fraction(0)
            hi: Bound = Fraction(0)
            mono: int | None = 0
            for p in parts:
                lo, hi, mono = _add(lo, p.lo), _add(hi, p.hi), _combine(mono, p.mono)
            return Info(lo, hi, mono)
        if z3.is_sub(t):
            first, *rest = [self.info(c) for c in t.children()]
            out = first
            for p in rest:
                out = Info(
                    _add(out.lo, _neg(p.hi)),
                    _add(out.hi, _neg(p.lo)),
                    _combine(out.mono, _flip(p.mono)),
                )
            return out
        if z3.is_app_of(t, z3.Z3_OP_UMINUS):
            p = self.info(t.arg(0))
            return Info(_neg(p.hi), _neg(p.lo), _flip(p.mono))
        if z3.is_mul(t):
            out = self.info(t.arg(0))
            for c in t.children()[1:]:
                out = _product(out, self.info(c))
            return out
        if z3.is_div(t):
            return _product(self.info(t.arg(0)), _reciprocal(self.info(t.arg(1))))
        if z3.is_app_of(t, z3.Z3_OP_ITE):
            return self._ite(t)
        if z3.is_app_of(t, z3.Z3_OP_POWER):
            return _power(self.info(t.arg(0)), t.arg(1))
        if z3.is_to_real(t):
            return self.info(t.arg(0))
        return UNKNOWN

    def _ite(self, t: Any) -> Info:
        cond, u, v = t.arg(0), t.arg(1), t.arg(2)
        iu, iv = self.info(u), self.info(v)
        lo = None if iu.lo is None or iv.lo is None else min(iu.lo, iv.lo)
        hi = None if iu.hi is None or iv.hi is None else max(iu.hi, iv.hi)
        if self.fixed(cond) or _is_extremum(cond, u, v):
            return Info(lo, hi, _combine(iu.mono, iv.mono))
        # If(c, u, v) = v + [c] (u - v); with u >= v everywhere (enclosures), [c] and u - v are
        # both >= 0, so the product rule applies to them; symmetrically u + [not c] (v - u).
        d = self.truth_mono(cond)
        if d is not None and _at_least(iu, iv):
            gap = _combine(iu.mono, _flip(iv.mono))
            return Info(lo, hi, _combine(iv.mono, _combine(gap, d)))
        if d is not None and _at_least(iv, iu):
            gap = _combine(iv.mono, _flip(iu.mono))
            return Info(lo, hi, _combine(iu.mono, _combine(gap, -d)))
        return Info(lo, hi, None)

    def truth_mono(self, f: Any) -> int | None:
        """+1 when the truth of ``f`` can only go from false to true as (eps, E) grow (an up-set:
        an atom g >= 0 or g > 0 with g nondecreasing), -1 for the reverse, 0 when ``f`` is free of
        eps and E, None when unknown."""
        if self.fixed(f):
            return 0
        if z3.is_not(f):
            return _flip(self.truth_mono(f.arg(0)))
        if z3.is_and(f) or z3.is_or(f):
            out: int | None = 0
            for c in f.children():
                out = _combine(out, self.truth_mono(c))
            return out
        atom = sides(f)
        if atom is None:
            return None
        small, large = atom
        return _combine(self.info(large).mono, _flip(self.info(small).mono))

    def fixed(self, t: Any) -> bool:
        """True when ``t`` mentions neither eps nor E."""
        if z3.is_const(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            return t.decl().name() not in self.moving
        return all(self.fixed(c) for c in t.children())


def _at_least(u: Info, v: Info) -> bool:
    """u >= v at every point, from the enclosures alone (lo(u) >= hi(v))."""
    return u.lo is not None and v.hi is not None and u.lo >= v.hi


def _neg(x: Bound) -> Bound:
    return None if x is None else -x


def _flip(m: int | None) -> int | None:
    return None if m is None else -m


def _product(a: Info, b: Info) -> Info:
    lo, hi = _mul_bounds(a, b)
    mono = _combine(_scaled(a.sign(), b.mono), _scaled(b.sign(), a.mono))
    return Info(lo, hi, mono)


def _power(base: Info, exponent: Any) -> Info:
    """base^k for a numeral k in {1, 2, ...} and base >= 0: u^k is the product of k copies of a
    nonnegative u, nondecreasing in u (same direction as u); anything else is unknown."""
    if not (z3.is_rational_value(exponent) or z3.is_int_value(exponent)):
        return UNKNOWN
    k = Fraction(str(exponent.as_fraction() if z3.is_rational_value(exponent) else exponent))
    if k.denominator != 1 or k < 1 or base.sign() != 1:
        return UNKNOWN
    out = base
    for _ in range(int(k) - 1):
        out = _product(out, base)
    return out


def _reciprocal(b: Info) -> Info:
    """1/b when b's enclosure excludes 0 (else unknown: z3's 1/0 is an arbitrary value)."""
    if b.lo is not None and b.lo > 0:
        return Info(None if b.hi is None else 1 / b.hi, 1 / b.lo, _flip(b.mono))
    if b.hi is not None and b.hi < 0:
        return Info(1 / b.hi, None if b.lo is None else 1 / b.lo, _flip(b.mono))
    return UNKNOWN


def _is_extremum(cond: Any, u: Any, v: Any) -> bool:
    """cond compares exactly u with v (If(u > v, u, v) = max, If(u < v, u, v) = min, and the
    swapped or non-strict forms): the If is then max(u, v) or min(u, v), whatever cond says."""
    if not (z3.is_lt(cond) or z3.is_le(cond) or z3.is_gt(cond) or z3.is_ge(cond)):
        return False
    x, y = cond.arg(0), cond.arg(1)
    return (x.eq(u) and y.eq(v)) or (x.eq(v) and y.eq(u))


@dataclass(frozen=True, slots=True)
class Ends:
    """The substitutions at the two ends of a box: [(eps, a), (E, Ea)] and [(eps, b), (E, Eb)]."""

    low: tuple[tuple[Any, Any], ...]
    high: tuple[tuple[Any, Any], ...]


@dataclass
class Rewrite:
    """Counts of atoms decided at an end of the box, and atoms kept (still mentioning E)."""

    at_ends: int = 0
    kept: int = 0


def at_ends(formula: Any, analysis: Analysis, ends: Ends, count: Rewrite) -> Any:
    """``formula`` (asserted true) with each monotone atom evaluated at its weakest end of the
    box (see the module docstring)."""
    return _walk(formula, True, analysis, ends, count)


def _walk(f: Any, positive: bool, an: Analysis, ends: Ends, count: Rewrite) -> Any:
    if z3.is_not(f):
        return z3.Not(_walk(f.arg(0), not positive, an, ends, count))
    if z3.is_and(f):
        return z3.And([_walk(c, positive, an, ends, count) for c in f.children()])
    if z3.is_or(f):
        return z3.Or([_walk(c, positive, an, ends, count) for c in f.children()])
    if z3.is_implies(f):
        return z3.Implies(
            _walk(f.arg(0), not positive, an, ends, count),
            _walk(f.arg(1), positive, an, ends, count),
        )
    if an.fixed(f):
        return f
    atom = sides(f)
    if atom is None:
        count.kept += 1
        return f
    small, large = atom
    # As asserted: small <= large (positive), or large < small (the atom is false).
    if positive:
        new_small, new_large = _bound(small, False, an, ends), _bound(large, True, an, ends)
    else:
        new_small, new_large = _bound(small, True, an, ends), _bound(large, False, an, ends)
    if an.fixed(new_small) and an.fixed(new_large):
        count.at_ends += 1
    else:
        count.kept += 1
    return with_sides(f, new_small, new_large)


def _bound(t: Any, upper: bool, an: Analysis, ends: Ends) -> Any:
    """A term >= t (``upper``) or <= t on the whole box, free of eps and E where t's direction
    is known: t at the end where it is largest (smallest); a sum term by term; else t itself."""
    mono = an.info(t).mono
    if mono == 0 or an.fixed(t):
        return t
    if mono is not None:
        high = (mono > 0) == upper
        return z3.substitute(t, *(ends.high if high else ends.low))
    if z3.is_add(t):
        return z3.Sum([_bound(c, upper, an, ends) for c in t.children()])
    if z3.is_mul(t) and all(an.info(c).sign() in (0, 1) for c in t.children()):
        # Nonnegative factors: 0 <= l_i <= u_i <= h_i gives prod l_i <= prod u_i <= prod h_i.
        parts = [_bound(c, upper, an, ends) for c in t.children()]
        if upper or all(an.info(b).sign() in (0, 1) for b in parts):
            return z3.Product(parts)
    return t
