"""An induction claim (docs/design/induction.md) checked by brute force at small n.

``dpproofs recheck`` replays each of the four obligations of an induction claim as the scalar
claim it is (its own evidence). What the rule adds (that the four together give the claim for
every n >= n0) is a proof, not replayed; here the claim itself is evaluated at n = n0..n0 + 2
(n >= 1), at per-index values and parameters chosen among a few rationals of their domains
(the ends of a closed domain, then 0, 1, -1, 1/2, 2, 1/4 and 3/4 inside it), each instance
parameter set to its expression. A comparison is decided by sympy exactly when it can, else at
60 digits with a margin of 10^-40 (a closer one is not counted). A violation of a claim
reported PROVED fails the piece. The induction claim is recognised by its class's home; no
decider is imported.
"""

from __future__ import annotations

import itertools
from typing import Any

import sympy

HOME = ("dpproofs.symbolic.induction", "InductionClaim")
CANDIDATES = tuple(sympy.Rational(x) for x in ("0", "1", "-1", "1/2", "2", "1/4", "3/4"))
#: At most this many points of the per-index values (all copies together) at one n.
MAX_POINTS = 400


def _points(domain: Any, count: int) -> list[sympy.Rational]:
    interval = sympy.Interval(*domain) if isinstance(domain, tuple) else domain
    if isinstance(interval, str):
        text = interval.strip()
        lo, hi = (sympy.sympify(part.strip()) for part in text[1:-1].split(","))
        interval = sympy.Interval(lo, hi, text[0] == "(", text[-1] == ")")
    ends = [e for e in (interval.start, interval.end) if e.is_finite and interval.contains(e)]
    inside = [c for c in CANDIDATES if interval.contains(c) is sympy.true]
    if interval.start.is_finite and interval.end.is_finite:
        inside.append((interval.start + interval.end) / 2)
    return list(dict.fromkeys([*ends, *inside]))[:count]


def _truth(formula: Any) -> bool | None:
    """True, False, or None (undecided) for a closed formula."""
    if formula in (sympy.true, sympy.false):
        return bool(formula)
    if isinstance(formula, sympy.And):
        parts = [_truth(a) for a in formula.args]
        return False if False in parts else (None if None in parts else True)
    if isinstance(formula, sympy.Or):
        parts = [_truth(a) for a in formula.args]
        return True if True in parts else (None if None in parts else False)
    if isinstance(formula, sympy.core.relational.Relational):
        gap = (formula.lhs - formula.rhs).evalf(60)
        if not gap.is_real:
            return None
        if isinstance(formula, sympy.Eq):
            return None if abs(gap) < sympy.Float("1e-40") else False
        if abs(gap) < sympy.Float("1e-40"):
            return None
        positive = bool(gap > 0)
        return positive if isinstance(formula, sympy.Gt | sympy.Ge) else not positive
    return None


def violations(claim: Any) -> tuple[int, int, str]:
    """(points checked, points undecided, the first violation or '')."""
    each = dict(claim.each)
    inst = dict(claim.instance)
    params = [(p, _points(d, 2)) for p, d in claim.where if p not in inst]
    checked = undecided = 0
    for values in itertools.product(*(pts for _, pts in params)):
        point = dict(zip((p for p, _ in params), values, strict=True))
        for size in range(max(claim.start, 1), claim.start + 3):
            at = {claim.n: sympy.Integer(size), **point}
            at |= {q: sympy.sympify(e).xreplace(at) for q, e in inst.items()}
            per = [(v, _points(d, 3)) for v, d in each.items()]
            copies = list(itertools.product(*(pts for _, pts in per)))
            for chosen in itertools.islice(itertools.product(copies, repeat=size), MAX_POINTS):
                rows = [dict(zip(each, c, strict=True)) for c in chosen]
                if any(
                    _truth(a.xreplace({**at, **r})) is not True
                    for r in rows
                    for a in claim.each_assuming
                ):
                    continue
                run = {}
                for r in claim.running:
                    terms = [r.term.xreplace({**at, **row}) for row in rows]
                    run[r.symbol] = sympy.Mul(*terms) if r.product else sympy.Add(*terms)
                full = {**at, **run}
                if any(_truth(h.xreplace(full)) is not True for h in claim.hypotheses):
                    continue
                said = _truth(claim.claim.xreplace(full))
                checked += 1
                if said is None:
                    undecided += 1
                elif not said:
                    return checked, undecided, f"false at {claim.n} = {size}, {full}"
    return checked, undecided, ""


def agrees(claim: Any, status: str) -> tuple[bool, str]:
    """(False, why) when a claim reported proved is violated at a checked point."""
    checked, undecided, found = violations(claim)
    if found and status == "proved":
        return False, f"the claim reported proved is {found}"
    said = f"induction: the claim evaluated at {checked} points of n <= {claim.start + 2}"
    if undecided:
        said += f" ({undecided} too close to decide)"
    return True, said + (f"; {found}" if found else ", no violation")
