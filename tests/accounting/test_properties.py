"""Hypothesis properties of exact accounting, checked in exact arithmetic.

Mechanisms are small rational ones (2 inputs, 2-3 outputs, possibly with zeros, so with
infinite atoms); eps is taken as log(g) for a rational g >= 1, so that every hockey stick is a
rational number and equalities are exact.
"""

from __future__ import annotations

from fractions import Fraction

import sympy
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from dpproofs.accounting import (
    Composition,
    delta_for_epsilon,
    epsilon_for_delta,
    kl_divergence,
    pure_epsilon,
    renyi_divergence,
    total_variation,
)
from dpproofs.accounting.certified import Kind
from dpproofs.accounting.mechanisms import post_process, power, product
from dpproofs.exact.rigorous import compare
from dpproofs.finite import FiniteMechanism
from dpproofs.finite import profile as P


@st.composite
def mechanisms(draw: st.DrawFn, positive: bool = False) -> FiniteMechanism:
    width = draw(st.integers(2, 3))
    low = 1 if positive else 0
    rows = []
    for _ in range(2):
        weights = draw(st.lists(st.integers(low, 5), min_size=width, max_size=width))
        if sum(weights) == 0:
            weights[0] = 1
        rows.append([sympy.Rational(w, sum(weights)) for w in weights])
    return FiniteMechanism.from_rows(rows, inputs=["a", "b"])


gammas = st.fractions(min_value=1, max_value=8, max_denominator=6)


def _eps(g: Fraction) -> str:
    return f"log({g})"


def _exact(answer: object) -> sympy.Expr:
    value = answer.value  # type: ignore[attr-defined]
    if value.kind is Kind.INFINITE:
        assert value.exact == "inf"
        return sympy.oo
    assert value.exact is not None
    return sympy.sympify(value.exact)


@settings(max_examples=40, deadline=None)
@given(mechanisms(), st.integers(1, 8), gammas)
def test_kfold_pld_equals_the_materialised_product(m, k, g):
    """delta(eps) and eps(delta) of M^k through PLDs = those of the explicit product
    (k <= 8 with two outputs, k <= 4 with three, so the product has at most 256 columns)."""
    k = k if len(m.outputs) == 2 else min(k, 4)
    explicit = power(m, k)
    assert (
        compare(
            _exact(delta_for_epsilon(m**k, _eps(g))), P.delta_for_epsilon(explicit, _eps(g)).exact
        )
        == 0
    )
    got = epsilon_for_delta(m**k, "1/5")
    want = P.epsilon_for_delta(explicit, "1/5").exact
    if want is sympy.oo:
        assert got.value.kind is Kind.INFINITE and got.value.exact == "inf"
    else:
        assert compare(_exact(got), want) == 0


@settings(max_examples=25, deadline=None)
@given(mechanisms(), mechanisms(), st.integers(1, 3), st.integers(1, 3), gammas)
def test_heterogeneous_composition_equals_the_product(m1, m2, k1, k2, g):
    c = Composition.of((m1, k1), (m2, k2))
    explicit = product(*([m1] * k1 + [m2] * k2))
    assert (
        compare(_exact(delta_for_epsilon(c, _eps(g))), P.delta_for_epsilon(explicit, _eps(g)).exact)
        == 0
    )


@settings(max_examples=40, deadline=None)
@given(mechanisms(positive=True), mechanisms(positive=True), st.integers(1, 50), st.integers(1, 50))
def test_composition_adds_pure_epsilon(m1, m2, k1, k2):
    got = _exact(pure_epsilon(Composition.of((m1, k1), (m2, k2))))

    # Both have the same inputs: the worst pair of the sum. Each pair's pure eps adds up.
    def directed(m: FiniteMechanism, a: int, b: int) -> sympy.Expr:
        return max(sympy.log(p / q) for p, q in zip(m.rows[a], m.rows[b], strict=True))

    want = max(k1 * directed(m1, a, b) + k2 * directed(m2, a, b) for a, b in [(0, 1), (1, 0)])
    assert compare(got, want) == 0


@settings(max_examples=40, deadline=None)
@given(mechanisms(), st.integers(1, 12), st.lists(gammas, min_size=3, max_size=3, unique=True))
def test_delta_is_non_increasing_and_convex_in_e_eps(m, k, gs):
    g1, g2, g3 = sorted(gs)
    answers = [delta_for_epsilon(m**k, _eps(g)) for g in (g1, g2, g3)]
    # The closed form is given when it is small (and the maximising pair is certain); the
    # property is checked exactly on those, which is most draws with k <= 12.
    assume(all(a.value.exact is not None for a in answers))
    h1, h2, h3 = (_exact(a) for a in answers)
    assert compare(h1, h2) >= 0 and compare(h2, h3) >= 0
    # Convexity: H(g2) <= the chord through (g1, H(g1)) and (g3, H(g3)).
    t = sympy.Rational(g3 - g2, g3 - g1)
    assert compare(h2, t * h1 + (1 - t) * h3) <= 0


@settings(max_examples=40, deadline=None)
@given(mechanisms(), st.integers(1, 20))
def test_delta_at_zero_is_total_variation(m, k):
    c = m**k
    assert compare(_exact(total_variation(c)), _exact(delta_for_epsilon(c, "0"))) == 0
    if k <= 3:
        assert compare(_exact(total_variation(c)), P.total_variation(power(m, k)).exact) == 0


@st.composite
def channels(draw: st.DrawFn, inputs: int) -> list[list[sympy.Rational]]:
    width = draw(st.integers(1, 3))
    rows = []
    for _ in range(inputs):
        weights = draw(st.lists(st.integers(0, 4), min_size=width, max_size=width))
        if sum(weights) == 0:
            weights[0] = 1
        rows.append([sympy.Rational(w, sum(weights)) for w in weights])
    return rows


@settings(max_examples=30, deadline=None)
@given(st.data(), mechanisms(positive=True), st.integers(1, 6), gammas)
def test_post_processing_never_increases_a_divergence(data, m, k, g):
    kernel = data.draw(channels(len(m.outputs)))
    before, after = m**k, post_process(m, kernel) ** k
    for quantity in (
        lambda c: delta_for_epsilon(c, _eps(g)),
        total_variation,
        pure_epsilon,
        kl_divergence,
        lambda c: renyi_divergence(c, "2"),
        lambda c: renyi_divergence(c, "1/2"),
    ):
        b, a = quantity(before).value, quantity(after).value
        assert a.lower <= b.upper  # certified: after <= before
