"""Claims: what a theorem asserts, in a form dpproofs can decide.

A claim is any object with ``describe()`` and ``decide(deadline)``. Kinds of claim live with the
procedure that decides them (scalar inequalities in :mod:`dpproofs.symbolic`, statements over all
finite objects in :mod:`dpproofs.search`, exact facts about concrete mechanisms here and in
:mod:`dpproofs.finite`). Every ``decide`` returns a :class:`~dpproofs.verdict.Verdict` and must
respect its deadline by returning UNKNOWN (with the reason) rather than running over.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from dpproofs.deadline import Deadline
from dpproofs.errors import DpProofsError, InvalidClaim, Undecided
from dpproofs.verdict import Counterexample, Status, Verdict, conjunction


@runtime_checkable
class Claim(Protocol):
    def describe(self) -> str: ...

    def decide(self, deadline: Deadline) -> Verdict: ...


def no_truth_value(claim: object) -> bool:
    """A claim's ``__bool__``: refused. Python's ``and``/``or`` would keep one claim and silently
    drop the other (``holds(a) and holds(b)`` is ``holds(b)``: a false ``a`` never checked), and
    ``if``/``not`` would read an undecided claim as true."""
    raise TypeError(
        f"a claim ({type(claim).__name__}) is not True or False until it is decided: Python's "
        "and/or/not/if would keep one claim and drop the other; combine claims with "
        "all_of(...), relations with & and |"
    )


@dataclass(frozen=True, slots=True)
class AllOf:
    """Every part holds. Decided part by part; the weakest verdict decides (see ``conjunction``)."""

    parts: tuple[Claim, ...]
    __bool__ = no_truth_value

    def describe(self) -> str:
        return " and ".join(f"({p.describe()})" for p in self.parts)

    def decide(self, deadline: Deadline) -> Verdict:
        verdicts = []
        for index, part in enumerate(self.parts):
            # Each part gets its share of the time left: the clock only ends a part as
            # unknown; within its time a part's verdict is decided by work budgets.
            verdicts.append(timed_decide(part, deadline.share(1 / (len(self.parts) - index))))
        return conjunction(verdicts)


def all_of(*claims: Claim) -> AllOf:
    """The claim that every one of ``claims`` holds."""
    if not claims:
        raise ValueError("all_of needs at least one claim")
    return AllOf(tuple(claims))


#: The method of a premise's verdict when the premise fails (see :class:`Premise`).
PREMISE_FAILS = "premise of a reduction"


@dataclass(frozen=True, slots=True)
class Premise:
    """``claim`` as a premise of a reduction named ``name``, not the statement itself.

    The reduction's argument needs ``claim``; a premise may be STRONGER than the argument needs
    (a part of the informed-belief reduction bounds its event by delta'', not n delta''), so a
    counterexample to it shows that the argument does not apply, not that the statement is
    false. A premise exists only inside a reduction (the reduction wraps its own parts:
    :class:`dpproofs.search.informed.InformedBeliefReduction`): decided on its own (a
    theorem's claim, a member of ``all_of``) it is refused, since its UNKNOWN would hide a
    refutation of the claim it wraps. The reduction decides ``claim`` and reads the premise's
    verdict with :meth:`judged`; ``claim``'s verdict is the one part of it (so that
    ``dpproofs recheck`` replays its evidence at the part path ``(..., 0)``):

    * ``claim`` refuted: UNKNOWN, the reason naming the premise and its counterexample (which
      stays, re-checked as any, in the part); never REFUTED;
    * otherwise: ``claim``'s status, coverage and reason (``conjunction`` of the one part).
    """

    name: str
    claim: Claim
    __bool__ = no_truth_value

    def __post_init__(self) -> None:
        if not self.name:
            raise ValueError("a premise needs the name of the argument it serves")

    @property
    def parts(self) -> tuple[Claim, ...]:
        return (self.claim,)

    def describe(self) -> str:
        return f"premise {self.name}: {self.claim.describe()}"

    def decide(self, deadline: Deadline) -> Verdict:
        raise InvalidClaim(
            f"the premise {self.name} is decided only by the reduction it serves (decided "
            "alone, its UNKNOWN would hide a refutation of the claim it wraps): state the "
            "claim itself, or the reduction"
        )

    def judged(self, verdict: Verdict) -> Verdict:
        """The premise's verdict from ``verdict``, its claim's (see the class docstring)."""
        if verdict.status is not Status.REFUTED:
            return conjunction([verdict], method=verdict.method)
        return Verdict(
            Status.UNKNOWN,
            PREMISE_FAILS,
            reason=premise_fails(self.name, verdict),
            parts=(verdict,),
            seconds=verdict.seconds,
        )


def premise_fails(name: str, refuted: Verdict) -> str:
    """The reason of a failed premise's UNKNOWN verdict: the premise's name and where its
    refutation ``refuted`` fails it (the whole counterexample is in the part)."""
    assert refuted.counterexample is not None
    shown = ", ".join(f"{k} = {v}" for k, v in refuted.counterexample.assignment)
    return (
        f"the premise {name} of the argument fails at {shown}: the "
        "argument does not apply, and a premise that fails refutes nothing"
    )


@dataclass(frozen=True, slots=True)
class ExactFact:
    """A statement about concrete exact objects, established by comparisons dpproofs decides.

    ``check(facts)`` states comparisons on the :class:`~dpproofs.facts.Facts` recorder
    (``facts.equal``, ``facts.at_most``, ``facts.less_than``) and may return a dict of observed
    values to show. dpproofs decides every comparison itself, rigorously: all hold is PROVED
    (the objects are concrete, so evaluation is proof), one fails is REFUTED with the failing
    comparisons as the counterexample.

    A check written the old way, ``check() -> (holds, observed)``, computes its own truth value:
    dpproofs cannot know what the bool means, so it is reported UNKNOWN under the method
    "author-vouched check" (never PROVED, never REFUTED).
    """

    __bool__ = no_truth_value

    statement: str
    check: Callable[..., Any]
    method: str = "exact evaluation of the stated comparisons"

    def describe(self) -> str:
        return self.statement

    def decide(self, deadline: Deadline) -> Verdict:
        from dpproofs.evidence import ExactFacts
        from dpproofs.facts import Facts

        if not inspect.signature(self.check).parameters:
            return self._vouched()
        facts = Facts()
        try:
            shown = self.check(facts) or {}
            holds = facts.holds()
        except Undecided as exc:
            return Verdict.unknown(self.method, str(exc))
        if not isinstance(shown, dict):
            raise InvalidClaim("an exact_fact check returns a dict of observed values or None")
        decided = [f"{text} ({'holds' if ok else 'FAILS'})" for text, ok in facts.decided]
        evidence = [ExactFacts(tuple(facts.decided))]
        if holds:
            return Verdict.proved(
                self.method,
                certificate=[*decided, *(f"{k} = {v}" for k, v in shown.items())],
                evidence=evidence,
            )
        observed = {f"fails: {text}": "false (decided exactly)" for text in facts.failed()}
        return Verdict.refuted(
            self.method, Counterexample.of({}, {**observed, **shown}), evidence=evidence
        )

    def _vouched(self) -> Verdict:
        try:
            result = self.check()
        except Undecided as exc:
            return Verdict.unknown("author-vouched check", str(exc))
        return Verdict.unknown(
            "author-vouched check",
            f"the author's check returned {result!r:.200}; dpproofs did not decide it (state the "
            "comparisons with facts.equal / at_most / less_than to have them decided)",
        )


def exact_fact(statement: str, check: Callable[..., Any]) -> ExactFact:
    """A claim whose comparisons ``check(facts)`` states and dpproofs decides (see ExactFact)."""
    return ExactFact(statement, check)


def timed_decide(claim: Claim, deadline: Deadline) -> Verdict:
    """Decide ``claim``, stamping the time taken; an Undecided escape becomes UNKNOWN.

    Other DpProofsErrors (a malformed claim) become ERROR. Anything else is a bug and propagates.
    """
    start = time.perf_counter()
    if not type(claim).__module__.startswith("dpproofs."):
        # Only dpproofs' own claim kinds decide: an author's object with a decide() method
        # would be a check the author supplies, reported as a proof.
        return Verdict.error(
            "claim",
            f"{type(claim).__module__}.{type(claim).__qualname__} is not a dpproofs claim; "
            "build claims with dpproofs (holds, search, exact_fact, all_of, ...)",
        )
    try:
        verdict = claim.decide(deadline)
    except Undecided as exc:
        verdict = Verdict.unknown("exact evaluation", str(exc))
    except DpProofsError as exc:
        verdict = Verdict.error("claim", f"{type(exc).__name__}: {exc}")
    return verdict.timed(time.perf_counter() - start)


def decide_obligations(
    parts: tuple[Claim, ...],
    roles: tuple[str, ...],
    method: str,
    deadline: Deadline,
    reason: str = "",
) -> Verdict:
    """The verdict of a rule whose conclusion holds when each of its obligations ``parts`` is
    PROVED (induction's base and step, a reduction's side conditions): PROVED with one
    certificate line per obligation, else UNKNOWN naming the first obligation not proved
    (an obligation that fails refutes that obligation, not the rule's claim). The verdicts of
    the obligations are the parts of the verdict, in order, so that recheck replays each.
    ``reason``: a proved verdict's reason (the rule's coverage, if it states one)."""
    start = time.perf_counter()
    verdicts: list[Verdict] = []
    for index, part in enumerate(parts):
        verdicts.append(part.decide(deadline.share(1 / (len(parts) - index))))
    seconds = time.perf_counter() - start
    for role, verdict in zip(roles, verdicts, strict=True):
        if verdict.status is not Status.PROVED:
            said = f": {verdict.reason}" if verdict.reason else ""
            why = f"the {role} is {verdict.status.value}{said}"
            return Verdict(
                Status.UNKNOWN, method, reason=why, parts=tuple(verdicts), seconds=seconds
            )
    certificate = tuple(
        f"{role}: {part.describe()}: proved ({v.method})"
        for role, part, v in zip(roles, parts, verdicts, strict=True)
    )
    return Verdict(
        Status.PROVED,
        method,
        reason=reason,
        certificate=certificate,
        parts=tuple(verdicts),
        seconds=seconds,
    )
