"""Wrong steps are refuted (with a witness that re-checks exactly) or unknown, never proved; the
correct originals are never refuted."""

from __future__ import annotations

import pytest
import sympy
from steps_corpus import MUTATIONS

from dpproofs.claim import Deadline
from dpproofs.steps.check import PROVED, REFUTED, UNKNOWN, check_steps
from dpproofs.steps.derivation import read_derivation
from dpproofs.symbolic.written import read_formula
from dpproofs.verdict import StepResult

SECONDS = 4.0


def decide(latex: str, assume: tuple[str, ...], where: dict[str, str]) -> StepResult:
    derivation = read_derivation(latex, assume=assume, where=where)
    assert len(derivation.steps) == 1, latex
    (result,) = check_steps(derivation, Deadline(SECONDS))
    return result


def recheck(result: StepResult, assume: tuple[str, ...]) -> None:
    """The witness, substituted with exact rationals: the assumptions hold, the step fails."""
    assert result.witness is not None
    values = {sympy.Symbol(k, real=True): sympy.Rational(v) for k, v in result.witness.assignment}
    step = read_formula(f"({result.lhs}) {result.relation} ({result.rhs})")
    derivation = read_derivation("a = a", assume=assume)
    for assumption in derivation.assumptions:
        assert bool(read_formula(assumption).xreplace(values).doit()) is True
    assert bool(step.xreplace(values).doit()) is False


@pytest.mark.parametrize(
    ("name", "correct", "wrong", "assume", "where"), MUTATIONS, ids=[m[0] for m in MUTATIONS]
)
def test_mutation_never_proved(
    name: str, correct: str, wrong: str, assume: tuple[str, ...], where: dict[str, str]
) -> None:
    result = decide(wrong, assume, where)
    assert result.status in (REFUTED, UNKNOWN), (name, result)
    if result.status == REFUTED:
        recheck(result, assume)


@pytest.mark.parametrize(
    ("name", "correct", "wrong", "assume", "where"), MUTATIONS, ids=[m[0] for m in MUTATIONS]
)
def test_original_not_refuted(
    name: str, correct: str, wrong: str, assume: tuple[str, ...], where: dict[str, str]
) -> None:
    result = decide(correct, assume, where)
    assert result.status in (PROVED, UNKNOWN), (name, result)


def test_corpus_size() -> None:
    assert len(MUTATIONS) >= 30
