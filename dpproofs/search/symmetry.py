"""Symmetry breaking only where invariance is PROVED, size by size.

The search may sort the first row of the first object along the size axis (outcomes, outputs).
That is sound only if the z3 formula F of the predicate is invariant under relabelling the size
axis, jointly in every object indexed by it (the columns of a distribution or mechanism, the rows
of a channel whose inputs are the size): then every counterexample relabels to a sorted one.

Invariance under all of S_k follows from invariance under two generators, the transposition
(0 1) and the cycle (0 1 ... k-1). For each generator g, F and F o g are compared:

1. by construction: both are put in a canonical form (arguments of And, Or, +, *, = and distinct
   sorted, nested ones flattened); identical forms are the same function. Every predicate built
   from the vocabulary's sums and connectives over all outcomes passes here;
2. otherwise z3 is asked for a point (simplex rows, parameter domains) where F and F o g differ,
   with a fixed work budget (rlimit): unsat proves invariance;
3. otherwise (a difference found, or the budget spent) the size is searched WITHOUT symmetry
   breaking. No sampling is ever taken as evidence of invariance.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import z3

from dpproofs.search.objects import Shape

#: z3 work budget (rlimit) for proving invariance when the canonical forms differ.
INVARIANCE_RLIMIT = 2_000_000

_AC = {z3.Z3_OP_AND, z3.Z3_OP_OR, z3.Z3_OP_ADD, z3.Z3_OP_MUL}
_COMMUTATIVE = {z3.Z3_OP_EQ, z3.Z3_OP_DISTINCT, z3.Z3_OP_IFF}


def generators(size: int) -> list[list[int]]:
    """Permutations of range(size) generating the symmetric group (none for size < 2)."""
    if size < 2:
        return []
    swap = [1, 0, *range(2, size)]
    cycle = [*range(1, size), 0]
    return [swap] if size == 2 else [swap, cycle]


def relabel(shapes: Mapping[str, Shape], objects: Mapping[str, Any], order: Sequence[int]) -> dict:
    """Every object with the size axis permuted by ``order`` (columns and/or rows)."""
    out = {}
    for name, matrix in objects.items():
        shape = shapes[name]
        rows = [matrix[order[r]] for r in range(len(matrix))] if shape.size_rows else matrix
        if shape.size_axis:
            rows = [[row[order[c]] for c in range(len(row))] for row in rows]
        out[name] = [list(row) for row in rows]
    return out


class Canon:
    """Hash-consing of z3 terms modulo associativity-commutativity of And, Or, +, * (and = )."""

    def __init__(self) -> None:
        self.table: dict[Any, int] = {}
        self.memo: dict[int, int] = {}

    def key(self, e: Any) -> int:
        ident = e.get_id()
        found = self.memo.get(ident)
        if found is not None:
            return found
        if z3.is_app(e):
            kind = e.decl().kind()
            children = [self.key(c) for c in self._flatten(e, kind)]
            if kind in _AC or kind in _COMMUTATIVE:
                children.sort()
            name = e.decl().name() if kind == z3.Z3_OP_UNINTERPRETED else str(kind)
            value = str(e) if z3.is_rational_value(e) or z3.is_int_value(e) else ""
            node: Any = (name, value, str(e.sort()), tuple(children))
        else:
            node = ("other", e.sexpr())
        result = self.table.setdefault(node, len(self.table))
        self.memo[ident] = result
        return result

    def _flatten(self, e: Any, kind: int) -> list[Any]:
        if kind not in _AC:
            return list(e.children())
        out: list[Any] = []
        for c in e.children():
            if z3.is_app(c) and c.decl().kind() == kind:
                out.extend(self._flatten(c, kind))
            else:
                out.append(c)
        return out


def invariant(formula: Any, permuted: Sequence[Any], context: Sequence[Any]) -> str | None:
    """How F (``formula``) was shown equal to each F o g (``permuted``): "by construction",
    "z3 unsat", or None when it was not (then no symmetry breaking)."""
    canon = Canon()
    target = canon.key(formula)
    if all(canon.key(f) == target for f in permuted):
        return "by construction"
    ctx = z3.Context()  # a private context: the answer does not depend on earlier work
    solver = z3.Solver(ctx=ctx)
    solver.set("rlimit", INVARIANCE_RLIMIT)
    solver.set("random_seed", 0)
    solver.add(*(c.translate(ctx) for c in context))
    solver.add(z3.Or([formula != f for f in permuted]).translate(ctx))
    return "z3 unsat" if solver.check() == z3.unsat else None
