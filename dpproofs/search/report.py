"""Building verdict evidence: counterexamples that replay, and coverage statements."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from dpproofs.replay import BELOW_SIZES, SEARCH_RECHECK, search_source
from dpproofs.search.model import SearchStatement
from dpproofs.search.objects import show_matrix
from dpproofs.verdict import Counterexample


def replay_source(size: int, values: Mapping[str, Any]) -> str:
    """Python source re-checking the counterexample exactly, given the claim bound to ``claim``
    (the writer is :func:`dpproofs.replay.search_source`, which recheck regenerates)."""
    items = [(n, v if isinstance(v, list) else Fraction(v)) for n, v in values.items()]
    return search_source(size, items)


def counterexample(
    claim: SearchStatement,
    size: int,
    values: Mapping[str, Any],
    smaller: Sequence[int],
    how: str,
    undecided: Sequence[int] = (),
) -> Counterexample:
    """The exact counterexample record: values, what was checked, and the replay source.
    ``smaller``: the smaller sizes that were z3 unsat; ``undecided``: smaller sizes that were
    not decided (only when sizes are decided independently, :mod:`dpproofs.search.sizes`)."""
    shapes = claim.quantifier.shapes(size)
    assignment: dict[str, str] = {}
    for name, domain in claim.quantifier.params:
        assignment[name] = str(domain) if domain.exp_value is not None else str(values[name])
    for name, shape in shapes.items():
        assignment[name] = show_matrix(shape, values[name])
    q = claim.quantifier
    below = [k for k in smaller if k < size]
    minimality = (
        f"no counterexample on {q.size_name} in {below} (z3 unsat)"
        if below
        else "smallest size tried"
    )
    if size < min(q.sizes):  # the lifting's bound N*, below every size the claim names
        minimality = BELOW_SIZES
    if undecided:
        minimality = (
            f"no counterexample on {q.size_name} in {below} (z3 unsat); "
            f"{q.size_name} in {[k for k in undecided if k < size]} not decided"
        )
    observed = {
        "size": f"{size} {q.size_name}",
        "exact re-check": SEARCH_RECHECK,
        "found by": how,
        "minimality": minimality,
    }
    return Counterexample.of(assignment, observed, replay_source(size, values))
