"""Certified brackets are printed rounded outward, so the printed bracket still encloses."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from dpproofs.exact.bracket import shown_outward


def test_a_float_just_below_one_is_not_printed_as_one():
    # Before: f"{x:.15g}" printed the total variation of RR^10000, certified in
    # [0.9999999999999999, 1.0000000000000002], as "[1, 1]".
    assert shown_outward(0.9999999999999999, 1.0000000000000002, 15) == (
        "[0.999999999999999, 1.00000000000001]"
    )
    # MI-DP of RR(3/4) is 3/4 log 3 - log 2 = 0.13081203594113..., exact in a point bracket.
    assert shown_outward(Fraction(1, 4), Fraction(1, 4), 12) == "[0.25, 0.25]"
    assert shown_outward(Fraction(1, 3), Fraction(1, 3), 3) == "[0.333, 0.334]"
    assert shown_outward(-Fraction(1, 3), 0, 3) == "[-0.334, 0]"


@given(
    st.fractions(min_value=-(10**6), max_value=10**6),
    st.fractions(min_value=0, max_value=10**6),
    st.integers(1, 17),
)
def test_the_printed_ends_enclose_the_bracket(lower, width, digits):
    upper = lower + width
    low, high = shown_outward(lower, upper, digits)[1:-1].split(", ")
    assert Fraction(low) <= lower and upper <= Fraction(high)
