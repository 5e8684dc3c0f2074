"""Hypothesis strategies shared by the search tests: exact rational distributions and mechanisms."""

from fractions import Fraction

from hypothesis import strategies as st


@st.composite
def distributions(draw, k):
    """An exact distribution on k outcomes with small denominators (zeros allowed)."""
    weights = draw(st.lists(st.integers(0, 6), min_size=k, max_size=k).filter(lambda w: sum(w) > 0))
    total = sum(weights)
    return [Fraction(w, total) for w in weights]


@st.composite
def matrices(draw, rows, cols):
    return [draw(distributions(cols)) for _ in range(rows)]


ratios = st.fractions(min_value=1, max_value=4, max_denominator=20)
deltas = st.fractions(min_value=0, max_value=Fraction(1, 2), max_denominator=20)
levels = st.fractions(min_value=0, max_value=Fraction(3, 2), max_denominator=20)
