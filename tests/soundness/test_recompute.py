"""The judge split along a concept boundary (soundness/judge.py was at the 450-line limit):
judgement.py holds the findings and the shared pieces, recompute.py the routes that recompute
concrete values (an exact fact's comparisons with Arb balls, a quantity with Fractions), and
judge.py dispatches to them. The judge's findings are the same objects through every module, and
an exact fact's mutants are judged by recomputation through judge() as before."""

import ast
from pathlib import Path

import sympy

from dpproofs.claim import exact_fact
from dpproofs.deadline import Deadline
from dpproofs.soundness import judge as judge_module
from dpproofs.soundness import judgement, recompute
from dpproofs.soundness.concrete import MutatedFact
from dpproofs.soundness.judge import CONFIRMED, NO_COUNTEREXAMPLE, UNSOUND, judge
from dpproofs.verdict import Counterexample, Status, Verdict

ROOT = Path(__file__).resolve().parents[2]


def test_the_findings_are_one_set_of_objects():
    for name in ("CONFIRMED", "UNSOUND", "NO_COUNTEREXAMPLE", "NOT_REPLAYED", "NOTHING"):
        assert getattr(judge_module, name) is getattr(judgement, name)
    assert judge_module.Judgement is judgement.Judgement is recompute.Judgement


def test_the_findings_module_imports_no_route_and_the_routes_not_the_dispatcher():
    """judgement <- recompute <- judge, never back (no import circle, imports in functions too)."""

    def imported(name):
        tree = ast.parse((ROOT / "dpproofs" / "soundness" / f"{name}.py").read_text())
        return {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}

    assert imported("judgement") <= {
        "__future__",
        "dataclasses",
        "typing",
        "dpproofs.verdict",
        "dpproofs.recheck.pieces",
        "dpproofs.evidence",
    }
    assert "dpproofs.soundness.judge" not in imported("recompute")
    assert {"dpproofs.soundness.judgement", "dpproofs.soundness.recompute"} <= imported("judge")
    lines = len((ROOT / "dpproofs" / "soundness" / "judge.py").read_text().splitlines())
    assert lines <= 400, "judge.py has room again for new routes"


def _third(facts):
    """1/3 <= 1/2 and 2/6 = 1/3: both true, decided exactly."""
    facts.at_most("1/3 <= 1/2", sympy.Rational(1, 3), sympy.Rational(1, 2))
    facts.equal("2/6 = 1/3", sympy.Rational(2, 6), sympy.Rational(1, 3))


FACT = exact_fact("thirds", _third)


def test_an_honest_verdict_of_a_mutated_fact_is_recomputed_without_finding():
    # Mutant 1 flips 1/3 <= 1/2 (to >): false, honestly refuted, and the refutation replays.
    flipped = MutatedFact(FACT, 1, "flip")
    verdict = flipped.decide(Deadline(30))
    assert verdict.status is Status.REFUTED
    assert judge(flipped, verdict, "k", 10.0).finding == CONFIRMED
    # The fact itself is true: an (honest) proof of the unmutated comparisons has no finding.
    kept = MutatedFact(FACT, 0, "flip")  # index 0 mutates nothing (indices start at 1)
    proved = kept.decide(Deadline(30))
    assert proved.status is Status.PROVED
    judged = judge(kept, proved, "k", 10.0)
    assert (judged.finding, judged.points) == (NO_COUNTEREXAMPLE, 2)


def test_a_lying_verdict_of_a_mutated_fact_is_unsound():
    flipped = MutatedFact(FACT, 1, "flip")
    lie = Verdict.proved("a lying decider")
    assert judge(flipped, lie, "k", 10.0).finding == UNSOUND
    true = MutatedFact(FACT, 0, "flip")
    refuted = Verdict.refuted("a lying decider", Counterexample.of({}, {}))
    assert judge(true, refuted, "k", 10.0).finding == UNSOUND
