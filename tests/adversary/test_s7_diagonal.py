"""Adversary (session 7, helper ADV, issue 30): rule DG (dpproofs/symbolic/diagonal.py,
docs/design/diagonal.md) and its rechecker on inputs its authors did not design for.

Every claim here is decided by my own exact arithmetic (a rational witness where F < 0,
evaluated by sympy with rationals), then compared with dpproofs' answer. A failing
expectation is a finding, marked ``xfail(strict=True)`` so the suite stays green and the
mark must go when the rule is fixed.
"""

from __future__ import annotations

import pytest
import sympy
from sympy import Interval, Rational

from dpproofs.deadline import Deadline
from dpproofs.symbolic.diagonal import DiagonalCase, diagonal
from dpproofs.verdict import Status

p, q = sympy.Symbol("p", real=True), sympy.Symbol("q", real=True)
UNIT = Interval.open(0, 1)


def _decide(f: sympy.Expr, order: int = 1) -> Status:
    claim = diagonal("adversary", p, q, [DiagonalCase(f, UNIT, UNIT, order=order)], "the box")
    return claim.decide(Deadline(60)).status


# F polynomial with a non-integer rational content: sympy's cancel keeps G = (q - p)^k
# d^kF/dq^k with rational coefficients, factor_list returns the content (e.g. -1/2) and
# odd_part reads it through sympy.Integer, which truncates it to 0: R = 0 >= 0 "holds".
# Each F is negative at the exact rational witness (p, q), checked first.
FALSE_RATIONAL_CONTENT = [
    (-((q - p) ** 2) / 4, 1, (Rational(1, 2), Rational(1, 4))),
    (-((q - p) ** 4) / 5, 1, (Rational(1, 2), Rational(1, 4))),
    ((q - p) ** 2 / 3 * (q - Rational(1, 2)), 1, (Rational(1, 2), Rational(1, 4))),
    (-((q - p) ** 2) / 3, 2, (Rational(1, 2), Rational(1, 4))),
]


@pytest.mark.xfail(
    strict=True,
    reason="finding: odd_part reads factor_list's content by sympy.Integer, -1/4 becomes 0",
)
@pytest.mark.parametrize(("f", "order", "witness"), FALSE_RATIONAL_CONTENT)
def test_a_false_claim_with_rational_content_is_never_proved(f, order, witness) -> None:
    a, b = witness
    assert f.subs({p: a, q: b}) < 0  # exact: the claim "F >= 0 on (0, 1)^2" is false
    assert _decide(f, order) is not Status.PROVED


def test_the_same_claims_with_integer_content_stay_open() -> None:
    # Control: -(q - p)^2 (content -2 after the derivative) is not proved: the rule holds there.
    assert _decide(-((q - p) ** 2)) is Status.UNKNOWN
    assert _decide(-((q - p) ** 2) / 2) is Status.UNKNOWN
