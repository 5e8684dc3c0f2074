"""Interval branch and bound: prove a goal on a bounded box with Arb ball arithmetic.

The domain box (closed: proving on the closure proves on any open sub-box) is split into boxes
with exact rational corners. On each box every relational atom is enclosed with
:func:`dpproofs.exact.rigorous.enclose` (symbols bound to balls that contain the box; Arb rounds
outward, so the true range of lhs - rhs lies in the computed ball). A box is done when some
assumption is certainly false on it, or the goal (definedness obligations and statement) is
certainly true on it; otherwise it is bisected along its widest side. Enclosures that are not
finite (log or a denominator reaching 0 on the box) leave the atom undecided on that box.

The proof is complete when every box is done; the certificate is the number of boxes. The search
gives up (returns None with a reason) when the box budget or the deadline runs out.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy
from sympy.core.relational import Relational
from sympy.logic.boolalg import Boolean, BooleanFalse, BooleanTrue

from dpproofs.deadline import Deadline
from dpproofs.errors import Undecided
from dpproofs.exact.rigorous import Env, arb_interval, ball_endpoints, enclose
from dpproofs.symbolic.formula import Problem

Box = tuple[tuple[Fraction, Fraction], ...]


@dataclass(frozen=True, slots=True)
class BoxResult:
    proved: bool
    boxes: int
    reason: str = ""
    #: Every finished box and what decided it ("goal", "assumption i"), for the evidence.
    leaves: tuple[tuple[Box, str], ...] = ()


def _atom_on_box(atom: Relational, env: Env) -> bool | None:
    try:
        ball = enclose(atom.lhs - atom.rhs, env, bits=64)
    except Undecided:
        return None
    # The ball's exact endpoints: [lo, hi] contains the range of lhs - rhs on the box.
    lo, hi = ball_endpoints(ball)
    kind = type(atom)
    if kind in (sympy.Lt, sympy.Le):
        strict = kind is sympy.Lt
        if hi < 0 or (hi == 0 and not strict):
            return True
        if lo > 0 or (lo == 0 and strict):
            return False
    elif kind in (sympy.Gt, sympy.Ge):
        strict = kind is sympy.Gt
        if lo > 0 or (lo == 0 and not strict):
            return True
        if hi < 0 or (hi == 0 and strict):
            return False
    elif kind is sympy.Ne:
        if lo > 0 or hi < 0:
            return True
        if lo == hi == 0:
            return False
    else:  # Eq
        if lo == hi == 0:
            return True
        if lo > 0 or hi < 0:
            return False
    return None


def truth_on_box(formula: Boolean, env: Env) -> bool | None:
    """True / False when the formula certainly holds / fails on the whole box; else None."""
    if isinstance(formula, BooleanTrue):
        return True
    if isinstance(formula, BooleanFalse):
        return False
    if isinstance(formula, Relational):
        return _atom_on_box(formula, env)
    values = [truth_on_box(a, env) for a in formula.args]
    if isinstance(formula, sympy.Not):
        return None if values[0] is None else not values[0]
    if isinstance(formula, sympy.Implies):
        values = [None if values[0] is None else not values[0], values[1]]
    elif isinstance(formula, sympy.And):
        return False if False in values else (None if None in values else True)
    return True if True in values else (None if None in values else False)


def bounded(problem: Problem) -> bool:
    return all(d.start.is_finite and d.end.is_finite for d in problem.domains)


def prove_on_boxes(problem: Problem, deadline: Deadline, max_boxes: int = 20000) -> BoxResult:
    """Branch and bound over the closure of the (bounded) domain box."""
    if not problem.variables or not bounded(problem):
        return BoxResult(False, 0, "boxes need every parameter to have a bounded domain")
    root: Box = tuple(
        (Fraction(int(d.start.p), int(d.start.q)), Fraction(int(d.end.p), int(d.end.q)))
        for d in problem.domains
    )
    goal = problem.goal
    assumptions = list(problem.assumptions)
    stack = [root]
    done = 0
    leaves: list[tuple[Box, str]] = []
    while stack:
        if deadline.expired():
            return BoxResult(False, done, f"deadline reached after {done} boxes")
        if done >= max_boxes:
            return BoxResult(False, done, f"box budget of {max_boxes} exhausted")
        box = stack.pop()
        env = {s: arb_interval(lo, hi) for s, (lo, hi) in zip(problem.variables, box, strict=True)}
        done += 1
        false = [i for i, a in enumerate(assumptions) if truth_on_box(a, env) is False][:1]
        if false:
            leaves.append((box, f"assumption {false[0]}"))
            continue
        if truth_on_box(goal, env) is True:
            leaves.append((box, "goal"))
            continue
        side = max(range(len(box)), key=lambda k: box[k][1] - box[k][0])
        lo, hi = box[side]
        if hi - lo < Fraction(1, 2**40):
            return BoxResult(
                False,
                done,
                "a box narrower than 2^-40 stays undecided (the claim may be tight there)",
            )
        mid = (lo + hi) / 2
        for half in ((lo, mid), (mid, hi)):
            stack.append((*box[:side], half, *box[side + 1 :]))
    return BoxResult(True, done, leaves=tuple(leaves))
