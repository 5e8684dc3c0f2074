"""The median witness rule (docs/design/median.md) checked by brute force.

At n = 1..6 and parameter points (1/2, 1, 2 per parameter when in its domain), the rule's
neighbours are written out with Fractions, their medians computed entry by entry, and
|median(x) - median(y)| compared with the claim's bound (a claim reported proved whose witness
falls short fails). The claim is recognised by its class's home; no decider is imported.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import sympy

from dpproofs.recheck.symmetric import _points

HOME = ("dpproofs.finite.median", "MedianLowerBound")


def _fraction(value: sympy.Expr) -> Fraction | None:
    value = sympy.nsimplify(value) if not value.is_Rational else value
    return Fraction(int(value.p), int(value.q)) if value.is_Rational else None


def _median(x: tuple[Fraction, ...]) -> Fraction:
    s = sorted(x)
    m = len(s)
    return s[m // 2] if m % 2 else (s[m // 2 - 1] + s[m // 2]) / 2


def agrees(claim: Any, status: str) -> tuple[bool, str]:
    """(False, why) when the witness of a claim reported proved falls short of its bound."""
    names = [p for p, _ in claim.where]
    grids = [_points(d) for _, d in claim.where]
    checked = 0
    for values in itertools.product(*grids):
        point = dict(zip(names, values, strict=True))
        lo, hi, bound = (_fraction(e.xreplace(point)) for e in (claim.lo, claim.hi, claim.bound))
        if lo is None or hi is None or bound is None or lo > hi:
            continue
        for size in range(1, 7):
            low = size // 2 + 1
            x = (lo,) * low + (hi,) * (size - low)
            y = (lo,) * (low - 1) + (hi,) * (size - low + 1)
            gap = abs(_median(x) - _median(y))
            checked += 1
            if status == "proved" and gap < bound:
                return False, f"at n = {size}, {point}: the witness gives {gap} < {bound}"
    return True, f"median: the witness at {checked} (n, point) pairs reaches the bound"
