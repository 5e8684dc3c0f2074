"""Classical true inequalities: never refuted; all but the listed open ones proved."""

import pytest
from real_analysis_corpus import INEQUALITIES, OPEN

from dpproofs.claim import Deadline
from dpproofs.symbolic import holds
from dpproofs.verdict import Status

#: Proofs take well under a second on an idle machine; headroom for slow CI machines.
PROOF_BUDGET = 12.0
#: The open entries only have to avoid a wrong refutation.
OPEN_BUDGET = 1.0


@pytest.mark.parametrize(
    ("name", "claim", "where", "assuming"), [pytest.param(*e, id=e[0]) for e in INEQUALITIES]
)
def test_true_inequality(name: str, claim: str, where: dict[str, str], assuming: list[str]) -> None:
    budget = OPEN_BUDGET if name in OPEN else PROOF_BUDGET
    verdict = holds(claim, where=where, assuming=assuming).decide(Deadline(budget))
    assert verdict.status is not Status.REFUTED, verdict.counterexample
    assert verdict.status is not Status.ERROR, verdict.reason
    if name not in OPEN:
        assert verdict.status is Status.PROVED, verdict.reason


def test_open_entries_exist() -> None:
    assert {entry[0] for entry in INEQUALITIES} >= OPEN
    assert len(INEQUALITIES) >= 30
