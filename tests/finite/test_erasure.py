"""The K-ary erasure channel rule (docs/design/erasure.md) against the exact calculus of finite
mechanisms at K = 2..5, and its verdicts."""

import dataclasses
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs import FiniteMechanism
from dpproofs.algebra import EXACT
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.finite.capacity import capacity_bounds
from dpproofs.finite.erasure import (
    ErasedFunction,
    ErasureValue,
    erasure_channel,
    erasure_value_is,
)
from dpproofs.finite.information import mechanism_sections, mi_dp_bounds, mutual_information
from dpproofs.recheck.erasure import agrees
from dpproofs.recheck.pieces import Outcome, Piece, confirmed
from dpproofs.recheck.rules import with_parent
from dpproofs.soundness.mutate import enumerate_mutants
from dpproofs.verdict import Status
from dpproofs.vocabulary import statistical_difference

K = sympy.Symbol("K", positive=True)
delta = sympy.Symbol("delta", nonnegative=True)
CHANNEL = erasure_channel(K, delta, {delta: "[0, 1]"}, "K-ary erasure")
KEEPS = st.fractions(min_value=0, max_value=1, max_denominator=20)
SIZES = st.integers(min_value=2, max_value=5)


def _equal(a: sympy.Expr, b: sympy.Expr) -> bool:
    """a = b for closed forms in logs of rationals: the difference below 10^-50 at 70 digits."""
    return abs(sympy.N(a - b, 70)) < sympy.Float("1e-50")


@settings(max_examples=25, deadline=None)
@given(size=SIZES, keep=KEEPS)
def test_every_two_rows_are_at_total_variation_keep(size, keep):
    d = sympy.Rational(keep.numerator, keep.denominator)
    rows = CHANNEL.at(size, {delta: d})
    for i in range(size):
        for j in range(size):
            if i != j:
                assert statistical_difference(EXACT, rows[i], rows[j]) == d


@settings(max_examples=25, deadline=None)
@given(
    size=SIZES,
    keep=KEEPS,
    weights=st.lists(st.integers(min_value=0, max_value=6), min_size=5, max_size=5),
)
def test_the_information_is_keep_times_the_input_entropy(size, keep, weights):
    # (b): I(p; W) = d H(p) for every input law p (zero weights included: 0 ln 0 = 0).
    w = weights[:size]
    if sum(w) == 0:
        w = [1] * size
    p = [sympy.Rational(x, sum(w)) for x in w]
    d = sympy.Rational(keep.numerator, keep.denominator)
    entropy = -sympy.Add(*(x * sympy.log(x) for x in p if x != 0))
    assert _equal(mutual_information(p, CHANNEL.at(size, {delta: d})), d * entropy)


@pytest.mark.parametrize("size", [2, 3, 4, 5])
@pytest.mark.parametrize("keep", [Fraction(0), Fraction(1, 20), Fraction(1, 2), Fraction(1)])
def test_the_certified_capacity_brackets_keep_ln_k(size, keep):
    d = sympy.Rational(keep.numerator, keep.denominator)
    bounds = capacity_bounds(CHANNEL.at(size, {delta: d}))
    closed = sympy.N(d * sympy.log(size), 40)
    assert bounds.lower <= closed <= bounds.upper
    assert bounds.upper - bounds.lower <= Fraction(1, 10**8)


@pytest.mark.parametrize(
    "value, target",
    [
        (ErasureValue.ROW_DISTANCE, delta),
        (ErasureValue.CAPACITY, delta * sympy.log(K)),
        (ErasureValue.UNIFORM_INFORMATION, delta * sympy.log(K)),
    ],
)
def test_the_source_values_are_proved_for_every_k(value, target):
    claim = erasure_value_is(CHANNEL, value, target)
    assert claim.decide(Deadline(120)).status is Status.PROVED
    assert agrees(claim, "proved")[0]


@pytest.mark.parametrize(
    "value, target",
    [
        (ErasureValue.ROW_DISTANCE, delta / 2),
        # d ln K against d ln(K + 1): equal at no K >= 2 when d > 0.
        (ErasureValue.CAPACITY, delta * sympy.log(K + 1)),
        (ErasureValue.UNIFORM_INFORMATION, delta),
    ],
)
def test_a_wrong_target_is_not_proved_and_brute_force_says_so(value, target):
    claim = erasure_value_is(CHANNEL, value, target)
    assert claim.decide(Deadline(120)).status is Status.UNKNOWN
    assert not agrees(claim, "proved")[0]


def test_a_keep_outside_the_unit_interval_is_not_a_channel():
    # keep = 2 delta reaches 2 at delta = 1: an entry 1 - 2 delta < 0, so not well formed.
    channel = erasure_channel(K, 2 * delta, {delta: "[0, 1]"}, "not a channel")
    verdict = erasure_value_is(channel, ErasureValue.ROW_DISTANCE, 2 * delta).decide(Deadline(60))
    assert verdict.status is Status.UNKNOWN
    assert "well-formedness" in verdict.reason


def test_a_keep_reading_k_is_refused():
    with pytest.raises(InvalidClaim):
        erasure_channel(K, 1 / K, {}, "keep reads K")
    with pytest.raises(InvalidClaim):
        erasure_value_is(CHANNEL, ErasureValue.CAPACITY, sympy.Symbol("t"))
    # A channel made by hand (not through erasure_channel) is checked when the claim is built.
    forged = dataclasses.replace(CHANNEL, keep=delta / K)
    with pytest.raises(InvalidClaim):
        erasure_value_is(forged, ErasureValue.CAPACITY, delta / K * sympy.log(K))


def test_the_mutants_are_listed_and_the_false_ones_are_not_proved():
    claim = erasure_value_is(CHANNEL, ErasureValue.CAPACITY, delta * sympy.log(K))
    mutants = enumerate_mutants(claim, "t").mutants
    assert [m.id for m in mutants] == ["t/target*9/10", "t/target*11/10", "t/keep/2", "t/value"]
    for mutant in mutants:
        built = mutant.build()
        assert built.decide(Deadline(60)).status is not Status.PROVED
        assert not agrees(built, "proved")[0]


def test_recheck_fails_a_confirmed_part_of_a_false_erasure_claim():
    # A forged report: the statement part "confirmed" although the capacity is d ln K, not
    # d ln K / 2. The brute force beside the replay (recheck/rules.py) catches it at K = 2.
    false = erasure_value_is(CHANNEL, ErasureValue.CAPACITY, delta * sympy.log(K) / 2)
    piece = Piece("f.py", "t", "proved", (0, 1), {"kind": "z3-facts"})
    finding = with_parent(confirmed(piece, "proved again"), false)
    assert finding.outcome is Outcome.FAILED
    assert finding.why.startswith("erasure channel rule: at K = 2")
    true = erasure_value_is(CHANNEL, ErasureValue.CAPACITY, delta * sympy.log(K))
    finding = with_parent(confirmed(piece, "proved again"), true)
    assert finding.outcome is Outcome.CONFIRMED
    assert finding.why.endswith("the rule (docs/design/erasure.md) is a proof, not replayed")


a = sympy.Symbol("a", positive=True)
AGREEMENT = erasure_channel(K, a, {a: "(0, 1]"}, "Example 5.1", ErasedFunction.AGREEMENT)


def _mechanism(channel, size, point):
    return FiniteMechanism.from_rows(
        channel.at(size, point), inputs=channel.inputs(size), outputs=channel.outputs(size)
    )


@pytest.mark.parametrize("size", [2, 3, 4])
@pytest.mark.parametrize("keep", [Fraction(1, 10), Fraction(1, 2), Fraction(1)])
def test_the_agreement_channel_against_the_certified_capacities(size, keep):
    # C = a ln(K + 1) (f takes K + 1 values), every section (either entry fixed) a ln 2.
    d = sympy.Rational(keep.numerator, keep.denominator)
    mechanism = _mechanism(AGREEMENT, size, {a: d})
    whole = capacity_bounds(mechanism)
    assert whole.lower <= sympy.N(d * sympy.log(size + 1), 40) <= whole.upper
    rows = [list(r) for r in mechanism.rows]
    for section in mechanism_sections(mechanism.inputs):
        bounds = capacity_bounds([rows[j] for j in section.rows])
        assert bounds.lower <= sympy.N(d * sympy.log(2), 40) <= bounds.upper
    level = mi_dp_bounds(mechanism)
    assert level.lower <= sympy.N(d * sympy.log(2), 40) <= level.upper


@settings(max_examples=20, deadline=None)
@given(
    size=st.integers(min_value=2, max_value=3),
    keep=KEEPS,
    weights=st.lists(st.integers(min_value=0, max_value=4), min_size=9, max_size=9),
)
def test_the_agreement_information_is_keep_times_the_entropy_of_f(size, keep, weights):
    w = weights[: size * size]
    if sum(w) == 0:
        w = [1] * (size * size)
    p = [sympy.Rational(x, sum(w)) for x in w]
    d = sympy.Rational(keep.numerator, keep.denominator)
    law: dict[object, sympy.Expr] = {}
    for px, x in zip(p, AGREEMENT.inputs(size), strict=True):
        law[AGREEMENT.shown(x)] = law.get(AGREEMENT.shown(x), sympy.Integer(0)) + px
    entropy = -sympy.Add(*(v * sympy.log(v) for v in law.values() if v != 0))
    assert _equal(mutual_information(p, AGREEMENT.at(size, {a: d})), d * entropy)


def test_the_agreement_values_are_proved_for_every_k_and_a_wrong_one_is_not():
    for value, target in [
        (ErasureValue.CAPACITY, a * sympy.log(K + 1)),
        (ErasureValue.SECTION_CAPACITY, a * sympy.log(2)),
    ]:
        claim = erasure_value_is(AGREEMENT, value, target)
        assert claim.decide(Deadline(120)).status is Status.PROVED
        assert agrees(claim, "proved")[0]
    # The capacity of the whole mechanism read as the section's: a ln 2 is not a ln(K + 1).
    wrong = erasure_value_is(AGREEMENT, ErasureValue.CAPACITY, a * sympy.log(2))
    assert wrong.decide(Deadline(120)).status is Status.UNKNOWN
    assert not agrees(wrong, "proved")[0]


def test_the_rule_gives_no_row_distance_for_the_agreement_channel():
    # Two disagreeing databases both show *: their rows are at TV 0, not a.
    with pytest.raises(InvalidClaim):
        erasure_value_is(AGREEMENT, ErasureValue.ROW_DISTANCE, a)


def test_the_agreement_mutants_are_not_proved():
    claim = erasure_value_is(AGREEMENT, ErasureValue.SECTION_CAPACITY, a * sympy.log(2))
    mutants = enumerate_mutants(claim, "t").mutants
    assert [m.where for m in mutants][-1] == "SECTION_CAPACITY -> CAPACITY"
    for mutant in mutants:
        built = mutant.build()
        assert built.decide(Deadline(60)).status is not Status.PROVED
        assert not agrees(built, "proved")[0]
