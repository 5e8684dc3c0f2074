"""The mutation sweep on Shannon claims: mutants are refuted with replayed witnesses (or stay
proved when a dropped hypothesis was not needed, judged by the replay and exact laws), and a
proof that does not belong to its claim is found UNSOUND."""

from dpproofs.deadline import Deadline
from dpproofs.entropic import I, equal, for_all_joint_distributions, independent, random_variables
from dpproofs.soundness.judge import CONFIRMED, UNSOUND, judge
from dpproofs.soundness.mutate import enumerate_mutants
from dpproofs.verdict import Status

X, Y, Z = random_variables("X Y Z")


def test_mutants_of_property4_are_decided_and_judged():
    claim = for_all_joint_distributions(I(X, Y) <= I(X, Y, given=Z), [independent(X, Z)])
    found = enumerate_mutants(claim, "t")
    assert [m.id for m in found.mutants] == ["t/swap", "t/drop 0"] and not found.not_mutated
    for mutant in found.mutants:
        mutated = mutant.build()
        verdict = mutated.decide(Deadline(60))
        # swap: X, Z independent bits, Y = X xor Z gives I(X;Y|Z) = ln 2 > 0 = I(X;Y);
        # drop: X = Y = Z one bit gives I(X;Y) = ln 2 > 0 = I(X;Y|Z).
        assert verdict.status is Status.REFUTED, mutant.id
        assert judge(mutated, verdict, mutant.id, 10).finding == CONFIRMED


def test_an_equality_mutant_is_refuted():
    chain = for_all_joint_distributions(equal(I(X, (Y, Z)), I(X, Y) + I(X, Z, given=Y)))
    (swap,) = enumerate_mutants(chain, "c").mutants
    verdict = swap.build().decide(Deadline(60))
    assert verdict.status is Status.REFUTED
    assert judge(swap.build(), verdict, "c", 10).finding == CONFIRMED


def test_a_proof_is_replayed_and_attacked_and_a_borrowed_proof_is_unsound():
    claim = for_all_joint_distributions(I(X, Z) <= I(X, (Y, Z)))
    verdict = claim.decide(Deadline(60))
    judged = judge(claim, verdict, "t", 10)
    assert judged.finding == CONFIRMED and judged.points == 320  # 80 laws x 4 parameter points
    false = for_all_joint_distributions(I(X, (Y, Z)) <= I(X, Z))
    assert judge(false, verdict, "f", 10).finding == UNSOUND
