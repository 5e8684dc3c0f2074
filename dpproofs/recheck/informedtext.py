"""What a report says around a verdict of the informed-belief reduction (docs/design/neighbours.md,
"Informed beliefs"; :mod:`dpproofs.search.informed`), against what recheck re-derives.

The status is derived from the parts' records as for any conjunction (:mod:`.verdicts`: (S) and
(Z) are premises, whose refutation is unknown; (J) refuted refutes; a record whose own status
is not its replay's fails). Here, before any status is derived: the reduction rebuilt from its
theorem file must meet its preconditions (the rule object's own check, run on the rebuilt
claim: |D| = 2, n = 1, 1, 2, equal output counts, (Z) and (S) at (J)'s parameters, the bound
n delta''); every search part of it must have its evidence record (a reduction's verdict needs
all its parts: a part's record removed FAILS, it is not merely "not replayed"); a decided
verdict must carry the method :data:`METHOD`; a bounded one, the WHOLE coverage the writer
gives: :data:`COVERAGE` at the file's beliefs (this package's own copy of the decider's words;
``tests/search/test_premise.py`` compares them), then the parts' coverages in the parts' order,
each once (``dpproofs.verdict.conjunction``), each rebuilt from the part's claim and record: a
bounded search's "all " + the claim's coverage text at the sizes its record lists, then the
parenthesis saying why it was not lifted, written again from the record's ``not_lifted``
(:mod:`.unliftedtext`; a record that does not say, or says what cannot be re-derived, leaves
the verdict not replayed); a part decided over boxes of a parameter
(:mod:`dpproofs.search.epsboxes`), "all " + the claim's objects and a text not re-derived (the
boxes' union, a bounded box's parenthesis); a proved part "proved: " and its reason (not
re-derived).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from dpproofs.recheck.claims import NotRebuilt, rebuild
from dpproofs.recheck.liftedtext import stated
from dpproofs.recheck.pieces import Outcome, Reported
from dpproofs.recheck.unliftedtext import written

HOME = ("dpproofs.search.informed", "InformedBeliefReduction")
METHOD = "informed-belief reduction (docs/design/neighbours.md)"
COVERAGE = (
    "every n ({beliefs} beliefs; informed-belief reduction, docs/design/neighbours.md; the "
    "parts built by dpproofs.search.informed_parts, checked by brute force in "
    "tests/quality/test_informed_parts.py and test_informed_reduction.py): "
)


def _claim(verdict: Reported) -> Any:
    try:
        return rebuild(verdict.file, verdict.theorem, ())
    except NotRebuilt:
        return None


def applies(verdict: Reported) -> bool:
    claim = _claim(verdict)
    return claim is not None and (type(claim).__module__, type(claim).__qualname__) == HOME


def told(verdict: Reported) -> tuple[Outcome, str] | None:
    """None when the records and texts are the reduction's (module docstring), else why not."""
    claim = _claim(verdict)
    failed = claim.preconditions()
    if failed:
        return Outcome.FAILED, "the informed-belief reduction does not apply: " + "; ".join(failed)
    if verdict.status in ("proved", "verified-bounded") and verdict.method != METHOD:
        return Outcome.FAILED, f"the method {verdict.method!r} is not the reduction's {METHOD!r}"
    if verdict.status not in ("proved", "verified-bounded", "refuted"):
        return None
    records: dict[tuple[int, ...], list[Any]] = {}
    for piece in verdict.pieces:
        records.setdefault(piece.part, []).append(piece)
    texts = []
    for index, part in enumerate(claim.parts):
        text = _text(part, (index,), records)
        if isinstance(text, Missing):
            return Outcome.FAILED, (
                f"no evidence record for part {'.'.join(map(str, text.path))} of the reduction "
                "(its verdict needs every part's)"
            )
        if isinstance(text, Refused):
            where = ".".join(map(str, text.path))
            return text.outcome, f"part {where} of the reduction: {text.why}"
        texts.append(text)
    if verdict.status == "verified-bounded":
        coverage = verdict.coverage or ""
        pattern = re.escape(COVERAGE.format(beliefs=claim.beliefs)) + _joined(texts)
        if re.fullmatch(pattern, coverage, re.S) is None:
            return Outcome.FAILED, (
                f"the coverage {coverage!r} is not the reduction's words and its parts' "
                "coverages, as the file's reduction and the parts' records give them"
            )
    return None


@dataclass(frozen=True, slots=True)
class Missing:
    """A search part of the reduction with no evidence record (at ``path``)."""

    path: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Refused:
    """A search part (at ``path``) whose coverage text cannot be written from its record."""

    path: tuple[int, ...]
    outcome: Outcome
    why: str


def _joined(texts: list[str]) -> str:
    """The writer's ``"; ".join(dict.fromkeys(texts))`` as a pattern: each part's text, a text
    equal to an earlier one (the same pattern) possibly left out."""
    seen: list[str] = []
    out: list[str] = []
    for text in texts:
        out.append(f"(?:; {text})?" if text in seen and out else ("; " if out else "") + text)
        seen.append(text)
    return "".join(out)


def _text(claim: Any, path: tuple[int, ...], records: dict[tuple[int, ...], list[Any]]) -> Any:
    """The pattern of the coverage a part's verdict writes (a premise: its claim's; a
    conjunction: its parts' joined; a search claim: from its record), or :class:`Missing`, or
    :class:`Refused`."""
    parts = getattr(claim, "parts", None)
    if isinstance(parts, tuple) and not hasattr(claim, "quantifier"):
        texts = []
        for index, part in enumerate(parts):
            text = _text(part, (*path, index), records)
            if isinstance(text, Missing | Refused):
                return text
            texts.append(text)
        return texts[0] if len(texts) == 1 else "(?:" + _joined(texts) + ")"
    pieces = records.get(path)
    if not pieces:
        return Missing(path)
    kinds = {piece.kind: piece for piece in pieces}
    quantifier = claim.quantifier
    lifted = kinds.get("small-model")
    n_star = lifted.record.get("N*") if lifted is not None else None
    if lifted is not None and isinstance(n_star, int) and len(pieces) == len(kinds):
        # A lifted part: the text dpproofs.lifted writes (:func:`.liftedtext.stated`).
        said = re.escape(stated(quantifier, n_star))
        return "proved: " + said if lifted.status == "proved" else said
    if any(piece.status == "proved" for piece in pieces):
        return "proved: .*?"
    searched = kinds.get("bounded-search")
    if searched is not None and len(pieces) == 1:
        sizes = [int(s["size"]) for s in searched.record.get("sizes", ())]
        tail = written(claim, searched.record)
        if isinstance(tail, tuple):
            return Refused(path, *tail)
        return re.escape("all " + claim.coverage_text(sizes) + tail)
    # Boxes of a parameter (dpproofs.search.epsboxes): the boxes' union and the parenthesis
    # of a bounded box (its record, param-boxes, does not say why) are not re-derived.
    return re.escape(f"all {quantifier.what} ") + r".*?(?: \(.*?\))?"
