"""The continuum claim: "for all rows on the simplex and parameters in their intervals, phi",
decided by rigorous branch and bound (docs/design/branch-and-bound.md).

Procedure (deterministic: fixed seed, fixed order):

1. Trace: phi is the predicate called once on :class:`~dpproofs.continuum.terms.Var` leaves;
   atoms that are identities of entropies are settled by rule ID (:mod:`.identities`).
2. Search: floats at seeded random points of the domain (and its vertices) rank candidates;
   each is rounded to an exact rational point of the domain and decided there by enclosures
   of growing precision. A point where phi is certainly false refutes the claim.
3. Branch and bound from the root box, breadth first (a queue, so the budget is spread over
   the domain rather than spent in one corner): tighten the box by the simplex constraints
   (empty: no point of the domain, leaf "e"); enclose phi on it (true on the whole box: leaf
   "t"; false on the whole box: any domain point in it is a counterexample, re-checked as in 2);
   otherwise try the box's proportional point (step 2's exact check, when floats say false) and
   split the widest side at its midpoint.
4. Every leaf "t" or "e": PROVED over the whole domain, the bisection tree as evidence. The
   budget of boxes or the deadline spent: UNKNOWN, naming how many boxes are left and one of
   them. Nothing is concluded from floats or from points sampled.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from dpproofs.continuum import floats
from dpproofs.continuum.domain import Box, Domain, Rows, split, tighten
from dpproofs.continuum.enclosure import Encloser, truth
from dpproofs.continuum.identities import settle_identities
from dpproofs.continuum.terms import TermAlgebra, Truth, Var, as_truth
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.evidence import ContinuumBoxes, Witness
from dpproofs.verdict import Counterexample, Status, Verdict

METHOD = "rigorous branch and bound over the simplex (Arb enclosures)"
#: Precisions (bits) at which an exact point is decided, in turn.
POINT_BITS = (64, 256, 1024)
#: Float samples of the search, and how many of the best are decided exactly.
SAMPLES = 400
CANDIDATES = 12
#: A float margin up to this is "maybe false": floats cannot see a violation of 1e-16.
NEAR = 1e-9
#: Denominator of the rational rounding of a float candidate.
ROUNDING = 1 << 12


def _fraction(value: Any) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | Fraction | str):
        raise InvalidClaim(f"a parameter end must be an exact rational, not {value!r}")
    return Fraction(value)


@dataclass(frozen=True, slots=True)
class ContinuumClaim:
    statement: str
    domain: Domain
    predicate: Callable[..., Any]
    budget: int = 20000
    #: Non-empty: the box is a part of the statement's domain, or stands for a larger part by a
    #: lemma of the design notes (its words); a proof is then VERIFIED_BOUNDED with this coverage.
    covers: str = ""
    #: Non-empty: the claim is a premise of a lemma (its name), not the statement: where it
    #: fails, the lemma does not apply and nothing is refuted (UNKNOWN, the point named).
    premise: str = ""

    def describe(self) -> str:
        return self.statement

    def arguments(self, alg: Any, leaf: Callable[[str], Any]) -> list[Any]:
        """The predicate's arguments (after ``alg``): each object as a list of leaves (a channel
        as a list of rows), then each parameter; ``leaf(name)`` makes a variable's leaf."""
        args: list[Any] = []
        for o in self.domain.objects:
            rows = [[leaf(v) for v in row] for row in o.variables()]
            args.append(rows[0] if o.rows == 1 else rows)
        args += [leaf(name) for name, _, _ in self.domain.params]
        return args

    def formula(self) -> Truth:
        alg = TermAlgebra()
        return as_truth(self.predicate(alg, *self.arguments(alg, Var)))

    def decide(self, deadline: Deadline) -> Verdict:
        phi = settle_identities(self.formula(), self.domain.coordinates)
        found = _search(self.domain, phi)
        verdict = (
            _refuted(self.domain, phi, found)
            if found is not None
            else _branch_and_bound(self, phi, deadline)
        )
        if self.premise and verdict.status is Status.REFUTED:
            assert verdict.counterexample is not None
            shown = ", ".join(f"{k} = {v}" for k, v in verdict.counterexample.assignment)
            return Verdict.unknown(
                METHOD,
                f"{self.premise} fails at {shown} (exact): the lemma does not apply, and a "
                "premise that fails refutes nothing",
            )
        return verdict


def continuum(
    statement: str,
    predicate: Callable[..., Any],
    objects: Mapping[str, int | tuple[int, int]],
    params: Mapping[str, tuple[Any, Any]] | None = None,
    budget: int = 20000,
    labels: Mapping[str, str] | None = None,
    covers: str = "",
    premise: str = "",
) -> ContinuumClaim:
    """The claim "phi holds for every object and parameter", decided over the continuum.

    ``objects`` maps a name to m (a distribution on m outcomes) or (k, m) (a channel: k rows,
    each a distribution on m outcomes); ``params`` maps a name to its closed interval (exact
    rationals); ``labels`` optionally say in words what an object is (for the coverage);
    ``covers``, when given, says which part of the statement the box decides (a proof is then
    VERIFIED_BOUNDED with that coverage); ``premise``, when given, names the lemma whose
    premise the claim is (a failure is then UNKNOWN, not a refutation of the statement).
    ``predicate(alg, *objects, *params)`` states phi with the algebra ``alg``
    (comparisons alg.le / alg.lt, connectives alg.all / alg.any / alg.not_)."""
    rows = []
    for name, shape in objects.items():
        k, m = (1, shape) if isinstance(shape, int) else shape
        rows.append(Rows(name, k, m, (labels or {}).get(name, "")))
    ranges = tuple(
        (name, _fraction(lo), _fraction(hi)) for name, (lo, hi) in (params or {}).items()
    )
    if budget < 1:
        raise InvalidClaim("the budget of boxes must be positive")
    return ContinuumClaim(
        statement, Domain(tuple(rows), ranges), predicate, budget, covers, premise
    )


def point_truth(domain: Domain, phi: Truth, point: Mapping[str, Fraction]) -> bool | None:
    """phi at an exact point of the domain: decided by enclosures of growing precision."""
    box = {v: (x, x) for v, x in point.items()}
    for bits in POINT_BITS:
        found = truth(phi, Encloser(box, domain.coordinates, bits))
        if found is not None:
            return found
    return None


def _rounded(domain: Domain, point: Mapping[str, float]) -> dict[str, Fraction] | None:
    """An exact point of the domain near a float point (None if rounding leaves it)."""
    exact: dict[str, Fraction] = {}
    for row in domain.rows:
        head = [Fraction(round(point[v] * ROUNDING), ROUNDING) for v in row[:-1]]
        last = Fraction(1) - sum(head, Fraction(0))
        if last < 0 or any(x < 0 for x in head):
            return None
        exact.update(zip(row, [*head, last], strict=True))
    for name, lo, hi in domain.params:
        exact[name] = min(max(Fraction(round(point[name] * ROUNDING), ROUNDING), lo), hi)
    return exact


def _samples(domain: Domain) -> list[dict[str, float]]:
    rng = random.Random(20261127)
    points = []
    for index in range(SAMPLES):
        point: dict[str, float] = {}
        for row in domain.rows:
            if index < len(row):  # the vertices first, then Dirichlet(1/2) points
                weights = [1.0 if i == index else 0.0 for i in range(len(row))]
            else:
                weights = [rng.gammavariate(0.5, 1.0) for _ in row]
            total = sum(weights) or 1.0
            point.update({v: w / total for v, w in zip(row, weights, strict=True)})
        for name, lo, hi in domain.params:
            point[name] = float(lo) + rng.random() * float(hi - lo)
        points.append(point)
    return points


def _search(domain: Domain, phi: Truth) -> dict[str, Fraction] | None:
    ranked = sorted(
        (m, i, p) for i, p in enumerate(_samples(domain)) if (m := floats.margin(phi, p)) <= NEAR
    )
    for _, _, p in ranked[:CANDIDATES]:
        exact = _rounded(domain, p)
        if exact is not None and point_truth(domain, phi, exact) is False:
            return exact
    return None


def proportional_point(domain: Domain, box: Box) -> dict[str, Fraction]:
    """A point of the domain in a tightened box: each row at lo + t (hi - lo) with the t that
    makes it sum to 1 (0 <= t <= 1 because sum lo <= 1 <= sum hi); parameters at midpoints."""
    point: dict[str, Fraction] = {}
    for row in domain.rows:
        lows = sum(box[v][0] for v in row)
        width = sum(box[v][1] - box[v][0] for v in row)
        t = (1 - lows) / width if width else Fraction(0)
        point.update({v: box[v][0] + t * (box[v][1] - box[v][0]) for v in row})
    for name, _, _ in domain.params:
        lo, hi = box[name]
        point[name] = (lo + hi) / 2
    return point


def tight_point(box: Box) -> dict[str, Fraction]:
    """The point of a box of width 0."""
    return {v: lo for v, (lo, _) in box.items()}


def _branch_and_bound(claim: ContinuumClaim, phi: Truth, deadline: Deadline) -> Verdict:
    domain = claim.domain
    stack: deque[Box] = deque([domain.root()])
    tree: list[str] = []
    spent = 0
    while stack:
        if spent >= claim.budget or deadline.expired():
            why = "budget" if spent >= claim.budget else "deadline"
            return _unknown(domain, stack, spent, why)
        box = stack.popleft()
        spent += 1
        tight = tighten(domain, box)
        if tight is None:
            tree.append("e")
            continue
        holds = truth(phi, Encloser(tight, domain.coordinates))
        if holds is None and all(lo == hi for lo, hi in tight.values()):
            # A point cannot be split: decide it at growing precision (point_truth).
            holds = point_truth(domain, phi, tight_point(tight))
            if holds is None:
                return _unknown(domain, deque([box]), spent, "precision (1024 bits)")
        if holds is True:
            tree.append("t")
            continue
        point = proportional_point(domain, tight)
        if (
            holds is False or floats.margin(phi, {k: float(v) for k, v in point.items()}) <= NEAR
        ) and (point_truth(domain, phi, point) is False):
            return _refuted(domain, phi, point)
        variable, lower, upper = split(domain, tight)
        tree.append(f"s {variable}")
        stack += [lower, upper]
    evidence = ContinuumBoxes(tuple(domain.variables), tuple(tree))
    leaves = sum(t == "t" for t in tree)
    certificate = (
        f"{len(tree)} boxes: {leaves} where the predicate holds on the whole box (Arb "
        f"enclosures), {tree.count('e')} with no point of the domain",
    )
    if claim.covers:
        return Verdict.verified_bounded(
            METHOD,
            # what was decided first; the extension to a part of the statement is the theorem
            # file's argument (a lemma of its design note), not checked here
            f"every box of {domain.describe()} certified (by the theorem's own argument, "
            f"this covers {claim.covers})",
            certificate,
            (evidence,),
        )
    return Verdict(
        Status.PROVED,
        METHOD,
        reason=f"for {domain.describe()}: every box certified",
        certificate=certificate,
        evidence=(evidence,),
    )


def _unknown(domain: Domain, stack: deque[Box], spent: int, why: str) -> Verdict:
    box = stack[0]
    shown = ", ".join(f"{v} in [{lo}, {hi}]" for v, (lo, hi) in box.items())
    return Verdict.unknown(
        METHOD,
        f"the {why} ran out after {spent} boxes with {len(stack)} boxes undecided, "
        f"e.g. {shown}; {domain.describe()} is not decided",
    )


def _refuted(domain: Domain, phi: Truth, point: Mapping[str, Fraction]) -> Verdict:
    if not domain.contains(point) or point_truth(domain, phi, point) is not False:
        raise AssertionError(
            "a counterexample must be an exact point of the domain where phi fails"
        )
    values = {v: str(point[v]) for v in domain.variables}
    return Verdict.refuted(
        METHOD,
        Counterexample.of(values, {"predicate": "false (decided by Arb enclosures at this point)"}),
        evidence=(Witness("continuum", tuple(values.items())),),
    )
