"""The evidence records of a search verdict (:mod:`dpproofs.evidence`), for ``dpproofs recheck``.

* a refutation: the exact values of the counterexample at its size (a :class:`Witness`);
* a bounded verification: every size covered, with the encoding z3 was given and its answer;
* a lifted proof: the small-model reduction (m, per conjunct K, e and the bound, N*), the
  size >= N* whose unsat finishes it, and the analysed formula as a node table
  (:func:`formula_table`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from dpproofs.evidence import (
    BoundedSearch,
    LocalisedConjunct,
    ShapePart,
    SizeResult,
    SmallModel,
    Witness,
)
from dpproofs.formula import Node
from dpproofs.search.localise import Localised
from dpproofs.search.model import SearchStatement
from dpproofs.search.shape import ShapeReport

#: A formula as a node table (docs/json-schema.md: "formula" of a small-model record).
FormulaTable = tuple[tuple[Any, ...], ...]

#: How the engine encodes one size for z3 (see dpproofs.search.session).
ENCODING = (
    "z3 incremental: entries >= 0, rows sum to 1, the negated predicate (polarity-relaxed), "
    "e^x by true polynomial facts"
)


def exact_text(value: Any) -> str:
    """A rational, or a matrix of rationals, as an exact string that parses back."""
    if isinstance(value, list | tuple):
        return "[" + ", ".join(exact_text(v) for v in value) + "]"
    return str(Fraction(value))


def search_witness(
    claim: SearchStatement, size: int, values: Mapping[str, Any], kind: str = "search"
) -> Witness:
    """The counterexample's exact values: every object's matrix and every free parameter."""
    pinned = {n for n, d in claim.quantifier.params if d.exp_value is not None}
    shown = {n: exact_text(v) for n, v in values.items() if n not in pinned}
    return Witness(kind, tuple(shown.items()), size=size)


def bounded_search(
    claim: SearchStatement,
    covered: Sequence[int],
    symmetry: Mapping[int, str | None] | None = None,
    encoding: str = ENCODING,
) -> BoundedSearch:
    """Every covered size with its encoding and z3's answer (unsat: a bounded verdict lists only
    unsat sizes)."""
    rows = []
    for size in covered:
        how = (symmetry or {}).get(size)
        text = encoding + (f"; outcomes sorted (invariance {how})" if how else "")
        rows.append(SizeResult(size, text, "unsat"))
    return BoundedSearch(claim.quantifier.size_name, tuple(rows))


def _parts(shape: ShapeReport) -> tuple[ShapePart, ...]:
    parts = []
    for part in shape.parts:
        parts.append(
            ShapePart(
                len(part.sums),
                len(part.families),
                part.bound,
                merged=part.rule == "merge",
                rows=part.rows,
                monotone=part.rule == "monotone",
                events=part.events,
                growth=part.growth.name.lower(),
            )
        )
    return tuple(parts)


def small_model(
    claim: SearchStatement,
    shape: ShapeReport,
    unsat_size: int,
    root: Node | None,
    searched: Sequence[int],
) -> SmallModel:
    """The reduction of :mod:`dpproofs.search.shape` that lifted the unsat at ``unsat_size``;
    ``root``: the formula analysed (recorded for the rechecker; None: not recorded);
    ``searched``: every size z3 found unsat, in order (each part's growth rule says which of
    them the lifting rests on)."""
    return SmallModel(
        shape.rows,
        _parts(shape),
        shape.bound,
        unsat_size,
        claim.quantifier.size_name,
        None if root is None else formula_table(root),
        tuple(searched),
    )


def localised_conjunct(
    claim: SearchStatement,
    index: int,
    local: Localised,
    unsat_size: int,
    searched: Sequence[int],
) -> LocalisedConjunct:
    """A conjunct proved through its localised form (:mod:`dpproofs.search.localise`);
    ``searched``: the sizes at which the localised formula is z3 unsat."""
    reduction = SmallModel(
        local.rows,
        _parts(local.shape),
        local.bound,
        unsat_size,
        claim.quantifier.size_name,
        formula_table(local.node),
        tuple(searched),
    )
    return LocalisedConjunct(index, local.kept, local.dropped, reduction)


def formula_table(root: Node) -> FormulaTable | None:
    """``root`` as a node table (:data:`FormulaTable`): operands first, in
    the order of a depth-first walk (so the same formula gives the same table), shared nodes
    once. None when a leaf holds data other than rationals, integers and names."""
    index: dict[Node, int] = {}
    table: list[tuple[Any, ...]] = []
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, ready = stack.pop()
        if node in index:
            continue
        operands = [a for a in node.args if isinstance(a, Node)]
        if not ready and any(a not in index for a in operands):
            stack.append((node, True))
            stack.extend((a, False) for a in reversed(operands) if a not in index)
            continue
        row: list[Any] = [node.op]
        for arg in node.args:
            if isinstance(arg, Node):
                row.append(index[arg])
            elif isinstance(arg, bool):
                return None
            elif isinstance(arg, int):
                row.append(f"i:{arg}")
            elif isinstance(arg, Fraction):
                row.append(f"q:{arg}")
            elif isinstance(arg, str):
                row.append(f"s:{arg}")
            else:
                return None
        index[node] = len(table)
        table.append(tuple(row))
    return tuple(table)
