"""Soundness corpus: false mutants are never proved, true originals are never refuted."""

import pytest
from scalar_corpus import ENTRIES, Entry

from dpproofs.claim import Deadline
from dpproofs.verdict import Status

#: Per-claim budget (seconds) for false mutants. Refutations take milliseconds; unknowns use it all.
BUDGET = 1.5
#: True originals get more headroom: their proofs take well under a second on an idle machine,
#: and a slow CI machine must not turn a proof into a spurious failure.
TRUE_BUDGET = 6.0


def test_corpus_has_at_least_forty_mutants() -> None:
    mutants = [e for e in ENTRIES if not e.true]
    assert len(mutants) >= 40
    assert {e.edit for e in mutants} == {"constant", "flip", "hypothesis", "domain"}
    assert len({e.name for e in ENTRIES}) == len(ENTRIES)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_corpus_entry(entry: Entry) -> None:
    verdict = entry.build().decide(Deadline(TRUE_BUDGET if entry.true else BUDGET))
    if entry.true:
        assert verdict.status is not Status.REFUTED, verdict.counterexample
        if entry.provable:
            assert verdict.status is Status.PROVED, verdict.reason
    else:
        assert verdict.status is not Status.PROVED, verdict.certificate
        if verdict.status is Status.REFUTED:
            assert verdict.counterexample is not None
            exec(verdict.counterexample.replay, {})
