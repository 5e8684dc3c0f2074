"""True facts about the exponential, as z3 constraints on a fresh variable E standing for e^t.

The solvers never see exp itself: each e^t becomes a fresh real E, and dpproofs adds facts that
hold for the real exponential (for every real t, or guarded by the range on which they hold).
So a z3 problem with these facts OVER-approximates the real one: ``unsat`` certifies that no
counterexample exists; ``sat`` is only a candidate, to be re-checked exactly. Every fact below
states its range, why it holds, and which way each rational bracket rounds.

* :func:`single`: facts valid for every real t, in levels of increasing degree (the symbolic
  decider adds the stronger ones only when the cheap set did not settle the question);
* :func:`on_range`, :func:`pair`: facts from a known range of t, and between two exp terms;
* :func:`exp_facts`, :func:`exp_range`, :func:`refine_facts`: a parameter ranging over an
  interval (the bounded search): tangents and chords on a grid of cells, with rational brackets
  of e^a at the grid points (lower brackets rounded down, upper brackets rounded up).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction
from typing import Any, Protocol

import sympy
import z3

from dpproofs.exact.rigorous import rational_bracket

Fact = tuple[str, z3.BoolRef]


def _q(value: Fraction) -> z3.RatNumRef:
    return z3.RealVal(f"{value.numerator}/{value.denominator}")


def _operand(arg: str) -> str:
    """The argument's text as it reads inside a sum or a power: parenthesised unless atomic."""
    return arg if re.fullmatch(r"[A-Za-z_][A-Za-z_0-9]*|\d+", arg) else f"({arg})"


def single(name: str, e: z3.ArithRef, t: z3.ArithRef, level: int, arg: str = "t") -> Iterator[Fact]:
    """Facts about one E = exp(T), valid for all real T unless guarded.

    ``arg`` is T's text: a fact's label (a proof's certificate lists the labels z3 used) reads
    ``exp(x) >= 1 + x``, not a placeholder.
    """
    t_ = _operand(arg)
    # exp is positive everywhere.
    yield f"{name} > 0", e > 0
    # Tangent line at 0: e^t >= 1 + t for all t (Taylor, remainder e^xi t^2/2 >= 0).
    yield f"{name} >= 1 + {t_}", e >= 1 + t
    # The same bound at -t, multiplied by e^t > 0: e^{-t} >= 1 - t gives e^t (1 - t) <= 1.
    # (For t < 1 this is the upper bound e^t <= 1/(1 - t).)
    yield f"{name} (1 - {t_}) <= 1", e * (1 - t) <= 1
    if level < 1:
        return
    # Odd-order Taylor polynomials are lower bounds on the WHOLE line: the remainder of order 3 is
    # e^xi t^4 / 24 >= 0. So e^t >= 1 + t + t^2/2 + t^3/6 for all real t, and likewise at -t:
    # e^{-t} >= 1 - t + t^2/2 - t^3/6, i.e. e^t (1 - t + t^2/2 - t^3/6) <= 1 (times e^t > 0).
    t2 = t * t
    t3 = t2 * t
    yield f"{name} >= 1 + {t_} + {t_}^2/2 + {t_}^3/6", 6 * e >= 6 + 6 * t + 3 * t2 + t3
    yield f"{name} (1 - {t_} + {t_}^2/2 - {t_}^3/6) <= 1", e * (6 - 6 * t + 3 * t2 - t3) <= 6
    # Pade bound (equivalently tanh(t/2) <= t/2 for t >= 0): e^t (2 - t) <= 2 + t for t >= 0 and
    # >= for t <= 0. Proof: f(t) = (2 + t) - (2 - t) e^t has f(0) = 0 and
    # f'(t) = 1 - (1 - t) e^t >= 0 for all t (because e^{-t} >= 1 - t), so f is nondecreasing:
    # f >= 0 on [0, oo) and f <= 0 on (-oo, 0].
    yield f"{name} (2 - {t_}) <= 2 + {t_} if {t_} >= 0", z3.Implies(t >= 0, e * (2 - t) <= 2 + t)
    yield f"{name} (2 - {t_}) >= 2 + {t_} if {t_} <= 0", z3.Implies(t <= 0, e * (2 - t) >= 2 + t)
    if level < 2:
        return
    # Order-5 Taylor lower bound, valid on the whole line (remainder e^xi t^6/720 >= 0), and its
    # reflected form at -t multiplied by e^t > 0.
    t4 = t3 * t
    t5 = t4 * t
    yield (f"{name} >= Taylor_5({arg})", 120 * e >= 120 + 120 * t + 60 * t2 + 20 * t3 + 5 * t4 + t5)
    yield (
        f"{name} Taylor_5(-{t_}) <= 1",
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


# --- A parameter ranging over an interval: tangents and chords on a grid -----------------------


class Range(Protocol):
    """An interval [lo, hi] of rationals (hi None: unbounded above); pinned when lo == hi."""

    @property
    def lo(self) -> Fraction: ...

    @property
    def hi(self) -> Fraction | None: ...

    @property
    def pinned(self) -> bool: ...


#: Number of grid cells used for tangents and chords on a bounded range.
GRID_CELLS = 8


def exp_bracket(x: Fraction, bits: int = 64) -> tuple[Fraction, Fraction]:
    """(lo, hi) exact rationals with lo <= e^x <= hi (lo rounded down, hi rounded up)."""
    return rational_bracket(sympy.exp(sympy.Rational(x.numerator, x.denominator)), bits=bits)


def grid(domain: Range, cells: int = GRID_CELLS) -> list[Fraction]:
    """cells + 1 equally spaced rational points covering a bounded domain."""
    assert domain.hi is not None
    step = (domain.hi - domain.lo) / cells
    return [domain.lo + step * j for j in range(cells + 1)]


def exp_facts(x: Any, e: Any, domain: Range, cells: int = GRID_CELLS) -> list[Any]:
    """True facts about E = e^x for every x in ``domain`` (see the module docstring)."""
    if domain.pinned:
        lo, hi = exp_bracket(domain.lo)
        return [e >= _q(lo), e <= _q(hi)]
    # The facts valid on the whole line (positivity, tangent at 0, Taylor and Pade bounds).
    facts = [fact for _, fact in single("E", e, x, level=1)]
    if domain.hi is None:
        return facts
    points = grid(domain, cells)
    brackets = [exp_bracket(a) for a in points]
    for a, (down, _) in zip(points, brackets, strict=True):
        facts.append(e >= _q(down) * (1 + x - _q(a)))
    for j in range(len(points) - 1):
        a, b = points[j], points[j + 1]
        ya, yb = brackets[j][1], brackets[j + 1][1]
        slope = (yb - ya) / (b - a)
        chord = _q(ya) + _q(slope) * (x - _q(a))
        facts.append(z3.Implies(z3.And(x >= _q(a), x <= _q(b)), e <= chord))
    return facts


def exp_range(e: Any, domain: Range) -> list[Any]:
    """e^lo_down <= E <= e^hi_up: the image of a bounded [lo, hi] under the increasing exp,
    rounded outward (lower end down, upper end up), so it contains every true value."""
    assert domain.hi is not None
    return [e >= _q(exp_bracket(domain.lo)[0]), e <= _q(exp_bracket(domain.hi)[1])]


def refine_facts(x: Any, e: Any, at: Fraction, domain: Range) -> list[Any]:
    """Extra true facts near a spurious candidate x = at: the tangent at ``at`` and chords on the
    two cells [lo, at] and [at, hi] (same rounding as in ``exp_facts``)."""
    down, _ = exp_bracket(at)
    facts = [e >= _q(down) * (1 + x - _q(at))]
    if domain.hi is None:
        return facts
    for a, b in ((domain.lo, at), (at, domain.hi)):
        if b <= a:
            continue
        ya = exp_bracket(a)[1]
        yb = exp_bracket(b)[1]
        chord = _q(ya) + _q((yb - ya) / (b - a)) * (x - _q(a))
        facts.append(z3.Implies(z3.And(x >= _q(a), x <= _q(b)), e <= chord))
    return facts
