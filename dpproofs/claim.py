"""Claims: what a theorem asserts, in a form dpproofs can decide.

A claim is any object with ``describe()`` and ``decide(deadline)``. Kinds of claim live with the
procedure that decides them (scalar inequalities in :mod:`dpproofs.symbolic`, statements over all
finite objects in :mod:`dpproofs.search`, exact facts about concrete mechanisms here and in
:mod:`dpproofs.finite`). Every ``decide`` returns a :class:`~dpproofs.verdict.Verdict` and must
respect its deadline by returning UNKNOWN (with the reason) rather than running over.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from dpproofs.errors import DpProofsError, Undecided
from dpproofs.verdict import Counterexample, Verdict, conjunction


class Deadline:
    """A point in (monotonic) time after which a decision procedure should give up."""

    __slots__ = ("_end",)

    def __init__(self, seconds: float | None) -> None:
        self._end = None if seconds is None else time.monotonic() + seconds

    def remaining(self) -> float:
        """Seconds left (``inf`` when unlimited, never negative)."""
        if self._end is None:
            return float("inf")
        return max(0.0, self._end - time.monotonic())

    def expired(self) -> bool:
        return self.remaining() <= 0.0

    def share(self, fraction: float) -> Deadline:
        """A deadline at ``fraction`` of the time left (for one of several steps)."""
        left = self.remaining()
        return Deadline(None if left == float("inf") else left * fraction)


@runtime_checkable
class Claim(Protocol):
    def describe(self) -> str: ...

    def decide(self, deadline: Deadline) -> Verdict: ...


@dataclass(frozen=True, slots=True)
class AllOf:
    """Every part holds. Decided part by part; the weakest verdict decides (see ``conjunction``)."""

    parts: tuple[Claim, ...]

    def describe(self) -> str:
        return " and ".join(f"({p.describe()})" for p in self.parts)

    def decide(self, deadline: Deadline) -> Verdict:
        verdicts = []
        for index, part in enumerate(self.parts):
            share = deadline.share(1 / (len(self.parts) - index))
            verdict = timed_decide(part, share)
            verdicts.append(verdict)
        return conjunction(verdicts)


def all_of(*claims: Claim) -> AllOf:
    """The claim that every one of ``claims`` holds."""
    if not claims:
        raise ValueError("all_of needs at least one claim")
    return AllOf(tuple(claims))


@dataclass(frozen=True, slots=True)
class ExactFact:
    """A statement about concrete exact objects, established by running an exact computation.

    ``check`` returns ``(holds, observed)``: whether the statement is true, computed with exact
    arithmetic only (the calculus of :mod:`dpproofs.finite` and rigorous comparisons), and the exact
    values it looked at. True is a proof (the objects are concrete, so evaluation is proof); False
    is a refutation whose counterexample is the observed values.
    """

    statement: str
    check: Callable[[], tuple[bool, dict[str, object]]]
    method: str = "exact evaluation"

    def describe(self) -> str:
        return self.statement

    def decide(self, deadline: Deadline) -> Verdict:
        try:
            holds, observed = self.check()
        except Undecided as exc:
            return Verdict.unknown(self.method, str(exc))
        if holds:
            return Verdict.proved(
                self.method, certificate=[f"{k} = {v}" for k, v in observed.items()]
            )
        return Verdict.refuted(self.method, Counterexample.of({}, observed))


def exact_fact(statement: str, check: Callable[[], tuple[bool, dict[str, object]]]) -> ExactFact:
    """Wrap an exact computation as a claim (see :class:`ExactFact`)."""
    return ExactFact(statement, check)


def timed_decide(claim: Claim, deadline: Deadline) -> Verdict:
    """Decide ``claim``, stamping the time taken; an Undecided escape becomes UNKNOWN.

    Other DpProofsErrors (a malformed claim) become ERROR. Anything else is a bug and propagates.
    """
    start = time.perf_counter()
    try:
        verdict = claim.decide(deadline)
    except Undecided as exc:
        verdict = Verdict.unknown("exact evaluation", str(exc))
    except DpProofsError as exc:
        verdict = Verdict.error("claim", f"{type(exc).__name__}: {exc}")
    return verdict.timed(time.perf_counter() - start)
