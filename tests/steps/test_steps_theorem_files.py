"""The derivation theorem files read completely: every step is parsed except the ones their notes
name (asymptotic notation, a membership). Reading only; `dpproofs verify` decides them."""

from __future__ import annotations

from pathlib import Path

import pytest

from dpproofs.run.discovery import load_theorems
from dpproofs.steps import DerivationClaim

FOLDER = Path(__file__).resolve().parents[2] / "theorems" / "derivations"
SPECS = [spec for file in sorted(FOLDER.glob("*.py")) for spec in load_theorems(file)]
#: id -> the numbers of the steps that are expected not to be read, with the reason's token.
UNREAD = {
    "derivations.vadhan_prop2_bayes": {4: "O("},
    "derivations.vadhan_prop1_bayes": {2: "\\in"},
}


#: Theorems of the folder decided otherwise than by a derivation (an induction over the
#: responses, docs/design/induction.md), beside the derivations of their proofs.
NOT_DERIVATIONS = {"cuffyu.corollary6"}


def test_there_are_derivations() -> None:
    assert len(SPECS) >= 16
    others = {s.id for s in SPECS if not _is_derivation(s.build())}  # type: ignore[attr-defined]
    assert others == NOT_DERIVATIONS


def _is_derivation(claim: object) -> bool:
    members = getattr(claim, "members", None)
    claims = [claim.build(*m) for _, m in members] if members else [claim]  # type: ignore[attr-defined]
    return all(isinstance(one, DerivationClaim) for one in claims)


@pytest.mark.parametrize(
    "spec", [s for s in SPECS if s.id not in NOT_DERIVATIONS], ids=lambda s: s.id
)
def test_every_step_is_read(spec: object) -> None:
    claim = spec.build()  # type: ignore[attr-defined]
    # A statement stated for each member of a family is one derivation a member.
    members = getattr(claim, "members", None)
    claims = [claim.build(*m) for _, m in members] if members else [claim]  # type: ignore[attr-defined]
    for one in claims:
        assert isinstance(one, DerivationClaim)
        derivation = one.derivation
        assert not derivation.problems
        unread = {s.index: s.problem for s in derivation.steps if s.statement is None}
        expected = UNREAD.get(spec.id, {})  # type: ignore[attr-defined]
        assert set(unread) == set(expected)
        for index, token in expected.items():
            assert token in unread[index]
