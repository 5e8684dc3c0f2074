"""The additive sensitivity rule (docs/design/additive.md) against brute force: every term g of
the class on a universe of size 2 or 3, every neighbour pair of X^n for n <= 3, maxima compared
with the rule's value exactly."""

import itertools
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.finite.additive import (
    Reading,
    Scaled,
    additive_sensitivity,
    interval,
    unit_vectors,
    values,
)
from dpproofs.verdict import Status


def _pairs(size, n, reading):
    xs = list(itertools.product(range(size), repeat=n))
    if reading is Reading.CHANGE:
        return [
            (x, y) for x in xs for y in xs if sum(a != b for a, b in zip(x, y, strict=True)) == 1
        ]
    return [(x, x[:i] + x[i + 1 :]) for x in xs for i in range(n)]


def _delta(g, pairs, scale):
    dim = len(g[0])

    def f(x):
        return tuple(sum((g[e][j] for e in x), F(0)) * scale.at(max(len(x), 1)) for j in range(dim))

    return max(sum(abs(a - b) for a, b in zip(f(x), f(y), strict=True)) for x, y in pairs)


def _brute(points, size, n, reading, scale):
    """max over every g: X -> points (|X| = size) of Delta f_g on X^n."""
    return max(
        _delta(g, _pairs(size, n, reading), scale) for g in itertools.product(points, repeat=size)
    )


def _rule(terms, reading, scale):
    """The rule's value per unit of scale: the claim with bound 0 refutes and prints it."""
    claim = additive_sensitivity("s", terms, reading, 0, scale=scale.c, per_n=scale.per_n)
    verdict = claim.decide(Deadline(5))
    if verdict.status is Status.PROVED:
        return F(0)
    observed = dict(verdict.counterexample.observed)
    return F(observed["Delta at n = 1 (evaluated entry by entry)"]) / scale.at(1)


fractions = st.fractions(min_value=-2, max_value=2, max_denominator=4)


@settings(max_examples=40, deadline=None)
@given(
    points=st.one_of(
        st.lists(fractions.map(lambda v: (v,)), min_size=1, max_size=3),
        st.lists(st.tuples(fractions, fractions), min_size=1, max_size=3),
    ),
    size=st.integers(2, 3),
    n=st.integers(1, 3),
    reading=st.sampled_from(Reading),
    per_n=st.booleans(),
    c=st.fractions(min_value=F(1, 3), max_value=3, max_denominator=3),
)
def test_rule_equals_brute_force_on_finite_value_sets(points, size, n, reading, per_n, c):
    per_n = per_n and reading is Reading.CHANGE
    scale = Scaled(c, per_n)
    terms = values(*points)
    assert _brute(terms.points, size, n, reading, scale) == _rule(terms, reading, scale) * (
        scale.at(n)
    )


@pytest.mark.parametrize("size,n", [(s, n) for s in (2, 3) for n in (1, 2, 3)])
def test_histogram_terms_equal_brute_force_over_partitions(size, n):
    """Every partition of X into k buckets (surjective g onto e_1..e_k): change gives 2 once
    k >= 2 exists (size >= 2), add/remove gives 1."""
    best = {Reading.CHANGE: F(0), Reading.ADD_REMOVE: F(0)}
    for labels in itertools.product(range(size), repeat=size):
        k = len(set(labels))
        if sorted(set(labels)) != list(range(k)):
            continue  # each partition once: bucket labels in first-use order up to relabelling
        g = [tuple(F(int(j == label)) for j in range(k)) for label in labels]
        for reading in Reading:
            best[reading] = max(best[reading], _delta(g, _pairs(size, n, reading), Scaled(F(1))))
    assert best[Reading.CHANGE] == _rule(unit_vectors(), Reading.CHANGE, Scaled(F(1))) == 2
    assert best[Reading.ADD_REMOVE] == _rule(unit_vectors(), Reading.ADD_REMOVE, Scaled(F(1))) == 1


@pytest.mark.parametrize("reading", list(Reading))
def test_interval_terms_reach_their_supremum_at_the_endpoints(reading):
    """[-1/2, 1]: diam 3/2 (change), rad 1 (add/remove); a grid of the interval attains it."""
    grid = [(F(k, 4),) for k in range(-2, 5)]
    expected = F(3, 2) if reading is Reading.CHANGE else F(1)
    assert _brute(grid, 2, 2, reading, Scaled(F(1))) == expected
    assert _rule(interval(F(-1, 2), 1), reading, Scaled(F(1))) == expected


def test_counting_queries_proved_and_histogram_change_refuted_with_a_checked_witness():
    """Cummings 2.1 item 1 (sensitivity 1 of counting queries, indicator terms {0, 1}) and
    section 2.2 under change-one-entry: the histogram moves one unit between two buckets, l1
    distance 2 > 1."""
    count = additive_sensitivity("count", values(0, 1), Reading.CHANGE, 1)
    assert count.decide(Deadline(5)).status is Status.PROVED
    histogram = additive_sensitivity("hist", unit_vectors(), Reading.CHANGE, 1)
    verdict = histogram.decide(Deadline(5))
    assert verdict.status is Status.REFUTED
    observed = dict(verdict.counterexample.observed)
    shown = {k: observed[k] for k in ("n", "X", "g", "x", "y")}
    assert shown == {
        "n": "1",
        "X": "{0, 1}",
        "g": "0 -> (1, 0), 1 -> (0, 1)",
        "x": "(0,)",
        "y": "(1,)",
    }
    assert observed["Delta at n = 1 (evaluated entry by entry)"] == "2"


def test_a_bound_below_the_supremum_at_some_n_is_refuted():
    """1/n-scaled counts claimed <= 1/(2n): fails at n = 1 already (1 > 1/2); a constant bound
    b for a 1/n scale holds iff c diam <= b; a b/n bound for a constant scale only if 0."""
    assert (
        additive_sensitivity("x", values(0, 1), Reading.CHANGE, F(1, 2), per_n=True)
        .decide(Deadline(5))
        .status
        is Status.REFUTED
    )
    assert (
        additive_sensitivity("y", values(0, 1), Reading.CHANGE, 1, attained=False)
        .decide(Deadline(5))
        .status
        is Status.PROVED
    )


def test_add_remove_with_a_scale_depending_on_n_is_outside_the_rule():
    """The mean under add/remove: x = (1, 0), y = (1,) differ by 1/2, no c * rad V form."""
    claim = additive_sensitivity("mean", values(0, 1), Reading.ADD_REMOVE, 1, per_n=True)
    assert claim.decide(Deadline(5)).status is Status.UNKNOWN


def test_malformed_term_classes_are_refused():
    with pytest.raises(InvalidClaim):
        values((0, 1), 1)
    with pytest.raises(InvalidClaim):
        interval(1, 0)
    with pytest.raises(InvalidClaim):
        Scaled(F(-1))
