"""Is the recorded formula the claim's own? The record against the formula traced again.

A small-model record carries the formula its bound was computed from (``formula``, a node
table, docs/json-schema.md). A report can be edited: the formula of another claim, with its
smaller N*, would make the rechecker confirm the other claim's bound. So before any number is
read from it, the claim rebuilt from its theorem file is asked for its formula again (its
``formula``: the claim model's tracer, reached through the claim object as its quantifier and
predicate are; no decider module is imported here) and the two are compared **structurally**:
every node of both is interned in one table, keyed by its operation and its operands (nodes by
their interned number, leaf data in the record's notation: ``q:`` a rational, ``i:`` an integer,
``s:`` a name), so the two are equal iff their roots get the same number. No rendering, no
sampling: a formula that differs anywhere (a constant, a sum, a node added) fails.

A refinement claim (``ForAllHypothesis``) records "(not H(b)) or C" with the inner objects b as
fixed data; its ``formula()`` builds that formula again the same way, and it is compared alike.

What this does not check: that the tracer is right about the predicate (the formula against the
predicate at small sizes is :mod:`.formulacheck`; brute force against the lifting rules is the
soundness sweep's). What it does: a report cannot put another formula under a claim.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

#: An interned node: (operation, operands), an operand ("n", number) or ("d", datum text).
Key = tuple[str, tuple[tuple[str, Any], ...]]


class _Interned:
    """Nodes numbered by structure: equal (operation, operands), equal number."""

    def __init__(self) -> None:
        self.ids: dict[Key, int] = {}

    def number(self, key: Key) -> int:
        return self.ids.setdefault(key, len(self.ids))


def _datum(value: Any) -> str | None:
    """A leaf datum in the record's notation, None when the record has none for it."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return f"i:{value}"
    if isinstance(value, Fraction):
        return f"q:{value}"
    if isinstance(value, str):
        return f"s:{value}"
    return None


def _is_node(value: Any) -> bool:
    return hasattr(value, "op") and hasattr(value, "args") and not isinstance(value, str)


def _recorded(into: _Interned, table: Sequence[Sequence[Any]]) -> int:
    """The number of the recorded formula's root (its last row); ValueError when a row names
    no earlier row."""
    numbers: list[int] = []
    for row in table:
        operands: list[tuple[str, Any]] = []
        for a in row[1:]:
            if isinstance(a, int) and not isinstance(a, bool):
                if not 0 <= a < len(numbers):
                    raise ValueError(f"row {len(numbers)} names no earlier row: {a}")
                operands.append(("n", numbers[a]))
            else:
                operands.append(("d", a))
        numbers.append(into.number((str(row[0]), tuple(operands))))
    if not numbers:
        raise ValueError("an empty formula")
    return numbers[-1]


def _postorder(root: Any) -> list[Any]:
    """Every node of the formula ``root`` once, each after its operands (iterative)."""
    order: list[Any] = []
    seen: set[int] = set()
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, ready = stack.pop()
        if id(node) in seen:
            continue
        if not ready:
            stack.append((node, True))
            kids = [a for a in node.args if _is_node(a) and id(a) not in seen]
            stack.extend((k, False) for k in reversed(kids))
            continue
        seen.add(id(node))
        order.append(node)
    return order


def _operands(node: Any, done: dict[int, int]) -> list[tuple[str, Any]] | None:
    """The operands of ``node``: ("n", its operand's number in ``done``) or ("d", a leaf
    datum in the record's notation); None when a datum has none."""
    operands: list[tuple[str, Any]] = []
    for a in node.args:
        text = None if _is_node(a) else _datum(a)
        if not _is_node(a) and text is None:
            return None
        operands.append(("n", done[id(a)]) if _is_node(a) else ("d", text))
    return operands


def _traced(into: _Interned, root: Any) -> int | None:
    """The number of the traced formula's root (None: a leaf datum has no notation in a
    record), each shared node once."""
    done: dict[int, int] = {}
    for node in _postorder(root):
        operands = _operands(node, done)
        if operands is None:
            return None
        done[id(node)] = into.number((str(node.op), tuple(operands)))
    return done[id(root)]


def claim_formula(claim: Any) -> tuple[Any | None, str]:
    """(the claim's traced formula, '') or (None, why it has none)."""
    formula = getattr(claim, "formula", None)
    if formula is None:
        return None, f"a {type(claim).__name__} has no formula"
    if callable(formula):  # a refinement claim: "(not H(b)) or C", b fixed data
        got = formula()
        return (None, str(got)) if isinstance(got, str) else (got, "")
    root = getattr(formula, "root", None)
    return root, "" if root is not None else str(getattr(formula, "reason", ""))


def compare(claim: Any, table: Sequence[Sequence[Any]]) -> tuple[str, str]:
    """("confirmed" | "failed", why): the recorded formula against the claim's own."""
    root, why = claim_formula(claim)
    if root is None:
        return "failed", (
            f"a small-model lifting needs one formula for every size; the claim's predicate "
            f"is not one ({why})"
        )
    interned = _Interned()
    try:
        recorded = _recorded(interned, table)
    except (ValueError, TypeError, IndexError) as exc:
        return "failed", f"the recorded formula is malformed ({exc})"
    mine = _traced(interned, root)
    if mine is None:
        return "failed", "the claim's formula has a leaf a record cannot hold; one is recorded"
    if mine != recorded:
        return "failed", (
            "the recorded formula is not the one traced from the claim's predicate (compared "
            "node by node)"
        )
    return "confirmed", "the recorded formula is the one traced from the claim's predicate"


def table_of(root: Any) -> list[list[Any]] | None:
    """The traced formula ``root`` as a node table in the record's notation (operands first,
    shared nodes once; docs/json-schema.md), for the rechecker's own shape count
    (:mod:`.smallmodel`); None when a leaf datum has no notation in a record."""
    rows: list[list[Any]] = []
    done: dict[int, int] = {}
    for node in _postorder(root):
        operands = _operands(node, done)
        if operands is None:
            return None
        done[id(node)] = len(rows)
        rows.append([str(node.op), *(value for _, value in operands)])
    return rows
