"""The three interpretations of each vocabulary predicate agree on exact rational inputs.

For every predicate: ExactAlgebra's bool == (MarginAlgebra's margin >= 0) whenever the margin is
not within 1e-9 of 0 (ties are where floats may legitimately disagree), and == the z3 formula
built by Z3Algebra on the same constants, simplified to True/False.
"""

from fractions import Fraction

import sympy
import z3
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies_search import deltas, distributions, levels, matrices, ratios

from dpproofs import vocabulary as v
from dpproofs.algebra import EXACT, MARGIN, Z3Algebra
from dpproofs.search import DatabaseSpace

Z3 = Z3Algebra()
SPACE = DatabaseSpace(domain=2, n=2)


def _in(alg, x):
    """Lift nested lists of Fractions into an algebra's values."""
    if isinstance(x, list):
        return [_in(alg, y) for y in x]
    if alg is EXACT:
        return sympy.Rational(x.numerator, x.denominator)
    if alg is MARGIN:
        return float(x)
    return Z3.const(x)


def assert_agree(predicate, *args, margin_too=True):
    """``margin_too=False`` for predicates with if-then-else on a strict comparison: a tie deep
    inside (margin 0 read as "holds") can flip a selected value while the final margin is far
    from 0, so floats are not comparable there."""
    exact = predicate(EXACT, *[_in(EXACT, a) for a in args])
    margin = predicate(MARGIN, *[_in(MARGIN, a) for a in args])
    formula = z3.simplify(predicate(Z3, *[_in(Z3, a) for a in args]))
    assert z3.is_true(formula) or z3.is_false(formula)
    assert z3.is_true(formula) == exact
    if margin_too and abs(margin) > 1e-9:
        assert (margin >= 0) == exact


@settings(max_examples=100, deadline=None)
@given(
    st.integers(2, 4).flatmap(lambda k: st.tuples(distributions(k), distributions(k))),
    ratios,
    deltas,
)
def test_indistinguishability_predicates_agree(pq, e, delta):
    p, q = pq
    assert_agree(lambda alg, p, q, e, d: v.indistinguishable(alg, p, q, e, d), p, q, e, delta)
    # The bad set is an if-then-else on a strict comparison: at a tie (p_a = e^eps q_a exactly,
    # e.g. p = (2/7, 5/7), q = (5/7, 2/7), e^eps = 5/2) floats may select differently.
    assert_agree(
        lambda alg, p, q, e, d: v.pointwise_indistinguishable(alg, p, q, e, d),
        p,
        q,
        e,
        delta,
        margin_too=False,
    )
    assert_agree(lambda alg, p, q, e: v.max_divergence_at_most(alg, p, q, e), p, q, e)
    assert_agree(lambda alg, p, q, e: v.max_divergence_at_most_over_sets(alg, p, q, e), p, q, e)
    assert_agree(lambda alg, p, q, c: v.sup_reweighted_sd_at_most(alg, p, q, c), p, q, delta)


@settings(max_examples=40, deadline=None)
@given(matrices(4, 2), ratios)
def test_mechanism_predicates_agree(rows, e):
    pairs, groups = SPACE.neighbours, SPACE.groups
    assert_agree(lambda alg, m, e: v.mechanism_pure_dp(alg, m, pairs, e), rows, e)
    assert_agree(lambda alg, m, e: v.simulation_dp(alg, m, groups, e), rows, e)


@settings(max_examples=40, deadline=None)
@given(matrices(2, 3), distributions(2), levels)
def test_semantic_predicates_agree(rows, prior, c):
    games = DatabaseSpace(domain=2, n=1).games
    assert_agree(lambda alg, m, c: v.semantic_privacy(alg, m, games, c), rows, c)
    assert_agree(lambda alg, b, m, c: v.semantic_privacy_at(alg, b, m, games, c), prior, rows, c)
    assert_agree(
        lambda alg, b, m, c: v.semantic_privacy_dd_at(
            alg, b, m, games, c, alg.const(Fraction(1, 10))
        ),
        prior,
        rows,
        c,
        margin_too=False,
    )


@settings(max_examples=30, deadline=None)
@given(distributions(3), st.lists(st.booleans(), min_size=3, max_size=3), levels)
def test_with_probability_at_least_is_the_mass_of_the_true_set(w, truths, level):
    # Exact: equals sum_a w[a] [truths[a]] >= level.
    expected = sum(x for x, t in zip(w, truths, strict=True) if t) >= level
    weights = [sympy.Rational(x.numerator, x.denominator) for x in w]
    lv = sympy.Rational(level.numerator, level.denominator)
    assert v.with_probability_at_least(EXACT, weights, truths, lv) == expected


@settings(max_examples=30, deadline=None)
@given(matrices(2, 3), distributions(2), levels)
def test_closed_form_semantic_privacy_implies_it_at_every_belief(rows, prior, c):
    # The closed form is "for all beliefs b": when it holds, it holds at any particular b.
    space = DatabaseSpace(domain=2, n=1)
    m = _in(EXACT, rows)
    b = _in(EXACT, prior)
    cc = _in(EXACT, c)
    if v.semantic_privacy(EXACT, m, space.games, cc):
        assert v.semantic_privacy_at(EXACT, b, m, space.games, cc)
