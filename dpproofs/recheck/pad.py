"""The one-time pad rule (docs/design/pad.md) checked by brute force.

At m in {2, 3, 4} the release is written out from its definition (databases (x_1, x_2), the law
of the release over the m values of U) and, at 60 digits,

* the pure eps: the largest ln(M[x][y] / M[x'][y]) over neighbours x, x' (databases differing
  in exactly one entry) and outputs y, +oo when some M[x][y] > 0 = M[x'][y];
* the MI-DP level: per section (one entry free, the other fixed) the capacity sandwich of
  :mod:`.erasure` (I(p; W) <= C <= max_x D(W[x] || pW) at p uniform over the distinct rows);
  the largest lower end and the largest upper end must both equal the target.

A difference below 10^-40 counts as equal. A claim reported proved that differs fails ("eps-DP
for no finite eps" fails when the pure eps is finite). The claim is recognised by its class's
home; no decider is imported.
"""

from __future__ import annotations

import itertools
from typing import Any

import sympy

from dpproofs.recheck.erasure import DIGITS, TINY, information, numbers_of, sections, spread

HOME = ("dpproofs.finite.pad", "PadClaim")


def pure_epsilon(rows: list[list[sympy.Expr]], databases: list[tuple[int, ...]]) -> Any:
    """max over neighbours and outputs of the log-ratio at 60 digits (+oo when unbounded)."""
    best: Any = sympy.Integer(0)
    for i, j in itertools.permutations(range(len(databases)), 2):
        if sum(a != b for a, b in zip(databases[i], databases[j], strict=True)) != 1:
            continue
        for p, q in zip(rows[i], rows[j], strict=True):
            if p == 0:
                continue
            if q == 0:
                return sympy.oo
            best = max(best, sympy.log(p / q).evalf(DIGITS))
    return best


def mi_dp(rows: list[list[sympy.Expr]], databases: list[tuple[int, ...]]) -> tuple[Any, Any]:
    """(largest lower, largest upper) end of the sections' capacity sandwiches."""
    numbers = numbers_of(rows)
    assert numbers is not None
    ends = [
        information(s, spread(s)) for s in ([numbers[j] for j in ix] for ix in sections(databases))
    ]
    return max(lo for lo, _ in ends), max(hi for _, hi in ends)


def agrees(claim: Any, status: str) -> tuple[bool, str]:
    """(False, why) when a claim reported proved differs from brute force at a checked size."""
    pad = claim.pad
    for size in (2, 3, 4):
        rows, databases = pad.at(size), pad.inputs(size)
        if claim.value.name == "NOT_FINITELY_DP":
            found = [pure_epsilon(rows, databases)]
            target: Any = sympy.oo
        elif claim.value.name == "PURE_EPSILON":
            found = [pure_epsilon(rows, databases)]
            target = sympy.N(claim.target.xreplace({pad.m: size}), DIGITS)
        else:
            found = list(mi_dp(rows, databases))
            target = sympy.N(claim.target.xreplace({pad.m: size}), DIGITS)
        for value in found:
            same = value == target if sympy.oo in (value, target) else abs(value - target) < TINY
            if status == "proved" and not same:
                return False, f"at m = {size}: {claim.value.name} is {value}, not {target}"
    return True, "one-time pad: brute force at m = 2, 3, 4 agrees"
