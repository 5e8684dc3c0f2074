"""The derivation model (calc-style composition, conclusion matching) and derivation verdicts."""

from __future__ import annotations

import pytest

from dpproofs.claim import Deadline
from dpproofs.steps import derivation
from dpproofs.steps.chain import Relation, compose, implies
from dpproofs.steps.check import summary
from dpproofs.steps.derivation import read_derivation
from dpproofs.verdict import Status, StepResult

EQ, LE, LT, GE, GT = Relation.EQ, Relation.LE, Relation.LT, Relation.GE, Relation.GT


@pytest.mark.parametrize(
    ("first", "second", "composed"),
    [
        (EQ, LE, LE), (LE, EQ, LE), (EQ, EQ, EQ), (LE, LE, LE), (LE, LT, LT), (LT, LE, LT),
        (GE, GT, GT), (GE, EQ, GE), (LE, GE, None), (LT, GT, None), (GE, LE, None),
    ],
)  # fmt: skip
def test_compose(first: Relation, second: Relation, composed: Relation | None) -> None:
    assert compose(first, second) is composed


@pytest.mark.parametrize(
    ("have", "want", "expected"),
    [(LT, LE, True), (EQ, LE, True), (EQ, GE, True), (LE, LT, False), (GE, LE, False),
     (LT, LT, True), (GT, GE, True), (LE, EQ, False)],
)  # fmt: skip
def test_implies(have: Relation, want: Relation, expected: bool) -> None:
    assert implies(have, want) is expected


def test_chain_closes_to_the_conclusion_and_its_mirror() -> None:
    chain = read_derivation(r"a &= b \\ &< c \\ &\le d", conclusion=r"a \le d")
    assert chain.chain() is LT and chain.closes() == (True, "")
    mirror = read_derivation(r"a &= b \\ &< c \\ &\le d", conclusion=r"d > a")
    assert mirror.closes() == (True, "")
    wrong = read_derivation(r"a &= b \\ &\le d", conclusion=r"a < d")
    assert wrong.closes()[0] is False
    mixed = read_derivation(r"a \le b \ge c")
    assert mixed.chain() is None and "not a chain" in mixed.closes()[1]


def test_summary_text() -> None:
    def result(index: int, status: str) -> StepResult:
        return StepResult(index, "", "", "", "", "", status)

    results = tuple(
        result(i, s) for i, s in enumerate(["proved", "proved", "proved", "refuted", "unknown"], 1)
    )
    assert summary(results) == "3/5 steps proved, step 4 refuted, step 5 unknown"


def test_refuted_step_refutes_the_derivation_with_its_witness() -> None:
    claim = derivation(r"e^{a + b} &= e^a + e^b \\ &\ge 0", where={"a": "(0, oo)"})
    verdict = claim.decide(Deadline(20))
    assert verdict.status is Status.REFUTED
    assert verdict.reason.startswith("1/2 steps proved, step 1 refuted")
    assert verdict.counterexample is not None
    assert verdict.counterexample == verdict.steps[0].witness
    assert verdict.as_dict()["steps"][0]["status"] == "refuted"


def test_proved_steps_but_wrong_conclusion_is_unknown() -> None:
    claim = derivation(r"x + x = 2x", conclusion=r"x + x = 3x")
    verdict = claim.decide(Deadline(20))
    assert verdict.status is Status.UNKNOWN and "not the conclusion" in verdict.reason


def test_unreadable_step_is_not_checked_and_never_proved() -> None:
    verdict = derivation(r"\Pr A \le 1").decide(Deadline(5))  # \Pr[A] is read (opaque)
    assert verdict.status is Status.UNKNOWN
    assert verdict.steps[0].status == "not-checked" and r"\Pr" in verdict.steps[0].reason


def test_consequence_is_checked_under_the_chain_result() -> None:
    chain = r"p > e^{2\epsilon} q > e^{\epsilon}(1 + \epsilon) q \Rightarrow p - e^{\epsilon} q > 0"
    where = {"epsilon": "(0, oo)", "q": "(0, 1]", "p": "[0, 1]"}
    derivation_ = read_derivation(chain, where=where)
    last = derivation_.steps[-1]
    assert last.consequence and last.premise == "(p) > (exp((epsilon))*(1 + epsilon)*q)"
    verdict = derivation(chain, assume=[r"p > e^{2\epsilon} q"], where=where).decide(Deadline(20))
    assert verdict.status is Status.PROVED and verdict.reason == "3/3 steps proved"
    # Without the chain's result the consequence would not follow (p = q = 1/2 refutes it).
    unsupported = derivation(r"p = p \Rightarrow p - e^{\epsilon} q > 0", where=where)
    assert unsupported.decide(Deadline(20)).status is Status.REFUTED
