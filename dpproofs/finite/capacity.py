"""Certified channel capacity: C(W) = max_p I(p; W), bracketed by exact rationals.

For ANY input distribution p and ANY output distribution q (Csiszar-Korner; Cover-Thomas 13.7):

    I(p; W)  <=  C(W)  =  min_q max_x D(W_x || q)  <=  max_x D(W_x || pW).

So one p gives both a lower and an upper bound. We search for a good p in floats
(:mod:`dpproofs.finite.capacity_search`: accelerated Blahut-Arimoto, then Newton; search only),
round it to an exact dyadic distribution with full support (the bounds hold for every p, so
rounding cannot break them, and full support keeps every D(W_x || pW) finite), and evaluate
both sides in Arb ball arithmetic: the lower bound is the lower end of the ball for
I(p; W) rounded DOWN, the upper bound the upper end of the balls for D(W_x || pW) rounded UP.

Exact capacity, when cheap. If the uniform input u equalises the divergences, D(W_x || uW) = D
for every x, then I(u; W) = D = max_x D(W_x || uW), so C(W) = D exactly (erasure channels,
K-ary randomized response, every symmetric channel). This is decided exactly, never from floats.

Duplicate rows are merged first: I(p; W) depends on p only through the mass it puts on each
distinct row, so C(W) = C(W') for W' the distinct rows. All-equal rows give C = 0 exactly.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import sympy

from dpproofs import vocabulary as V
from dpproofs.algebra import EXACT
from dpproofs.errors import Undecided
from dpproofs.exact.bracket import CertifiedBracket
from dpproofs.exact.rigorous import compare, enclose, float_value, precision
from dpproofs.finite.capacity_search import float_gap, iterate, polish
from dpproofs.finite.channel import (
    BITS,
    Entry,
    ExactRows,
    ball_of,
    channel_balls,
    enclose_divergences,
    exact_rows,
    is_zero,
    output_distribution,
    round_down,
    round_up,
)
from dpproofs.finite.mechanism import FiniteMechanism

#: Blahut-Arimoto's float iterate is rounded to multiples of 2^-DYADIC_BITS (and at least that).
DYADIC_BITS = 62

#: Rational channels whose numbers exceed this are not factored for the exact-capacity test.
FACTOR_LIMIT = 2**64


@dataclass(frozen=True, slots=True)
class CapacityBounds(CertifiedBracket):
    """lower <= C(W) <= upper, exact rationals; ``exact`` is C(W) itself when it was found.

    ``input_distribution`` is the exact p whose I(p; W) gives ``lower`` (it has full support);
    ``iterations`` counts Blahut-Arimoto steps (0 when the capacity was found exactly; the
    Newton polish of the search is not counted).
    """

    lower: Fraction
    upper: Fraction
    input_distribution: tuple[Fraction, ...]
    iterations: int
    exact: sympy.Expr | None = None


def capacity_bounds(
    rows: Sequence[Sequence[Any]] | FiniteMechanism,
    *,
    gap: float = 1e-9,
    max_iterations: int = 200_000,
    seconds: float = 10.0,
) -> CapacityBounds:
    """Certified bounds on the capacity C(W) = max_p I(p; W) of an exact channel (nats).

    Blahut-Arimoto runs until the certified bracket is at most ``gap`` wide or the budget
    (``max_iterations`` steps, ``seconds`` of wall time) runs out; the bounds are valid either way.
    """
    return capacity_bounds_of_rows(
        exact_rows(rows), gap=gap, max_iterations=max_iterations, seconds=seconds
    )


def capacity_bounds_of_rows(
    channel: ExactRows, *, gap: float = 1e-9, max_iterations: int = 200_000, seconds: float = 10.0
) -> CapacityBounds:
    """:func:`capacity_bounds` for rows already validated by :func:`exact_rows`."""
    distinct, groups = _merge_duplicates(channel)
    if len(distinct) == 1:  # every input yields the same output law: C = 0 exactly
        return CapacityBounds(
            Fraction(0), Fraction(0), _spread([Fraction(1)], groups), 0, sympy.Integer(0)
        )
    exact = uniform_capacity(distinct)
    if exact is not None:
        ball = enclose(exact, bits=BITS)  # lower end rounded down, upper end rounded up
        uniform = [Fraction(1, len(distinct))] * len(distinct)
        return CapacityBounds(
            max(Fraction(0), round_down(ball)), round_up(ball), _spread(uniform, groups), 0, exact
        )
    lower, upper, p, iterations = _blahut_arimoto_bounds(
        distinct, gap, max_iterations, time.monotonic() + seconds
    )
    return CapacityBounds(lower, upper, _spread(p, groups), iterations)


def _merge_duplicates(channel: ExactRows) -> tuple[ExactRows, list[list[int]]]:
    """The distinct rows (first occurrence order) and, for each, the inputs that share it."""
    index: dict[tuple[Entry, ...], int] = {}
    groups: list[list[int]] = []
    for x, row in enumerate(channel):
        if row not in index:
            index[row] = len(groups)
            groups.append([])
        groups[index[row]].append(x)
    return tuple(index), groups


def _spread(p: Sequence[Fraction], groups: list[list[int]]) -> tuple[Fraction, ...]:
    """An input law on the original rows: each distinct row's mass split evenly over its copies
    (the output law, hence I(p; W), is unchanged)."""
    out = [Fraction(0)] * sum(len(g) for g in groups)
    for mass, group in zip(p, groups, strict=True):
        for x in group:
            out[x] = mass / len(group)
    return tuple(out)


# --- Exact capacity of channels equalised by the uniform input ----------------------------------


def uniform_capacity(rows: ExactRows) -> sympy.Expr | None:
    """D when D(W_x || uW) = D for every x (then C(W) = D exactly), else None.

    Decided, in order, by (1) the multiset {(W[x][y], uW[y]) : W[x][y] > 0} being the same for
    every row, which makes the divergences equal term by term; (2) for rational channels, unique
    factorisation: D(W_x || uW) = sum_primes c_x(prime) ln(prime) with rational c_x, and the
    logs of primes are linearly independent over Q, so the D's are equal iff the c's are;
    (3) otherwise rigorous comparison (an undecidable comparison gives None, never a guess).
    Before (2) and (3), Arb balls of the divergences settle the common case "certainly unequal".
    """
    k = len(rows)
    uniform: list[Entry] = [Fraction(1, k)] * k
    q = output_distribution(uniform, rows)
    signatures = [
        Counter((w, qy) for w, qy in zip(row, q, strict=True) if not is_zero(w)) for row in rows
    ]
    if all(s == signatures[0] for s in signatures[1:]):
        return _exact_divergence(rows[0], q)
    with precision(BITS):
        _, balls = enclose_divergences([ball_of(v) for v in uniform], channel_balls(rows))
    first = balls[0]
    assert first is not None, "the uniform law has full support: every divergence is finite"
    if any(d is not None and (d > first or d < first) for d in balls[1:]):
        return None  # the balls separate two divergences: certainly not all equal
    if all(isinstance(v, Fraction) for row in rows for v in row):
        return _rational_uniform_capacity(rows, q)
    if k * len(q) > 256:
        return None  # step (3) builds sympy expressions: only worth it for small channels
    divergences = [_exact_divergence(row, q) for row in rows]
    try:
        if all(compare(d, divergences[0]) == 0 for d in divergences[1:]):
            return divergences[0]
    except Undecided:
        return None
    return None


def _exact_divergence(row: Sequence[Entry], q: Sequence[Any]) -> sympy.Expr:
    expr: sympy.Expr = V.kl_divergence(
        EXACT, [sympy.sympify(v) for v in row], [sympy.sympify(v) for v in q]
    )
    return expr


def _rational_uniform_capacity(rows: ExactRows, q: Sequence[Any]) -> sympy.Expr | None:
    coefficients: list[dict[int, Fraction]] = []
    for row in rows:
        weights: dict[int, Fraction] = {}
        for w, qy in zip(row, q, strict=True):
            if is_zero(w):
                continue
            ratio = Fraction(w) / Fraction(qy)
            if max(ratio.numerator, ratio.denominator) > FACTOR_LIMIT:
                return None
            for prime, power in sympy.factorint(ratio.numerator).items():
                weights[prime] = weights.get(prime, Fraction(0)) + Fraction(w) * power
            for prime, power in sympy.factorint(ratio.denominator).items():
                weights[prime] = weights.get(prime, Fraction(0)) - Fraction(w) * power
        coefficients.append({p: v for p, v in weights.items() if v != 0})
    if any(c != coefficients[0] for c in coefficients[1:]):
        return None
    return sympy.Add(
        *(
            sympy.Rational(v.numerator, v.denominator) * sympy.log(p)
            for p, v in sorted(coefficients[0].items())
        )
    )


# --- Blahut-Arimoto search and certification ---------------------------------------------------


def _blahut_arimoto_bounds(
    rows: ExactRows, gap: float, max_iterations: int, stop_at: float
) -> tuple[Fraction, Fraction, list[Fraction], int]:
    """Search in floats (accelerated BA, then a Newton polish of the optimality conditions) and
    certify the law found in Arb; tighten the float target and repeat until the certified gap is
    small enough or the budget is spent. Returns the narrowest certified bracket seen."""
    w = np.array([[float_value(v) for v in row] for row in rows], dtype=float)
    positive = w > 0
    log_w = np.where(positive, np.log(np.where(positive, w, 1.0)), 0.0)
    neg_entropy = (w * log_w).sum(axis=1)  # sum_y W ln W per row
    with precision(BITS):
        balls = channel_balls(rows)
    p = np.full(len(rows), 1.0 / len(rows))
    target, iterations = max(gap / 4, 1e-3), 0  # a coarse first stage: the polish does the rest
    best: tuple[Fraction, Fraction, list[Fraction]] | None = None
    while True:
        p, steps = iterate(p, w, neg_entropy, target, max_iterations - iterations, stop_at)
        iterations += steps
        law = min((p, polish(p, w)), key=lambda law: float_gap(law, w, neg_entropy))
        exact_p = _dyadic(law)
        lower, upper = _certify(exact_p, balls, rows)
        if best is None or upper - lower < best[1] - best[0]:
            best = (lower, upper, exact_p)
        out_of_budget = iterations >= max_iterations or time.monotonic() >= stop_at
        if best[1] - best[0] <= Fraction(gap) or out_of_budget or target < 1e-15:
            return best[0], best[1], best[2], iterations
        target = min(target, gap) / 4


def _dyadic(p: np.ndarray) -> list[Fraction]:
    """An exact law near p: multiples of 2^-62, each at least 2^-62, summing to exactly 1."""
    scale = 2**DYADIC_BITS
    counts = [max(1, math.floor(float(v) * scale)) for v in p]
    largest = max(range(len(counts)), key=counts.__getitem__)
    counts[largest] += scale - sum(counts)  # |correction| <= len(p), far below the largest count
    return [Fraction(c, scale) for c in counts]


def _certify(
    p: Sequence[Fraction], balls: Sequence[Sequence[Any]], rows: ExactRows
) -> tuple[Fraction, Fraction]:
    """(lower, upper) with lower <= I(p; W) <= C(W) <= max_x D(W_x || pW) <= upper.

    lower: the ball for I(p; W) rounded DOWN, then clamped at 0 (C >= 0): safe, C >= I(p; W).
    upper: the balls for D(W_x || pW) rounded UP (finite, as p has full support), and also capped
    by ln(#distinct rows) and ln(#outputs some row reaches), both rounded UP: C <= H(X) <= ln|X|
    and C <= H(Y) <= ln|supp Y|, so the minimum of these upper bounds is still an upper bound.
    """
    with precision(BITS):
        information, divergences = enclose_divergences([ball_of(v) for v in p], balls)
    lower = max(Fraction(0), round_down(information))
    finite = [d for d in divergences if d is not None]
    assert len(finite) == len(divergences), "a full-support p makes every D(W_x || pW) finite"
    upper = max(round_up(d) for d in finite)
    reached = sum(1 for y in range(len(rows[0])) if any(not is_zero(r[y]) for r in rows))
    for count in (len(rows), reached):
        upper = min(upper, round_up(enclose(sympy.log(count), bits=BITS)))
    return lower, upper
