"""Replaying an interval proof: the boxes tile the domain, and each is decided again.

The report lists the boxes of a branch and bound (exact rational corners). The rechecker
rebuilds the claim's domain box (the closure of the parameter domains) and checks that the
boxes tile it, following the bisection rule of the branch and bound (split the widest side, the
first one on ties, at its midpoint): a box of the tiling is either listed or split into two
halves that are tiled in turn. Then every box is decided again on the claim AS STATED, with Arb
balls that contain the box (outward rounding): done when some assumption is certainly false on
the whole box, or the definedness obligations and the statement are certainly true on it.

The first run proved the cleared form of the claim (same meaning, fewer logarithms), so a box
may be decided there and not here: such boxes are counted and the piece is then not replayed.
A box on which every assumption certainly holds and the statement certainly fails means the
claim is false somewhere in it: the piece fails.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import flint

from dpproofs.evidence import IntervalBoxes
from dpproofs.recheck.balls import Real, Undecidable, enclose, relation_at_sign, sign
from dpproofs.recheck.balls import with_precision as precision
from dpproofs.recheck.pieces import Finding, Piece, confirmed, failed, not_replayed

Box = tuple[tuple[Fraction, Fraction], ...]


def _split(box: Box) -> tuple[Box, Box]:
    side = max(range(len(box)), key=lambda k: box[k][1] - box[k][0])
    lo, hi = box[side]
    mid = (lo + hi) / 2
    return (
        (*box[:side], (lo, mid), *box[side + 1 :]),
        (*box[:side], (mid, hi), *box[side + 1 :]),
    )


def tiles(root: Box, boxes: set[Box]) -> bool:
    """True when ``boxes`` is exactly the set of leaves of a bisection of ``root``."""
    smallest = min((min(hi - lo for lo, hi in b) for b in boxes), default=Fraction(0))
    used = 0
    stack = [root]
    while stack:
        box = stack.pop()
        if box in boxes:
            used += 1
            continue
        if max(hi - lo for lo, hi in box) < smallest:
            return False
        stack.extend(_split(box))
    return used == len(boxes)


def box_truth(formula: Any, env: Mapping[Any, Real]) -> bool | None:
    """True / False when the formula certainly holds / fails on the whole box, else None."""
    import sympy
    from sympy.logic.boolalg import BooleanFalse, BooleanTrue

    if isinstance(formula, BooleanTrue):
        return True
    if isinstance(formula, BooleanFalse):
        return False
    kind = type(formula)
    if kind in (sympy.Lt, sympy.Le, sympy.Gt, sympy.Ge, sympy.Eq, sympy.Ne):
        try:
            d = enclose(formula.lhs, env) - enclose(formula.rhs, env)
        except (ZeroDivisionError, ValueError, Undecidable):
            return None  # undefined or undecided somewhere on the box
        return _relation(kind, d)
    values = [box_truth(a, env) for a in formula.args]
    if kind is sympy.Not:
        return None if values[0] is None else not values[0]
    if kind is sympy.Implies:
        values = [None if values[0] is None else not values[0], values[1]]
        kind = sympy.Or
    if kind is sympy.And:
        return False if False in values else (None if None in values else True)
    if kind is sympy.Or:
        return True if True in values else (None if None in values else False)
    return None


def _relation(kind: Any, d: Real) -> bool | None:
    import sympy

    try:
        s = sign(d)
    except Undecidable:
        lo_ok, hi_ok = d.ball >= 0, d.ball <= 0  # certainly >= 0 / certainly <= 0
        if kind in (sympy.Le,) and hi_ok:
            return True
        if kind in (sympy.Ge,) and lo_ok:
            return True
        return None
    return relation_at_sign(kind, s)


def _ball(lo: Fraction, hi: Fraction) -> Real:
    a = flint.arb(flint.fmpq(lo.numerator, lo.denominator))
    b = flint.arb(flint.fmpq(hi.numerator, hi.denominator))
    return Real(lo) if lo == hi else Real(ball=a.union(b))


def replay_boxes(piece: Piece, problem: Any, record: IntervalBoxes) -> Finding:
    names = [str(v) for v in problem.variables]
    if list(record.variables) != names:
        return failed(piece, f"the boxes are over {list(record.variables)}, the claim's {names}")
    root = []
    for domain in problem.domains:
        if not (domain.start.is_finite and domain.end.is_finite):
            return failed(piece, "an interval proof needs a bounded domain")
        root.append(
            (
                Fraction(int(domain.start.p), int(domain.start.q)),
                Fraction(int(domain.end.p), int(domain.end.q)),
            )
        )
    try:
        boxes = [
            (tuple((Fraction(lo), Fraction(hi)) for lo, hi in box), by) for box, by in record.boxes
        ]
    except (ValueError, ZeroDivisionError) as exc:
        return failed(piece, f"a box corner is not an exact rational ({exc})")
    if any(len(b) != len(names) or any(lo > hi for lo, hi in b) for b, _ in boxes):
        return failed(piece, "a box has the wrong dimension or an empty side")
    if not tiles(tuple(root), {b for b, _ in boxes}):
        return failed(piece, f"the {len(boxes)} boxes do not tile the domain {root}")
    undecided = 0
    with precision(64):
        for box, _ in boxes:
            env = {s: _ball(lo, hi) for s, (lo, hi) in zip(problem.variables, box, strict=True)}
            assumptions = [box_truth(a, env) for a in problem.assumptions]
            if False in assumptions:
                continue
            goal = box_truth(problem.goal, env)
            if goal is True:
                continue
            if goal is False and all(a is True for a in assumptions):
                return failed(piece, f"the claim is false on the whole box {box}")
            undecided += 1
    if undecided:
        return not_replayed(
            piece,
            f"{undecided} of {len(boxes)} boxes are not decided on the claim as stated at 64 "
            "bits (the proof used its cleared form); the boxes tile the domain",
        )
    return confirmed(piece, f"the {len(boxes)} boxes tile the domain and each is decided again")
