"""Certified mutual information, capacity and MI-DP of finite channels.

Exact values are derived by hand in the comments; properties are checked with hypothesis. Every
comparison with a transcendental value goes through ``compare`` (Arb), never through floats.
"""

import math
from fractions import Fraction as F

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.errors import InvalidMechanism, Undecided
from dpproofs.exact import compare
from dpproofs.finite.capacity import capacity_bounds
from dpproofs.finite.information import mi_dp_bounds, mutual_information, mutual_information_bracket
from dpproofs.finite.mechanism import FiniteMechanism
from dpproofs.finite.neighbours import Hamming

R = sympy.Rational
log = sympy.log
E = sympy.E

BSC = [[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]]


def erasure(k, delta):
    """Cuff & Yu Example 3.3: input x in 1..k is kept with probability delta, else erased (e)."""
    return [[delta if y == x else F(0) for y in range(k)] + [1 - delta] for x in range(k)]


def bracketed(bounds, value):
    return compare(bounds.lower, value) <= 0 <= compare(bounds.upper, value)


# --- Exact values -------------------------------------------------------------------------------


def test_binary_symmetric_channel():
    # BSC(1/4): C = ln 2 - h(1/4), h(s) = -s ln s - (1-s) ln(1-s), so
    # C = ln 2 + (1/4) ln(1/4) + (3/4) ln(3/4) ~ 0.1308 nats, achieved by the uniform input.
    value = log(2) + R(1, 4) * log(R(1, 4)) + R(3, 4) * log(R(3, 4))
    bounds = capacity_bounds(BSC)
    assert bounds.exact is not None and compare(bounds.exact, value) == 0
    assert bracketed(bounds, value)
    assert bounds.gap < 1e-18
    assert bounds.input_distribution == (F(1, 2), F(1, 2))


@pytest.mark.parametrize("k", [2, 3, 5, 8])
@pytest.mark.parametrize("delta", [F(0), F(1, 20), F(1, 3), F(1)])
def test_erasure_channel_capacity(k, delta):
    # Example 3.3: with uniform p, pW = (delta/k, ..., delta/k, 1 - delta), so
    # D(W_x || pW) = delta ln(delta / (delta/k)) + (1 - delta) ln 1 = delta ln k for every x, and
    # C = delta ln k exactly (delta = 0 makes every row the erasure: C = 0).
    bounds = capacity_bounds(erasure(k, delta))
    value = delta * log(k)
    assert bounds.exact is not None and compare(bounds.exact, value) == 0
    assert bracketed(bounds, value) and bounds.gap < 1e-18
    assert bounds.equals(value) and bounds.at_most(value)


def test_z_channel_needs_blahut_arimoto():
    # Z channel: 0 -> 0 always, 1 -> 0 or 1 with probability 1/2 each. For crossover s the
    # capacity is ln(1 + (1 - s) s^(s/(1-s))) (Cover & Thomas, Problem 7.8); s = 1/2 gives
    # ln(1 + 1/4) = ln(5/4). The uniform input is not optimal, so this is the certified path.
    bounds = capacity_bounds([[1, 0], [F(1, 2), F(1, 2)]])
    assert bounds.exact is None
    assert bracketed(bounds, log(R(5, 4)))
    assert 0 < bounds.gap <= 1e-9
    assert sum(bounds.input_distribution) == 1 and min(bounds.input_distribution) > 0
    assert bounds.at_most(log(R(5, 4)) + R(1, 10**6))
    assert not bounds.at_most(log(R(5, 4)) - R(1, 10**6))


def test_bounds_are_valid_whatever_the_budget():
    # No Blahut-Arimoto step and no time: the law certified is whatever the search had (the
    # uniform law, Newton-polished); the bracket still contains ln(5/4) (Z channel above).
    z = [[1, 0], [F(1, 2), F(1, 2)]]
    rough = capacity_bounds(z, max_iterations=0, seconds=0)
    assert rough.iterations == 0 and bracketed(rough, log(R(5, 4)))
    fine = capacity_bounds(z, gap=1e-15)
    assert fine.gap <= 1e-15 and bracketed(fine, log(R(5, 4)))
    # A value strictly inside a bracket (and no exact value) cannot be decided either way.
    inside = (fine.lower + fine.upper) / 2
    with pytest.raises(Undecided):
        fine.at_most(inside)
    with pytest.raises(Undecided):
        fine.equals(inside)
    assert not fine.equals(log(R(5, 4)) + R(1, 10**12))


def test_z_channel_with_transcendental_entries():
    # Z channel with crossover s = 1/(1 + e): C = ln(1 + (1 - s) s^(s/(1-s))), and here
    # s/(1 - s) = 1/e, so C = ln(1 + e/(1 + e) (1 + e)^(-1/e)). Certified by the Blahut-Arimoto
    # path on sympy entries (the uniform input is not optimal).
    s = 1 / (1 + E)
    bounds = capacity_bounds([[1, 0], [s, 1 - s]])
    assert bounds.exact is None and bounds.gap <= 1e-9
    assert bracketed(bounds, log(1 + (1 - s) * s ** (s / (1 - s))))


@pytest.mark.parametrize("k", [2, 4])
def test_k_ary_randomized_response_exact_closed_form(k):
    # Keep with probability e/(e + k - 1), else each other value with 1/(e + k - 1) (eps = 1).
    # The rows are permutations of one another and uW is uniform, so
    # C = ln k - H(row) = e/(e+k-1) ln(k e/(e+k-1)) + (k-1)/(e+k-1) ln(k/(e+k-1)).
    keep, other = E / (E + k - 1), 1 / (E + k - 1)
    rows = [[keep if i == j else other for j in range(k)] for i in range(k)]
    value = keep * log(k * keep) + (k - 1) * other * log(k * other)
    bounds = capacity_bounds(rows)
    assert bounds.exact is not None and compare(bounds.exact, value) == 0
    assert bracketed(bounds, value)


def test_strings_and_sympy_entries_are_exact_too():
    # exp(1)/(exp(1)+1) written as text: the binary case of the test above (k = 2).
    text = [["exp(1)/(exp(1)+1)", "1/(exp(1)+1)"], ["1/(exp(1)+1)", "exp(1)/(exp(1)+1)"]]
    keep, other = E / (E + 1), 1 / (E + 1)
    value = keep * log(2 * keep) + other * log(2 * other)
    assert capacity_bounds(text).equals(value)


def test_duplicate_rows_do_not_change_the_capacity():
    # Repeating a row adds an input with the same output law: C is still that of the BSC, and the
    # uniform law over distinct rows is spread evenly over the copies.
    bounds = capacity_bounds([BSC[0], BSC[1], BSC[1]])
    assert bounds.equals(log(2) + R(1, 4) * log(R(1, 4)) + R(3, 4) * log(R(3, 4)))
    assert bounds.input_distribution == (F(1, 2), F(1, 4), F(1, 4))


def test_identical_rows_have_zero_capacity():
    bounds = capacity_bounds([[F(1, 3), F(2, 3)]] * 3)
    assert (bounds.lower, bounds.upper, bounds.exact) == (0, 0, 0)


def test_mutual_information_exact_and_bracketed():
    # I(u; BSC(1/4)) is the capacity above; I(p; Z) at p = (1/2, 1/2): pW = (3/4, 1/4), so
    # I = 1/2 ln(1/(3/4)) + 1/2 [1/2 ln((1/2)/(3/4)) + 1/2 ln((1/2)/(1/4))]
    #   = 1/2 ln(4/3) + 1/4 ln(2/3) + 1/4 ln 2.
    z = [[1, 0], [F(1, 2), F(1, 2)]]
    exact = mutual_information([F(1, 2), F(1, 2)], z)
    value = R(1, 2) * log(R(4, 3)) + R(1, 4) * log(R(2, 3)) + R(1, 4) * log(2)
    assert compare(exact, value) == 0
    lo, hi = mutual_information_bracket([F(1, 2), F(1, 2)], z)
    assert compare(lo, value) <= 0 <= compare(hi, value) and hi - lo < F(1, 10**18)
    # A point mass carries no information: I((1, 0); W) = 0.
    assert mutual_information([1, 0], z) == 0


def test_floats_and_bad_rows_are_rejected():
    with pytest.raises(InvalidMechanism, match="exact"):
        capacity_bounds([[0.5, 0.5], [0.25, 0.75]])
    with pytest.raises(InvalidMechanism, match="sums to"):
        capacity_bounds([[F(1, 2), F(1, 3)], [F(1, 2), F(1, 2)]])
    with pytest.raises(InvalidMechanism, match="negative"):
        capacity_bounds([[F(3, 2), F(-1, 2)], [F(1, 2), F(1, 2)]])


# --- MI-DP ---------------------------------------------------------------------------------------


def example_5_1(m, a):
    """Cuff & Yu Example 5.1 on X = {0..m-1}: Y = x_1 if x_1 = x_2, * otherwise, w.p. a; else e."""
    outputs = [*range(m), "e", "*"]
    databases, rows = [], []
    for x1 in range(m):
        for x2 in range(m):
            hit = x1 if x1 == x2 else "*"
            databases.append((x1, x2))
            rows.append([a if y == hit else (1 - a if y == "e" else F(0)) for y in outputs])
    return rows, databases


@pytest.mark.parametrize("m", [2, 3])
def test_example_5_1_sections_are_erasure_channels(m):
    # With x_2 fixed, x_1 -> Y has two distinct rows (x_1 = x_2: Y in {x_2, e}; otherwise Y in
    # {*, e}): a binary erasure channel with non-erasure probability a, capacity a ln 2.
    rows, databases = example_5_1(m, F(1, 2))
    bounds = mi_dp_bounds(rows, databases)
    assert bounds.exact is not None and compare(bounds.exact, R(1, 2) * log(2)) == 0
    assert bounds.attained[0] in (0, 1) and len(bounds.attained[1]) == 1
    # The whole mechanism has m + 1 distinct rows of one erasure shape: sup I(X1, X2; Y) is
    # a ln(m + 1) (Example 5.1, (51)).
    assert capacity_bounds(rows).equals(R(1, 2) * log(m + 1))


def test_mi_dp_of_a_one_entry_mechanism_is_its_capacity():
    bounds = mi_dp_bounds(BSC, ["+", "-"])
    assert bounds.attained == (0, ())
    assert bounds.equals(log(2) + R(1, 4) * log(R(1, 4)) + R(3, 4) * log(R(3, 4)))


def test_mi_dp_takes_databases_from_a_mechanism():
    rows, databases = example_5_1(2, F(1, 3))
    mechanism = FiniteMechanism.from_rows(rows, inputs=databases, neighbours=Hamming(2))
    assert mi_dp_bounds(mechanism).equals(R(1, 3) * log(2))


def test_mi_dp_needs_a_product_of_alphabets():
    rows, databases = example_5_1(2, F(1, 2))
    with pytest.raises(InvalidMechanism, match=r"\(1, 1\)"):
        mi_dp_bounds(rows[:3], databases[:3])
    with pytest.raises(InvalidMechanism, match="tuple"):
        mi_dp_bounds(BSC, [(0,), 1])
    with pytest.raises(InvalidMechanism, match="distinct"):
        mi_dp_bounds(BSC, [0, 0])


# --- Properties ---------------------------------------------------------------------------------

weights = st.integers(min_value=0, max_value=6)


@st.composite
def channels(draw, min_rows=2, max_rows=4, max_cols=5):
    k = draw(st.integers(min_rows, max_rows))
    m = draw(st.integers(2, max_cols))
    rows = []
    for _ in range(k):
        w = draw(st.lists(weights, min_size=m, max_size=m).filter(lambda v: sum(v) > 0))
        rows.append([F(v, sum(w)) for v in w])
    return rows


def distribution(draw, size):
    w = draw(st.lists(weights, min_size=size, max_size=size).filter(lambda v: sum(v) > 0))
    return [F(v, sum(w)) for v in w]


@settings(max_examples=60, deadline=None)
@given(channels(), st.data())
def test_bounds_are_ordered_and_within_the_cardinality_bound(rows, data):
    # 0 <= I(p; W) <= C <= ln min(#inputs, #outputs), for every p; lower <= C <= upper.
    bounds = capacity_bounds(rows)
    assert 0 <= bounds.lower <= bounds.upper and bounds.gap <= 1e-9
    # (upper may exceed C = ln k by its outward rounding, at most 2^-64 on the grid)
    assert compare(bounds.upper, log(min(len(rows), len(rows[0]))) + R(1, 2**60)) <= 0
    assert sum(bounds.input_distribution) == 1
    p = distribution(data.draw, len(rows))
    assert mutual_information_bracket(p, rows)[0] <= bounds.upper


@settings(max_examples=20, deadline=None)
@given(channels(min_rows=1, max_rows=1).map(lambda rows: rows * 3))
def test_identical_rows_property(rows):
    bounds = capacity_bounds(rows)
    assert bounds.lower == bounds.upper == 0 and bounds.exact == 0


@settings(max_examples=40, deadline=None)
@given(channels(), st.data())
def test_data_processing(rows, data):
    # X -> Y -> Z: I(p; WV) <= I(p; W) for every p, hence C(WV) <= C(W), and so the certified
    # lower bound for WV never exceeds the certified upper bound for W.
    width = len(rows[0])
    out = data.draw(st.integers(2, 4))
    post = [distribution(data.draw, out) for _ in range(width)]
    composed = [[sum(r[y] * post[y][z] for y in range(width)) for z in range(out)] for r in rows]
    assert capacity_bounds(composed).lower <= capacity_bounds(rows).upper


def float_capacity_binary_input(w0, w1):
    """max over p in [0, 1] of I((p, 1-p); W) in floats: a grid, then a ternary search on the
    concave function around the best grid point (search only: the test compares it loosely)."""
    w = np.array([w0, w1], dtype=float)

    def info(p):
        law = np.array([p, 1 - p])
        q = law @ w
        total = 0.0
        for x in range(2):
            for y in range(w.shape[1]):
                if law[x] > 0 and w[x, y] > 0:
                    total += law[x] * w[x, y] * math.log(w[x, y] / q[y])
        return total

    grid = np.linspace(0, 1, 201)
    best = max(grid, key=info)
    lo, hi = max(0.0, best - 0.005), min(1.0, best + 0.005)
    for _ in range(80):
        a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        lo, hi = (a, hi) if info(a) < info(b) else (lo, b)
    return max(info(lo), info(best))


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_mi_dp_brackets_a_brute_force_capacity_for_two_binary_entries(data):
    m = data.draw(st.integers(2, 4))
    databases = [(a, b) for a in (0, 1) for b in (0, 1)]
    rows = [distribution(data.draw, m) for _ in databases]
    bounds = mi_dp_bounds(rows, databases)
    position = {d: j for j, d in enumerate(databases)}
    sections = [(rows[position[(0, b)]], rows[position[(1, b)]]) for b in (0, 1)] + [
        (rows[position[(a, 0)]], rows[position[(a, 1)]]) for a in (0, 1)
    ]
    brute = max(float_capacity_binary_input(w0, w1) for w0, w1 in sections)
    assert float(bounds.lower) <= brute + 1e-9
    assert brute <= float(bounds.upper) + 1e-12
