"""What the judge says about one mutant's verdict (:class:`Judgement`, its findings) and the
pieces every route of :mod:`.judge` and :mod:`.recompute` shares: a mutant as the rechecker's
piece, a rechecker's finding as a judgement, a verdict's witness of a kind.

The findings: ``CONFIRMED`` (a refutation's witness replayed), ``UNSOUND`` (a proof with a
counterexample inside what it covers, or a refutation whose witness satisfies the claim),
``NOT_REPLAYED`` (a replay that could not be carried out), ``NO_COUNTEREXAMPLE`` (points tried,
none false), ``NOT_CHECKED`` (no independent route, or the judge's own fault), ``NOTHING`` (an
UNKNOWN or ERROR verdict: nothing to judge).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dpproofs.verdict import Verdict

CONFIRMED = "replayed"
UNSOUND = "UNSOUND"
NOT_REPLAYED = "not replayed"
NO_COUNTEREXAMPLE = "no counterexample"
NOT_CHECKED = "not checked"
NOTHING = "-"


@dataclass(frozen=True, slots=True)
class Judgement:
    """The independent finding about one verdict: ``finding`` (one of the constants above),
    a sentence, and the points tried / skipped by the sampling."""

    finding: str
    detail: str = ""
    points: int = 0
    skipped: int = 0

    @property
    def unsound(self) -> bool:
        return self.finding == UNSOUND


def piece(mutant_id: str, status: str) -> Any:
    """The mutant as the rechecker's piece (its verdict ``status``), for a replay."""
    from dpproofs.recheck.pieces import Piece

    return Piece("<mutant>", mutant_id, status, (), {})


def from_finding(finding: Any) -> Judgement:
    """A rechecker's finding as a judgement: confirmed, failed (UNSOUND) or not replayed."""
    from dpproofs.recheck.pieces import Outcome

    if finding.outcome is Outcome.CONFIRMED:
        return Judgement(CONFIRMED, finding.why)
    if finding.outcome is Outcome.FAILED:
        return Judgement(UNSOUND, finding.why)
    return Judgement(NOT_REPLAYED, finding.why)


def witness(verdict: Verdict, kind: str) -> Any:
    """The verdict's first witness of ``kind``, or None."""
    from dpproofs.evidence import Witness

    for record in verdict.evidence:
        if isinstance(record, Witness) and record.claim == kind:
            return record
    return None
