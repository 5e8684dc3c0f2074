"""The erased-function channel rule (docs/design/erasure.md) checked by brute force.

At K in {2, 3, 4} and parameter points (those of :mod:`.symmetric`: 1/2, 1 and 2 when inside a
parameter's domain, else its finite ends), the channel is written out (its databases, rows and
outputs) and, at 60 digits,

* the row distance: the total variation 1/2 sum_y |W[x][y] - W[x'][y]| of EVERY two distinct
  rows is compared with the target;
* I(uniform; W): sum_x (1/|X|) D(W[x] || q), q the output law of the uniform input, 0 ln 0 = 0;
* a capacity: the sandwich I(p; W) <= C(W) <= max_x D(W[x] || pW), valid for EVERY input law p
  (the dual bound C = min_q max_x D(W[x] || q)), at p uniform over the distinct rows (each
  distinct row's mass shared equally among its copies); both ends must equal the target;
* a section capacity: that sandwich for EVERY section x_i -> Y (the databases with the other
  entries fixed, read off the written-out databases), each end equal to the target.

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


def numbers_of(rows: list[list[sympy.Expr]]) -> list[list[sympy.Float]] | None:
    out = [[sympy.N(v, DIGITS) for v in row] for row in rows]
    if any(not (v.is_real and -TINY <= v <= 1 + TINY) for row in out for v in row):
        return None
    return out


def _divergence(row: list[sympy.Float], q: list[sympy.Expr]) -> sympy.Expr:
    """D(row || q) at 60 digits, 0 ln 0 = 0 (q_y > 0 wherever row_y > 0: q is an output law of
    an input law with full support)."""
    terms = [w * sympy.log(w / c) for w, c in zip(row, q, strict=True) if w > TINY]
    return sympy.Add(*terms).evalf(DIGITS) if terms else sympy.Float(0, DIGITS)


def information(numbers: list[list[sympy.Float]], p: list[sympy.Expr]) -> tuple[Any, Any]:
    """(I(p; W), max_x D(W[x] || pW)) at 60 digits: the capacity lies between them."""
    q = [
        sympy.Add(*(px * row[y] for px, row in zip(p, numbers, strict=True)))
        for y in range(len(numbers[0]))
    ]
    divergences = [_divergence(row, q) for row in numbers]
    information = sympy.Add(*(px * d for px, d in zip(p, divergences, strict=True)))
    return information.evalf(DIGITS), max(divergences)


def spread(numbers: list[list[sympy.Float]]) -> list[sympy.Expr]:
    """The input law uniform over the distinct rows, shared equally among each row's copies."""
    keys = [tuple(row) for row in numbers]
    distinct = list(dict.fromkeys(keys))
    return [sympy.Rational(1, len(distinct) * keys.count(key)) for key in keys]


def sections(databases: list[tuple[int, ...]]) -> list[list[int]]:
    """Per entry i and fixed other entries: the indices of the databases of that section."""
    out: dict[tuple[int, tuple[int, ...]], list[int]] = {}
    for j, d in enumerate(databases):
        for i in range(len(d)):
            out.setdefault((i, d[:i] + d[i + 1 :]), []).append(j)
    return list(out.values())


def values_at(
    rows: list[list[sympy.Expr]], databases: list[tuple[int, ...]]
) -> dict[str, list[sympy.Expr]] | None:
    """Every row distance, I(uniform; W), the capacity sandwich and every section's, at 60 digits
    (None when the rows are not a channel)."""
    numbers = numbers_of(rows)
    if numbers is None:
        return None
    size = len(numbers)
    distances = [
        sum((abs(a - b) for a, b in zip(numbers[i], numbers[j], strict=True)), sympy.Integer(0)) / 2
        for i, j in itertools.combinations(range(size), 2)
    ]
    uniform, _ = information(numbers, [sympy.Rational(1, size)] * size)
    capacity = list(information(numbers, spread(numbers)))
    ends: list[Any] = []
    for indices in sections(databases):
        section = [numbers[j] for j in indices]
        ends += list(information(section, spread(section)))
    return {
        "distances": distances,
        "uniform": [uniform],
        "capacity": capacity,
        "sections": ends,
    }


def agrees(claim: Any, status: str) -> tuple[bool, str]:
    """(False, why) when a claim reported proved differs from brute force at a checked point."""
    channel = claim.channel
    names = [p for p, _ in channel.parameters]
    grids = [_points(d) for _, d in channel.parameters]
    wanted = {
        "ROW_DISTANCE": "distances",
        "UNIFORM_INFORMATION": "uniform",
        "CAPACITY": "capacity",
        "SECTION_CAPACITY": "sections",
    }[claim.value.name]
    checked = 0
    for values in itertools.product(*grids):
        point = dict(zip(names, values, strict=True))
        for size in (2, 3, 4):
            found = values_at(channel.at(size, point), channel.inputs(size))
            if found is None:
                continue
            target = sympy.N(claim.target.xreplace({channel.k: size, **point}), DIGITS)
            checked += 1
            for value in found[wanted]:
                if status == "proved" and not abs(value - target) < TINY:
                    return False, f"at K = {size}, {point}: {wanted}: {value}, not {target}"
    return True, f"erasure channel: brute force at {checked} points agrees"
