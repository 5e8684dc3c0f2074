"""The judge: a decider that proves a false mutant, or a refutation whose witness was tampered
with, is caught as UNSOUND; honest verdicts are not."""

from dataclasses import replace

from test_mutate import scalar, search

from dpproofs.claim import Deadline
from dpproofs.evidence import Witness
from dpproofs.soundness import child
from dpproofs.soundness.judge import CONFIRMED, NO_COUNTEREXAMPLE, UNSOUND, judge
from dpproofs.soundness.mutate import enumerate_mutants
from dpproofs.symbolic.claim import ScalarClaim
from dpproofs.verdict import Counterexample, Verdict


def mutant(claim, name):
    return {m.id: m for m in enumerate_mutants(claim, "t").mutants}[f"t/{name}"].build()


def test_a_decider_that_proves_a_false_scalar_mutant_is_caught():
    # exp(x) <= 1 + x is false for every x in (0, 1].
    false = mutant(scalar(), "flip rel 1")
    finding = judge(false, Verdict.proved("a broken decider"), "k", 5.0)
    assert finding.finding == UNSOUND and "false at x = " in finding.detail


def test_a_decider_that_proves_a_false_search_mutant_is_caught():
    # Without its antecedent: (eps, delta)-indistinguishability of ANY two distributions.
    false = mutant(search(), "drop antecedent 1")
    finding = judge(false, Verdict.proved("a broken decider"), "k", 10.0)
    assert finding.finding == UNSOUND and "size = " in finding.detail


def test_a_monkeypatched_decider_is_caught_through_the_child_entry(monkeypatch, tmp_path):
    from pathlib import Path

    file = Path(__file__).with_name("fixture_theorems.py")
    monkeypatch.setattr(ScalarClaim, "decide", lambda self, deadline: Verdict.proved("broken"))
    outcome = child.decide_mutant(str(file), "tiny.below_two", "tiny.below_two/flip rel 1", 5, 5)
    assert isinstance(outcome, child.MutantOutcome)
    assert outcome.judgement.finding == UNSOUND  # x >= 2 is false on [0, 1]


def test_an_honest_refutation_replays_and_a_tampered_one_is_caught():
    false = mutant(scalar(), "flip rel 1")
    verdict = false.decide(Deadline(10))
    assert verdict.status.value == "refuted"
    assert judge(false, verdict, "k", 5.0).finding == CONFIRMED
    # x = 0: exp(0) <= 1 + 0 holds, so this is no counterexample.
    tampered = replace(
        verdict,
        counterexample=Counterexample((("x", "0"),)),
        evidence=(Witness("scalar", (("x", "0"),)),),
    )
    finding = judge(false, tampered, "k", 5.0)
    assert finding.finding == UNSOUND and "holds at the witness" in finding.detail


def test_a_tampered_search_witness_is_caught():
    false = mutant(search(), "drop antecedent 1")
    honest = Witness("search", (("p", "[1, 0]"), ("q", "[0, 1]"), ("eps", "0"), ("delta", "0")), 2)
    verdict = Verdict.refuted("m", Counterexample(honest.values), evidence=(honest,))
    assert judge(false, verdict, "k", 5.0).finding == CONFIRMED
    same = Witness("search", (("p", "[1, 0]"), ("q", "[1, 0]"), ("eps", "0"), ("delta", "0")), 2)
    tampered = replace(verdict, evidence=(same,))
    assert judge(false, tampered, "k", 5.0).finding == UNSOUND


def test_a_true_mutant_proved_is_no_finding():
    # exp(x) >= 999/1000 + x: the constant 1 scaled down, still true on [0, 1].
    true = mutant(scalar(), "const 1 x0.999")
    finding = judge(true, Verdict.proved("honest"), "k", 5.0)
    assert finding.finding == NO_COUNTEREXAMPLE and finding.points > 20


def test_a_comparison_balls_cannot_decide_is_decided_exactly(monkeypatch):
    # With eps = 1, E = e is a ball for the rechecker's algebra, so E q_0 - E q_0 is a ball
    # around 0 (not exactly 0) and its positive part is undecided wherever q_0 > 0; exact
    # evaluation (sympy: e q_0 - e q_0 = 0) decides every point.
    from fractions import Fraction

    from dpproofs.search.forall import for_all_distributions
    from dpproofs.soundness import sample

    claim = for_all_distributions(outcomes=[2], eps=Fraction(1)).claim(
        lambda alg, p, q, E: alg.le(alg.pos(E * q[0] - E * q[0]), alg.const(0)), says="0 <= 0"
    )
    found = sample.sample_search(claim, [2], "k", 20.0, per_size=10)
    assert found.counterexample is None
    assert (found.points, found.skipped) == (10, 0)
    monkeypatch.setattr(sample, "_exactly", lambda *args: None)
    assert sample.sample_search(claim, [2], "k", 20.0, per_size=10).skipped > 0


def test_search_points_outside_the_hypothesis_are_counted_apart():
    # delta >= 1 => (eps, delta)-indistinguishable, with delta in [0, 2] (true: each side's
    # sum_y (p - e^eps q)^+ is at most sum_y p = 1). The sampled deltas below 1 make the
    # implication vacuously true: they are counted outside, not as tried.
    from fractions import Fraction as F

    from dpproofs.algebra import implies
    from dpproofs.search.forall import Interval, for_all_distributions
    from dpproofs.soundness.sample import sample_search
    from dpproofs.vocabulary import indistinguishable

    quantifier = for_all_distributions(outcomes=[2], eps=Interval(0, 1), delta=Interval(0, 2))
    claim = quantifier.claim(
        lambda alg, p, q, E, delta: implies(
            alg, alg.le(alg.const(F(1)), delta), indistinguishable(alg, p, q, E, delta)
        ),
        says="delta >= 1 => indistinguishable",
    )
    found = sample_search(claim, [2], "k", 20.0, per_size=40)
    assert found.counterexample is None
    assert found.outside > 0 and found.points > 0
    assert found.points + found.outside + found.skipped == 40
