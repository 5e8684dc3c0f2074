"""One size of a search claim decided alone, for the sweep's cross-checks (:mod:`.liftcheck`,
:mod:`.rulecheck`): a fresh z3 context and session, no symmetry breaking, no numeric pre-search,
no lifting, no eps boxes (the whole parameter domain at once), the predicate itself run on the
size's concrete rows rather than the formula traced from it; a sat answer is rounded, re-checked
exactly and replayed by the rechecker."""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from typing import Any

from dpproofs.deadline import Deadline
from dpproofs.verdict import Status, Verdict

UNSAT, COUNTEREXAMPLE, TIMEOUT, ERROR = "unsat", "counterexample", "timeout", "error"


@dataclass(frozen=True, slots=True)
class SizeCheck:
    """One size decided alone: ``result`` is unsat, counterexample, timeout or error."""

    size: int
    result: str
    detail: str = ""
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "result": self.result,
            "detail": self.detail,
            "seconds": round(self.seconds, 2),
        }


def decide_alone(claim: Any, size: int, seconds: float) -> SizeCheck:
    """``claim`` at ``size`` alone (see the module docstring)."""
    from dpproofs.errors import DpProofsError, Undecided
    from dpproofs.search.cegar import ForAllHypothesis
    from dpproofs.search.forall import SearchClaim
    from dpproofs.search.onesize import find_counterexample
    from dpproofs.search.session import Session, fresh_context
    from dpproofs.search.trace import Traced

    start = time.perf_counter()
    deadline = Deadline(seconds)
    q = dataclasses.replace(claim.quantifier, sizes=(size,), symmetric=False)
    params = tuple((n, dataclasses.replace(d, split=0)) for n, d in q.params)
    alone = dataclasses.replace(claim, quantifier=dataclasses.replace(q, params=params))
    try:
        with fresh_context():
            if isinstance(alone, SearchClaim):
                # The predicate itself at this size, not its traced formula: a tracing error
                # (an entry re-bound to the wrong outcome, say) is not repeated here.
                alone.__dict__["formula"] = Traced(None, "the cross-check evaluates the predicate")
                found = find_counterexample(alone, Session(alone), size, deadline, False)
                values, reason = found.values, found.reason
            elif isinstance(alone, ForAllHypothesis):
                values, reason = _refined(alone.decide(deadline))
            else:
                return SizeCheck(size, ERROR, f"a {type(claim).__name__} is not cross-checked")
    except Undecided as exc:
        return SizeCheck(size, TIMEOUT, f"undecided: {exc}", time.perf_counter() - start)
    except DpProofsError as exc:
        return SizeCheck(size, ERROR, f"{type(exc).__name__}: {exc}", time.perf_counter() - start)
    spent = time.perf_counter() - start
    if values is not None:
        return SizeCheck(size, COUNTEREXAMPLE, _replayed(claim, size, values), spent)
    if reason:
        return SizeCheck(size, TIMEOUT, reason[:200], spent)
    return SizeCheck(size, UNSAT, "", spent)


def _refined(verdict: Verdict) -> tuple[dict[str, Any] | None, str]:
    """(the counterexample's values, or None; why undecided, or '') of a refinement claim
    decided at one size."""
    from dpproofs.evidence import Witness

    if verdict.status is Status.REFUTED:
        found = [e for e in verdict.evidence if isinstance(e, Witness)]
        return (dict(found[0].values) if found else {}), ""
    if verdict.status in (Status.PROVED, Status.VERIFIED_BOUNDED):
        return None, ""
    return None, f"{verdict.status.value}: {verdict.reason}"


def _replayed(claim: Any, size: int, values: dict[str, Any]) -> str:
    """The counterexample, and what the rechecker's exact replay says of it (for a refinement
    claim: its conclusion only, as ``dpproofs recheck`` replays it)."""
    from dpproofs.recheck.pieces import Piece
    from dpproofs.recheck.witnesses import replay_cegar, replay_search
    from dpproofs.search.records import exact_text

    shown = {k: v if isinstance(v, str) else exact_text(v) for k, v in values.items()}
    text = ", ".join(f"{k} = {v}" for k, v in shown.items())
    replay = replay_cegar if hasattr(claim, "conclusion") else replay_search
    try:
        finding = replay(Piece("<lift>", "<lift>", "refuted", (), {}), claim, shown, size)
        said = f"{finding.outcome.value}: {finding.why}"
    except Exception as exc:  # the replay's own fault says nothing about the values
        said = f"replay raised {type(exc).__name__}: {exc}"
    return f"{text} (rechecker replay: {said})"[:600]
