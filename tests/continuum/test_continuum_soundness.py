"""The mutation sweep on continuum claims: mutants are refuted with replayed witnesses, a proof
is replayed and attacked at exact points, and a proof that does not belong to its claim is
found UNSOUND."""

from fractions import Fraction as F

from dpproofs.continuum import continuum, entropy
from dpproofs.deadline import Deadline
from dpproofs.soundness.judge import CONFIRMED, UNSOUND, judge
from dpproofs.soundness.mutate import enumerate_mutants
from dpproofs.verdict import Status


def _true():
    # H(p) < 11/10 on 3 outcomes (ln 3 = 1.0986...).
    return continuum("H < 11/10", lambda alg, p: alg.lt(entropy(alg, p), F(11, 10)), {"p": 3})


def test_mutants_of_a_true_continuum_claim_are_refuted_and_replayed():
    found = enumerate_mutants(_true(), "t")
    assert [m.id for m in found.mutants] == ["t/negate", "t/pin p[0]"] and not found.not_mutated
    for mutant in found.mutants:
        claim = mutant.build()
        verdict = claim.decide(Deadline(60))
        assert verdict.status is Status.REFUTED, mutant.id
        assert judge(claim, verdict, mutant.id, 10).finding == CONFIRMED


def test_a_proof_is_replayed_and_a_borrowed_proof_is_unsound():
    claim = _true()
    verdict = claim.decide(Deadline(60))
    judged = judge(claim, verdict, "t", 10)
    assert judged.finding == CONFIRMED and judged.points == 60
    # H(p) < 1 is false (at the uniform law): the true claim's proof does not carry over.
    false = continuum("H < 1", lambda alg, p: alg.lt(entropy(alg, p), 1), {"p": 3})
    assert judge(false, verdict, "f", 10).finding == UNSOUND
