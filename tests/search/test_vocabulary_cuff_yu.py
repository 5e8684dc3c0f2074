"""Exact values of the Cuff & Yu information notions of the vocabulary, with their derivations."""

import sympy

from dpproofs import vocabulary as v
from dpproofs.algebra import EXACT, MARGIN

R = sympy.Rational
LN2, LN3 = sympy.log(2), sympy.log(3)


def test_binary_entropy_values():
    # h(1/2) = 2 * (1/2) ln 2 = ln 2; h(0) = h(1) = 0 (0 ln 0 = 0).
    assert sympy.simplify(v.binary_entropy(EXACT, R(1, 2)) - LN2) == 0
    assert v.binary_entropy(EXACT, R(0)) == 0
    assert v.binary_entropy(EXACT, R(1)) == 0
    # h(1/4) = (1/4) ln 4 + (3/4) ln(4/3) = 2 ln 2 - (3/4) ln 3.
    assert sympy.simplify(v.binary_entropy(EXACT, R(1, 4)) - (2 * LN2 - R(3, 4) * LN3)) == 0


def test_mutual_information_of_extreme_channels():
    # Identity channel, uniform input: I = H(X) = ln 2. Constant rows: Y independent of X, I = 0.
    identity = [[R(1), R(0)], [R(0), R(1)]]
    constant = [[R(1, 3), R(2, 3)], [R(1, 3), R(2, 3)]]
    half = [R(1, 2), R(1, 2)]
    assert sympy.simplify(v.mutual_information(EXACT, half, identity) - LN2) == 0
    assert sympy.simplify(v.mutual_information(EXACT, half, constant)) == 0
    # A point-mass input carries no information, whatever the channel.
    assert v.mutual_information(EXACT, [R(1), R(0)], identity) == 0


def test_mutual_information_of_a_bsc_is_ln2_minus_h():
    # BSC with crossover 1/4 and uniform input: I = ln 2 - h(1/4) (P_Y uniform).
    rows = [[R(3, 4), R(1, 4)], [R(1, 4), R(3, 4)]]
    value = v.mutual_information(EXACT, [R(1, 2), R(1, 2)], rows)
    expected = LN2 - v.binary_entropy(EXACT, R(1, 4))
    assert sympy.simplify(sympy.expand_log(value - expected, force=True)) == 0
    assert (
        abs(
            v.mutual_information(MARGIN, [0.5, 0.5], [[0.75, 0.25], [0.25, 0.75]]) - float(expected)
        )
        < 1e-12
    )


def test_kl_dp_of_randomized_response():
    # RR rows (3/4, 1/4), (1/4, 3/4): D = (3/4) ln 3 - (1/4) ln 3 = (1/2) ln 3 both ways.
    rows = [[R(3, 4), R(1, 4)], [R(1, 4), R(3, 4)]]
    pairs = [(0, 1), (1, 0)]
    assert v.kl_dp(EXACT, rows, pairs, LN3 / 2)
    assert not v.kl_dp(EXACT, rows, pairs, LN3 / 2 - R(1, 1000))
