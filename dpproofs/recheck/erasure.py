"""The K-ary erasure channel rule (docs/design/erasure.md) checked by brute force.

At K in {2, 3, 4} and parameter points (those of :mod:`.symmetric`: 1/2, 1 and 2 when inside a
parameter's domain, else its finite ends), the channel is written out and, at 60 digits,

* the row distance: the total variation 1/2 sum_y |W[x][y] - W[x'][y]| of EVERY two distinct
  rows is compared with the target;
* I(uniform; W): sum_x (1/K) sum_y W[x][y] ln(W[x][y] / q_y), q the output law of the uniform
  input, 0 ln 0 = 0;
* the capacity: the sandwich I(uniform; W) <= C(W) <= max_x D(W[x] || q) (the dual bound
  C = min_q max_x D(W[x] || q) at this q); both ends must equal the target.

A difference below 10^-40 counts as equal. A claim reported proved that differs fails; a
parameter point where the channel is not well formed (an entry outside [0, 1]) is skipped. The
claim is recognised by its class's home; no decider is imported.
"""

from __future__ import annotations

import itertools
from typing import Any

import sympy

from dpproofs.recheck.symmetric import _points

HOME = ("dpproofs.finite.erasure", "ErasureClaim")
TINY = sympy.Float("1e-40")
DIGITS = 60


def _numbers(rows: list[list[sympy.Expr]]) -> list[list[sympy.Float]] | None:
    out = [[sympy.N(v, DIGITS) for v in row] for row in rows]
    if any(not (v.is_real and -TINY <= v <= 1 + TINY) for row in out for v in row):
        return None
    return out


def _divergence(row: list[sympy.Float], q: list[sympy.Float]) -> sympy.Expr:
    """D(row || q) at 60 digits, 0 ln 0 = 0 (q_y > 0 wherever row_y > 0 here: q is the output
    law of the uniform input)."""
    terms = [w * sympy.log(w / c) for w, c in zip(row, q, strict=True) if w > TINY]
    return sympy.Add(*terms).evalf(DIGITS) if terms else sympy.Float(0, DIGITS)


def values_at(rows: list[list[sympy.Expr]]) -> dict[str, list[sympy.Expr]] | None:
    """Every row distance, I(uniform; W) and the dual upper bound on C(W), at 60 digits (None
    when the rows are not a channel)."""
    numbers = _numbers(rows)
    if numbers is None:
        return None
    size = len(numbers)
    distances = [
        sum((abs(a - b) for a, b in zip(numbers[i], numbers[j], strict=True)), sympy.Integer(0)) / 2
        for i, j in itertools.combinations(range(size), 2)
    ]
    q = [sum((row[y] for row in numbers), sympy.Integer(0)) / size for y in range(len(numbers[0]))]
    divergences = [_divergence(row, q) for row in numbers]
    uniform = sum(divergences, sympy.Integer(0)) / size
    return {"distances": distances, "uniform": [uniform], "upper": [max(divergences)]}


def agrees(claim: Any, status: str) -> tuple[bool, str]:
    """(False, why) when a claim reported proved differs from brute force at a checked point."""
    channel = claim.channel
    names = [p for p, _ in channel.parameters]
    grids = [_points(d) for _, d in channel.parameters]
    wanted = {
        "ROW_DISTANCE": ("distances",),
        "UNIFORM_INFORMATION": ("uniform",),
        "CAPACITY": ("uniform", "upper"),
    }[claim.value.name]
    checked = 0
    for values in itertools.product(*grids):
        point = dict(zip(names, values, strict=True))
        for size in (2, 3, 4):
            found = values_at(channel.at(size, point))
            if found is None:
                continue
            target = sympy.N(claim.target.xreplace({channel.k: size, **point}), DIGITS)
            checked += 1
            for key in wanted:
                for value in found[key]:
                    if status == "proved" and not abs(value - target) < TINY:
                        return False, f"at K = {size}, {point}: {key} is {value}, not {target}"
    return True, f"erasure channel: brute force at {checked} points agrees"
