"""Running a search predicate once on abstract objects, to obtain its formula (if it has one).

See :mod:`dpproofs.formula`. The predicate receives the guarded algebra over
:class:`~dpproofs.formula.FormulaAlgebra`, size-axis objects as :class:`AbstractRow` rows,
objects of fixed size as ``fixed`` leaves and parameters as ``param`` leaves. It is a formula
when two runs return the same truth value, never reached the outcomes outside the binders (even in a
``try`` block), and leaves no outcome entry outside a binder. Anything else is "not a formula",
with the reason: the claim then keeps its per-size meaning (the predicate itself is evaluated at
each size) and cannot be lifted beyond the sizes searched.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from dpproofs.formula import (
    AbstractRow,
    FormulaAlgebra,
    Node,
    Trace,
    event_problem,
    free_entries,
)
from dpproofs.search.objects import ObjectKind
from dpproofs.search.values import GuardedAlgebra, unwrap_truth

#: Sizes at which object kinds are asked for their shape (the kinds are dpproofs' own code).
_PROBE_SIZES = (2, 3)


@dataclass(frozen=True)
class Traced:
    """The claim's formula, or why it has none."""

    root: Node | None
    reason: str = ""
    #: rows of each size-axis object (one row per distribution / database / input)
    axis_rows: tuple[tuple[str, int], ...] = ()


def trace(
    objects: Sequence[tuple[str, ObjectKind]],
    names: Sequence[str],
    predicate: Callable[..., Any],
    arguments: Sequence[str],
) -> Traced:
    """The formula of the predicate over ``objects`` and the parameters (and derived arguments)
    ``names``, called with ``arguments`` in order (see the module docstring)."""
    guarded = GuardedAlgebra(FormulaAlgebra())
    record = Trace()
    env: dict[str, Any] = {"alg": guarded}
    axis_rows: list[tuple[str, int]] = []
    for name, kind in objects:
        a, b = (kind(size) for size in _PROBE_SIZES)
        if a.size_rows or b.size_rows:
            return Traced(None, f"{name} has one row per outcome (a channel from the outcomes)")
        if a.size_axis:
            if a.rows != b.rows:
                return Traced(None, f"the number of rows of {name} depends on the size")
            rows = [AbstractRow(record, name, r) for r in range(a.rows)]
            env[name] = a.wrap(rows)  # type: ignore[arg-type]  # abstract rows stand for rows
            axis_rows.append((name, a.rows))
        else:
            if (a.rows, a.cols) != (b.rows, b.cols):
                return Traced(None, f"the shape of {name} depends on the size")
            matrix = [
                [
                    guarded.value(Node("fixed", (name, r, c)), f"{name}[{r}][{c}]")
                    for c in range(a.cols)
                ]
                for r in range(a.rows)
            ]
            env[name] = a.wrap(matrix)
    for name in names:
        env[name] = guarded.value(Node("param", (name,)), name)
    if not axis_rows:
        return Traced(None, "no object is indexed by the outcomes")

    def run() -> Any:
        record.binders = 0  # binders are numbered alike in both runs
        return unwrap_truth(guarded, predicate(*(env[a] for a in arguments)))

    try:
        roots = [run() for _ in range(2)]
    except Exception as exc:
        return Traced(None, record.refused or f"{type(exc).__name__}: {exc}")
    root = roots[0]
    if roots[0] != roots[1]:
        return Traced(None, "two runs of the predicate built different formulas")
    if record.refused is not None:
        return Traced(None, record.refused)
    if not isinstance(root, Node):
        return Traced(None, "the predicate did not return a formula")
    if free_entries(root):
        return Traced(None, "an outcome's entry is used outside a sum or 'for every outcome'")
    problem = event_problem(root)
    if problem:
        return Traced(None, problem)
    return Traced(root, axis_rows=tuple(axis_rows))
