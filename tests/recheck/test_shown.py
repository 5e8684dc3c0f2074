"""The values a counterexample displays, recomputed by the rechecker (dpproofs.recheck.shown).

On honest verdicts of generated false claims the recomputed observed values and replay source
agree with the decider's (else ``dpproofs recheck`` would fail honest reports); any edit of one
value or of the replay is found (the tamper suite does this on real reports).
"""

from __future__ import annotations

import re
from fractions import Fraction

import sympy
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dpproofs import FiniteMechanism, is_dp, pure_epsilon_is, total_variation_at_most
from dpproofs.deadline import Deadline
from dpproofs.recheck import shown
from dpproofs.recheck.pieces import Outcome
from dpproofs.symbolic import holds

TEMPLATES = (
    "{a}*x + {b} >= {c}*x**2",
    "exp(x) <= 1 + {a}*x",
    "log(x + 1) >= x/{a} - {b}",
    "x**2 + {b} > {a}*x or x < -{c}",
    "sqrt(x) <= {a} + x/{c}",
)


@settings(max_examples=15, deadline=None)
@example(template="exp(x) <= 1 + {a}*x", a=1, b=0, c=1)  # false at x = 1: e > 2
@example(template="{a}*x + {b} >= {c}*x**2", a=1, b=0, c=1)  # false at x = 2: 2 < 4
@given(
    template=st.sampled_from(TEMPLATES),
    a=st.integers(1, 9),
    b=st.integers(0, 9),
    c=st.integers(1, 9),
)
def test_a_scalar_refutation_displays_what_the_rechecker_recomputes(template, a, b, c):
    claim = holds(template.format(a=a, b=b, c=c), where={"x": "(0, oo)"})
    verdict = claim.decide(Deadline(10))
    if verdict.counterexample is None:
        return  # a true claim, or undecided: nothing displayed
    cx = verdict.counterexample
    values = dict(cx.assignment)
    assert shown.scalar_shown(claim.problem, values, dict(cx.observed), cx.replay) is None
    # One observed value moved (its first digit up by one, or a "1" appended): found.
    name, value = cx.observed[0]
    moved = re.sub(r"\d", lambda m: str((int(m.group()) + 1) % 10), value, count=1)
    edited = {**dict(cx.observed), name: moved if moved != value else value + "1"}
    mismatch = shown.scalar_shown(claim.problem, values, edited, cx.replay)
    assert mismatch is not None and mismatch[0] is Outcome.FAILED


def _mechanism(numerators: list[int]) -> FiniteMechanism:
    """Two inputs, two outputs, rows (n/10, 1 - n/10)."""
    rows = [[f"{n}/10", f"{10 - n}/10"] for n in numerators]
    return FiniteMechanism.from_rows(rows)


@settings(max_examples=15, deadline=None)
@example(numerators=[9, 1], kind="dp", bound=0)  # 9/10 > 1/10 + 1/100 at S = {0}
@example(numerators=[9, 1], kind="pure", bound=0)  # 9/10 > e^0 1/10 at y = 0
@example(numerators=[9, 1], kind="tv", bound=0)  # 9/10 - 1/10 > 0
@given(
    numerators=st.lists(st.integers(1, 9), min_size=2, max_size=2),
    kind=st.sampled_from(["dp", "tv", "pure"]),
    bound=st.integers(0, 20),
)
def test_a_mechanism_refutation_displays_what_the_rechecker_recomputes(numerators, kind, bound):
    mechanism = _mechanism(numerators)
    if kind == "dp":
        claim = is_dp(mechanism, f"{bound}/10", "1/100")
    elif kind == "tv":
        claim = total_variation_at_most(mechanism, f"{bound}/40")
    else:
        claim = pure_epsilon_is(mechanism, f"{bound}/10")
    verdict = claim.decide(Deadline(10))
    if verdict.counterexample is None or not verdict.counterexample.assignment:
        return
    cx = verdict.counterexample
    measured = verdict.evidence[0].measured
    observed = dict(cx.observed)
    assignment = dict(cx.assignment)
    assert shown.mechanism_shown(claim, assignment, measured, observed, cx.replay) is None
    edited = cx.replay.replace("lhs - rhs", "rhs - lhs")
    assert shown.mechanism_shown(claim, assignment, measured, observed, edited) is not None


def test_a_float_shown_beside_an_irrational_value_is_checked_to_1e_14():
    # e = 2.718281828459045235...: 15 significant digits are within 1e-14; 2.71828 is not.
    e = sympy.E
    assert shown._same_display("E ~= 2.71828182845905", e)
    assert not shown._same_display("E ~= 2.71828", e)
    assert not shown._same_display("E ~= 2.71828182845905", sympy.pi)
    assert not shown._same_display("2*E ~= 5.43656365691809", e)
    assert shown._same_display("3/4", sympy.Rational(3, 4))
    assert not shown._same_display("3/4 ~= 0.75", sympy.Rational(3, 4))
    assert Fraction("2.71828182845905") != 0
