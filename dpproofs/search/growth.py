"""Growth: when a counterexample on n outcomes gives one on n + 1 (and so on every larger size).

The small-model theorem (:mod:`dpproofs.search.shape`) shrinks a counterexample to at most N*
outcomes. "z3 unsat at one size s >= N* proves every size" needs the converse step too: a
counterexample on n <= N* outcomes must become one on exactly s outcomes. Two operations, each
valid under a precondition checked on the formula where the rule is applied:

**Splitting** (replace a nonzero column c by the two columns c/2, c/2). Every sum keeps its value
(its term g is homogeneous of degree 1: g(c/2) + g(c/2) = g(c)); every family keeps its truth
(its condition is scale-invariant: phi(c/2) = phi(c)); a condition on every event that is a
conjunction of affine comparisons is a sum atom (max_A L(A) = sum_x (l_x)^+, homogeneous), so
it keeps its truth whatever its polarity; a condition on every event that occurs only
positively is false at some event A, and the union of A's split columns is an event with the
same masses, so it stays false. Precondition: **every condition on every event that is not a
conjunction of affine comparisons occurs only positively** (in a hypothesis the split creates
events with new masses, half a column's, which a non-affine condition need not allow: "every
event has mass 0 or at least 1/3" holds on (1/3, 1/3, 1/3) and fails after any split).

**Padding** (add a zero column). Every sum keeps its value (g(0) = 0: no division by, or
logarithm of, an entry inside a sum, as the shape check requires); every event's masses are
those of an old event (A and A plus the zero outcome have the same masses), so every condition
on every event keeps its truth; a family that is false keeps its violating column; a family
that is true stays true iff phi(0) holds. Precondition: **every family that occurs negatively or
inside a value holds at the zero column**, decided exactly from the formula by
:func:`at_zero` (comparisons of expressions homogeneous in the entries: both sides are 0 there;
anything it cannot evaluate counts as failing). A full-support hypothesis "p_y > 0 for every y"
fails it.

With neither precondition, nothing is claimed about growth: the lifting needs z3 unsat at every
size from 1 to N* (:meth:`dpproofs.search.shape.ShapeReport.needs`). Every column here is a
column of the size-axis rows; a formula whose truth reads the number of outcomes any other way
is not one formula for every size and never reaches this module.
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction

from dpproofs.formula import Node
from dpproofs.lifted import GROWTH_TEXT, GROWTH_WHY


class Growth(Enum):
    """How a counterexample on n outcomes becomes one on n + 1 (module docstring); the member's
    name, lower case, is the rule as recorded (``split``, ``pad``, ``none``)."""

    SPLIT = GROWTH_TEXT["split"]
    PAD = GROWTH_TEXT["pad"]
    NONE = GROWTH_TEXT["none"]


def growth(families: dict[Node, set[int]], unread: str) -> tuple[Growth, str]:
    """The growth operation valid for one conjunct and the precondition checked for it.
    ``families``: each family with its polarities (1, -1, 0 as in the shape walk); ``unread``:
    a condition on every event that is not affine and does not occur only positively ('' when
    there is none)."""
    if not unread:
        return Growth.SPLIT, GROWTH_WHY["split"]
    held = [f for f, signs in families.items() if signs & {-1, 0}]
    if all(at_zero(f.args[0]) is True for f in held):
        return Growth.PAD, GROWTH_WHY["pad"]
    return Growth.NONE, f"splitting: {unread}; padding: a hypothesis fails at a zero outcome"


def at_zero(body: Node) -> bool | None:
    """The truth of a family's condition at the zero column (every entry 0), or None when it
    is not decided from the formula alone (parameters, sums, divisions by entries, binders)."""
    op, args = body.op, body.args
    if op in ("le", "lt", "eq"):
        a, b = _value(args[0]), _value(args[1])
        if a is None or b is None:
            return None
        return a <= b if op == "le" else a < b if op == "lt" else a == b
    if op == "not":
        got = at_zero(args[0])
        return None if got is None else not got
    if op in ("all", "any"):
        values = [at_zero(a) for a in args]
        decisive = op == "any"  # True decides an "any", False an "all"
        if decisive in values:
            return decisive
        return None if None in values else not decisive
    return None


def _value(n: Node) -> Fraction | None:
    """The exact value of n at the zero column, or None when it depends on anything else."""
    op, args = n.op, n.args
    if op == "entry":
        return Fraction(0)
    if op == "const":
        return Fraction(args[0])
    if op in ("add", "total", "sub", "neg", "max", "min", "pos"):
        values = [_value(a) for a in args]
        if any(v is None for v in values):
            return None
        vs = [v for v in values if v is not None]
        if op in ("add", "total"):
            return sum(vs, Fraction(0))
        if op == "sub":
            return vs[0] - vs[1]
        if op == "neg":
            return -vs[0]
        if op == "pos":
            return max(vs[0], Fraction(0))
        return max(vs) if op == "max" else min(vs)
    if op == "mul":
        a, b = _value(args[0]), _value(args[1])
        if a == 0 or b == 0:
            return Fraction(0) if _defined(args[0]) and _defined(args[1]) else None
        return None if a is None or b is None else a * b
    return None


def _defined(n: Node) -> bool:
    """n has a value whatever the parameters (no division, logarithm or binder inside): then
    0 * n = 0."""
    if n.op in ("entry", "const", "param", "fixed"):
        return True
    if n.op in ("add", "total", "sub", "neg", "max", "min", "pos", "mul"):
        return all(_defined(a) for a in n.args)
    return False
