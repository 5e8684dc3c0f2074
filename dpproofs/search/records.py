"""The evidence records of a search verdict (:mod:`dpproofs.evidence`), for ``dpproofs recheck``.

* a refutation: the exact values of the counterexample at its size (a :class:`Witness`);
* a bounded verification: every size covered, with the encoding z3 was given and its answer;
* a lifted proof: the small-model reduction (m, per conjunct K, e and the bound, N*) and the
  size >= N* whose unsat finishes it.
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
from dpproofs.search.forall import SearchClaim
from dpproofs.search.localise import Localised
from dpproofs.search.shape import ShapeReport

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
    claim: SearchClaim, size: int, values: Mapping[str, Any], kind: str = "search"
) -> Witness:
    """The counterexample's exact values: every object's matrix and every free parameter."""
    pinned = {n for n, d in claim.quantifier.params if d.exp_value is not None}
    shown = {n: exact_text(v) for n, v in values.items() if n not in pinned}
    return Witness(kind, tuple(shown.items()), size=size)


def bounded_search(
    claim: SearchClaim,
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
            )
        )
    return tuple(parts)


def small_model(claim: SearchClaim, shape: ShapeReport, unsat_size: int) -> SmallModel:
    """The reduction of :mod:`dpproofs.search.shape` that lifted the unsat at ``unsat_size``."""
    return SmallModel(
        shape.rows, _parts(shape), shape.bound, unsat_size, claim.quantifier.size_name
    )


def localised_conjunct(
    claim: SearchClaim, index: int, local: Localised, unsat_size: int
) -> LocalisedConjunct:
    """A conjunct proved through its localised form (:mod:`dpproofs.search.localise`)."""
    reduction = SmallModel(
        local.rows, _parts(local.shape), local.bound, unsat_size, claim.quantifier.size_name
    )
    return LocalisedConjunct(index, local.kept, local.dropped, reduction)
