"""Solver-free certificates for "for all inner objects" (e.g. for all priors b), by interval
branch and bound in Arb.

An inner object is a row-stochastic matrix; each row r is parametrised by stick-breaking,

    r_1 = u_1,  r_k = u_k (1 - u_1) ... (1 - u_{k-1}),  r_m = (1 - u_1) ... (1 - u_{m-1}),

which maps the unit cube [0, 1]^(m-1) ONTO the simplex, so proving the predicate on every box of
the cube proves it for every distribution. On a box, each object is a matrix of Arb balls that
contain all its points, and the predicate is read in :class:`~dpproofs.algebra.IntervalAlgebra`:
True means it holds on the whole box (outward rounding), None means split the box, False means
it fails on the whole box (no certificate). No solver is involved.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from dpproofs.algebra import IntervalAlgebra
from dpproofs.deadline import Deadline
from dpproofs.exact.rigorous import arb_from_fraction, arb_interval, precision
from dpproofs.search.model import SearchStatement, derived_base

BITS = 128
INTERVAL = IntervalAlgebra()
Box = tuple[tuple[Fraction, Fraction], ...]


@dataclass(frozen=True, slots=True)
class BoxCertificate:
    """``proved``: the predicate holds on every box; ``failed``: it fails on a whole box."""

    proved: bool
    boxes: int
    reason: str = ""
    failed: bool = False


def _stick_breaking(coordinates: list[Any]) -> list[Any]:
    one = INTERVAL.const(1)
    row, rest = [], one
    for u in coordinates:
        row.append(u * rest)
        rest = rest * (one - u)
    row.append(rest)
    return row


def _parameters(claim: SearchStatement, values: Mapping[str, Any]) -> dict[str, Any]:
    """Balls for the (pinned) parameters and the derived e^x, sqrt(x) the predicate uses."""
    params: dict[str, Any] = {}
    exact_exp: dict[str, Any] = {}
    for name, domain in claim.quantifier.params:
        if domain.exp_value is not None:
            exact_exp[name] = arb_from_fraction(domain.exp_value)  # e^(ln r) = r exactly
            params[name] = exact_exp[name].log()
        else:
            params[name] = arb_from_fraction(
                Fraction(values[name]) if name in values else domain.lo
            )
    for arg in claim.derived_names():
        base = derived_base(arg) or ""
        if arg.startswith("sqrt_"):
            params[arg] = params[base].sqrt()
        else:
            params[arg] = exact_exp.get(base, params[base].exp())
    return params


def prove_for_all_objects(
    claim: SearchStatement, values: Mapping[str, Any], deadline: Deadline, max_boxes: int = 20000
) -> BoxCertificate:
    """Prove ``claim`` (size 1: its objects have a fixed shape) for every value of its objects."""
    shapes = claim.quantifier.shapes(1)
    layout = [
        (name, r, shape.cols - 1) for name, shape in shapes.items() for r in range(shape.rows)
    ]
    dims = sum(k for _, _, k in layout)
    stack: list[Box] = [tuple((Fraction(0), Fraction(1)) for _ in range(dims))]
    done = 0
    with precision(BITS):
        params = _parameters(claim, values)
        while stack:
            if deadline.expired():
                return BoxCertificate(False, done, f"deadline reached after {done} boxes")
            if done >= max_boxes:
                return BoxCertificate(False, done, f"box budget of {max_boxes} exhausted")
            box = stack.pop()
            done += 1
            balls = [arb_interval(lo, hi) for lo, hi in box]
            objects: dict[str, list[list[Any]]] = {name: [] for name in shapes}
            at = 0
            for name, _, k in layout:
                objects[name].append(_stick_breaking(balls[at : at + k]))
                at += k
            truth = claim.evaluate(INTERVAL, 1, objects, params, params)
            if truth is True:
                continue
            if truth is False:
                return BoxCertificate(False, done, "the predicate fails on a whole box", True)
            side = max(range(dims), key=lambda j: box[j][1] - box[j][0])
            lo, hi = box[side]
            if hi - lo < Fraction(1, 2**30):
                return BoxCertificate(False, done, "a box narrower than 2^-30 stays undecided")
            mid = (lo + hi) / 2
            for half in ((lo, mid), (mid, hi)):
                stack.append((*box[:side], half, *box[side + 1 :]))
    return BoxCertificate(True, done)
