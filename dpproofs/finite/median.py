"""A lower bound on the sensitivity of the median for every n (docs/design/median.md).

The median of x in [lo, hi]^n is the middle entry of the sorted x (n odd) or the mean of the two
middle entries (n even); neighbours differ in one entry. The rule: for every n >= 1 the pair

    x = (lo repeated floor(n/2) + 1 times, hi repeated the rest),
    y = x with one lo changed to hi

has |median(x) - median(y)| = hi - lo for odd n and (hi - lo)/2 for even n, so the worst-case
sensitivity is at least that at every n. "The worst case is >= b for every n >= 1" is then the
two scalar claims hi - lo >= b and (hi - lo)/2 >= b, after lo <= hi, each decided by the scalar
decider for every parameter point (lo, hi and b are sympy expressions in the parameters).
PROVED when the three are PROVED, else UNKNOWN naming the part.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

import sympy

from dpproofs.claim import decide_obligations, no_truth_value
from dpproofs.deadline import Deadline
from dpproofs.symbolic.claim import ScalarClaim, holds
from dpproofs.symbolic.domain import DomainSpec
from dpproofs.verdict import Verdict

METHOD = "median witness rule for every n >= 1 (docs/design/median.md)"
ROLES = ("well-formedness", "odd n", "even n")


def witness(size: int, lo: Fraction, hi: Fraction) -> tuple[tuple[Fraction, ...], ...]:
    """The rule's neighbours x, y at n = size."""
    low = size // 2 + 1
    x = (lo,) * low + (hi,) * (size - low)
    y = (lo,) * (low - 1) + (hi,) * (size - low + 1)
    return x, y


def median(x: tuple[Fraction, ...]) -> Fraction:
    """The middle entry of sorted x, or the mean of the two middle ones."""
    s = sorted(x)
    m = len(s)
    return s[m // 2] if m % 2 else (s[m // 2 - 1] + s[m // 2]) / 2


@dataclass(frozen=True, slots=True)
class MedianLowerBound:
    """For every n >= 1: max over neighbours in [lo, hi]^n of |median(x) - median(y)| >= bound."""

    __bool__ = no_truth_value

    lo: sympy.Expr
    hi: sympy.Expr
    bound: sympy.Expr
    where: tuple[tuple[sympy.Symbol, DomainSpec], ...]
    parts: tuple[ScalarClaim, ...] = field(default=())

    def describe(self) -> str:
        return (
            f"for every n >= 1: max over neighbours x, y in [{self.lo}, {self.hi}]^n of "
            f"|median(x) - median(y)| >= {self.bound}"
        )

    def decide(self, deadline: Deadline) -> Verdict:
        return decide_obligations(self.parts, ROLES, METHOD, deadline)


def median_sensitivity_at_least(
    lo: sympy.Expr, hi: sympy.Expr, bound: sympy.Expr, where: Mapping[sympy.Symbol, DomainSpec]
) -> MedianLowerBound:
    """The claim of the module docstring, with its three scalar claims built."""
    lo, hi, bound = sympy.sympify(lo), sympy.sympify(hi), sympy.sympify(bound)
    with sympy.evaluate(False):
        formed = sympy.Le(lo, hi)
        odd = sympy.Ge(sympy.Add(hi, sympy.Mul(-1, lo)), bound)
        even = sympy.Ge(sympy.Mul(sympy.Rational(1, 2), sympy.Add(hi, sympy.Mul(-1, lo))), bound)
    domains = dict(where)
    parts = tuple(holds(f, where=domains) for f in (formed, odd, even))
    return MedianLowerBound(lo, hi, bound, tuple(where.items()), parts)
