"""Polarity-aware relaxation of max-terms: the linear encoding of "for all sets S".

The vocabulary writes (x)^+ and max as z3 ``If(a > b, a, b)`` terms; each is a case split for the
solver. Where such a term only needs an UPPER bound it can be replaced by a fresh variable v with
v >= a and v >= b (no case split). That is the case for a summand of the smaller side of an
inequality asserted true (``sum_y (p_y - E q_y)^+ <= delta`` in a hypothesis), or of the larger
side of one asserted false. Dually a min-term ``If(a < b, a, b)`` on the larger side of an
inequality asserted true becomes v <= a, v <= b.

Soundness (equisatisfiability, so z3's unsat still certifies and its models are still models):
(=>) a model of the original formula extends by v := max(a, b); (<=) in a model of the relaxed
formula v >= max(a, b), and the inequality containing v is monotone in v in the direction that
keeps it true, and by polarity (negation normal form is monotone in its atoms) the whole formula
stays true when v is replaced by max(a, b). Each occurrence gets its own fresh variable. Atoms
under ``If`` conditions, Boolean equalities or anything else unrecognised keep their If-terms.
"""

from __future__ import annotations

import itertools
from typing import Any

import z3


def relax(formula: Any) -> tuple[Any, list[Any]]:
    """(relaxed formula, side constraints); see the module docstring. Fresh variables are
    numbered from 0 in each call, so the same formula always gets the same names (z3's search
    may depend on names); one relaxed formula is asserted per solver scope."""
    side: list[Any] = []
    return _walk(formula, True, side, itertools.count()), side


def _walk(f: Any, positive: bool, side: list[Any], fresh: Any) -> Any:
    if z3.is_not(f):
        return z3.Not(_walk(f.arg(0), not positive, side, fresh))
    if z3.is_and(f):
        return z3.And([_walk(c, positive, side, fresh) for c in f.children()])
    if z3.is_or(f):
        return z3.Or([_walk(c, positive, side, fresh) for c in f.children()])
    if z3.is_implies(f):
        return z3.Implies(
            _walk(f.arg(0), not positive, side, fresh), _walk(f.arg(1), positive, side, fresh)
        )
    atom = sides(f)
    if atom is None:
        return f
    small, large = atom
    if not positive:  # the atom is asserted false: its "small" side must be large and vice versa
        small, large = large, small
    new_small = _bound(small, True, side, fresh)
    new_large = _bound(large, False, side, fresh)
    if not positive:
        new_small, new_large = new_large, new_small
    return with_sides(f, new_small, new_large)


def sides(atom: Any) -> tuple[Any, Any] | None:
    """(small, large) of an order atom (``a <= b``, ``a < b``: (a, b); ``b >= a``, ``b > a``:
    (a, b)); None for anything else."""
    if z3.is_le(atom) or z3.is_lt(atom):
        return atom.arg(0), atom.arg(1)
    if z3.is_ge(atom) or z3.is_gt(atom):
        return atom.arg(1), atom.arg(0)
    return None


def with_sides(atom: Any, small: Any, large: Any) -> Any:
    """The order atom ``atom`` (<=, <, >=, >) with its small side ``small`` and its large side
    ``large``: ``a <= b`` becomes ``small <= large``, ``b >= a`` becomes ``large >= small``."""
    if z3.is_le(atom):
        return small <= large
    if z3.is_lt(atom):
        return small < large
    if z3.is_ge(atom):
        return large >= small
    return large > small


def _bound(term: Any, upper: bool, side: list[Any], fresh: Any) -> Any:
    """Replace max-terms (upper=True) or min-terms (upper=False) that are summands of ``term``."""
    if z3.is_add(term):
        return z3.Sum([_bound(c, upper, side, fresh) for c in term.children()])
    pair = _extremum(term, want_max=upper)
    if pair is None:
        return term
    a, b = pair
    v = z3.Real(f"relax!{next(fresh)}")
    side.extend([v >= a, v >= b] if upper else [v <= a, v <= b])
    return v


def _extremum(term: Any, want_max: bool) -> tuple[Any, Any] | None:
    """(a, b) when ``term`` is If(c, a, b) with c saying a > b or a >= b (a max of a and b; z3
    may print it as b < a) or, for want_max False, a < b or a <= b (a min)."""
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
