"""Mutants of the informed-belief reduction (:mod:`dpproofs.search.informed`), each one of its
preconditions broken: ``drop Z``, ``drop S`` (a part left out), ``bound (n - 1) delta''`` (a
bound below the union bound), ``S at another eps`` (the square decided outside (J)'s eps
range, so that every n is no longer covered there), ``Z is J`` (another of the library's
parts in (Z)'s place), ``beliefs relabelled`` (the other beliefs declared, (Z) dropped or
added, the parts kept), ``S without K = {0, 1}`` (a breach set of the split left out). Each
must not be proved or bounded: the
rule refuses it (an error naming the precondition). The judge (:mod:`.judge`) finds a mutant
whose preconditions fail but which is proved or bounded UNSOUND. The parts themselves are
mutated as the search claims they are (:mod:`.mutate` walks them)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from dpproofs.claim import all_of

Edit = tuple[str, str, str, Any]


def _elsewhere(claim: Any) -> Any:
    """The square's search claims at eps = 2 hi + 1, hi the top of (J)'s eps range."""
    from dpproofs.search.domains import Interval
    from dpproofs.search.informed import param_box, search_parts

    boxes = [param_box(j, "eps") for j in search_parts(claim.joint)]
    top = max((box[1] or 0) if box is not None else 0 for box in boxes)
    moved = [
        c.restricted("eps", Interval(2 * top + 1, 2 * top + 1)) for c in search_parts(claim.square)
    ]
    return all_of(*moved)


def edits(claim: Any) -> Iterator[Edit]:
    """The rule's mutants of ``claim`` (module docstring)."""
    if claim.zero is not None:
        yield "drop Z", "drop part", "(Z)", lambda: replace(claim, zero=None)
    yield "drop S", "drop part", "(S)", lambda: replace(claim, square=None)
    yield (
        "bound (n - 1) delta''",
        "weaken bound",
        "bound",
        lambda: replace(claim, bound="(n-1)*delta2"),
    )
    yield "S at another eps", "move part", "(S)", lambda: replace(claim, square=_elsewhere(claim))
    if claim.zero is not None:
        yield "Z is J", "swap part", "(Z)", lambda: replace(claim, zero=claim.joint)
    yield "beliefs relabelled", "relabel", "beliefs", lambda: _relabelled(claim)
    yield "S without K = {0, 1}", "drop part", "(S)", lambda: _without_pair(claim)


def _relabelled(claim: Any) -> Any:
    """``claim`` declared for the other beliefs: one group without (Z), or informed with the
    library's (Z) at (J)'s first claim's eps, delta and output counts; the parts kept."""
    from dpproofs.search.informed import ONE_GROUP, search_parts
    from dpproofs.search.informed_parts import INFORMED, zero

    if claim.beliefs != ONE_GROUP:
        return replace(claim, beliefs=ONE_GROUP, zero=None)
    first = next(search_parts(claim.joint)).quantifier
    return replace(
        claim,
        beliefs=INFORMED,
        zero=zero(first.domain("eps"), first.domain("delta"), first.sizes),
    )


def _without_pair(claim: Any) -> Any:
    """``claim`` with the (S) claims of the breach set {0, 1} left out."""
    from dpproofs.search.informed import search_parts

    kept = [
        c for c in search_parts(claim.square) if getattr(c.predicate, "breaching", ()) != (0, 1)
    ]
    return replace(claim, square=all_of(*kept))
