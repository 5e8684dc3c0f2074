"""Replaying the boxes of a search claim decided box by box over one parameter (eps).

Checked here, without the deciders: the boxes tile the claim's stated domain [lo, hi] exactly
(first box starts at lo, each box starts where the previous ended, the last ends at hi, every
box has positive width); every bracket is rigorous (e_lo <= e^lo_box and e^hi_box <= e_hi,
decided in Arb balls); the results agree with the verdict (a proved verdict needs every box
proved, with unsat at a size >= its small-model bound N*, and a recorded growth rule: "none",
no growth operation valid for some part, needs every size 1..N* unsat). The per-box z3 unsat
(atoms decided at the box's ends, dpproofs.search.monotone) is not re-solved: the finding is
then "not replayed", with that reason, never "confirmed".
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

from dpproofs.evidence import ParamBoxes
from dpproofs.recheck.balls import Real, Undecidable, compare, exp, with_precision
from dpproofs.recheck.pieces import Finding, Piece, failed, not_replayed

#: Arb precision of the bracket checks (the brackets have 64-bit denominators).
BITS = 512
RESULTS = ("proved", "verified-bounded", "unknown")


def param_boxes(piece: Piece, claim: Any, record: ParamBoxes) -> Finding:
    quantifier = getattr(claim, "quantifier", None)
    if quantifier is None:
        return failed(piece, f"the claim is a {type(claim).__name__}, not a search claim")
    domains = dict(quantifier.params)
    if record.param not in domains:
        return failed(piece, f"the claim has no parameter {record.param!r}")
    domain = domains[record.param]
    if domain.hi is None or not record.boxes:
        return failed(piece, f"boxes of {record.param} need a bounded domain and >= 1 box")
    try:
        boxes = [
            (Fraction(b.lo), Fraction(b.hi), Fraction(b.e_lo), Fraction(b.e_hi))
            for b in record.boxes
        ]
    except ValueError as exc:
        return failed(piece, f"a box end is not an exact rational: {exc}")
    why = _tiling(boxes, domain.lo, domain.hi)
    if why:
        return failed(piece, why)
    try:
        for lo, hi, e_lo, e_hi in boxes:
            with with_precision(BITS):
                low = compare(Real(e_lo), exp(Real(lo)))
                high = compare(exp(Real(hi)), Real(e_hi))
            if low > 0 or high > 0:
                return failed(piece, f"the bracket [{e_lo}, {e_hi}] misses e^x on [{lo}, {hi}]")
    except Undecidable as exc:
        return not_replayed(piece, f"a bracket is not decided: {exc}")
    results = [b.result for b in record.boxes]
    if any(r not in RESULTS for r in results):
        return failed(piece, f"unknown box result in {results}")
    if piece.status == "proved":
        for b in record.boxes:
            if b.result != "proved" or b.n_star is None or not any(n >= b.n_star for n in b.sizes):
                return failed(
                    piece,
                    f"a proved verdict, but the box [{b.lo}, {b.hi}] is {b.result} "
                    f"(N* = {b.n_star}, unsat sizes {list(b.sizes)})",
                )
            if b.growth is None:
                return failed(piece, f"the box [{b.lo}, {b.hi}] records no growth rule")
            missing = [n for n in range(1, b.n_star + 1) if n not in b.sizes]
            if b.growth == "none" and missing:
                return failed(
                    piece,
                    f"the box [{b.lo}, {b.hi}] grows by no rule, but sizes {missing} <= its "
                    f"N* = {b.n_star} are not among its unsat sizes {list(b.sizes)}",
                )
    elif "unknown" in results and "undecided" not in (piece.coverage or ""):
        return failed(piece, "some boxes are undecided but the coverage does not say so")
    return not_replayed(
        piece,
        f"{len(boxes)} boxes tile [{domain.lo}, {domain.hi}] and every e^{record.param} bracket "
        "holds (checked in Arb); the per-box z3 unsat with atoms at the box ends is not "
        "re-solved yet",
    )


def _tiling(
    boxes: list[tuple[Fraction, Fraction, Fraction, Fraction]], lo: Fraction, hi: Fraction
) -> str:
    """Why ``boxes`` do not tile [lo, hi] exactly, or ''."""
    if boxes[0][0] != lo or boxes[-1][1] != hi:
        return f"the boxes span [{boxes[0][0]}, {boxes[-1][1]}], the domain is [{lo}, {hi}]"
    for (a, b, *_), (c, _d, *_) in itertools.pairwise(boxes):
        if not a < b or b != c:
            return f"the boxes [{a}, {b}] and the next one from {c} do not tile"
    if not boxes[-1][0] < boxes[-1][1]:
        return f"an empty box [{boxes[-1][0]}, {boxes[-1][1]}]"
    return ""
