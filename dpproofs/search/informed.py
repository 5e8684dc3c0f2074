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
their events by delta'', not n delta'': they are premises (:class:`dpproofs.claim.Premise`),
and a counterexample of one of them leaves the statement unknown.

Preconditions checked here, mechanically, on the claims as built (:meth:`preconditions`):
every part is a search claim (or a conjunction of them) over mechanisms on D^n with |D| = 2,
n = 1 for (J) and (Z), n = 2 for (S); the output counts are the same in every part; (Z) has
the same (eps, delta) domains as (J), and every (S) claim's (eps, delta) lies in them (every n
is then covered at the (S) points); the bound claimed for D^n is n delta'' (``bound``, an
expression in n and delta'', equal to it for every n). NOT checked mechanically: that the three
predicates state the design note's events with the same c and delta'' (they are the theorem
file's code; the brute-force test tests/quality/test_informed_reduction.py checks the
theorem's predicates against D^2 and D^3).
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
from dpproofs.verdict import Status, Verdict

METHOD = "informed-belief reduction (docs/design/neighbours.md)"
#: The coverage of a verdict of the reduction begins so; the parts' coverages follow.
COVERAGE = "every n (informed-belief reduction, docs/design/neighbours.md): "
#: The bound the union bound gives, as ``bound`` is read: n delta''.
UNION_BOUND = "n*delta2"


def search_parts(claim: Any) -> Iterator[Any]:
    """The search claims of a part (itself, or the parts of a conjunction, in order)."""
    if isinstance(claim, AllOf):
        for part in claim.parts:
            yield from search_parts(part)
    else:
        yield claim


def space_of(claim: Any) -> tuple[int, int] | None:
    """(|D|, n) of a search claim over mechanisms on D^n (None: not such a claim)."""
    quantifier = getattr(claim, "quantifier", None)
    if quantifier is None or len(quantifier.objects) < 1:
        return None
    kind = quantifier.objects[0][1]
    shape = kind(2)
    mechanism = shape.wrap([[Fraction(1), Fraction(0)]] * shape.rows)
    space = getattr(mechanism, "space", None)
    return None if space is None else (space.domain, space.n)


def param_box(claim: Any, name: str) -> tuple[Fraction, Fraction | None] | None:
    """The closed range [lo, hi] of parameter ``name`` of a search claim (None: no such)."""
    for n, domain in claim.quantifier.params:
        if n == name:
            return domain.lo, domain.hi
    return None


def within(inner: Any, outer: Any) -> bool:
    if inner is None or outer is None:
        return False
    (lo, hi), (olo, ohi) = inner, outer
    return olo <= lo and (ohi is None or (hi is not None and hi <= ohi))


@dataclass(frozen=True, slots=True)
class InformedBeliefReduction:
    """(J), (Z), (S) of the informed-belief reduction and the bound claimed for D^n (an
    expression in n and delta2 = delta''); decided as in the module docstring."""

    joint: Claim
    zero: Claim | None
    square: Claim | None
    bound: str = UNION_BOUND
    __bool__ = no_truth_value

    @property
    def parts(self) -> tuple[Claim, ...]:
        """(S) and (Z) as premises, then (J) (the verdict's parts, in this order: the time
        left is shared among the parts still to decide, and (J) over eps-boxes is the
        slowest)."""
        wrapped = [
            Premise(name, part)
            for name, part in (("(S)", self.square), ("(Z)", self.zero))
            if part is not None
        ]
        return (*wrapped, self.joint)

    def describe(self) -> str:
        return f"for every n >= 1, by the informed-belief reduction: {self.joint.describe()}"

    def preconditions(self) -> list[str]:
        """The preconditions that fail (empty: all hold); see the module docstring."""
        failed = []
        if self.zero is None or self.square is None:
            failed.append("the reduction needs all three parts (J), (Z) and (S)")
        n, delta2 = sympy.symbols("n delta2")
        try:
            bound = sympy.sympify(self.bound, locals={"n": n, "delta2": delta2})
            same = sympy.expand(bound - n * delta2) == 0
        except (sympy.SympifyError, TypeError):
            same = False
        if not same:
            failed.append(f"the bound claimed, {self.bound}, is not the union bound n delta''")
        named = [("(J)", self.joint, 1), ("(Z)", self.zero, 1), ("(S)", self.square, 2)]
        claims = [(w, c, size) for w, p, size in named if p is not None for c in search_parts(p)]
        for which, claim, size in claims:
            if space_of(claim) != (2, size):
                failed.append(f"{which} is not a claim over mechanisms on D^{size}, |D| = 2")
        if failed:
            return failed
        outputs = {tuple(c.quantifier.sizes) for _, c, _ in claims}
        if len(outputs) != 1:
            failed.append(f"the parts' output counts differ: {sorted(outputs)}")
        joints = [c for w, c, _ in claims if w == "(J)"]
        for which, claim, _ in claims:
            for name in ("eps", "delta"):
                box = param_box(claim, name)
                inside = any(within(box, param_box(j, name)) for j in joints)
                if which != "(S)" and not inside:
                    failed.append(f"{which}'s {name} is not (J)'s")
                elif which == "(S)" and not inside and box is not None:
                    shown = f"[{box[0]}, {box[1]}]"
                    failed.append(f"(S) at {name} in {shown}, outside (J)'s range")
                elif which == "(S)" and not inside:
                    failed.append(f"(S) has no parameter {name}")
        return failed

    def decide(self, deadline: Deadline) -> Verdict:
        failed = self.preconditions()
        if failed:
            raise InvalidClaim("the informed-belief reduction does not apply: " + "; ".join(failed))
        parts = self.parts
        verdicts = [
            timed_decide(part, deadline.share(1 / (len(parts) - index)))
            for index, part in enumerate(parts)
        ]
        return combined(verdicts)


def combined(verdicts: list[Verdict]) -> Verdict:
    """The reduction's verdict from its parts' (premise (S), premise (Z), (J)): their
    conjunction (a refuted (J) refutes; a failed premise is unknown), a bounded or proved
    conjunction then stated for every n (the coverage :data:`COVERAGE` and the parts')."""
    whole = conjunction(verdicts, method=METHOD)
    if whole.status is Status.VERIFIED_BOUNDED:
        return Verdict(
            Status.VERIFIED_BOUNDED,
            METHOD,
            coverage=COVERAGE + (whole.coverage or ""),
            seconds=whole.seconds,
            parts=whole.parts,
        )
    return whole
