"""The one-time pad rule (docs/design/pad.md) against the exact calculus of finite mechanisms at
m = 2..5, and its verdicts."""

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs import FiniteMechanism, Hamming
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.finite.information import mi_dp_bounds, mutual_information
from dpproofs.finite.pad import PadRelease, PadValue, one_time_pad, pad_value_is
from dpproofs.finite.profile import pure_epsilon
from dpproofs.recheck.pad import agrees
from dpproofs.soundness.mutate import enumerate_mutants
from dpproofs.verdict import Status

m = sympy.Symbol("m", positive=True)
FIRST, SECOND, PAIR = (one_time_pad(m, r, r.value) for r in PadRelease)


def _mechanism(pad, size):
    return FiniteMechanism.from_rows(
        pad.at(size), inputs=pad.inputs(size), outputs=pad.outputs(size), neighbours=Hamming(2)
    )


@pytest.mark.parametrize("size", [2, 3, 4, 5])
def test_the_rule_is_the_exact_calculus(size):
    # (F): 0 and 0 for Y_1 and Y_2 alone; (P): pure eps +oo, MI-DP ln m for the pair.
    for pad in (FIRST, SECOND):
        mechanism = _mechanism(pad, size)
        assert pure_epsilon(mechanism).exact == 0
        level = mi_dp_bounds(mechanism)
        assert level.lower == 0 and level.upper <= sympy.Rational(1, 10**9)
    pair = _mechanism(PAIR, size)
    assert pure_epsilon(pair).exact is sympy.oo
    level = mi_dp_bounds(pair)
    assert level.lower <= sympy.N(sympy.log(size), 40) <= level.upper


@settings(max_examples=20, deadline=None)
@given(
    size=st.integers(min_value=2, max_value=4),
    weights=st.lists(st.integers(min_value=0, max_value=5), min_size=16, max_size=16),
)
def test_y1_alone_carries_no_information_and_the_pair_all_of_x1(size, weights):
    # For every prior on (x_1, x_2): I(X^n; Y_1) = 0, and I(X^n; Y_1, Y_2) = H(X_1).
    w = weights[: size * size]
    if sum(w) == 0:
        w = [1] * (size * size)
    p = [sympy.Rational(x, sum(w)) for x in w]
    assert sympy.N(mutual_information(p, FIRST.at(size)), 50) == 0
    first = [sympy.Add(*p[x1 * size : (x1 + 1) * size]) for x1 in range(size)]
    entropy = -sympy.Add(*(v * sympy.log(v) for v in first if v != 0))
    assert abs(sympy.N(mutual_information(p, PAIR.at(size)) - entropy, 60)) < 1e-50


@pytest.mark.parametrize(
    "pad, value, target",
    [
        (FIRST, PadValue.PURE_EPSILON, 0),
        (FIRST, PadValue.MI_DP, 0),
        (SECOND, PadValue.PURE_EPSILON, 0),
        (SECOND, PadValue.MI_DP, 0),
        (PAIR, PadValue.MI_DP, sympy.log(m)),
        (PAIR, PadValue.NOT_FINITELY_DP, None),
    ],
)
def test_the_source_values_are_proved_for_every_m(pad, value, target):
    claim = pad_value_is(pad, value, target)
    assert claim.decide(Deadline(60)).status is Status.PROVED
    assert agrees(claim, "proved")[0]


@pytest.mark.parametrize(
    "pad, value, target",
    [
        (FIRST, PadValue.MI_DP, sympy.log(m)),
        (PAIR, PadValue.MI_DP, sympy.log(m + 1)),
        (SECOND, PadValue.PURE_EPSILON, sympy.Rational(1, 2)),
    ],
)
def test_a_wrong_target_is_not_proved_and_brute_force_says_so(pad, value, target):
    claim = pad_value_is(pad, value, target)
    assert claim.decide(Deadline(60)).status is Status.UNKNOWN
    assert not agrees(claim, "proved")[0]


def test_values_the_rule_does_not_give_are_refused():
    with pytest.raises(InvalidClaim):
        pad_value_is(FIRST, PadValue.NOT_FINITELY_DP)  # Y_1 alone is 0-DP
    with pytest.raises(InvalidClaim):
        pad_value_is(PAIR, PadValue.PURE_EPSILON, sympy.oo)
    with pytest.raises(InvalidClaim):
        pad_value_is(PAIR, PadValue.MI_DP, sympy.Symbol("k"))


def test_the_mutants_are_not_proved():
    claim = pad_value_is(PAIR, PadValue.MI_DP, sympy.log(m))
    mutants = enumerate_mutants(claim, "t").mutants
    assert [x.id for x in mutants] == ["t/target*11/10", "t/target+1/2", "t/release"]
    for mutant in mutants:
        built = mutant.build()
        assert built.decide(Deadline(60)).status is not Status.PROVED
        assert not agrees(built, "proved")[0]
