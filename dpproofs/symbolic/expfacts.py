"""True facts about the exponential function, as z3 constraints on a fresh variable E = exp(T).

The solver never sees exp itself: each exp(t) becomes a fresh real E, and dpproofs adds facts that
hold for EVERY real t (or are guarded by the range on which they hold). Then "domains and
assumptions and facts and not-claim" being unsat proves the claim, because the real values of the
exponentials satisfy all the facts. Each fact below states its range and why it holds.

Facts come in levels so the solver first sees a small, cheap set and gets the stronger (higher
degree) ones only when the cheap set did not settle the question.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import z3

Fact = tuple[str, z3.BoolRef]


def _q(value: Fraction) -> z3.RatNumRef:
    return z3.RealVal(f"{value.numerator}/{value.denominator}")


def single(name: str, e: z3.ArithRef, t: z3.ArithRef, level: int) -> Iterator[Fact]:
    """Facts about one E = exp(T), valid for all real T unless guarded."""
    # exp is positive everywhere.
    yield f"{name} > 0", e > 0
    # Tangent line at 0: e^t >= 1 + t for all t (Taylor, remainder e^xi t^2/2 >= 0).
    yield f"{name} >= 1 + t", e >= 1 + t
    # The same bound at -t, multiplied by e^t > 0: e^{-t} >= 1 - t gives e^t (1 - t) <= 1.
    # (For t < 1 this is the upper bound e^t <= 1/(1 - t).)
    yield f"{name} (1 - t) <= 1", e * (1 - t) <= 1
    if level < 1:
        return
    # Odd-order Taylor polynomials are lower bounds on the WHOLE line: the remainder of order 3 is
    # e^xi t^4 / 24 >= 0. So e^t >= 1 + t + t^2/2 + t^3/6 for all real t, and likewise at -t:
    # e^{-t} >= 1 - t + t^2/2 - t^3/6, i.e. e^t (1 - t + t^2/2 - t^3/6) <= 1 (times e^t > 0).
    t2 = t * t
    t3 = t2 * t
    yield f"{name} >= 1 + t + t^2/2 + t^3/6", 6 * e >= 6 + 6 * t + 3 * t2 + t3
    yield f"{name} (1 - t + t^2/2 - t^3/6) <= 1", e * (6 - 6 * t + 3 * t2 - t3) <= 6
    # Pade bound (equivalently tanh(t/2) <= t/2 for t >= 0): e^t (2 - t) <= 2 + t for t >= 0 and
    # >= for t <= 0. Proof: f(t) = (2 + t) - (2 - t) e^t has f(0) = 0 and
    # f'(t) = 1 - (1 - t) e^t >= 0 for all t (because e^{-t} >= 1 - t), so f is nondecreasing:
    # f >= 0 on [0, oo) and f <= 0 on (-oo, 0].
    yield f"{name} (2 - t) <= 2 + t if t >= 0", z3.Implies(t >= 0, e * (2 - t) <= 2 + t)
    yield f"{name} (2 - t) >= 2 + t if t <= 0", z3.Implies(t <= 0, e * (2 - t) >= 2 + t)
    if level < 2:
        return
    # Order-5 Taylor lower bound, valid on the whole line (remainder e^xi t^6/720 >= 0), and its
    # reflected form at -t multiplied by e^t > 0.
    t4 = t3 * t
    t5 = t4 * t
    yield (f"{name} >= Taylor_5(t)", 120 * e >= 120 + 120 * t + 60 * t2 + 20 * t3 + 5 * t4 + t5)
    yield (
        f"{name} Taylor_5(-t) <= 1",
        e * (120 - 120 * t + 60 * t2 - 20 * t3 + 5 * t4 - t5) <= 120,
    )


def on_range(
    name: str,
    e: z3.ArithRef,
    t: z3.ArithRef,
    lo: Fraction,
    hi: Fraction,
    lo_down: Fraction,
    lo_up: Fraction,
    hi_up: Fraction,
) -> Iterator[Fact]:
    """Facts valid when lo <= t <= hi, given brackets lo_down <= e^lo <= lo_up and e^hi <= hi_up
    (lower brackets round DOWN and upper brackets round UP, so each stated inequality stays true).

    * e^t >= e^lo >= lo_down (exp is increasing);
    * e^t <= e^hi <= hi_up;
    * e^t lies below its chord on [lo, hi] (exp is convex): with s = (t - lo)/(hi - lo) in [0, 1],
      e^t <= (1 - s) e^lo + s e^hi <= (1 - s) lo_up + s hi_up, since the chord is increasing in
      both endpoint values.
    """
    inside = z3.And(t >= _q(lo), t <= _q(hi))
    yield f"{name} >= {float(lo_down):.6g} on range", z3.Implies(inside, e >= _q(lo_down))
    yield f"{name} <= {float(hi_up):.6g} on range", z3.Implies(inside, e <= _q(hi_up))
    width = hi - lo
    if width > 0:
        slope = (hi_up - lo_up) / width
        chord = _q(lo_up) + _q(slope) * (t - _q(lo))
        yield (
            f"{name} below its chord on [{float(lo):.4g}, {float(hi):.4g}]",
            z3.Implies(inside, e <= chord),
        )


def pair(
    name_i: str, e_i: z3.ArithRef, t_i: z3.ArithRef, name_j: str, e_j: z3.ArithRef, t_j: z3.ArithRef
) -> Iterator[Fact]:
    """exp is strictly increasing: t_i < t_j iff e_i < e_j, and t_i = t_j iff e_i = e_j."""
    yield f"{name_i} < {name_j} iff args <", (t_i < t_j) == (e_i < e_j)
    yield f"{name_i} = {name_j} iff args =", (t_i == t_j) == (e_i == e_j)
