"""What recheck adds for a piece whose claim was decided by a reduction rule (recheck/rules.py):
an additive claim's conclusion against brute force (a confirmed piece of a false claim fails),
and the neighbour-pair / group reduction named as a proof that is not replayed."""

from fractions import Fraction as F

from dpproofs.finite.additive import Reading, additive_sensitivity, values
from dpproofs.recheck.pieces import Outcome, Piece, confirmed
from dpproofs.recheck.rules import with_rule
from dpproofs.search.pairs import for_all_groups


def _piece(status):
    return Piece("f.py", "t", status, (), {"kind": "exact-facts"})


def test_a_confirmed_additive_piece_of_a_false_claim_fails():
    # Delta of #{x_i = 1} under change is 1 at every n: "<= 1/2" is false (x = (1), y = (0)).
    # The facts' replay runs the rule's own check; brute force does not, and catches it.
    claim = additive_sensitivity("s", values(0, 1), Reading.CHANGE, F(1, 2))
    finding = with_rule(confirmed(_piece("proved"), "3 comparisons"), claim)
    assert finding.outcome is Outcome.FAILED
    assert "n = 1: max Delta = 1, bound 1/2 (fails)" in finding.why


def test_a_true_additive_piece_says_what_was_and_was_not_replayed():
    claim = additive_sensitivity("s", values(0, 1), Reading.CHANGE, 1)
    finding = with_rule(confirmed(_piece("proved"), "3 comparisons"), claim)
    assert finding.outcome is Outcome.CONFIRMED
    assert finding.why.startswith("3 comparisons; brute force holds at 6 points")
    assert finding.why.endswith("is a proof, not replayed")


def test_a_refuted_additive_piece_needs_a_failing_point():
    claim = additive_sensitivity("s", values(0, 1), Reading.CHANGE, 1)
    assert with_rule(confirmed(_piece("refuted")), claim).outcome is Outcome.FAILED


def test_a_group_piece_names_the_reduction_as_not_replayed():
    claim = for_all_groups(
        ("M",), 2, (2,), lambda alg, rows: alg.all([]), lambda alg, rows: alg.all([]), says="g"
    )
    finding = with_rule(confirmed(_piece("proved"), "unsat"), claim)
    assert finding.outcome is Outcome.CONFIRMED
    assert "every D^n with n >= 1 and |D| = 2 is the group reduction" in finding.why
    assert "not replayed" in finding.why


def test_a_semantic_restriction_piece_names_its_rule_and_precondition():
    from dpproofs.search.semantic_restriction import SemanticTerms, semantic_to_dp_every_n

    claim = semantic_to_dp_every_n(
        lambda alg, E: SemanticTerms(c=alg.div(E - 1, alg.const(2)), ratio=E * E),
        (2,),
        says="s",
        eps=F(1, 2),
    )
    finding = with_rule(confirmed(_piece("proved"), "unsat"), claim)
    assert finding.outcome is Outcome.CONFIRMED
    assert "every D^n with n >= 1 and |D| = 2 is the semantic-restriction rule" in finding.why
    assert "semantic privacy at beliefs placed on one group => DP" in finding.why
    assert "not replayed" in finding.why


def test_a_lifted_semantic_restriction_certificate_starts_with_its_rule_line():
    # ks.footnote4_corrected is a semantic-restriction claim lifted at top level: its proved
    # certificate opens with the rule's line, which recheck checks against the claim as the
    # theorem builds it and takes off; an edited first line fails (make recheck failed on the
    # unedited report before this was handled).
    import pytest

    from dpproofs.recheck.certificates import without_family_line
    from dpproofs.recheck.claims import reduced_claim

    file = "theorems/kasiviswanathan_smith/ks_semantic.py"
    claim = reduced_claim(file, "ks.footnote4_corrected", ())
    line = f"{claim.family}: {claim.reduction}"
    piece = Piece(
        file,
        "ks.footnote4_corrected",
        "proved",
        (),
        {"kind": "small-model"},
        certificate=(line, "small-model theorem: m = 2 rows, N* = 3"),
    )
    assert without_family_line(piece).certificate == ("small-model theorem: m = 2 rows, N* = 3",)
    edited = Piece(
        file,
        "ks.footnote4_corrected",
        "proved",
        (),
        {"kind": "small-model"},
        certificate=(line.replace("|D| = 2", "|D| >= 2"), piece.certificate[1]),
    )
    with pytest.raises(ValueError, match="not the rule's"):
        without_family_line(edited)
