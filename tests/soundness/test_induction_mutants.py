"""Mutants of an induction claim (dpproofs/soundness/induction.py) and their judge."""

import sympy

from dpproofs.deadline import Deadline
from dpproofs.soundness.judge import NO_COUNTEREXAMPLE, UNSOUND, judge
from dpproofs.soundness.mutate import enumerate_mutants
from dpproofs.symbolic.induction import induction, running_sum
from dpproofs.verdict import Status, Verdict

n = sympy.Symbol("n", positive=True)
d = sympy.Symbol("d", real=True)
s = sympy.Symbol("s", nonnegative=True)


def _sensitivity():
    # sum_{j=1..n} |d_j| <= n s when every |d_j| <= s (cummings.kdim_sensitivity's shape).
    total = running_sum("L", sympy.Abs(d))
    claim = total.symbol <= n * s
    return induction(
        n,
        1,
        claim,
        claim,
        [total],
        each={d: "(-oo, oo)"},
        each_assuming=[sympy.Abs(d) <= s],
        where={s: "[0, oo)"},
    )


def test_every_edit_is_listed_and_none_of_the_false_ones_is_proved():
    mutants = enumerate_mutants(_sensitivity(), "t").mutants
    assert [m.id for m in mutants] == [
        "t/claim rhs-1/2",
        "t/invariant rhs-1/2",
        "t/start-1",
        "t/drop each",
        "t/term*2 L",
    ]
    statuses = {m.id: m.build().decide(Deadline(60)).status for m in mutants}
    # L <= n s - 1/2 fails at s = 0 (L = 0); the invariant's base fails there too; without
    # |d| <= s, d = s + 1 breaks the claim; 2 |d| <= s breaks it at |d| = s > 0. The start
    # n0 = 0 keeps a true claim (the empty sum 0 <= 0).
    assert statuses == {
        "t/claim rhs-1/2": Status.UNKNOWN,
        "t/invariant rhs-1/2": Status.UNKNOWN,
        "t/start-1": Status.PROVED,
        "t/drop each": Status.UNKNOWN,
        "t/term*2 L": Status.UNKNOWN,
    }


def test_the_judge_calls_a_proved_false_claim_unsound():
    total = running_sum("L", sympy.Abs(d))
    false = induction(
        n,
        1,
        total.symbol <= n * s - 1,
        total.symbol <= n * s - 1,
        [total],
        each={d: "(-oo, oo)"},
        each_assuming=[sympy.Abs(d) <= s],
        where={s: "[0, oo)"},
    )
    # Reported proved (as a wrong decider would): at s = 0 and n = 1, L = 0 <= -1 is false, which
    # the brute force finds.
    assert judge(false, Verdict.proved("x"), "k", 10).finding == UNSOUND
    assert judge(_sensitivity(), Verdict.proved("x"), "k", 10).finding == NO_COUNTEREXAMPLE
