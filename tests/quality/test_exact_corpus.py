"""Soundness corpus for exact claims about concrete mechanisms.

Each false claim is a mutation of a true one (a constant tightened, a bound lowered, a mechanism
perturbed). Every false claim must come back REFUTED (never PROVED); every true original PROVED.
"""

import itertools

import pytest
import sympy

from dpproofs import (
    FiniteMechanism,
    is_dp,
    pure_epsilon_at_most,
    pure_epsilon_is,
    total_variation_at_most,
)
from dpproofs.claim import Deadline, timed_decide
from dpproofs.verdict import Status

R = sympy.Rational
RR = FiniteMechanism.from_rows([["3/4", "1/4"], ["1/4", "3/4"]], name="RR")
RR3 = FiniteMechanism.from_rows(
    [
        ["exp(1)/(exp(1)+2)", "1/(exp(1)+2)", "1/(exp(1)+2)"],
        ["1/(exp(1)+2)", "exp(1)/(exp(1)+2)", "1/(exp(1)+2)"],
        ["1/(exp(1)+2)", "1/(exp(1)+2)", "exp(1)/(exp(1)+2)"],
    ],
    name="3-ary RR at eps = 1",
)
COMPOSED = FiniteMechanism.from_rows(
    [
        [R(3, 4) ** a * R(1, 4) ** (3 - a) for a in (3, 2, 2, 2, 1, 1, 1, 0)],
        [R(1, 4) ** a * R(3, 4) ** (3 - a) for a in (3, 2, 2, 2, 1, 1, 1, 0)],
    ],
    name="RR composed 3 times",
)
PERTURBED = FiniteMechanism.from_rows([["751/1000", "249/1000"], ["1/4", "3/4"]], name="RR'")
SKEWED = FiniteMechanism.from_rows([["1/2", "1/2", "0"], ["1/2", "1/4", "1/4"]], name="skewed")

TRUE = [
    pure_epsilon_is(RR, "log(3)"),
    pure_epsilon_at_most(RR, "log(3)"),
    is_dp(RR, "1", "(3 - exp(1))/4"),
    is_dp(RR, "0", "1/2"),
    total_variation_at_most(RR, "1/2"),
    pure_epsilon_is(RR3, "1"),
    pure_epsilon_is(COMPOSED, "3*log(3)"),
    pure_epsilon_is(SKEWED, "oo"),
    is_dp(SKEWED, "log(2)", "1/4"),
]

FALSE = [
    pure_epsilon_is(RR, "log(3) - 1/1000"),
    pure_epsilon_is(RR, "log(3) + 10**-30"),
    pure_epsilon_at_most(RR, "log(3) * 99/100"),
    pure_epsilon_at_most(RR, "1"),
    is_dp(RR, "1", "7/100"),  # delta(1) = (3 - e)/4 = 0.0704...
    is_dp(RR, "1", "(3 - exp(1))/4 - 10**-20"),
    is_dp(RR, "0", "49/100"),
    total_variation_at_most(RR, "1/2 - 1/10**9"),
    pure_epsilon_is(RR3, "99/100"),
    pure_epsilon_at_most(RR3, "1 - 10**-12"),
    pure_epsilon_is(COMPOSED, "3*log(3) - 10**-9"),
    pure_epsilon_at_most(COMPOSED, "2*log(3)"),
    pure_epsilon_at_most(PERTURBED, "log(3)"),  # (3/4)/(249/1000) > 3
    pure_epsilon_is(SKEWED, "log(2)"),
    is_dp(SKEWED, "log(2)", "1/5"),
    is_dp(SKEWED, "100", "1/5"),  # the output with Pr 1/4 vs 0 needs delta >= 1/4 at any eps
]


def decide(claim):
    return timed_decide(claim, Deadline(30))


@pytest.mark.parametrize("claim", TRUE, ids=lambda c: c.describe())
def test_true_originals_are_proved(claim):
    assert decide(claim).status is Status.PROVED


@pytest.mark.parametrize("claim", FALSE, ids=lambda c: c.describe())
def test_false_mutants_are_refuted_never_proved(claim):
    verdict = decide(claim)
    assert verdict.status is Status.REFUTED, verdict
    assert verdict.counterexample is not None and verdict.counterexample.observed
    if verdict.counterexample.replay:  # the witness re-checks without the calculus
        exec(verdict.counterexample.replay, {})


def test_set_witnesses_exist_for_dp_and_statistical_difference_claims():
    for claim in FALSE:
        if " is (" in claim.describe() or "statistical difference" in claim.describe():
            cx = decide(claim).counterexample
            assert cx is not None and dict(cx.assignment).keys() == {"x", "x'", "S"}, cx


def test_corpus_is_large_enough():
    assert len(FALSE) >= 15
    assert len(set(itertools.chain(c.describe() for c in FALSE))) == len(FALSE)
