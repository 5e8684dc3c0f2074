"""The rechecker's own reading of a part's growth rule from a recorded formula (node table).

docs/design/small-model.md, "Growth": a counterexample on n outcomes becomes one on n + 1

* by **splitting** a nonzero outcome in halves when every condition on every event that is not
  a conjunction of affine comparisons occurs only positively (no ``unread`` event);
* else by **padding** with a zero outcome when every condition on every outcome that occurs in
  a hypothesis or inside a value (polarity -1 or 0) holds at the zero column: decided here
  exactly from the table (:func:`at_zero`: comparisons of expressions whose value at the zero
  column is a rational; anything else, a parameter, a sum, a division, counts as failing);
* else by **none**: every size 1..N_i must be z3 unsat.

Written apart from :mod:`dpproofs.search.growth` (which decides the same on the search's own
formula): recheck imports nothing of the deciders, and a report whose recorded rule is not the
one read here fails.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from dpproofs.recheck.nodetable import Table


def rule(t: Table, families: Mapping[int, set[int]], unread: str) -> str:
    """ "split", "pad" or "none" for one conjunct (``families``: each ``oall`` node with its
    polarities; ``unread``: a condition on every event that is not affine and not only
    positive, '' when there is none)."""
    if not unread:
        return "split"
    held = [f for f, signs in families.items() if signs & {-1, 0}]
    if all(at_zero(t, t.args[f][0]) is True for f in held):
        return "pad"
    return "none"


def at_zero(t: Table, i: int) -> bool | None:
    """The truth of condition ``i`` at the zero column (every entry 0), None when undecided."""
    op, args = t.ops[i], t.args[i]
    if op in ("le", "lt", "eq"):
        a, b = _value(t, args[0]), _value(t, args[1])
        if a is None or b is None:
            return None
        return a <= b if op == "le" else a < b if op == "lt" else a == b
    if op == "not":
        got = at_zero(t, args[0])
        return None if got is None else not got
    if op in ("all", "any"):
        values = [at_zero(t, k) for k in args]
        if op == "all":
            return False if False in values else None if None in values else True
        return True if True in values else None if None in values else False
    return None


def _value(t: Table, i: int) -> Fraction | None:
    """The exact value of node ``i`` at the zero column, None when it depends on more."""
    op, args = t.ops[i], t.args[i]
    if op == "entry":
        return Fraction(0)
    if op == "const":
        return Fraction(args[0])
    if op == "mul":
        a, b = _value(t, args[0]), _value(t, args[1])
        if (a == 0 and _total(t, args[1])) or (b == 0 and _total(t, args[0])):
            return Fraction(0)
        return None if a is None or b is None else a * b
    if op not in ("add", "total", "sub", "neg", "pos", "max", "min"):
        return None
    values = [_value(t, k) for k in args]
    known = [v for v in values if v is not None]
    if len(known) != len(values):
        return None
    if op in ("add", "total"):
        return sum(known, Fraction(0))
    if op == "sub":
        return known[0] - known[1]
    if op == "neg":
        return -known[0]
    if op == "pos":
        return max(known[0], Fraction(0))
    return max(known) if op == "max" else min(known)


def _total(t: Table, i: int) -> bool:
    """Node ``i`` has a value whatever the parameters (no division, logarithm or binder), so
    0 * it = 0."""
    if t.ops[i] in ("entry", "const", "param", "fixed"):
        return True
    if t.ops[i] in ("add", "total", "sub", "neg", "max", "min", "pos", "mul"):
        return all(_total(t, k) for k in t.args[i])
    return False
