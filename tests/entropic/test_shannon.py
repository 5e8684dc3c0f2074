"""The Shannon-type decider: known Shannon-type inequalities proved with a certificate the
rechecker replays, known false ones refuted with a replayed exact witness, a valid non-Shannon
inequality (Zhang-Yeung) left unknown, and tampered evidence failing the replay."""

from fractions import Fraction as F

import pytest

from dpproofs.deadline import Deadline
from dpproofs.entropic import (
    H,
    I,
    equal,
    for_all_joint_distributions,
    function_of,
    independent,
    markov,
    parameter,
    random_variables,
)
from dpproofs.entropic.claim import ShannonClaim
from dpproofs.entropic.shannon import elementals
from dpproofs.entropic.terms import Linear, Relation
from dpproofs.entropic.values import JointLaw, sign_of
from dpproofs.errors import InvalidClaim
from dpproofs.evidence import from_dict
from dpproofs.recheck.entropic import replay_certificate, replay_witness
from dpproofs.recheck.pieces import Outcome, Piece
from dpproofs.shannon_certificate import Direction, ShannonCertificate
from dpproofs.verdict import Status

X, Y, Z, W = random_variables("X Y Z W")
EPS = parameter("eps")


def decide(claim):
    return claim.decide(Deadline(60))


def replayed(claim, verdict):
    (record,) = verdict.evidence
    record = from_dict(record.as_dict())  # through JSON's shape
    piece = Piece("f.py", "t", verdict.status.value, (), record.as_dict())
    if verdict.status is Status.PROVED:
        return replay_certificate(piece, claim, record)
    return replay_witness(piece, claim, dict(record.values))


TRUE = {
    # Cuff-Yu Property 4: X independent of Z, I(X;Y) <= I(X;Y|Z); the certificate is
    # I(X;Y|Z) - I(X;Y) = I(X;Z|Y) - I(X;Z) (expand both in joint entropies).
    "property4": for_all_joint_distributions(I(X, Y) <= I(X, Y, given=Z), [independent(X, Z)]),
    "data processing": for_all_joint_distributions(I(X, Z) <= I(X, Y), [markov(X, Y, Z)]),
    "chain rule": for_all_joint_distributions(equal(I(X, (Y, Z)), I(X, Y) + I(X, Z, given=Y))),
    "function": for_all_joint_distributions(H(Z) <= H(Y), [function_of(Z, Y)]),
    "two eps": for_all_joint_distributions(
        I((X, Z), Y) <= 2 * EPS, [I(X, Y) <= EPS, I(Z, Y, given=X) <= EPS]
    ),
    "subadditivity": for_all_joint_distributions(H(X, Y, Z) <= H(X) + H(Y) + H(Z)),
}


@pytest.mark.parametrize("name", sorted(TRUE))
def test_shannon_type_inequalities_are_proved_and_replayed(name):
    claim = TRUE[name]
    verdict = decide(claim)
    assert verdict.status is Status.PROVED, verdict.reason
    assert "every finite alphabet" in verdict.reason
    assert replayed(claim, verdict).outcome is Outcome.CONFIRMED


def test_property4_certificate_is_the_one_by_hand():
    verdict = decide(TRUE["property4"])
    assert verdict.certificate == ("1 * I(X; Z | Y) >= 0", "1 * [I(X; Z) = 0]")


FALSE = {
    # X = Y = Z one fair bit: I(X;Y) = ln 2 > 0 = I(X;Y|Z).
    "conditioning": for_all_joint_distributions(I(X, Y) <= I(X, Y, given=Z)),
    # X, Z independent bits, Y = X xor Z: I(X;Y|Z) = ln 2 > 0 = I(X;Y).
    "reverse": for_all_joint_distributions(I(X, Y, given=Z) <= I(X, Y)),
    "one eps": for_all_joint_distributions(
        I((X, Z), Y) <= EPS, [I(X, Y) <= EPS, I(Z, Y, given=X) <= EPS]
    ),
    "wrong chain": for_all_joint_distributions(equal(I(X, (Y, Z)), I(X, Y) + I(X, Z))),
}


@pytest.mark.parametrize("name", sorted(FALSE))
def test_false_inequalities_are_refuted_with_replayed_witnesses(name):
    claim = FALSE[name]
    verdict = decide(claim)
    assert verdict.status is Status.REFUTED
    assert replayed(claim, verdict).outcome is Outcome.CONFIRMED


def test_zhang_yeung_is_valid_but_not_shannon_type_so_unknown():
    # Zhang-Yeung 1998: 2 I(C;D) <= I(A;B) + I(A;C,D) + 3 I(C;D|A) + I(C;D|B) holds for every
    # joint law but is no combination of elemental inequalities.
    a, b, c, d = random_variables("A B C D")
    claim = for_all_joint_distributions(
        2 * I(c, d) <= I(a, b) + I(a, (c, d)) + 3 * I(c, d, given=a) + I(c, d, given=b)
    )
    verdict = decide(claim)
    assert verdict.status is Status.UNKNOWN
    assert "not Shannon-type" in verdict.reason


def test_tampered_certificates_fail_the_replay():
    claim = TRUE["property4"]
    (record,) = decide(claim).evidence
    piece = Piece("f.py", "t", "proved", (), record.as_dict())
    halved = ShannonCertificate(
        (Direction("+", (("X", "Z", "Y", "1/2"),), record.directions[0].hypotheses),)
    )
    assert replay_certificate(piece, claim, halved).outcome is Outcome.FAILED
    negative = ShannonCertificate((Direction("+", record.directions[0].elemental, ((0, "1"),)),))
    assert replay_certificate(piece, claim, negative).outcome is Outcome.CONFIRMED  # = 0 hyp
    false = FALSE["conditioning"]
    assert replay_certificate(piece, false, record).outcome is Outcome.FAILED
    # An equality needs both directions.
    chain = TRUE["chain rule"]
    (both,) = decide(chain).evidence
    one = ShannonCertificate(both.directions[:1])
    assert replay_certificate(piece, chain, one).outcome is Outcome.FAILED


def test_a_witness_of_a_true_claim_fails_the_replay():
    claim = TRUE["property4"]
    piece = Piece("f.py", "t", "refuted", (), {})
    # X = Y = Z one bit: the target fails but X, Z are not independent.
    values = {"variables": "X,Y,Z", "P(0,0,0)": "1/2", "P(1,1,1)": "1/2"}
    finding = replay_witness(piece, claim, values)
    assert finding.outcome is Outcome.FAILED and "hypothesis" in finding.why


def test_elemental_count_is_yeungs():
    # n + C(n, 2) 2^(n - 2): 3 + 3 * 2 = 9 for three variables, 4 + 6 * 4 = 28 for four.
    assert len(elementals("XYZ")) == 9
    assert len(elementals("ABCD")) == 28


def test_exact_values_on_a_joint_law():
    # X = Y one fair bit, Z independent fair bit: H(X,Y,Z) = 2 ln 2, I(X;Y) = ln 2, I(X;Z) = 0.
    cells = {(x, x, z): F(1, 4) for x in (0, 1) for z in (0, 1)}
    law = JointLaw(("X", "Y", "Z"), cells)
    assert sign_of(I(X, Z), law, {}) == 0
    assert sign_of(I(X, Y) - 1 * parameter("t"), law, {"t": F(69, 100)}) == 1  # ln 2 > 0.69
    assert sign_of(I(X, Y) - 1 * parameter("t"), law, {"t": F(70, 100)}) == -1


def test_the_vocabulary_refuses_what_it_does_not_decide():
    with pytest.raises(InvalidClaim):
        _ = I(X, Y) < I(X, Y, given=Z)
    with pytest.raises(InvalidClaim):
        _ = I(X, Y) * I(X, Z)
    with pytest.raises(InvalidClaim):
        _ = I(X, Y) <= 0.5
    with pytest.raises(TypeError):
        bool(I(X, Y) <= I(X, Z))


def test_forms_take_exact_coefficients_only_and_cannot_change_after_the_check():
    # A float coefficient would turn the exact coefficient-wise check into a float one
    # (0.1 + 0.2 - 0.3 is not 0, but other sums round to exactly 0.0).
    with pytest.raises(InvalidClaim):
        Linear({frozenset({"X"}): 0.5})
    with pytest.raises(InvalidClaim):
        Linear(const=True)
    coords = {frozenset({"X"}): F(1)}
    form = Linear(coords)
    coords[frozenset({"X"})] = F(-1)  # the author's dict, changed afterwards
    assert form.coords[frozenset({"X"})] == 1
    with pytest.raises(TypeError):
        form.coords[frozenset({"X"})] = F(-1)  # type: ignore[index]


def test_a_strict_or_unknown_relation_is_refused():
    # A certificate shows f >= 0, never f > 0: a relation of kind "<" would be proved wrongly
    # (I(X;Y) < I(X;Y) + 0 is false everywhere).
    with pytest.raises(InvalidClaim):
        Relation(I(X, Y), I(X, Y), "<")
    with pytest.raises(InvalidClaim):
        ShannonClaim("s", I(X, Y) <= I(X, Y), [independent(X, Y)])  # a list, not a tuple
    with pytest.raises(InvalidClaim):
        for_all_joint_distributions(I(X, Y))  # a form, not a relation
    with pytest.raises(InvalidClaim):
        parameter("variables")  # would collide with the witness's list of variables
