"""The informed-belief reduction (docs/design/neighbours.md, "Informed beliefs" and "Beliefs on
one group") as a rule: from three search claims on D^1 and D^2 to every D^n, |D| = 2.

Statement (proved in the design note): for mechanisms A on D^n, |D| = 2, (eps, delta)-DP, an
informed belief b on one free coordinate j, c = e^{3 eps} - 1 + 2 sqrt(delta) and
delta'' = sqrt(delta) + 2 delta/(eps e^eps), the parts

    (J)  the claim at n = 1 (breach mass <= delta''),
    (Z)  on D^1 with the identity game: Pr[Z0(t) = 0] <= delta'',
    (S)  on D^2, game 2 of the square of positions (j, i): breach mass <= delta'',

at the same (eps, delta), c and delta'' and output counts, imply the breach mass over D^n is
<= n delta'' for every n >= 1 (union bound over the n games: game j by (J), the games i with
x_i = 0 together by (Z), each game i with x_i = 1 by (S)).

(J) is the family at n = 1: a counterexample of (J) refutes the statement. (Z) and (S) bound
their events by delta'', not n delta'': they are premises (:class:`dpproofs.claim.Premise`,
wrapped by the reduction itself and decided only here: a premise decided alone is refused),
and a counterexample of one of them leaves the statement unknown. The coverage names the
beliefs and the module that builds the parts (:data:`COVERAGE`).

The parts are the library's (:mod:`dpproofs.search.informed_parts`, whitelisted): each search
claim of (J), (Z) and (S) must be that module's claim for its role and for the reduction's
beliefs, at its own eps, delta and output counts (its predicate is the module's tag, and the
claim is what the module rebuilds from it: :func:`~dpproofs.search.informed_parts.refusal`);
the reduction decides the rebuilt claims, never the objects the theorem file passed. So the
events are the design note's by construction; the brute-force tests of
tests/quality/test_informed_reduction.py check the library's predicates against the events
of D^2 and D^3.

Preconditions checked here, mechanically, on the claims as built (:meth:`preconditions`):
the parts the beliefs need (:data:`BELIEFS`: informed beliefs (Z), beliefs on one group no
(Z)); every part (or each search claim of a conjunction) the library's claim for its role and
the beliefs (so over mechanisms on D^1 for (J) and (Z), D^2 for (S), |D| = 2); (Z) at some (J)
claim's (eps, delta) domains and output counts; every (S) claim's (eps, delta) inside one (J)
claim's, at output counts that (J) claim decides (every n is then covered at the (S) points
and output counts), and at each (S) point every breach set (the split on the breach set needs
each); the bound claimed for D^n is n delta'' (``bound``, an expression in n and delta'',
equal to it for every n).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy

from dpproofs.claim import AllOf, Claim, Premise, conjunction, no_truth_value, timed_decide
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.search import informed_parts
from dpproofs.verdict import Status, Verdict

METHOD = "informed-belief reduction (docs/design/neighbours.md)"
#: The coverage of a verdict of the reduction begins so (``{beliefs}``: the reduction's
#: beliefs, :data:`BELIEFS`); the parts' coverages follow. It says what the rule does NOT check:
#: that the parts' predicates state the design note's events (see the module docstring).
COVERAGE = (
    "every n ({beliefs} beliefs; informed-belief reduction, docs/design/neighbours.md; the "
    "parts built by dpproofs.search.informed_parts, checked by brute force in "
    "tests/quality/test_informed_parts.py and test_informed_reduction.py): "
)
#: The bound the union bound gives, as ``bound`` is read: n delta''.
UNION_BOUND = "n*delta2"


def search_parts(claim: Any) -> Iterator[Any]:
    """The search claims of a part (itself, or the parts of a conjunction, in order)."""
    if isinstance(claim, AllOf):
        for part in claim.parts:
            yield from search_parts(part)
    else:
        yield claim


def param_box(claim: Any, name: str) -> tuple[Fraction, Fraction | None] | None:
    """The closed range [lo, hi] of parameter ``name`` of a search claim (None: no such)."""
    for n, domain in claim.quantifier.params:
        if n == name:
            return domain.lo, domain.hi
    return None


def _where(claim: Any) -> str:
    boxes = {name: param_box(claim, name) for name in ("eps", "delta")}
    ranges = ", ".join(f"{k} in [{b[0]}, {b[1]}]" for k, b in boxes.items() if b is not None)
    return f"{ranges}, outputs {list(claim.quantifier.sizes)}"


def _domain(claim: Any, name: str) -> Any:
    """The domain (:class:`dpproofs.search.domains.Interval`) of parameter ``name`` (None: no
    such)."""
    return next((d for n, d in claim.quantifier.params if n == name), None)


def _same(a: Any, b: Any) -> bool:
    """The two domains are one: the same ends, the same open end, the same point ln r."""
    return (
        a is not None
        and b is not None
        and (a.lo, a.hi, a.lo_open, a.exp_value) == (b.lo, b.hi, b.lo_open, b.exp_value)
    )


def _inside(a: Any, b: Any) -> bool:
    """Every value of domain ``a`` is a value of domain ``b``: lo_b <= lo_a (strictly when b
    excludes lo_b and a does not) and hi_a <= hi_b. A point ln r of ``a`` lies in its rational
    bracket [lo_a, hi_a]; a point ln r of ``b`` holds only itself (its bracket is no range)."""
    if a is None or b is None:
        return False
    if b.exp_value is not None:
        return _same(a, b)
    above = a.lo > b.lo or (a.lo == b.lo and (a.lo_open or not b.lo_open))
    below = b.hi is None or (a.hi is not None and a.hi <= b.hi)
    return above and below


def _covered_by(claim: Any, joint: Any, exact: bool) -> bool:
    """``claim``'s eps and delta domains lie in ``joint``'s (``exact``: are ``joint``'s, open
    ends and points ln r included) and its output counts are ``joint``'s (``exact``) or some
    of them."""
    pairs = [(_domain(claim, k), _domain(joint, k)) for k in ("eps", "delta")]
    mine, theirs = set(claim.quantifier.sizes), set(joint.quantifier.sizes)
    if exact:
        return mine == theirs and all(_same(a, b) for a, b in pairs)
    return mine <= theirs and all(_inside(a, b) for a, b in pairs)


#: The beliefs the reduction is stated for, and the parts it needs for them: informed beliefs
#: (K&S Theorem A.3, t drawn from A(x)) need (Z); beliefs on one group (Theorem 2.4 part 1, t
#: drawn from A(b)) do not (a game i != j with g_i = 0 breaches only where Z0(t) = 0, which
#: carries no mass under A(b): the design note's "Beliefs on one group").
INFORMED, ONE_GROUP = informed_parts.INFORMED, informed_parts.ONE_GROUP
BELIEFS = {INFORMED: "(J), (Z) and (S)", ONE_GROUP: "(J) and (S), and no (Z)"}
WHY = {
    "(Z)": "not (J)'s eps, delta and output counts",
    "(S)": "outside every (J)'s eps and delta, or at output counts (J) does not decide",
}


@dataclass(frozen=True, slots=True)
class InformedBeliefReduction:
    """(J), (Z), (S) of the informed-belief reduction, the bound claimed for D^n (an
    expression in n and delta2 = delta'') and the beliefs (:data:`BELIEFS`); decided as in
    the module docstring."""

    joint: Claim
    zero: Claim | None
    square: Claim | None
    bound: str = UNION_BOUND
    beliefs: str = INFORMED
    __bool__ = no_truth_value

    @property
    def parts(self) -> tuple[Claim, ...]:
        """(S) and (Z) as premises, then (J) (the verdict's parts, in this order: the time
        left is shared among the parts still to decide, and (J) over eps-boxes is the
        slowest)."""
        wrapped = [
            Premise(name, informed_parts.library(part))
            for name, part in (("(S)", self.square), ("(Z)", self.zero))
            if part is not None
        ]
        return (*wrapped, informed_parts.library(self.joint))

    def describe(self) -> str:
        return f"for every n >= 1, by the informed-belief reduction: {self.joint.describe()}"

    def preconditions(self) -> list[str]:
        """The preconditions that fail (empty: all hold); see the module docstring."""
        failed = []
        if self.beliefs not in BELIEFS:
            failed.append(f"beliefs {self.beliefs!r} is none of {sorted(BELIEFS)}")
        elif (self.zero is None) != (self.beliefs == ONE_GROUP) or self.square is None:
            failed.append(f"the reduction for {self.beliefs} beliefs needs {BELIEFS[self.beliefs]}")
        n, delta2 = sympy.symbols("n delta2")
        try:
            bound = sympy.sympify(self.bound, locals={"n": n, "delta2": delta2})
            same = sympy.expand(bound - n * delta2) == 0
        except (sympy.SympifyError, TypeError):
            same = False
        if not same:
            failed.append(f"the bound claimed, {self.bound}, is not the union bound n delta''")
        named = [("(J)", self.joint), ("(Z)", self.zero), ("(S)", self.square)]
        claims = [(w, c) for w, p in named if p is not None for c in search_parts(p)]
        for which, claim in claims:
            why = informed_parts.refusal(which, claim, self.beliefs)
            if why is not None and why not in failed:
                failed.append(why)
        if failed:
            return failed
        joints = [c for w, c in claims if w == "(J)"]
        for which, claim in claims[len(joints) :]:
            if not any(_covered_by(claim, j, exact=which == "(Z)") for j in joints):
                failed.append(f"{which} at {_where(claim)}: {WHY[which]}")
        zeros = [c for w, c in claims if w == "(Z)"]
        if zeros and not failed:
            # the union bound at an (S) point needs (Z) there: a (J) holding it has its (Z)
            with_zero = [j for j in joints if any(_covered_by(z, j, exact=True) for z in zeros)]
            for claim in (c for w, c in claims if w == "(S)"):
                if not any(_covered_by(claim, j, exact=False) for j in with_zero):
                    failed.append(f"(S) at {_where(claim)}: no (J) holding it has its (Z)")
        return failed + _missing_breach_sets([c for w, c in claims if w == "(S)"])

    def decide(self, deadline: Deadline) -> Verdict:
        failed = self.preconditions()
        if failed:
            raise InvalidClaim("the informed-belief reduction does not apply: " + "; ".join(failed))
        parts = self.parts
        verdicts = [
            _decided(part, deadline.share(1 / (len(parts) - index)))
            for index, part in enumerate(parts)
        ]
        return combined(verdicts, self.beliefs)


def _missing_breach_sets(squares: list[Any]) -> list[str]:
    """(S) at each of its (eps, delta) points must have every breach set (the split on the
    breach set needs each nonempty set of outputs): what is missing, per point."""
    found: dict[str, set[tuple[int, ...]]] = {}
    for claim in squares:
        found.setdefault(_where(claim), set()).add(claim.predicate.breaching)
    every = set(informed_parts.BREACH_SETS)
    return [
        f"(S) at {where}: the breach sets {sorted(every - sets)} are missing"
        for where, sets in found.items()
        if every - sets
    ]


def _decided(part: Claim, deadline: Deadline) -> Verdict:
    """A part's verdict: a premise's (:meth:`Premise.judged`) from its claim's, decided here
    (only its reduction decides a premise), else the part's own."""
    if isinstance(part, Premise):
        return part.judged(timed_decide(part.claim, deadline))
    return timed_decide(part, deadline)


def combined(verdicts: list[Verdict], beliefs: str = INFORMED) -> Verdict:
    """The reduction's verdict from its parts' (premise (S), premise (Z), (J)): their
    conjunction (a refuted (J) refutes; a failed premise is unknown), a bounded or proved
    conjunction then stated for every n (the coverage :data:`COVERAGE` at ``beliefs`` and the
    parts')."""
    whole = conjunction(verdicts, method=METHOD)
    if whole.status is Status.VERIFIED_BOUNDED:
        return Verdict(
            Status.VERIFIED_BOUNDED,
            METHOD,
            coverage=COVERAGE.format(beliefs=beliefs) + (whole.coverage or ""),
            seconds=whole.seconds,
            parts=whole.parts,
        )
    return whole
