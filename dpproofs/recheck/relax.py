"""Removing case splits the second encoding does not need: maxima that only need an upper bound.

A term max(a, b) (written ``If(a >= b, a, b)`` by :class:`~dpproofs.recheck.resolve.Z3Terms`;
also ``If(a > b, a, b)``, and (x)^+ = ``If(x > 0, x, 0)``) is a case split for z3. Where the
formula only needs an UPPER bound of it, it is replaced by a fresh variable v with the side
constraints v >= a and v >= b. Dually a minimum that only needs a lower bound becomes v <= a,
v <= b. The positions: a summand (through sums, and products with a positive rational constant)
of the smaller side of an inequality that occurs positively (the larger side of one that occurs
negatively), recursively inside the side constraints themselves (v >= a needs only an upper
bound of a).

Soundness (the relaxed formula is satisfiable exactly when the original is, so unsat certifies
the original's unsat): a model of the original extends by v := max(a, b); conversely, in a model
of the relaxed formula v >= max(a, b), every atom containing v is monotone in v in the direction
that keeps it true when v decreases to max(a, b), and a formula in negation normal form is
monotone in its atoms, so it stays true with v replaced by max(a, b).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from fractions import Fraction
from typing import Any


def relax(z3: Any, formula: Any) -> tuple[Any, list[Any]]:
    """(relaxed formula, side constraints); see the module docstring."""
    side: list[Any] = []
    fresh = itertools.count()
    return _walk(z3, formula, True, side, fresh), side


def _walk(z3: Any, f: Any, positive: bool, side: list[Any], fresh: Iterator[int]) -> Any:
    if z3.is_not(f):
        return z3.Not(_walk(z3, f.arg(0), not positive, side, fresh))
    if z3.is_and(f) or z3.is_or(f):
        parts = [_walk(z3, c, positive, side, fresh) for c in f.children()]
        return z3.And(parts) if z3.is_and(f) else z3.Or(parts)
    if z3.is_implies(f):
        return z3.Implies(
            _walk(z3, f.arg(0), not positive, side, fresh),
            _walk(z3, f.arg(1), positive, side, fresh),
        )
    if z3.is_le(f) or z3.is_lt(f):
        small, large = f.arg(0), f.arg(1)
    elif z3.is_ge(f) or z3.is_gt(f):
        small, large = f.arg(1), f.arg(0)
    else:
        return f  # equalities, If conditions, Boolean constants: unchanged
    strict = z3.is_lt(f) or z3.is_gt(f)
    # A true "small <= large" needs upper bounds of small and lower bounds of large; a false one
    # (large < small) the reverse.
    small = _bound(z3, small, positive, side, fresh)
    large = _bound(z3, large, not positive, side, fresh)
    return small < large if strict else small <= large


def _bound(z3: Any, term: Any, upper: bool, side: list[Any], fresh: Iterator[int]) -> Any:
    """``term`` with its max-summands (upper) or min-summands (lower) replaced."""
    if z3.is_add(term):
        return z3.Sum([_bound(z3, c, upper, side, fresh) for c in term.children()])
    if z3.is_mul(term) and term.num_args() == 2:
        scale = _positive_constant(z3, term.arg(0))
        if scale is not None:
            return term.arg(0) * _bound(z3, term.arg(1), upper, side, fresh)
    pair = _extremum(z3, term, upper)
    if pair is None:
        return term
    v = z3.Real(f"relax!{next(fresh)}", term.ctx)
    for arm in pair:
        arm = _bound(z3, arm, upper, side, fresh)
        side.append(v >= arm if upper else v <= arm)
    return v


def _positive_constant(z3: Any, term: Any) -> Fraction | None:
    if z3.is_rational_value(term):
        value = Fraction(term.numerator_as_long(), term.denominator_as_long())
        return value if value > 0 else None
    return None


def _extremum(z3: Any, term: Any, want_max: bool) -> tuple[Any, Any] | None:
    """(a, b) when ``term`` is If(c, a, b) with c saying a >= b / a > b (a max), or for
    ``want_max`` False, a <= b / a < b (a min)."""
    if not z3.is_app_of(term, z3.Z3_OP_ITE):
        return None
    cond, a, b = term.arg(0), term.arg(1), term.arg(2)
    if z3.is_gt(cond) or z3.is_ge(cond):
        larger, smaller = cond.arg(0), cond.arg(1)
    elif z3.is_lt(cond) or z3.is_le(cond):
        larger, smaller = cond.arg(1), cond.arg(0)
    else:
        return None
    if want_max and larger.eq(a) and smaller.eq(b):
        return a, b
    if not want_max and smaller.eq(a) and larger.eq(b):
        return a, b
    return None
