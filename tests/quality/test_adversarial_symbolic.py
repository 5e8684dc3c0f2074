"""Adversarial corpus for the scalar decider (issue 14): no false case is proved, no true case is
refuted, each answer is one the case allows, and each false case's witness checks out exactly."""

from collections import Counter

import pytest
from adversarial_symbolic_corpus import CASES, INVALID, Case

from dpproofs.claim import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.verdict import Status

#: Per-case budget (seconds). Refutations and errors take milliseconds; unknowns use it all.
BUDGET = 2.0


def test_corpus_size_and_classes() -> None:
    false_cases = [c for c in CASES if not c.true]
    assert len(CASES) >= 35
    assert len(false_cases) >= 25
    per_kind = Counter(c.kind for c in false_cases)
    assert all(n >= 3 for n in per_kind.values()), per_kind
    assert {"assumptions", "definedness", "author code", "crash", "size"} <= set(per_kind)
    assert len({c.name for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", [c for c in CASES if not c.true], ids=lambda c: c.name)
def test_false_case_has_an_exact_witness(case: Case) -> None:
    assert case.witness is not None
    assert case.witness() is True


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_case_outcome(case: Case) -> None:
    try:
        claim = case.build()
    except InvalidClaim as exc:
        assert INVALID in case.outcomes, str(exc)
        assert str(exc)
        return
    verdict = claim.decide(Deadline(BUDGET))
    assert verdict.status.value in case.outcomes, verdict
    if case.true:
        assert verdict.status is not Status.REFUTED, verdict.counterexample
    else:
        assert verdict.status not in (Status.PROVED, Status.VERIFIED_BOUNDED), verdict
    if verdict.status is Status.REFUTED:
        assert verdict.counterexample is not None
        exec(verdict.counterexample.replay, {})
    if verdict.status is Status.ERROR:
        assert "undefined at" in verdict.reason
