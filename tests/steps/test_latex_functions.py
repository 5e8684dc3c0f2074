"""Decimals with no leading digit and function application in LaTeX steps (issue 28, BLOCKERS.md):
``.5`` is the exact rational 1/2; ``score(x, 0, \\alpha)`` is a function applied to an argument
list, read as an opaque number (proved only when true for every value, never refuted)."""

from __future__ import annotations

import pytest

from dpproofs.claim import Deadline
from dpproofs.steps.check import check_steps
from dpproofs.steps.derivation import read_derivation
from dpproofs.steps.latex import to_claim_syntax


def statuses(block: str, **kwargs: object) -> list[str]:
    derivation = read_derivation(block, **kwargs)  # type: ignore[arg-type]
    return [r.status for r in check_steps(derivation, Deadline(30))]


@pytest.mark.parametrize(
    ("latex", "expected"),
    [(".5", "0.5"), (r".25 \cdot (5 - 1)", "0.25*(5 - 1)"), ("1.5", "1.5"), ("-.75x", "-0.75*x")],
)
def test_a_decimal_without_a_leading_digit_is_one_number(latex: str, expected: str) -> None:
    assert to_claim_syntax(latex) == expected


@pytest.mark.parametrize(
    ("block", "expected"),
    [
        # exact: 1/10 + 2/10 = 3/10, which binary floats (0.30000000000000004) would refute
        (r".1 + .2 = .3", "proved"),
        (r".1 + .2 = .31", "refuted"),  # 3/10 != 31/100
        (r"-|0 - .5 \cdot (5 - 1)| = -2", "proved"),  # OpenDP's quantile score example
        (r"-|1 - .25 \cdot (6 - 1)| = -0.25", "proved"),  # |1 - 5/4| = 1/4
        (r".5 x \le x", "refuted"),  # x/2 <= x fails at x = -1
    ],
)
def test_decimals_are_exact_rationals(block: str, expected: str) -> None:
    assert statuses(block) == [expected]
