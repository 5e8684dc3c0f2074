"""log_of(r) pins a parameter to ln r: e^param = r exactly, the parameter itself in a rational
bracket of ln r (dpproofs.search.domains). The bracket and r must agree."""


def test_an_exp_value_goes_only_with_its_log_bracket():
    """An Interval read as ln r (exp_value r) but bracketed elsewhere was searched at e^eps = r
    and eps in the other bracket, and reported "eps = ln(r)": Interval(5, 5, exp_value=2) gave
    a bounded "e^eps <= 3" at "eps = ln(2)" decided with eps = 5 (before this fix). Refused."""
    import dataclasses
    from fractions import Fraction

    import pytest

    from dpproofs.errors import InvalidClaim
    from dpproofs.search import log_of
    from dpproofs.search.domains import Interval

    pinned = log_of(Fraction(2))
    assert dataclasses.replace(pinned) == pinned  # log_of's own bracket is accepted
    for forged in [
        dict(lo=Fraction(5), hi=Fraction(5), exp_value=Fraction(2)),
        dict(lo=Fraction(0), hi=Fraction(1, 100), exp_value=Fraction(100)),
        dict(lo=pinned.lo, hi=pinned.hi, exp_value=Fraction(3)),
        dict(lo=pinned.lo, hi=pinned.hi, lo_open=True, exp_value=Fraction(2)),
        dict(lo=Fraction(0), hi=Fraction(1), exp_value=Fraction(-1)),
    ]:
        with pytest.raises(InvalidClaim):
            Interval(**forged)
