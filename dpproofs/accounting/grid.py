"""The sound fallback when the exact support is too big: losses rounded to a grid.

On a grid of width h, the PESSIMISTIC PLD moves every finite loss L up to h * ceil(L / h) and the
OPTIMISTIC one down to h * floor(L / h), keeping the P-masses (as dp_accounting does). Since

    delta(eps) = m_inf + E_P[(1 - e^(eps - L))^+ ; L finite]

is non-decreasing in every loss, and the loss of a product is the sum of the factors' losses,
the pessimistic composition gives an upper bound of delta(eps) and of eps(delta), the optimistic
one a lower bound. Rounding L / h is decided on Arb balls (outward: the ceiling of the upper end,
the floor of the lower end, both exact), and both grid PLDs are composed with bracketed
fixed-point masses, so both reported bounds are certified. The grid has about GRID_SLOTS
slots in all, but never fewer than about K + 1 (each run's losses round to whole slots); a grid
of more than SUPPORT_LIMIT slots is refused as too large (ArithmeticError, with the reason).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from flint import arb, ctx

from dpproofs.accounting.certified import (
    PRECISION,
    Certified,
    Kind,
    Path,
    ball,
    infinite,
    unknown,
)
from dpproofs.accounting.compose import SUPPORT_LIMIT, PairComposition
from dpproofs.accounting.power import FIXED_POINT_BITS, Factor, compose, layout_of
from dpproofs.accounting.rounding import ceil_div, floor_div
from dpproofs.accounting.table import LossTable

#: Total number of grid slots of the composed PLD (sets the grid width h).
GRID_SLOTS = 1 << 17


def grid_width(pc: PairComposition) -> Fraction:
    """A power of two h with (sum_t k_t * loss range of t) / h <= GRID_SLOTS."""
    spread = 0.0
    for pld, k in pc.losses:
        logs = [math.log(r) for r in pld.ratios] or [0.0]
        spread += k * (max(logs) - min(logs) + 2.0)
    return Fraction(2) ** math.ceil(math.log2(max(spread, 1e-300) / GRID_SLOTS))


def _grid_table(pc: PairComposition, h: Fraction, pessimistic: bool) -> LossTable:
    factors = []
    for pld, k in pc.losses:
        exponents = []
        for r in pld.ratios:
            scaled = ball(r).log() / ball(h)
            if not scaled.is_finite():
                raise ArithmeticError(f"the loss ln({r}) has no finite enclosure")
            if pessimistic:
                exponents.append((ceil_div(*_exact_end(scaled.upper())),))
            else:
                exponents.append((floor_div(*_exact_end(scaled.lower())),))
        factors.append(Factor(tuple(exponents), pld.masses, pld.infinity_mass, k))
    slots = layout_of(factors, 1).length
    if slots > SUPPORT_LIMIT:
        raise ArithmeticError(
            f"too large: the grid needs {slots} slots, more than {SUPPORT_LIMIT} "
            "(each run widens it by at least one slot)"
        )
    atoms = compose(factors, 1, FIXED_POINT_BITS)
    return LossTable.build(atoms, (ball(h),), None)


def _exact_end(end: arb) -> tuple[int, int]:
    """An exact Arb endpoint (zero radius) as numerator and positive denominator."""
    pair = end.mid().man_exp()
    mantissa, exponent = int(pair[0]), int(pair[1])
    if exponent >= 0:
        return mantissa << exponent, 1
    return mantissa, 1 << -exponent


def grid_answer(pc: PairComposition, compute: Callable[[LossTable], Certified]) -> Certified:
    """[optimistic lower bound, pessimistic upper bound]; value is the midpoint. Infinite when
    both are (the infinite atom is the same in both grids); unknown when either bound is."""
    saved = ctx.prec
    ctx.prec = PRECISION
    try:
        h = grid_width(pc)
        upper = compute(_grid_table(pc, h, pessimistic=True))
        lower = compute(_grid_table(pc, h, pessimistic=False))
    finally:
        ctx.prec = saved
    for bound in (upper, lower):
        if bound.kind is Kind.UNKNOWN:
            return unknown(Path.GRID, bound.reason)
    if upper.kind is Kind.INFINITE and lower.kind is Kind.INFINITE:
        return infinite(Path.GRID, upper.reason)
    if Kind.INFINITE in (upper.kind, lower.kind):
        return unknown(Path.GRID, "the two grids disagree on whether the value is infinite")
    return Certified((lower.lower + upper.upper) / 2, lower.lower, upper.upper, Path.GRID)
