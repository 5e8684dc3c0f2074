"""Verdict records: ordering, evidence rules, conjunction."""

import pytest

from dpproofs.verdict import Counterexample, Status, Verdict, conjunction


def test_status_order_is_by_support():
    assert Status.ERROR < Status.REFUTED < Status.UNKNOWN < Status.VERIFIED_BOUNDED < Status.PROVED
    assert Status.parse("verified-bounded") is Status.VERIFIED_BOUNDED
    assert Status.parse("PROVED") is Status.PROVED
    with pytest.raises(ValueError, match="unknown status"):
        Status.parse("true")


def test_evidence_is_required():
    with pytest.raises(ValueError, match="counterexample"):
        Verdict(Status.REFUTED, "m")
    with pytest.raises(ValueError, match="covered"):
        Verdict(Status.VERIFIED_BOUNDED, "m")
    with pytest.raises(ValueError, match="reason"):
        Verdict(Status.UNKNOWN, "m")


def test_conjunction_takes_the_weakest_part():
    proved = Verdict.proved("a")
    bounded = Verdict.verified_bounded("b", "k <= 4")
    cx = Counterexample.of({"eps": "1/2"})
    assert conjunction([proved, proved]).status is Status.PROVED
    both = conjunction([proved, bounded, Verdict.verified_bounded("c", "n <= 2")])
    # Member by member: the proved part says what it proved (its reason, else its method).
    assert both.status is Status.VERIFIED_BOUNDED and both.coverage == "proved: a; k <= 4; n <= 2"
    general = Verdict.proved("a", reason="for all n")
    assert conjunction([general, proved]).reason == "for all n"
    refuted = conjunction([bounded, Verdict.refuted("d", cx), Verdict.unknown("e", "timeout")])
    assert refuted.status is Status.REFUTED and refuted.counterexample == cx


def test_counterexample_serialises_exact_strings():
    cx = Counterexample.of({"p": "[1/2, 1/2]"}, {"lhs": "3/4"}, replay="assert True")
    assert cx.as_dict() == {
        "assignment": {"p": "[1/2, 1/2]"},
        "observed": {"lhs": "3/4"},
        "replay": "assert True",
    }
    assert str(cx) == "p = [1/2, 1/2]  (lhs = 3/4)"


def test_a_proved_part_without_evidence_is_listed_for_the_rechecker():
    # A conjunction of a z3 proof (with its facts) and a sympy rewriting (no evidence): the
    # rewriting's part is a `none` record at its path, so `dpproofs recheck` proves it again
    # (before: it was left out, and the verdict read "no evidence for part 1").
    from dpproofs.evidence import SolverFacts
    from dpproofs.verdict import evidence_tree

    z3 = Verdict(Status.PROVED, "z3", evidence=(SolverFacts(0, ()),))
    rewriting = Verdict.proved("sympy rewriting")
    records = evidence_tree(conjunction([z3, rewriting]))
    assert [(r["kind"], r["part"], r["status"]) for r in records] == [
        ("z3-facts", [0], "proved"),
        ("none", [1], "proved"),
    ]
    assert records[1]["method"] == "sympy rewriting"
    # The verdict itself without evidence stays as it was: the reader makes its `none` piece.
    assert evidence_tree(rewriting) == []
    # An unknown part records nothing (nothing to prove again).
    unknown = Verdict(Status.UNKNOWN, "x", reason="r")
    assert evidence_tree(conjunction([z3, unknown])) == [records[0]]
