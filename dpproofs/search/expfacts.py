"""Sound handling of e^x in the solver: TRUE polynomial facts linking a variable E to x.

For a parameter x ranging over [lo, hi] the solver gets a fresh real E together with facts that
hold for E = e^x at every x in the range. The z3 problem is therefore an OVER-approximation of the
real one: an ``unsat`` answer certifies that no counterexample exists with the real exponential.
A ``sat`` answer is only a candidate (E may differ from e^x) and is re-checked exactly.

Facts (each states its rounding direction):
* pinned x = v: lo_b <= E <= hi_b with (lo_b, hi_b) = rational_bracket(e^v) (lo_b rounded down,
  hi_b rounded up, so e^v lies inside).
* E >= 1 + x (for every real x), and E >= 1 + x + x^2/2 + x^3/6 when x >= 0 (Taylor with a
  nonnegative remainder).
* tangent lines at grid points a: E >= e^a_down (1 + x - a). The true tangent e^a (1 + x - a)
  lies below the convex e^x; lowering the slope factor e^a keeps the line below where
  1 + x - a >= 0, and where 1 + x - a < 0 the line is negative, below e^x > 0.
* chords on each grid cell [a, b]: x in [a, b] implies
  E <= e^a_up + (e^b_up - e^a_up)(x - a)/(b - a).
  The true chord lies above the convex e^x on [a, b]; raising both end values raises the chord
  at every point of the cell (both weights (b - x)/(b - a), (x - a)/(b - a) are >= 0).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import sympy

from dpproofs.exact.rigorous import rational_bracket
from dpproofs.search.domains import Interval

#: Number of grid cells used for tangents and chords on a bounded range.
GRID_CELLS = 8


def exp_bracket(x: Fraction, bits: int = 64) -> tuple[Fraction, Fraction]:
    """(lo, hi) exact rationals with lo <= e^x <= hi (lo rounded down, hi rounded up)."""
    return rational_bracket(sympy.exp(sympy.Rational(x.numerator, x.denominator)), bits=bits)


def grid(domain: Interval, cells: int = GRID_CELLS) -> list[Fraction]:
    """cells + 1 equally spaced rational points covering a bounded domain."""
    assert domain.hi is not None
    step = (domain.hi - domain.lo) / cells
    return [domain.lo + step * j for j in range(cells + 1)]


def exp_facts(z3: Any, x: Any, e: Any, domain: Interval, cells: int = GRID_CELLS) -> list[Any]:
    """True facts about E = e^x for every x in ``domain`` (see the module docstring)."""
    if domain.pinned:
        lo, hi = exp_bracket(domain.lo)
        return [e >= _val(z3, lo), e <= _val(z3, hi)]
    facts = [e > 0, e >= 1 + x]
    if domain.lo >= 0:
        facts.append(e >= 1 + x + x * x / 2 + x * x * x / 6)
    if domain.hi is None:
        return facts
    points = grid(domain, cells)
    brackets = [exp_bracket(a) for a in points]
    for a, (down, _) in zip(points, brackets, strict=True):
        facts.append(e >= _val(z3, down) * (1 + x - _val(z3, a)))
    for j in range(len(points) - 1):
        a, b = points[j], points[j + 1]
        ya, yb = brackets[j][1], brackets[j + 1][1]
        slope = (yb - ya) / (b - a)
        chord = _val(z3, ya) + _val(z3, slope) * (x - _val(z3, a))
        facts.append(z3.Implies(z3.And(x >= _val(z3, a), x <= _val(z3, b)), e <= chord))
    return facts


def exp_range(z3: Any, e: Any, domain: Interval) -> list[Any]:
    """e^lo_down <= E <= e^hi_up: the image of a bounded [lo, hi] under the increasing exp,
    rounded outward (lower end down, upper end up), so it contains every true value."""
    assert domain.hi is not None
    return [e >= _val(z3, exp_bracket(domain.lo)[0]), e <= _val(z3, exp_bracket(domain.hi)[1])]


def refine_facts(z3: Any, x: Any, e: Any, at: Fraction, domain: Interval) -> list[Any]:
    """Extra true facts near a spurious candidate x = at: the tangent at ``at`` and chords on the
    two cells [lo, at] and [at, hi] (same rounding as in ``exp_facts``)."""
    down, _ = exp_bracket(at)
    facts = [e >= _val(z3, down) * (1 + x - _val(z3, at))]
    if domain.hi is None:
        return facts
    for a, b in ((domain.lo, at), (at, domain.hi)):
        if b <= a:
            continue
        ya = exp_bracket(a)[1]
        yb = exp_bracket(b)[1]
        chord = _val(z3, ya) + _val(z3, (yb - ya) / (b - a)) * (x - _val(z3, a))
        facts.append(z3.Implies(z3.And(x >= _val(z3, a), x <= _val(z3, b)), e <= chord))
    return facts


def _val(z3: Any, f: Fraction) -> Any:
    return z3.RealVal(f"{f.numerator}/{f.denominator}")
