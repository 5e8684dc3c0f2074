"""The parenthesis a bounded search's coverage ends with (why its sizes were not lifted to every
size), written again from the search's ``bounded-search`` record, the way the rest of a text is.

The record's field ``not_lifted`` (:class:`dpproofs.unlifted.NotLifted`) says why; the words are
:func:`dpproofs.unlifted.parenthesis` of it (the writer the search uses). Before writing them,
what can be checked of the record is checked (whitelist: a text this module cannot derive is
refused, never matched by a wildcard):

* no ``not_lifted`` (a report from before the field): not derived, so refused ("not replayed");
* a size the record lists as covered and also as not decided, or still needed: FAILED;
* "formula": the claim rebuilt from its file is traced again (its own ``formula``,
  :func:`.retraced.claim_formula`): it must have no formula, for the reason the record gives,
  else FAILED;
* "outside": the shape analysis' reason is not re-derived here: refused ("not replayed");
* "needs", "undecided": the claim must have one formula (else FAILED: an N* for a claim the
  small-model theorem was never applied to); the solver's words at the size not decided must
  be "z3 unknown at s <size_name> (work budget spent)" or "(time ran out)", and the words of a
  failed localised lifting one of the three forms :mod:`dpproofs.search.lifting` writes, with
  integers only; anything else is refused ("not replayed").

N* ("needs", "undecided") is counted again by the rechecker's own shape analysis
(:mod:`.smallmodel`) on the claim's formula traced again (:func:`.retraced.table_of`), as for a
lifted record: a recorded N* below that count FAILS, one above it stands (the decider's count
may be coarser); a formula outside the rechecker's reading leaves it "not replayed".

What is not derived: the sizes a lifting still needed, and the size not decided (what the
solver said there is the record's word). Neither widens the coverage: the sizes covered are
those listed, and each form says what was not done.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from dpproofs.recheck.nodetable import NotRead
from dpproofs.recheck.pieces import Outcome
from dpproofs.recheck.retraced import claim_formula, table_of
from dpproofs.recheck.smallmodel import analyse
from dpproofs.unlifted import NotLifted, parenthesis, read_not_lifted

#: The solver's words at a size not decided (dpproofs.search.lifting, its _decide_bound).
CAUSES = ("work budget spent", "time ran out")


def _localised(size_name: str) -> re.Pattern[str]:
    """The words of a failed lifting through localised hypotheses (dpproofs.search.lifting)."""
    name = re.escape(size_name)
    return re.compile(
        r"localised conjunct [1-9]\d* (?:\(N\* = [1-9]\d*\) not searched|at [1-9]\d* "
        + name
        + r": (?:satisfiable \(the dropped hypotheses are needed\)|z3 unknown))"
    )


def written(claim: Any, record: Mapping[str, Any]) -> str | tuple[Outcome, str]:
    """The parenthesis (with its brackets, and the space before it) of the bounded coverage of
    ``claim`` as its ``bounded-search`` ``record`` gives it; or (outcome, why) when it cannot
    be written (module docstring)."""
    size_name = claim.quantifier.size_name  # the claim's words, not the record's
    try:
        said = read_not_lifted(record.get("not_lifted"))
    except ValueError as exc:
        return Outcome.FAILED, f"the record's not_lifted is malformed: {exc}"
    if said is None:
        return Outcome.NOT_REPLAYED, (
            "the bounded-search record does not say why its sizes were not lifted (a report "
            "from before the field not_lifted): the coverage's parenthesis is not re-derived"
        )
    rows = [s for s in record.get("sizes", ()) if isinstance(s, Mapping)]
    listed = {s["size"] for s in rows if isinstance(s.get("size"), int)}
    both = sorted(listed & set(said.sizes))
    if both:
        return Outcome.FAILED, (
            f"the record lists {both} {size_name} as covered and as what a lifting still needed"
        )
    wrong = _refused(claim, said, size_name)
    return wrong if wrong is not None else f" ({parenthesis(said, size_name)})"


def _refused(claim: Any, said: NotLifted, size_name: str) -> tuple[Outcome, str] | None:
    root, why = claim_formula(claim)
    if said.why == "formula":
        if root is not None or why != said.reason:
            return Outcome.FAILED, (
                f"the record says the claim is not one formula for every size ({said.reason!r}); "
                + ("traced again, it is one" if root is not None else f"traced again: {why!r}")
            )
        return None
    if said.why == "outside":
        return Outcome.NOT_REPLAYED, (
            f"why the claim is outside the small-model theorem ({said.reason!r}) is not "
            "re-derived by the rechecker"
        )
    if root is None:
        return Outcome.FAILED, (
            f"the record gives a small-model bound N* = {said.n_star}, but the claim traced "
            f"again is not one formula for every size ({why})"
        )
    wrong = _bound(claim, root, said)
    if wrong is not None:
        return wrong
    if said.localised and _localised(size_name).fullmatch(said.localised) is None:
        return Outcome.NOT_REPLAYED, (
            f"the words {said.localised!r} are not those of a failed localised lifting"
        )
    if said.why == "undecided":
        (size,) = said.sizes
        known = [f"z3 unknown at {size} {size_name} ({cause})" for cause in CAUSES]
        if said.reason not in known:
            return Outcome.NOT_REPLAYED, (
                f"the words {said.reason!r} at {size} {size_name} are not the solver's "
                "'unknown' as the lifting writes it"
            )
    elif said.reason:
        return Outcome.FAILED, f"a reason {said.reason!r} where the record needs none"
    return None


def _bound(claim: Any, root: Any, said: NotLifted) -> tuple[Outcome, str] | None:
    """The record's N* against the rechecker's own count on the claim's formula traced again
    (:mod:`.smallmodel`, as for a lifted record: a recorded N* below the count FAILS, one above
    it is the decider's coarser count and stands)."""
    table = table_of(root)
    rows = sum(count for _, count in getattr(claim.formula, "axis_rows", ()))
    try:
        if table is None:
            raise NotRead("a leaf of the formula has no notation in a record")
        mine = max(part.bound for part in analyse(table, rows))
    except (NotRead, KeyError, IndexError, ValueError, TypeError, ZeroDivisionError) as exc:
        return Outcome.NOT_REPLAYED, (
            f"N* = {said.n_star} is not re-derived: the claim's formula is outside the "
            f"rechecker's reading ({exc})"
        )
    if said.n_star is not None and said.n_star < mine:
        return Outcome.FAILED, (
            f"the record gives N* = {said.n_star}; the claim's formula traced again gives "
            f"N* = {mine}"
        )
    return None
