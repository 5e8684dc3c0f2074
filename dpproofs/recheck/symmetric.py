"""The symmetric k-ary response rule (docs/design/symmetric-response.md) checked by brute force.

At k in {2, 3, 4} and parameter points (per parameter: 1/2, 1 and 2 when inside its domain,
else its finite ends), the matrix is written out and every ratio M[i][y] / M[j][y] over i != j
is evaluated at 60 digits; the largest log-ratio (+oo when some M[i][y] > 0 = M[j][y]) is compared
with the claim's target, a difference below 10^-40 counting as equal. A claim reported proved
that differs fails. The claim is recognised by its class's home; no decider is imported.
"""

from __future__ import annotations

import itertools
from typing import Any

import sympy

HOME = ("dpproofs.finite.symmetric", "SymmetricEpsilonClaim")
TINY = sympy.Float("1e-40")


def _points(domain: Any) -> list[sympy.Rational]:
    if isinstance(domain, str):
        text = domain.strip()
        lo, hi = (sympy.sympify(part.strip()) for part in text[1:-1].split(","))
        interval = sympy.Interval(lo, hi, text[0] == "(", text[-1] == ")")
    elif isinstance(domain, tuple):
        interval = sympy.Interval(*domain)
    else:
        interval = domain
    inside = [c for c in map(sympy.Rational, ("1/2", "1", "2")) if interval.contains(c)]
    return inside or [e for e in (interval.start, interval.end) if e.is_finite]


def largest_log_ratio(rows: list[list[sympy.Expr]]) -> sympy.Expr | None:
    """max over i != j, y of ln(rows[i][y] / rows[j][y]) at 60 digits (+oo, or None when an
    entry's sign is not decided)."""
    best: sympy.Expr = sympy.Float("-inf")
    for i, j in itertools.permutations(range(len(rows)), 2):
        for p, q in zip(rows[i], rows[j], strict=True):
            pv, qv = sympy.N(p, 60), sympy.N(q, 60)
            if not (pv.is_real and qv.is_real):
                return None
            if pv <= TINY:
                continue
            if qv <= TINY:
                return sympy.oo
            best = max(best, sympy.log(pv / qv).evalf(60))
    return best


def agrees(claim: Any, status: str) -> tuple[bool, str]:
    """(False, why) when a claim reported proved differs from brute force at a checked point."""
    response = claim.response
    names = [p for p, _ in response.parameters]
    grids = [_points(d) for _, d in response.parameters]
    checked = 0
    for values in itertools.product(*grids):
        point = dict(zip(names, values, strict=True))
        for size in (2, 3, 4):
            found = largest_log_ratio(response.at(size, point))
            target = sympy.N(claim.target.xreplace({response.k: size, **point}), 60)
            if found is None:
                continue
            checked += 1
            same = found == target if found is sympy.oo else abs(found - target) < TINY
            if status == "proved" and not same:
                return False, f"at k = {size}, {point}: the largest log-ratio is {found}"
    return True, f"symmetric response: brute force at {checked} points agrees"
