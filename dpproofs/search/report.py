"""Building verdict evidence: counterexamples that replay, and coverage statements."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from dpproofs.search.model import SearchStatement
from dpproofs.search.objects import render_fraction, render_matrix, show_matrix
from dpproofs.verdict import Counterexample


def replay_source(size: int, values: Mapping[str, Any]) -> str:
    """Python source re-checking the counterexample exactly, given the claim bound to ``claim``."""
    items = []
    for name, v in values.items():
        text = render_matrix(v) if isinstance(v, list) else render_fraction(Fraction(v))
        items.append(f"{name!r}: {text}")
    return (
        "from fractions import Fraction as F\n"
        "# `claim` is the searched claim (e.g. the theorem function's return value).\n"
        f"values = {{{', '.join(items)}}}\n"
        f"assert claim.holds_exactly({size}, values) is False\n"
    )


#: The minimality of a counterexample the small-model lifting found at its bound N*, below every
#: size the claim names (nothing smaller was searched).
BELOW_SIZES = "below the sizes searched (found at the small-model bound)"


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
        "exact re-check": "the predicate is false (exact rationals, rigorous comparisons)",
        "found by": how,
        "minimality": minimality,
    }
    return Counterexample.of(assignment, observed, replay_source(size, values))
