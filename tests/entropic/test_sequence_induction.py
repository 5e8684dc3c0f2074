"""Induction over a sequence of random variables (dpproofs/entropic/induction.py) against the
claim written out at k = 1, 2, 3 (explicit Y_1, .., Y_k) and exact evaluation at seeded laws."""

import itertools
from fractions import Fraction

import pytest

from dpproofs.deadline import Deadline
from dpproofs.entropic.induction import sequence_induction, unrolled
from dpproofs.entropic.terms import H, I, Linear, parameter, random_variables
from dpproofs.errors import InvalidClaim
from dpproofs.recheck.entropic import truth_at
from dpproofs.soundness.entropic import laws, parameter_points
from dpproofs.soundness.judge import UNSOUND, judge
from dpproofs.verdict import Status, Verdict

X, W, A, B = random_variables("X W A B")
E, e = parameter("E"), parameter("e")

STATEMENTS = {
    "I(X;A|W)": I(X, A, given=W),
    "I(X;A)": I(X, A),
    "H(A|W)": H(A, given=W),
}
TOTALS = {"E": E, "2E": 2 * E, "E/2": Fraction(1, 2) * E}
STAGES = {
    "I(X;B|W,A)": I(X, B, given=(W, A)),
    "I(X;B|W)": I(X, B, given=W),
    "H(B|A,W)": H(B, given=(A, W)),
}


def _no_exact_violation(claim, k: int) -> bool:
    shannon = unrolled(claim, k)
    names = list(shannon.names())
    return all(
        truth_at(shannon, names, masses, point) is not False
        for masses in laws(names, f"t{k}")
        for point in parameter_points(shannon)
    )


@pytest.mark.parametrize(
    ("statement", "total", "stage"), list(itertools.product(STATEMENTS, TOTALS, STAGES))
)
def test_a_proved_induction_holds_at_k_1_2_3(statement, total, stage):
    claim = sequence_induction(STATEMENTS[statement] <= TOTALS[total], [STAGES[stage] <= e])
    verdict = claim.decide(Deadline(60))
    assert verdict.status in (Status.PROVED, Status.UNKNOWN)
    if verdict.status is Status.PROVED:
        for k in (1, 2, 3):
            assert unrolled(claim, k).decide(Deadline(60)).status is not Status.REFUTED
        assert _no_exact_violation(claim, 1) and _no_exact_violation(claim, 2)


def test_the_chain_rule_composition_is_proved_and_its_k_3_instance_too():
    # Cuff & Yu Corollary 6: I(X; Y^k | W) <= sum e_j when I(X; Y_j | W, Y^{j-1}) <= e_j.
    claim = sequence_induction(I(X, A, given=W) <= E, [I(X, B, given=(W, A)) <= e])
    assert claim.decide(Deadline(60)).status is Status.PROVED
    assert unrolled(claim, 3).decide(Deadline(60)).status is Status.PROVED


def test_half_the_total_is_not_proved_and_is_false_at_k_1():
    # I(X; Y_1 | W) <= e_1 does not give I(X; Y_1 | W) <= e_1 / 2 (X = Y_1 a fair bit: ln 2).
    claim = sequence_induction(I(X, A, given=W) <= Fraction(1, 2) * E, [I(X, B, given=(W, A)) <= e])
    assert claim.decide(Deadline(60)).status is Status.UNKNOWN
    assert unrolled(claim, 1).decide(Deadline(60)).status is Status.REFUTED
    assert judge(claim, Verdict.proved("x"), "k", 10).finding == UNSOUND


def test_a_statement_reading_the_new_variable_is_refused():
    with pytest.raises(InvalidClaim, match="statement reads the prefix"):
        sequence_induction(I(X, B) <= E, [I(X, B, given=A) <= e])


def test_a_stage_reading_the_total_is_refused():
    with pytest.raises(InvalidClaim, match="may not read the total"):
        sequence_induction(I(X, A) <= E, [I(X, B, given=A) <= E + Linear()])
