"""What a report says around a verdict of the informed-belief reduction (docs/design/neighbours.md,
"Informed beliefs"; :mod:`dpproofs.search.informed`), against what recheck re-derives.

The status is derived from the parts' records as for any conjunction (:mod:`.verdicts`: (S) and
(Z) are premises, whose refutation is unknown; (J) refuted refutes). Here the texts: a decided
verdict of the reduction must carry its method :data:`METHOD`; a bounded one, a coverage that
begins with :data:`COVERAGE` (this package's own copies of the decider's words;
``tests/search/test_premise.py`` compares them) and names the parts' coverage after it; the
reduction rebuilt from its theorem file must meet its preconditions (the rule object's own
check, run on the rebuilt claim: |D| = 2, n = 1, 1, 2, equal output counts, (Z) and (S) at
(J)'s parameters, the bound n delta''). A report whose method or coverage was edited, or whose
file's reduction no longer applies, fails.
"""

from __future__ import annotations

from typing import Any

from dpproofs.recheck.claims import NotRebuilt, rebuild
from dpproofs.recheck.pieces import Outcome, Reported

HOME = ("dpproofs.search.informed", "InformedBeliefReduction")
METHOD = "informed-belief reduction (docs/design/neighbours.md)"
COVERAGE = "every n (informed-belief reduction, docs/design/neighbours.md): "


def _claim(verdict: Reported) -> Any:
    try:
        return rebuild(verdict.file, verdict.theorem, ())
    except NotRebuilt:
        return None


def applies(verdict: Reported) -> bool:
    claim = _claim(verdict)
    return claim is not None and (type(claim).__module__, type(claim).__qualname__) == HOME


def told(verdict: Reported) -> tuple[Outcome, str] | None:
    """None when the texts are the reduction's (module docstring), else why not."""
    claim = _claim(verdict)
    failed = claim.preconditions()
    if failed:
        return Outcome.FAILED, "the informed-belief reduction does not apply: " + "; ".join(failed)
    if verdict.status in ("proved", "verified-bounded") and verdict.method != METHOD:
        return Outcome.FAILED, f"the method {verdict.method!r} is not the reduction's {METHOD!r}"
    if verdict.status == "verified-bounded":
        coverage = verdict.coverage or ""
        if not coverage.startswith(COVERAGE) or not coverage[len(COVERAGE) :].strip():
            return Outcome.FAILED, f"the coverage {coverage!r} is not the reduction's"
    return None
