"""Rule SH against brute force on generated claims of its shape (docs/design/shannon.md).

* Shannon-type by construction: a random non-negative combination of elemental forms (and of a
  hypothesis) is proved, and the proof's claim holds, decided exactly by the rechecker's own
  code, at seeded rational laws.
* Random linear forms in the H and I terms of three variables: a proved one holds at every
  seeded law where its hypotheses hold (exact), a seeded law where it fails forbids a proof,
  and a refutation's witness is replayed, its counterexample shown is the witness and its
  observed values are those recheck computes again.
"""

from fractions import Fraction as F

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from dpproofs.deadline import Deadline
from dpproofs.entropic import H, I, for_all_joint_distributions, random_variables
from dpproofs.entropic.shannon import elementals
from dpproofs.entropic.terms import Linear, Relation
from dpproofs.recheck.displayed import matches_witness
from dpproofs.recheck.entropic import observed, replay_certificate, replay_witness, truth_at
from dpproofs.recheck.pieces import Outcome, Piece
from dpproofs.soundness.entropic import laws
from dpproofs.verdict import Status

X, Y, Z = random_variables("X Y Z")
NAMES = ["X", "Y", "Z"]
ELEMENTAL = elementals(NAMES)
#: Every H and I term of the three variables (conditional ones included).
GROUPS = [(X,), (Y,), (Z,), (X, Y), (X, Z), (Y, Z), (X, Y, Z)]
TERMS = [H(a) for a in GROUPS] + [
    I(a, b, given=c)
    for a in [(X,), (Y,), (X, Y)]
    for b in [(Z,), (Y,)]
    for c in [(), (Z,), (Y,)]
    if not set(a) & set(b) and not set(c) & (set(a) | set(b))
]
LAWS = list(laws(NAMES, "brute"))


def combination(coefficients, forms):
    total = Linear()
    for k, form in zip(coefficients, forms, strict=True):
        if k:
            total = total + k * form
    return total


def outcomes(claim):
    """truth_at at every seeded law: True, False or None (a hypothesis fails there)."""
    return [truth_at(claim, NAMES, masses, {}) for masses in LAWS]


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.integers(0, 3), min_size=len(ELEMENTAL), max_size=len(ELEMENTAL)),
    st.integers(0, 2),
    st.integers(0, 2),
)
def test_shannon_type_by_construction_is_proved_and_holds(lambdas, mu, slack):
    # f = sum lambda_e e + mu (I(X;Z) - 0) + slack under I(X;Z) <= 0 ... read as f >= 0 with
    # the hypothesis I(X; Z) = 0 (independence): a certificate exists by construction.
    hypothesis = Relation(I(X, Z), Linear(), "==")
    f = combination(lambdas, [e.form() for e in ELEMENTAL]) + mu * I(X, Z) + slack
    claim = for_all_joint_distributions(Relation(Linear(), f, "<="), [hypothesis])
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.PROVED, verdict.reason
    assert False not in outcomes(claim)
    (certificate,) = verdict.evidence
    piece = Piece("f.py", "t", "proved", (), certificate.as_dict())
    assert replay_certificate(piece, claim, certificate).outcome is Outcome.CONFIRMED


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(-2, 2), min_size=len(TERMS), max_size=len(TERMS)))
@example([-1] + [0] * (len(TERMS) - 1))  # -H(X) >= 0: refuted (X a fair bit)
def test_random_forms_agree_with_exact_evaluation(coefficients):
    f = combination(coefficients, TERMS)
    assume(f.coords)  # 0 >= 0 mentions no variable (an InvalidClaim)
    claim = for_all_joint_distributions(Relation(Linear(), f, "<="))
    verdict = claim.decide(Deadline(60))
    seen = outcomes(claim)
    if verdict.status is Status.PROVED:
        assert False not in seen
    if False in seen:
        assert verdict.status is not Status.PROVED
    if verdict.status is Status.REFUTED:
        (witness,) = verdict.evidence
        piece = Piece("f.py", "t", "refuted", (), witness.as_dict())
        assert replay_witness(piece, claim, dict(witness.values)).outcome is Outcome.CONFIRMED
        # What the refutation shows is what recheck computes again with its own code: the law
        # (compared field by field by kind) and each side of the target, valued exactly.
        shown = verdict.counterexample
        assert shown is not None
        assert (
            matches_witness(dict(shown.assignment), dict(witness.values), claim, None, "entropic")
            == ""
        )
        assert dict(shown.observed) == observed(claim, dict(witness.values))


def test_the_brute_force_can_fail():
    # The generator's laws include one where I(X;Y) > 1/10 (so the brute force has teeth):
    # I(X; Y) <= 1/10 is false at some seeded law.
    claim = for_all_joint_distributions(I(X, Y) <= F(1, 10))
    assert False in outcomes(claim)
