"""The theorem files owned by the symbolic decider decide as their authors expect."""

from pathlib import Path
from types import ModuleType

import pytest

from dpproofs.claim import Deadline
from dpproofs.run.discovery import import_theorem_file
from dpproofs.theorem import REGISTRY_ATTRIBUTE, TheoremSpec, cites_seed

THEOREMS = Path(__file__).resolve().parents[2] / "theorems"
FILES = ("cummings_laplace", "thread_laplace", "cuff_yu/cy_scalar")


def _load(name: str) -> ModuleType:
    (path,) = THEOREMS.rglob(f"{name}.py")  # theorem files live in per-source folders
    return import_theorem_file(path)  # puts the folder on sys.path for its helper modules


def _specs() -> list[TheoremSpec]:
    return [s for name in FILES for s in getattr(_load(name), REGISTRY_ATTRIBUTE)]


def test_expected_ids_are_declared() -> None:
    assert {s.id for s in _specs()} == {
        "cummings.theorem5",
        "cummings.theorem6",
        "thread.post4_laplace",
        "cuffyu.property1_relaxation",
        "cuffyu.property1_binary_extreme",
        "cuffyu.property3_eps0",
        "cuffyu.lemma2_eq99",
    }


@pytest.mark.parametrize("spec", _specs(), ids=lambda s: s.id)
def test_theorem_decides_as_expected(spec: TheoremSpec) -> None:
    assert cites_seed(spec)
    verdict = spec.build().decide(Deadline(30))
    assert verdict.status is spec.expect, verdict.reason
