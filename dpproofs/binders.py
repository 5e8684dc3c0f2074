"""Which binder an outcome's entry belongs to, while a predicate is traced.

While the predicate runs, each binder call numbers itself (the trace counts them) and hands
its callback entries ``bentry`` (object, row, binder): the entry of
THIS binder's outcome. When the callback returns, :func:`close_binder` checks the body: outside the
binders nested in it (already closed), every entry must be one of its own; it then writes them as
``entry`` leaves. An entry of another binder there is refused by name (with the author's line):

    for all y: for all z: p[z] == p[y]     (an inner binder reading the outer outcome's entry)

has no formula in which ``entry`` means "the outcome of the nearest binder": written with one
``entry`` leaf it would be "for all y: for all z: p[z] == p[z]" (true), while the claim ("every
distribution is uniform") is false. Such a claim keeps its per-size meaning (the predicate runs on
concrete rows at every size) and is not lifted. The same check refuses an entry kept from an
earlier binder and used in a later one, or outside every binder (a ``bentry`` left in the formula),
and, alike, an event's mass (``bemass`` while tracing) used outside its own event condition.
"""

from __future__ import annotations

from dpproofs.errors import author_line
from dpproofs.formula import BINDERS, LEAVES, Node, Trace

#: The leaves a binder hands out while tracing, and what they are once it closes.
_BOUND = {"bentry": "entry", "bemass": "emass"}


def close_binder(body: Node, binder: int, trace: Trace) -> Node:
    """``body`` with the entries of ``binder``'s outcome (``bentry`` leaves numbered ``binder``)
    written as ``entry`` leaves, and the masses of its event (``bemass``) as ``emass`` leaves.
    Outside the binders nested in ``body`` (closed before it, and left as they are), a leaf of
    any other binder is refused on ``trace`` (it reads another outcome or event than this
    binder's: see the module docstring)."""
    done: dict[int, Node] = {}
    stack: list[tuple[Node, bool]] = [(body, False)]
    while stack:
        n, expanded = stack.pop()
        if id(n) in done:
            continue
        if n.op in _BOUND:
            obj, row, owner = n.args
            if owner != binder:
                trace.refuse(_foreign(n.op, obj, row))
            done[id(n)] = Node(_BOUND[n.op], (obj, row))
        elif n.op in ("entry", "emass"):
            trace.refuse(f"an {n.op} leaf taken out of its binder{author_line()}")
        elif n.op in BINDERS or n.op in LEAVES:
            done[id(n)] = n
        elif not expanded:
            stack.append((n, True))
            stack.extend((c, False) for c in n.args)
        else:
            args = tuple(done[id(c)] for c in n.args)
            same = all(a is c for a, c in zip(args, n.args, strict=True))
            done[id(n)] = n if same else Node(n.op, args)
    return done[id(body)]


def _foreign(op: str, obj: str, row: int) -> str:
    """Why a leaf of another binder may not be used inside this one."""
    if op == "bemass":
        return (
            f"the mass {obj}[{row}](A) of one event is used inside a binder of another event or "
            "outcome (a condition on every event inside another one, or a mass kept from an "
            f"earlier event){author_line()}"
        )
    return (
        f"the entry {obj}[{row}][y] of one outcome is used inside a sum or condition over the "
        "outcomes that binds another outcome (an inner outcome_total / every_outcome / "
        "mass_where reading the outer outcome's entry, or an entry kept from an earlier "
        f"binder){author_line()}"
    )
