"""The interval interpretation of the vocabulary and the solver-free prover over inner objects."""

from fractions import Fraction as F

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs import vocabulary as V
from dpproofs.algebra import EXACT, IntervalAlgebra
from dpproofs.claim import Deadline
from dpproofs.exact.rigorous import arb_from_fraction, precision
from dpproofs.search import distribution, for_all
from dpproofs.search.boxes import prove_for_all_objects

INTERVAL = IntervalAlgebra()
dists = (
    st.lists(st.integers(0, 5), min_size=3, max_size=3)
    .filter(sum)
    .map(lambda w: [F(x, sum(w)) for x in w])
)


@settings(max_examples=60, deadline=None)
@given(
    dists,
    dists,
    st.fractions(min_value=1, max_value=4, max_denominator=7),
    st.fractions(min_value=0, max_value=1, max_denominator=7),
)
def test_interval_reading_agrees_with_the_exact_one_at_points(p, q, gamma, delta):
    # On degenerate balls (exact points) the interval truth is the exact truth, or None (never
    # the opposite): e.g. indistinguishable at e^eps = gamma.
    with precision(128):
        balls = [[arb_from_fraction(v) for v in d] for d in (p, q)]
        interval = V.indistinguishable(
            INTERVAL, balls[0], balls[1], arb_from_fraction(gamma), arb_from_fraction(delta)
        )
    exact = V.indistinguishable(
        EXACT,
        [sympy.Rational(v) for v in p],
        [sympy.Rational(v) for v in q],
        sympy.Rational(gamma),
        sympy.Rational(delta),
    )
    assert interval is None or interval == exact


def test_a_true_statement_over_all_distributions_is_proved_without_a_solver():
    # For every b on 3 points, SD(b, u) <= 2/3 with u uniform (the worst b is a point mass:
    # SD = 1 - 1/3). The bound 3/4 leaves a margin, which branch and bound needs: at a bound
    # that is attained (2/3 at the vertices) boxes around the vertex never close.
    claim = for_all({"b": distribution(3)}, [1]).claim(
        lambda alg, b: alg.le(
            V.statistical_difference(alg, b, [alg.const(F(1, 3))] * 3), alg.const(F(3, 4))
        )
    )
    certificate = prove_for_all_objects(claim, {}, Deadline(30))
    assert certificate.proved and certificate.boxes > 1


def test_a_false_statement_is_not_proved():
    # SD(b, u) <= 1/2 fails near the point masses (SD = 2/3 there).
    claim = for_all({"b": distribution(3)}, [1]).claim(
        lambda alg, b: alg.le(
            V.statistical_difference(alg, b, [alg.const(F(1, 3))] * 3), alg.const(F(1, 2))
        )
    )
    assert not prove_for_all_objects(claim, {}, Deadline(30)).proved
