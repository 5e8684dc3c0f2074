"""Exact privacy profiles of finite mechanisms, against closed forms derived by hand."""

import itertools
import math

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.errors import InvalidMechanism
from dpproofs.exact import compare
from dpproofs.finite import (
    FiniteMechanism,
    Hamming,
    delta_for_epsilon,
    epsilon_for_delta,
    kl_divergence,
    pure_epsilon,
    renyi_divergence,
    total_variation,
)

R = sympy.Rational
RR = FiniteMechanism.from_rows(
    [["3/4", "1/4"], ["1/4", "3/4"]], inputs=["+", "-"], outputs=["Y", "N"]
)


def composed(mechanism_rows, k):
    """The k-fold composition as an explicit matrix: row x is the product distribution M(x)^k."""
    rows = []
    for row in mechanism_rows:
        rows.append(
            [
                sympy.Mul(*(row[y] for y in ys))
                for ys in itertools.product(range(len(row)), repeat=k)
            ]
        )
    return FiniteMechanism.from_rows(rows)


def test_randomized_response_pure_epsilon_is_ln3_at_yes():
    # ratios: Pr[Y|+]/Pr[Y|-] = (3/4)/(1/4) = 3 and Pr[N|-]/Pr[N|+] = 3; the others are 1/3.
    pe = pure_epsilon(RR)
    assert pe.exact == sympy.log(3)
    assert pe.attained == ("+", "-", "Y")


@pytest.mark.parametrize("eps", ["0", "1/2", "log(2)", "1", "log(3)", "2"])
def test_randomized_response_delta_is_closed_form(eps):
    # delta(eps) = max(0, 3/4 - e^eps/4): only the output where Pr is 3/4 vs 1/4 contributes.
    e = sympy.sympify(sympy.parse_expr(eps))
    expected = sympy.Max(0, (3 - sympy.exp(e)) / 4)
    got = delta_for_epsilon(RR, eps)
    assert compare(got.exact, expected) == 0
    assert abs(got.value - float(expected)) <= 1e-12


def test_randomized_response_epsilon_for_delta_inverts_delta():
    # (3 - g)/4 = 1/8  =>  g = 5/2, eps = ln(5/2); delta = 0 needs g = 3; delta >= 1/2 = TV needs 0.
    assert epsilon_for_delta(RR, "1/8").exact == sympy.log(R(5, 2))
    assert epsilon_for_delta(RR, "0").exact == sympy.log(3)
    assert epsilon_for_delta(RR, "1/2").exact == 0


def test_randomized_response_divergences():
    # KL = 3/4 ln 3 + 1/4 ln(1/3) = ln(3)/2; TV = 3/4 - 1/4 = 1/2;
    # Renyi-2 = ln((3/4)^2/(1/4) + (1/4)^2/(3/4)) = ln(9/4 + 1/12) = ln(7/3).
    assert compare(kl_divergence(RR).exact, sympy.log(3) / 2) == 0
    assert total_variation(RR).exact == R(1, 2)
    assert compare(renyi_divergence(RR, "2").exact, sympy.log(R(7, 3))) == 0
    assert renyi_divergence(RR, "inf").exact == sympy.log(3)


def test_ten_fold_composition_has_pure_epsilon_ten_ln3():
    # 2 x 1024 matrix: the worst output (all Y) has ratio (3/4)^10 / (1/4)^10 = 3^10.
    mechanism = composed([[R(3, 4), R(1, 4)], [R(1, 4), R(3, 4)]], 10)
    assert len(mechanism.outputs) == 1024
    pe = pure_epsilon(mechanism)
    assert compare(pe.exact, 10 * sympy.log(3)) == 0
    assert abs(pe.value - 10 * math.log(3)) <= 1e-12


def test_disjoint_supports_have_infinite_pure_epsilon_and_kl():
    m = FiniteMechanism.from_rows([["1/2", "1/2", "0"], ["1/2", "0", "1/2"]])
    assert pure_epsilon(m).exact == sympy.oo
    assert pure_epsilon(m).attained == (0, 1, 1)
    assert kl_divergence(m).exact == sympy.oo
    assert total_variation(m).exact == R(1, 2)
    assert epsilon_for_delta(m, "1/4").exact == sympy.oo  # the mass 1/2 no e^eps can absorb
    assert epsilon_for_delta(m, "1/2").exact == 0


def test_closed_form_entries_are_exact():
    # rows (e/(e+3), 3/(e+3)) ~ (0.475, 0.525) and (1/2, 1/2). The four ratios are
    # 2e/(e+3) ~ 0.951, 6/(e+3) ~ 1.049, (e+3)/(2e) ~ 1.052 and (e+3)/6 ~ 0.953, so the maximum is
    # (e+3)/(2e), at output 0 with input 1 against input 0.
    m = FiniteMechanism.from_rows([["exp(1)/(exp(1)+3)", "3/(exp(1)+3)"], ["1/2", "1/2"]])
    expected = sympy.log((sympy.E + 3) / (2 * sympy.E))
    assert compare(pure_epsilon(m).exact, expected) == 0
    assert pure_epsilon(m).attained == (1, 0, 0)


def test_float_mechanism_agrees_with_exact_to_1e_12():
    floats = FiniteMechanism.from_rows([[0.75, 0.25], [0.25, 0.75]])
    assert not floats.exact
    assert abs(pure_epsilon(floats).value - math.log(3)) <= 1e-12
    assert abs(delta_for_epsilon(floats, "1/2").value - (3 - math.exp(0.5)) / 4) <= 1e-12
    assert abs(epsilon_for_delta(floats, "1/8").value - math.log(2.5)) <= 1e-12


def test_hamming_neighbours_change_one_entry():
    dbs = list(itertools.product((0, 1), repeat=2))
    m = FiniteMechanism.from_rows([["1/2", "1/2"]] * 4, inputs=dbs, neighbours=Hamming(2))
    # (0,0)~(0,1), (0,0)~(1,0), (0,1)~(1,1), (1,0)~(1,1), both orders: 8 ordered pairs.
    assert len(m.pairs) == 8
    assert (0, 3) not in m.pairs  # (0,0) and (1,1) differ in two entries


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([["3/4", "1/2"], ["1/4", "3/4"]], r"row 0 \(input 0\) sums to 5/4"),
        ([["-1/4", "5/4"]], r"row 0 \(input 0\), column 0 \(output 0\): entry -1/4 is negative"),
        ([[0.5, float("nan")]], r"column 1 .*nan"),
        ([["1/2", "1/2", "0"], ["1", "0"]], r"row 1 .* has 2 entries but there are 3 outputs"),
        ([["1/2", "x"]], r"column 1 .*unknown name"),
        ([[0.5, 0.6]], r"sums to 1.1"),
    ],
)
def test_invalid_mechanisms_name_row_and_column(rows, message):
    with pytest.raises(InvalidMechanism, match=message):
        FiniteMechanism.from_rows(rows)


def test_hamming_inputs_written_as_strings_are_databases_of_characters():
    # As in a JSON file: "ab" is the database (a, b); "aa"~"ab"~"bb"~"ba"~"aa", 8 ordered pairs.
    inputs = ["aa", "ab", "ba", "bb"]
    m = FiniteMechanism.from_rows([["1/2", "1/2"]] * 4, inputs=inputs, neighbours=Hamming(2))
    assert m.pairs == ((0, 1), (0, 2), (1, 0), (1, 3), (2, 0), (2, 3), (3, 1), (3, 2))
    with pytest.raises(InvalidMechanism, match="not a database of 2 entries"):
        FiniteMechanism.from_rows([["1"], ["1"]], inputs=["a", "abc"], neighbours=Hamming(2))


def test_hamming_needs_tuples_of_the_right_length():
    with pytest.raises(InvalidMechanism, match="not a database of 2 entries"):
        FiniteMechanism.from_rows([["1"], ["1"]], inputs=[(0,), (1,)], neighbours=Hamming(2))


# --- properties ---------------------------------------------------------------------------------


def distributions(k):
    weights = st.lists(st.integers(0, 6), min_size=k, max_size=k).filter(lambda w: sum(w) > 0)
    return weights.map(lambda w: [R(x, sum(w)) for x in w])


mechanisms = (
    st.integers(2, 4)
    .flatmap(lambda k: st.lists(distributions(k), min_size=2, max_size=3))
    .map(FiniteMechanism.from_rows)
)
small_eps = st.fractions(min_value=0, max_value=3, max_denominator=8).map(
    lambda f: R(f.numerator, f.denominator)
)


@settings(max_examples=40, deadline=None)
@given(mechanisms, small_eps, small_eps)
def test_delta_is_non_increasing_in_epsilon(m, e1, e2):
    lo, hi = sorted([e1, e2])
    assert compare(delta_for_epsilon(m, lo).exact, delta_for_epsilon(m, hi).exact) >= 0


@settings(max_examples=40, deadline=None)
@given(mechanisms)
def test_delta_at_zero_is_total_variation(m):
    assert compare(delta_for_epsilon(m, 0).exact, total_variation(m).exact) == 0


@settings(max_examples=30, deadline=None)
@given(mechanisms, st.fractions(min_value=0, max_value=1, max_denominator=16))
def test_epsilon_for_delta_is_the_least_sufficient_epsilon(m, d):
    delta = R(d.numerator, d.denominator)
    eps = epsilon_for_delta(m, delta).exact
    if eps == sympy.oo:
        return
    assert compare(delta_for_epsilon(m, eps).exact, delta) <= 0
    if eps != 0:  # continuity: any smaller eps is not enough, so delta(eps) hits delta exactly
        assert compare(delta_for_epsilon(m, eps).exact, delta) == 0


@settings(max_examples=20, deadline=None)
@given(st.lists(distributions(2), min_size=2, max_size=2), st.integers(2, 3))
def test_self_composition_multiplies_pure_epsilon(rows, k):
    # For two inputs the worst output of M^k is the worst output of M repeated k times.
    single = pure_epsilon(FiniteMechanism.from_rows(rows)).exact
    many = pure_epsilon(composed(rows, k)).exact
    if single == sympy.oo:
        assert many == sympy.oo
    else:
        assert compare(many, k * single) == 0


@pytest.mark.parametrize(
    ("written", "pairs"),
    [
        # D^2 = {00, 01, 10, 11}: neighbours differ in one place, 8 ordered pairs.
        ({"hamming": 2}, {(0, 1), (0, 2), (1, 0), (1, 3), (2, 0), (2, 3), (3, 1), (3, 2)}),
        ("all", {(i, j) for i in range(4) for j in range(4) if i != j}),
        ([[0, 1]], {(0, 1), (1, 0)}),
    ],
)
def test_from_rows_reads_neighbours_as_a_mechanism_file_writes_them(written, pairs):
    # Issue 31: neighbours={"hamming": 2} raised "AttributeError: 'dict' object has no
    # attribute 'pairs'", where a JSON file with the same field and string inputs works.
    from dpproofs.finite.loading import mechanism_from_dict

    rows = [["3/4", "1/4"], ["1/4", "3/4"], ["1/4", "3/4"], ["3/4", "1/4"]]
    inputs = ["00", "01", "10", "11"]
    built = FiniteMechanism.from_rows(rows, inputs=inputs, neighbours=written)
    assert set(built.pairs) == pairs
    loaded = mechanism_from_dict({"rows": rows, "inputs": inputs, "neighbours": written})
    assert set(loaded.pairs) == pairs
    # Each relation compares at least one 3/4-vs-1/4 pair of rows, whose largest ratio is
    # (3/4)/(1/4) = 3, and no pair has a larger one: the pure epsilon is log(3).
    assert pure_epsilon(built).exact == sympy.log(3)


@pytest.mark.parametrize("written", [{"hamming": "two"}, 3, "everyone"])
def test_from_rows_refuses_other_neighbours_by_name(written):
    with pytest.raises(InvalidMechanism, match="neighbours"):
        FiniteMechanism.from_rows([["1/2", "1/2"], ["1/2", "1/2"]], neighbours=written)
