"""Branch and bound over boxes of one parameter (eps): a search claim over its whole domain.

A parameter declared ``Interval(lo, hi, split=k)`` is decided box by box. The domain [lo, hi]
is cut into k boxes (equal in ratio when lo > 0, else in width: :func:`cut`); each box [a, b]
is a search claim of its own (the same predicate, the parameter ranging over [a, b]), decided
by the engine with a session that

* brackets e^param by rationals Ea <= e^a and e^b <= Eb (rounded outward), with the usual true
  tangent and chord facts on the box, and
* bounds each side of an atom shown monotone in (param, e^param) by its value at the box's
  weaker end, where e^param is the rational Ea or Eb and the atom is linear again
  (:mod:`dpproofs.search.monotone`).

That is an over-approximation of the box: z3 ``unsat`` proves that no eps in the box has a
counterexample of that size, and with the small-model theorem (:mod:`dpproofs.search.lifting`),
unsat at N* proves the box for every finite alphabet. A model is only a candidate: the engine
re-checks it exactly at a rational eps of the box (``holds_exactly``); a confirmed point refutes
the whole claim (it lies in the domain). A box that ends unknown (z3 out of work, candidates
that fail the exact re-check) is halved, at most MAX_DEPTH times below the first cut; a box
still unknown then, or when time runs out, stays unknown and the coverage names exactly the boxes
decided.

Verdict: PROVED when every box is proved for every finite alphabet; VERIFIED_BOUNDED when every
box is at least bounded-verified, or when some boxes stay unknown (the coverage then lists the
decided boxes and the undecided ones); UNKNOWN when no box is decided.
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass
from fractions import Fraction

from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.evidence import ParamBox, ParamBoxes
from dpproofs.search.domains import Interval, describe_domain
from dpproofs.search.model import SearchStatement
from dpproofs.verdict import Status, Verdict

METHOD = "z3 search over finite alphabets + small-model theorem + eps boxes"
#: Work budgets of one check inside a box (z3 rlimit units): no incremental attempt (with the
#: box's atoms at their ends the incremental solver tends to stall without counting work, while
#: a fresh solver, which picks z3's nlsat, decides in seconds), then the fresh solver.
BOX_BUDGETS = (0, 60_000_000)
#: Halvings of an undecided box below the first cut (the smallest box is 2^-MAX_DEPTH of one).
MAX_DEPTH = 3


@dataclass(frozen=True)
class BoxOutcome:
    """One box's verdict, with its bracket of e^param and what the search said."""

    lo: Fraction
    hi: Fraction
    e_lo: Fraction
    e_hi: Fraction
    verdict: Verdict
    at_ends: int
    kept: int
    seconds: float
    why: str = ""  # a bounded box: why it was not lifted (from its coverage)

    @property
    def result(self) -> str:
        return self.verdict.status.value

    def line(self, name: str) -> str:
        what = {
            Status.PROVED: "proved for every finite alphabet",
            Status.VERIFIED_BOUNDED: "no counterexample on the sizes searched",
        }.get(self.verdict.status, f"undecided: {self.verdict.reason}")
        return (
            f"{name} in [{self.lo}, {self.hi}], e^{name} in [{float(self.e_lo):.6g}, "
            f"{float(self.e_hi):.6g}] (rational bracket): {what}; {self.at_ends} atoms at the "
            f"box ends, {self.kept} kept with e^{name} ({self.seconds:.2f} s)"
        )


def cut(lo: Fraction, hi: Fraction, pieces: int) -> list[tuple[Fraction, Fraction]]:
    """[lo, hi] as ``pieces`` consecutive boxes: of equal ratio hi/lo when lo > 0 (an atom such
    as e^{3 eps} vs e^eps has a gap relative to eps, so small eps needs small boxes), the cut
    points being lo (hi/lo)^(j/pieces) rounded to two significant digits; else equal width."""
    if lo <= 0:
        step = (hi - lo) / pieces
        return [(lo + step * j, lo + step * (j + 1)) for j in range(pieces)]
    points = [lo]
    for j in range(1, pieces):
        near = float(lo) * (float(hi) / float(lo)) ** (j / pieces)
        digits = 1 - math.floor(math.log10(near))  # two significant digits: 0.0316 -> 0.032
        point = Fraction(round(near * 10**digits), 10**digits)
        if points[-1] < point < hi:
            points.append(point)
    points.append(hi)
    return list(itertools.pairwise(points))


def search_boxes(claim: SearchStatement, names: list[str], deadline: Deadline) -> Verdict:
    """Decide ``claim`` box by box over its split parameter (see the module docstring)."""
    from dpproofs.search.by_size import decide_by_size
    from dpproofs.search.session import Session

    if len(names) != 1:
        raise InvalidClaim(f"only one parameter can be split into boxes, not {names}")
    name = names[0]
    domain = claim.quantifier.domain(name)
    assert domain.hi is not None
    queue = [(a, b, 0) for a, b in cut(domain.lo, domain.hi, domain.split)]
    done: list[BoxOutcome] = []
    while queue:
        a, b, depth = queue.pop(0)
        box = Interval(a, b, lo_open=domain.lo_open and a == domain.lo)
        sub = claim.restricted(name, box)
        session = Session(sub, name)
        ends = session.box_ends()
        assert ends is not None
        start = time.perf_counter()
        if deadline.expired():
            verdict = Verdict.unknown(METHOD, "time ran out before this box")
        else:
            verdict = decide_by_size(sub, deadline, session=session, budgets=BOX_BUDGETS)
        if verdict.status is Status.REFUTED:
            return _refuted(claim, name, box, verdict)
        if verdict.status is Status.ERROR:
            return verdict
        if verdict.status is Status.UNKNOWN and depth < MAX_DEPTH and not deadline.expired():
            mid = (a + b) / 2
            queue[:0] = [(a, mid, depth + 1), (mid, b, depth + 1)]
            continue
        at_ends, kept = session.box_atoms
        seconds = time.perf_counter() - start
        done.append(
            BoxOutcome(a, b, ends[2], ends[3], verdict, at_ends, kept, seconds, _why(sub, verdict))
        )
    return _compose(claim, name, done)


def _refuted(claim: SearchStatement, name: str, box: Interval, verdict: Verdict) -> Verdict:
    """A counterexample found in one box refutes the claim (the box lies in the domain)."""
    return Verdict.refuted(
        METHOD,
        verdict.counterexample,  # type: ignore[arg-type]
        reason=f"{verdict.reason} ({name} in the box {box} of {claim.quantifier.domain(name)})",
        evidence=verdict.evidence,
    )


def union_text(name: str, boxes: list[tuple[Fraction, Fraction]]) -> str:
    """ "eps in [1/100, 1/2] u [3/4, 1]": consecutive boxes merged."""
    merged: list[list[Fraction]] = []
    for a, b in sorted(boxes):
        if merged and merged[-1][1] == a:
            merged[-1][1] = b
        else:
            merged.append([a, b])
    return f"{name} in " + " u ".join(f"[{a}, {b}]" for a, b in merged)


def _compose(claim: SearchStatement, name: str, done: list[BoxOutcome]) -> Verdict:
    from dpproofs.search.lifting import proved_reason

    q = claim.quantifier
    domain = q.domain(name)
    evidence = ParamBoxes(name, tuple(_record(o) for o in done))
    lines = [f"{name} domain {domain} decided in {len(done)} boxes:"]
    lines.extend("  " + o.line(name) for o in done)
    proved = [(o.lo, o.hi) for o in done if o.verdict.status is Status.PROVED]
    bounded = [(o.lo, o.hi) for o in done if o.verdict.status is Status.VERIFIED_BOUNDED]
    undecided = [(o.lo, o.hi) for o in done if o.verdict.status is Status.UNKNOWN]
    if len(proved) == len(done):
        reason = proved_reason(claim, q.sizes[-1]) + f" (all of {domain}, {len(done)} boxes)"
        return Verdict.proved(METHOD, certificate=lines, reason=reason, evidence=[evidence])
    if not proved and not bounded:
        return Verdict.unknown(METHOD, f"no {name}-box decided: " + "; ".join(lines[1:]))
    others = ", ".join(describe_domain(n, d) for n, d in q.params if n != name)
    parts = []
    if proved:
        every = f"on every finite number of {q.size_name}"
        parts.append(f"{every} for {union_text(name, proved)}")
    if bounded:
        # The sizes every bounded box covered (one box may have searched its N* as well).
        common = [
            set(_sizes(o.verdict)) for o in done if o.verdict.status is Status.VERIFIED_BOUNDED
        ]
        sizes = sorted(set.intersection(*common) or set(q.sizes))
        from dpproofs.search.model import size_set

        parts.append(f"with {size_set(sizes, q.size_name)} for {union_text(name, bounded)}")
    coverage = f"all {q.what} " + "; ".join(parts) + (f", {others}" if others else "")
    reasons = {o.why for o in done if o.verdict.status is Status.VERIFIED_BOUNDED}
    if len(reasons) == 1 and "" not in reasons:
        coverage += f" ({reasons.pop()})"
    if undecided:
        coverage += f" (undecided: {union_text(name, undecided)}; the stated domain is {domain})"
    return Verdict.verified_bounded(
        METHOD, coverage=coverage, certificate=lines, evidence=[evidence]
    )


def _why(sub: SearchStatement, verdict: Verdict) -> str:
    """Why a bounded box was not lifted: the parenthesis its coverage ends with, or ''."""
    if verdict.status is not Status.VERIFIED_BOUNDED or verdict.coverage is None:
        return ""
    prefix = "all " + sub.coverage_text(_sizes(verdict)) + " ("
    if verdict.coverage.startswith(prefix) and verdict.coverage.endswith(")"):
        return verdict.coverage[len(prefix) : -1]
    return ""


def _sizes(verdict: Verdict) -> list[int]:
    from dpproofs.evidence import BoundedSearch

    return [s.size for e in verdict.evidence if isinstance(e, BoundedSearch) for s in e.sizes]


def _record(o: BoxOutcome) -> ParamBox:
    """The box as evidence: its small-model bound N* (the largest of the localised conjuncts'
    when it was proved through them), every size found unsat there (the claim's, or a localised
    conjunct's), and the weakest growth rule of its parts ("none" when a part has none: then
    every size 1..N* is among those sizes)."""
    from dpproofs.evidence import LocalisedConjunct, SmallModel

    models = [e for e in o.verdict.evidence if isinstance(e, SmallModel)]
    models += [e.reduction for e in o.verdict.evidence if isinstance(e, LocalisedConjunct)]
    sizes = {*_sizes(o.verdict), *(m.unsat_size for m in models)}
    sizes.update(n for m in models for n in m.searched or ())
    rules = {p.growth for m in models for p in m.parts}
    growth = next((g for g in ("none", "pad", "split") if g in rules), None) if models else None
    return ParamBox(
        str(o.lo),
        str(o.hi),
        str(o.e_lo),
        str(o.e_hi),
        o.result,
        tuple(sorted(sizes)),
        max((m.n_star for m in models), default=None),
        o.at_ends,
        growth,
    )
