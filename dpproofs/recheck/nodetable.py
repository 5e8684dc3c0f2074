"""A recorded formula read back by the rechecker: its node table, and the homogeneity checks.

The node table (docs/json-schema.md, ``formula`` of a ``small-model`` record) is read into a
:class:`Table` without the deciders and without :mod:`dpproofs.formula`: nodes are hash-consed
on reading (equal structure, equal index), every node's operands come before it. Whitelist:
only the operations below are read; anything else is :class:`NotRead`.

Homogeneity (:func:`check_binder`), what the small-model theorem needs of its binders: for the
generic outcome's entries c, a node has degree d when n(l c) = l^d n(c) for l > 0 (entries 1,
parameters and fixed entries 0, a literal 0 every degree; +, -, max, min, pos need equal
degrees, * adds, / subtracts, log needs 0). A sum's term must have degree 1 and divide by, or
take the logarithm of, nothing that depends on the outcome (so g(0) = 0 is a plain value); a
family's condition must be a comparison of equal degrees (scale-invariant), or connectives of
such. A binder inside a binder is refused: the table cannot say which outcome an entry reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

#: The operations read, by kind.
LEAVES = {"const": 1, "param": 1, "entry": 2, "fixed": 3, "emass": 2}
ARITHMETIC = frozenset({"add", "sub", "mul", "neg", "div", "pos", "total", "max", "min", "log"})
RELATIONS = frozenset({"le", "lt", "eq"})
CONNECTIVES = frozenset({"all", "any", "not", "ite"})
BINDERS = frozenset({"osum", "oall", "eall"})
ANY_DEGREE, TRUTH = "any", "truth"


class NotRead(Exception):
    """The formula is outside what this reading covers (the reason is the message)."""


class Table:
    """A formula read from its node table, hash-consed: equal structure, equal index."""

    def __init__(self) -> None:
        self.ops: list[str] = []
        self.args: list[tuple[Any, ...]] = []
        self._ids: dict[tuple[str, tuple[Any, ...]], int] = {}

    def add(self, op: str, args: tuple[Any, ...]) -> int:
        key = (op, args)
        if key not in self._ids:
            self._ids[key] = len(self.ops)
            self.ops.append(op)
            self.args.append(args)
        return self._ids[key]

    def kids(self, i: int) -> tuple[int, ...]:
        return () if self.ops[i] in LEAVES else self.args[i]

    def below(self, i: int) -> list[int]:
        """Every node reachable from ``i`` (itself included)."""
        seen, stack = {i}, [i]
        while stack:
            for k in self.kids(stack.pop()):
                if k not in seen:
                    seen.add(k)
                    stack.append(k)
        return sorted(seen)


def _datum(text: Any) -> Any:
    if not isinstance(text, str) or text[:2] not in ("q:", "i:", "s:"):
        raise NotRead(f"leaf data {text!r} is not of a known form")
    body = text[2:]
    return Fraction(body) if text[0] == "q" else int(body) if text[0] == "i" else body


def read(table: Sequence[Sequence[Any]]) -> tuple[Table, int]:
    """The table and the index of the root (the last node)."""
    out, index = Table(), list[int]()
    for node in table:
        op, raw = node[0], tuple(node[1:])
        if op in LEAVES:
            if len(raw) != LEAVES[op] or any(isinstance(a, int) for a in raw):
                raise NotRead(f"a leaf {op} of an unknown form")
            args: tuple[Any, ...] = tuple(_datum(a) for a in raw)
        elif op in ARITHMETIC | RELATIONS | CONNECTIVES | BINDERS:
            if not all(isinstance(a, int) and not isinstance(a, bool) for a in raw):
                raise NotRead(f"an operation {op} with leaf data")
            if not all(0 <= a < len(index) for a in raw):
                raise ValueError(f"node {len(index)} ({op}) names no earlier node: {raw}")
            if op in BINDERS and len(raw) != 1:
                raise NotRead(f"a binder {op} of an unknown form")
            args = tuple(index[a] for a in raw)
        else:
            raise NotRead(f"the operation {op!r}")
        index.append(out.add(op, args))
    if not index:
        raise NotRead("an empty formula")
    return out, index[-1]


def check_binder(t: Table, binder: int) -> None:
    """A sum's term homogeneous of degree 1 in the entries, a family's condition scale-invariant
    (NotRead otherwise); no binder inside."""
    body, in_sum = t.args[binder][0], t.ops[binder] == "osum"
    degrees: dict[int, Any] = {}
    for i in t.below(body):  # ascending: operands first
        degrees[i] = _degree(t, i, degrees, in_sum)
    got = degrees[body]
    if in_sum and got not in (1, ANY_DEGREE):
        raise NotRead(f"a sum whose term has degree {got} in the outcome's entries")
    if not in_sum and got != TRUTH:
        raise NotRead("a condition on every outcome that is not scale-invariant")


def _same(values: list[Any], what: str) -> Any:
    kinds = {v for v in values if v != ANY_DEGREE}
    if len(kinds) > 1:
        raise NotRead(f"{what} of different degrees")
    return kinds.pop() if kinds else ANY_DEGREE


def _degree(t: Table, i: int, deg: dict[int, Any], in_sum: bool) -> Any:
    op, a = t.ops[i], t.args[i]
    if op in BINDERS or op == "emass":
        raise NotRead("a binder (or an event's mass) inside a sum or condition over the outcomes")
    if op == "const":
        return ANY_DEGREE if a[0] == 0 else 0
    if op in ("param", "fixed"):
        return 0
    if op == "entry":
        return 1
    sub = [deg[k] for k in a]
    if op in RELATIONS:
        if TRUTH in sub:
            raise NotRead("truth values compared as numbers")
        _same(sub, "sides compared")
        return TRUTH
    if op in ("all", "any", "not"):
        if any(d != TRUTH for d in sub):
            raise NotRead("a number used as a truth value")
        return TRUTH
    if TRUTH in sub[1:] or (op != "ite" and TRUTH in sub):
        raise NotRead("a truth value used as a number")
    if op == "ite":
        if sub[0] != TRUTH:
            raise NotRead("an if-then-else whose condition is not scale-invariant")
        return _same(sub[1:], "branches")
    if op == "mul":
        return ANY_DEGREE if ANY_DEGREE in sub else sub[0] + sub[1]
    if op == "div":
        if sub[1] == ANY_DEGREE or (in_sum and _has_entry(t, a[1])):
            raise NotRead("a division by 0, or by an outcome's entry inside a sum")
        return ANY_DEGREE if sub[0] == ANY_DEGREE else sub[0] - sub[1]
    if op == "log":
        if sub[0] != 0 or (in_sum and _has_entry(t, a[0])):
            raise NotRead("a logarithm of a quantity that depends on the outcome")
        return 0
    return _same(sub, "terms added or compared")


def _has_entry(t: Table, i: int) -> bool:
    return any(t.ops[j] == "entry" for j in t.below(i))
