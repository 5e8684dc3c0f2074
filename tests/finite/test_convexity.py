"""The convexity rule CV-TV (docs/design/convexity.md) against exact evaluation.

Channels with 2..5 inputs and 2..5 outputs and priors are generated with rational entries; TV,
the output marginal, the joint law and the product law are computed here with Fractions (no
vocabulary, no rule code). A claim the rule proves must hold at every generated instance at every
delta the hypothesis admits; the library's claims are proved, tightened bounds and a domain
below 0 are not, and their mutants are the ones ``make soundness`` judges.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.finite.convexity import MixtureForm, mixture_tv_claim
from dpproofs.recheck.convexity import agrees
from dpproofs.soundness.judge import judge
from dpproofs.soundness.mutate import enumerate_mutants
from dpproofs.verdict import Status

DELTA = sympy.Symbol("delta", real=True)


def _tv(p, q):
    return sum(abs(a - b) for a, b in zip(p, q, strict=True)) / 2


@st.composite
def laws(draw, size):
    weights = draw(st.lists(st.integers(0, 6), min_size=size, max_size=size))
    if not any(weights):
        weights[draw(st.integers(0, size - 1))] = 1
    return tuple(Fraction(w, sum(weights)) for w in weights)


@st.composite
def instances(draw):
    """(rows W, prior pi): 2..5 inputs, 2..5 outputs."""
    k, n = draw(st.integers(2, 5)), draw(st.integers(2, 5))
    rows = tuple(draw(laws(n)) for _ in range(k))
    return rows, draw(laws(k))


def _values(rows, prior):
    """(max_x TV(W_x, P_Y), TV(P_XY, P_X P_Y), sum_x pi_x TV(W_x, P_Y), largest pairwise TV)."""
    k, n = len(rows), len(rows[0])
    marginal = [sum(prior[x] * rows[x][y] for x in range(k)) for y in range(n)]
    to_marginal = [_tv(row, marginal) for row in rows]
    joint = [prior[x] * rows[x][y] for x in range(k) for y in range(n)]
    product = [prior[x] * marginal[y] for x in range(k) for y in range(n)]
    weighted = sum(p * t for p, t in zip(prior, to_marginal, strict=True))
    tightest = max(_tv(a, b) for a, b in itertools.permutations(rows, 2))
    return max(to_marginal), _tv(joint, product), weighted, tightest


@settings(max_examples=200, deadline=None)
@given(instances())
def test_the_proved_claims_hold_on_generated_channels(instance):
    # Both library claims (bound = delta on [0, 1]) are proved; at delta = the largest pairwise
    # TV (the least delta the hypothesis admits, always in [0, 1]) each conclusion holds, and
    # (108) is an identity.
    rows, prior = instance
    worst_row, joint, weighted, tightest = _values(rows, prior)
    assert joint == weighted
    assert worst_row <= tightest
    assert joint <= tightest


@pytest.mark.parametrize("form", list(MixtureForm))
def test_the_library_claims_are_proved_with_their_obligations(form):
    claim = mixture_tv_claim(form, DELTA, DELTA, {DELTA: "[0, 1]"})
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.PROVED
    # convexity, (homogeneity for JOINT), delta >= 0, bound >= delta
    assert len(verdict.parts) == (4 if form is MixtureForm.JOINT else 3)
    assert agrees(claim, "proved")[0]


@settings(max_examples=12, deadline=None)
@given(
    form=st.sampled_from(list(MixtureForm)),
    slope=st.fractions(0, 2, max_denominator=4),
    offset=st.fractions(-1, 1, max_denominator=4),
    instance=instances(),
)
def test_a_generated_bound_proved_holds_by_brute_force(form, slope, offset, instance):
    # c = slope delta + offset on [0, 1]: the rule proves exactly the c >= delta there
    # (slope + offset >= 1 and offset >= 0); a proved one holds at the generated channel and at
    # the recheck's instances; the others are not proved.
    bound = sympy.Rational(slope.numerator, slope.denominator) * DELTA + sympy.Rational(
        offset.numerator, offset.denominator
    )
    claim = mixture_tv_claim(form, DELTA, bound, {DELTA: "[0, 1]"})
    status = claim.decide(Deadline(60)).status
    assert (status is Status.PROVED) == (offset >= 0 and slope + offset >= 1)
    if status is Status.PROVED:
        assert agrees(claim, "proved")[0]
        worst_row, joint, _, tightest = _values(*instance)
        worst = joint if form is MixtureForm.JOINT else worst_row
        assert worst <= slope * tightest + offset
    else:
        assert status is Status.UNKNOWN  # the rule never refutes


def test_tightened_and_widened_claims_are_not_proved_and_brute_force_says_why():
    rows = mixture_tv_claim(
        MixtureForm.ROWS, DELTA, DELTA * sympy.Rational(9, 10), {DELTA: "[0, 1]"}
    )
    assert rows.decide(Deadline(60)).status is Status.UNKNOWN
    # k = 2 with the prior on the other row: TV(W_0, P_Y) = TV(W_0, W_1) = delta > 9 delta/10.
    assert not agrees(rows, "proved")[0]
    # JOINT's worst case at k inputs is (1 - 1/k) delta: 1/2 is false from k = 3 on.
    joint = mixture_tv_claim(MixtureForm.JOINT, DELTA, DELTA / 2, {DELTA: "[0, 1]"})
    assert joint.decide(Deadline(60)).status is Status.UNKNOWN
    assert not agrees(joint, "proved")[0]
    # delta in [-1, 1]: one input, TV(W_0, P_Y) = 0 > delta < 0.
    below = mixture_tv_claim(MixtureForm.ROWS, DELTA, DELTA, {DELTA: "[-1, 1]"})
    assert below.decide(Deadline(60)).status is Status.UNKNOWN
    ok, said = agrees(below, "proved")
    assert not ok and "delta = -1" in said


def test_the_mutants_are_not_proved_and_the_judge_finds_no_unsound_verdict():
    claim = mixture_tv_claim(MixtureForm.ROWS, DELTA, DELTA, {DELTA: "[0, 1]"})
    mutants = enumerate_mutants(claim, "t").mutants
    assert [m.id for m in mutants] == ["t/bound*9/10", "t/bound*1/2", "t/delta>=-1"]
    for mutant in mutants:
        built = mutant.build()
        verdict = built.decide(Deadline(60))
        assert verdict.status is not Status.PROVED, mutant.id
        assert not judge(built, verdict, mutant.id, 10).unsound


@pytest.mark.parametrize("assumption", ["positive", "nonnegative"])
def test_a_symbol_s_assumptions_do_not_narrow_its_domain(assumption):
    # delta declared positive with the domain [-1, 1]: the claim speaks of delta = -1 too (one
    # input: TV(W_0, P_Y) = 0 > -1), so "delta >= 0" must not be proved from the symbol's
    # assumption (it was, before: PROVED).
    delta = sympy.Symbol("delta", **{assumption: True})
    claim = mixture_tv_claim(MixtureForm.ROWS, delta, delta, {delta: "[-1, 1]"})
    assert claim.decide(Deadline(60)).status is Status.UNKNOWN
    assert claim.delta.is_positive is None


@pytest.mark.parametrize(
    ("bound", "where", "says"),
    [
        (DELTA + sympy.Symbol("x"), {DELTA: "[0, 1]"}, "may depend on delta only"),
        (DELTA, {sympy.Symbol("x"): "[0, 1]"}, "the domain of delta"),
    ],
)
def test_claims_outside_the_rule_are_refused(bound, where, says):
    with pytest.raises(InvalidClaim, match=says):
        mixture_tv_claim(MixtureForm.ROWS, DELTA, bound, where)
