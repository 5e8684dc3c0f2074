"""Exact finite channels: validation, and rigorous Arb enclosures of their divergences.

A channel W is a row-stochastic matrix with exact entries, W[x][y] = Pr[Y = y | X = x]: Fractions
on the rational fast path, else exact sympy expressions. For input laws p on the rows (nats):

    pW[y]          = sum_x p[x] W[x][y]                      (the output distribution)
    D(W_x || q)    = sum_{y : W[x][y] > 0} W[x][y] ln(W[x][y] / q[y])
    I(p; W)        = sum_x p[x] D(W_x || pW)                 (terms with p[x] = 0 vanish)

If p[x] > 0 and W[x][y] > 0 then pW[y] >= p[x] W[x][y] > 0, so every divergence in I(p; W) is
finite; D(W_x || pW) for an input with p[x] = 0 can be +oo, never when p has full support.

The divergence is the vocabulary's :func:`~dpproofs.vocabulary.kl_divergence`, written once; here
it is read in :class:`~dpproofs.algebra.IntervalAlgebra`, whose values are Arb balls containing
the exact values, so
that capacities and mutual informations can be bracketed by rationals rounded outward.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, TypeAlias

import sympy
from flint import arb

from dpproofs import vocabulary as V
from dpproofs.algebra import IntervalAlgebra
from dpproofs.errors import InvalidMechanism, Undecided
from dpproofs.exact.rigorous import arb_from_fraction, enclose, fraction_of, precision, sign
from dpproofs.finite.mechanism import FiniteMechanism

#: An exact channel entry: a Fraction on the rational fast path, else an exact sympy expression.
Entry: TypeAlias = Fraction | sympy.Expr
ExactRows: TypeAlias = tuple[tuple[Entry, ...], ...]

#: Arb working precision (bits) for certified evaluations. Enclosure radii are then ~2^-120 times
#: the size of the sums, far below any gap a caller can ask for.
BITS = 128

#: The vocabulary read in Arb balls (IntervalAlgebra: values contain the exact ones).
BALLS = IntervalAlgebra()

#: Certified rationals are rounded outward to this dyadic grid to keep them short (2^-64 ~ 5e-20).
GRID_BITS = 64


def exact_rows(rows: Sequence[Sequence[Any]] | FiniteMechanism) -> ExactRows:
    """Validate an exact row-stochastic matrix and return its entries.

    Validation is :meth:`FiniteMechanism.from_rows` (entries >= 0, rows summing to exactly 1,
    decided rigorously). Floats are refused: a float is not an exact probability. When every entry
    is rational the result holds Fractions (the fast path); otherwise exact sympy expressions.
    """
    if not isinstance(rows, FiniteMechanism):
        rational = _rational_fast_path(rows)
        if rational is not None:
            return rational
    mechanism = rows if isinstance(rows, FiniteMechanism) else FiniteMechanism.from_rows(rows)
    if not mechanism.exact:
        raise InvalidMechanism(
            "information quantities need exact entries (Fractions, ints, sympy numbers or strings"
            f" such as '1/3' or 'exp(1)/(exp(1)+3)'), not floats{mechanism.built_at}"
        )
    rational = mechanism.rational_rows()
    if rational is not None:
        return rational
    return tuple(tuple(_exact_zero(sympy.sympify(v)) for v in row) for row in mechanism.rows)


def _rational_fast_path(rows: Sequence[Sequence[Any]]) -> ExactRows | None:
    """The rows as Fractions when every entry is an int, Fraction or sympy Rational and the rows
    are valid; None when some entry is anything else (then the general validation runs)."""
    out: list[tuple[Fraction, ...]] = []
    for r, row in enumerate(rows):
        converted = []
        for v in row:
            if isinstance(v, bool) or not isinstance(v, int | Fraction | sympy.Rational):
                return None
            converted.append(
                Fraction(int(v.p), int(v.q)) if isinstance(v, sympy.Rational) else Fraction(v)
            )
        if out and len(converted) != len(out[0]):
            raise InvalidMechanism(f"row {r} has {len(converted)} entries, row 0 has {len(out[0])}")
        if any(v < 0 for v in converted):
            raise InvalidMechanism(f"row {r} has a negative entry: {[str(v) for v in converted]}")
        if sum(converted) != 1:
            raise InvalidMechanism(f"row {r} sums to {sum(converted)}, not 1")
        out.append(tuple(converted))
    if not out or not out[0]:
        raise InvalidMechanism("a channel needs at least one row and one column")
    return tuple(out)


def _exact_zero(entry: sympy.Expr) -> sympy.Expr:
    """``entry``, or the integer 0 when it is an exact zero that does not look like one."""
    if entry.is_Rational:
        return entry
    ball = enclose(entry, bits=BITS)
    if ball > 0:
        return entry
    # The ball touches 0: the sign decides (exactly, or Undecided, never by a guess).
    return sympy.Integer(0) if sign(entry) == 0 else entry


def exact_distribution(p: Sequence[Any], size: int) -> tuple[Entry, ...]:
    """Validate an exact probability vector on ``size`` points (a one-row channel) and return it."""
    (row,) = exact_rows([list(p)])
    if len(row) != size:
        raise InvalidMechanism(
            f"the input distribution has {len(row)} entries, the channel {size} rows"
        )
    return row


def is_zero(entry: Entry) -> bool:
    """True when an (already normalised) exact entry is 0."""
    return entry == 0


def output_distribution(p: Sequence[Entry], rows: ExactRows) -> list[Any]:
    """pW[y] = sum_x p[x] W[x][y], exactly (Fractions when everything is rational)."""
    width = len(rows[0])
    if all(isinstance(v, Fraction) for v in p) and all(
        isinstance(v, Fraction) for row in rows for v in row
    ):
        return [
            sum((px * row[y] for px, row in zip(p, rows, strict=True)), Fraction(0))
            for y in range(width)
        ]
    # cancel() puts each sum of rational functions of the entries over one denominator, which
    # keeps closed forms short (e/(4(e+3)) + 3/(4(e+3)) becomes 1/4); it is an exact identity.
    return [
        sympy.cancel(
            sympy.Add(
                *(
                    sympy.sympify(px) * sympy.sympify(row[y])
                    for px, row in zip(p, rows, strict=True)
                )
            )
        )
        for y in range(width)
    ]


# --- Ball arithmetic ---------------------------------------------------------------------------


def ball_of(entry: Entry) -> arb:
    """A ball containing the exact entry (radius 0 for dyadic rationals)."""
    if isinstance(entry, Fraction):
        return arb_from_fraction(entry)
    return enclose(entry, bits=BITS)


def channel_balls(rows: ExactRows) -> list[list[arb]]:
    """Balls for every entry of the channel; exact zeros stay exact zeros."""
    return [[ball_of(v) for v in row] for row in rows]


def enclose_divergences(
    p: Sequence[arb], rows: Sequence[Sequence[arb]]
) -> tuple[arb, list[arb | None]]:
    """Balls containing I(p; W) and each D(W_x || pW); None stands for D = +oo, which happens
    only when p[x] = 0 and W[x][y] > 0 = pW[y] for some y (never when p has full support).

    Run inside a ``precision(...)`` block. Arb rounds every operation outward, so each ball
    contains the exact value of the quantity computed from the exact entries.
    """
    width = len(rows[0])
    q = [BALLS.total(px * row[y] for px, row in zip(p, rows, strict=True)) for y in range(width)]
    divergences: list[arb | None] = [
        None
        if any(qy.is_zero() and not w.is_zero() for w, qy in zip(row, q, strict=True))
        else _certainly_finite(V.kl_divergence(BALLS, row, q))
        for row in rows
    ]
    # Terms with p[x] = 0 vanish (and are the only ones whose divergence may be +oo).
    information = BALLS.total(
        px * _finite(d) for px, d in zip(p, divergences, strict=True) if not px.is_zero()
    )
    return information, divergences


def _certainly_finite(ball: arb) -> arb:
    """The ball, unless a log met a ball that is not certainly positive (then it is not finite)."""
    if not ball.is_finite():
        raise Undecided("a divergence term took the log of a ball that is not certainly positive")
    return ball


def _finite(divergence: arb | None) -> arb:
    assert divergence is not None, "p[x] > 0 makes D(W_x || pW) finite (see the module docstring)"
    return divergence


def round_down(ball: arb) -> Fraction:
    """A rational <= every point of ``ball``, on the 2^-64 grid (lower end rounded down)."""
    with precision(BITS):  # arb's lower() rounds down, at the working precision
        end = fraction_of(ball.lower())
    return Fraction(math.floor(end * 2**GRID_BITS), 2**GRID_BITS)


def round_up(ball: arb) -> Fraction:
    """A rational >= every point of ``ball``, on the 2^-64 grid (upper end rounded up)."""
    with precision(BITS):  # arb's upper() rounds up, at the working precision
        end = fraction_of(ball.upper())
    return Fraction(math.ceil(end * 2**GRID_BITS), 2**GRID_BITS)
