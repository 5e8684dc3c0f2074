"""Sums and products whose reading's count condition the assumptions falsify, or whose count
they pin to a fraction (dpproofs/steps/counts.py, dpproofs/steps/sums.py): never proved
vacuously; constant bounds b < a are the empty sum and product (Concrete Mathematics 2.4)."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.claim import Deadline
from dpproofs.steps.check import check_steps
from dpproofs.steps.derivation import read_derivation
from dpproofs.steps.sums import closed_form


def results(block: str, **kwargs: object) -> list[tuple[str, str]]:
    derivation = read_derivation(block, **kwargs)  # type: ignore[arg-type]
    return [(r.status, r.reason) for r in check_steps(derivation, Deadline(30))]


@settings(max_examples=60, deadline=None)
@given(
    low=st.integers(-4, 4),
    high=st.integers(-4, 4),
    power=st.integers(0, 3),
    kind=st.sampled_from(["sum", "product"]),
)
def test_constant_bounds_read_as_the_sum_over_the_integers_between(
    low: int, high: int, power: int, kind: str
) -> None:
    """Brute force: sum_{i=low}^{high} i^power (product of 2) over the integers low <= i <= high,
    none when high < low, against the closed form the reader gives."""
    import sympy

    if kind == "sum":
        expected = sum((F(i) ** power for i in range(low, high + 1)), F(0))
        closed = closed_form("sum", "i", str(low), str(high), f"i**{power}")
    else:
        expected = F(2) ** max(0, high - low + 1)
        closed = closed_form("product", "i", str(low), str(high), "2")
    assert closed.terms == "" and closed.counts == ()
    assert sympy.sympify(closed.text) == sympy.Rational(expected.numerator, expected.denominator)


@pytest.mark.parametrize(("assume", "holds"), [(r"n \le -1", lambda n: n <= -1),
                                              (r"n < -3", lambda n: n < -3)])  # fmt: skip
def test_assumptions_that_leave_no_term_are_not_checked(
    assume: str, holds: Callable[[int], bool]
) -> None:
    # the sum is empty wherever the assumptions hold: 0 = 7 fails there, in the empty case,
    # which is never refuted (a paper may mean n >= 0: dpproofs/steps/cases.py); the point
    # shown is an integer that meets the assumption
    ((status, reason),) = results(r"\sum_{i=1}^{n} 1 = 7", assume=[assume])
    found = re.search(r"fails at n = (-?\d+), where n <= -1", reason)
    assert status == "not-checked" and found is not None, reason
    assert holds(int(found.group(1))) and sum(1 for _ in range(1, int(found.group(1)) + 1)) != 7


def test_a_count_pinned_to_a_fraction_is_not_checked() -> None:
    ((status, reason),) = results(r"\sum_{i=1}^{n} 1 = n", assume=[r"2n = 1"])
    assert status == "not-checked" and "n = 1/2" in reason


def test_a_count_the_assumptions_leave_free_is_proved() -> None:
    # true for every n >= 0; at n = -2 the sum is empty: 0 != (4 - 2)/2 = 1, not proved
    assert F(4 - 2, 2) != 0
    ((status, reason),) = results(r"\sum_{i=1}^{n} i = \frac{n^2 + n}{2}")
    assert status == "not-checked" and "fails at n = " in reason and "--assume 'n \\ge 0'" in reason
    stated = results(r"\sum_{i=1}^{n} i = \frac{n^2 + n}{2}", assume=[r"n \ge 0"])
    assert [s for s, _ in stated] == ["proved"]
    assert [s for s, _ in results(r"\sum_{i=1}^{n} i = \frac{n^2 + n}{2}",
                                  where={"n": "[1, oo)"})] == ["proved"]  # fmt: skip
    assert [s for s, _ in results(r"\sum_{i=1}^{n} 1 = n", assume=[r"n \ge 3"])] == ["proved"]


def test_an_empty_sum_with_constant_bounds_is_zero() -> None:
    assert [s for s, _ in results(r"\sum_{i=3}^{1} i^2 = 0")] == ["proved"]
    assert [s for s, _ in results(r"\prod_{i=3}^{2} 5 = 1")] == ["proved"]
    assert [s for s, _ in results(r"\sum_{i=3}^{1} 1 = -1")] == ["refuted"]
