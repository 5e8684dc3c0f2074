"""Verdicts: the answer dpproofs gives for one claim.

A verdict is a small frozen record. Its :class:`Status` is ordered by how much support the claim
has, so the verdict of a conjunction of claims is the minimum of its parts::

    ERROR < REFUTED < UNKNOWN < VERIFIED_BOUNDED < PROVED

* PROVED: a sound symbolic or exact argument holds for every parameter in the stated domain.
* VERIFIED_BOUNDED: no counterexample exists up to the size stated in ``coverage``.
* REFUTED: ``counterexample`` holds exact rationals that were re-checked outside any solver.
* UNKNOWN: time or method ran out; ``reason`` says which.
* ERROR: the claim or its file is broken; ``reason`` names file and line.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from dpproofs.errors import did_you_mean

if TYPE_CHECKING:
    from dpproofs.evidence import Evidence


@functools.total_ordering
class Status(enum.Enum):
    """What a verdict says about a claim, ordered from no support (ERROR) to PROVED."""

    ERROR = "error"
    REFUTED = "refuted"
    UNKNOWN = "unknown"
    VERIFIED_BOUNDED = "verified-bounded"
    PROVED = "proved"

    @property
    def rank(self) -> int:
        return _RANK[self]

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Status):
            return NotImplemented
        return self.rank < other.rank

    @classmethod
    def parse(cls, text: str) -> Status:
        """``Status.parse("verified-bounded")``; also accepts the member name, any case."""
        key = text.strip().lower().replace("_", "-")
        for member in cls:
            if member.value == key:
                return member
        values = [m.value for m in cls]
        hint = did_you_mean(key, values)
        raise ValueError(f"unknown status {text!r}{hint}; expected one of {values}")


_RANK = {status: rank for rank, status in enumerate(Status)}


@dataclass(frozen=True, slots=True)
class Counterexample:
    """A concrete witness that a claim is false.

    ``assignment`` maps each quantified name (a parameter, a distribution, a mechanism, a prior) to
    its exact value written as a string that parses back exactly (``"3/4"``, ``"[1/2, 1/2]"``,
    ``"[[3/4, 1/4], [1/4, 3/4]]"``). ``observed`` records what the exact re-check computed at that
    point (e.g. both sides of the violated inequality), also as exact strings, with a float
    rendering where that helps a reader. ``replay`` is Python source that re-checks the
    counterexample with plain exact arithmetic when executed.
    """

    assignment: tuple[tuple[str, str], ...]
    observed: tuple[tuple[str, str], ...] = ()
    replay: str = ""

    @classmethod
    def of(
        cls,
        assignment: Mapping[str, object],
        observed: Mapping[str, object] | None = None,
        replay: str = "",
    ) -> Counterexample:
        return cls(
            tuple((k, str(v)) for k, v in assignment.items()),
            tuple((k, str(v)) for k, v in (observed or {}).items()),
            replay,
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "assignment": dict(self.assignment),
            "observed": dict(self.observed),
            "replay": self.replay,
        }

    def __str__(self) -> str:
        parts = ", ".join(f"{k} = {v}" for k, v in self.assignment)
        seen = "; ".join(f"{k} = {v}" for k, v in self.observed)
        return parts + (f"  ({seen})" if seen else "")


@dataclass(frozen=True, slots=True)
class StepResult:
    """The answer for one step of a derivation (see :mod:`dpproofs.steps`).

    ``status`` is "proved", "refuted" (``witness`` satisfies the assumptions and was re-checked
    exactly), "unknown" or "not-checked" (the step could not be read; ``reason`` names the token).
    ``lhs`` / ``rhs`` are the parsed forms shown next to the LaTeX.
    """

    index: int
    latex: str
    lhs: str
    relation: str
    rhs: str
    justification: str
    status: str
    witness: Counterexample | None = None
    reason: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "latex": self.latex,
            "lhs": self.lhs,
            "relation": self.relation,
            "rhs": self.rhs,
            "justification": self.justification,
            "status": self.status,
            "witness": self.witness.as_dict() if self.witness else None,
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer for one claim; ``__post_init__`` enforces the evidence each status needs."""

    status: Status
    method: str
    reason: str = ""
    counterexample: Counterexample | None = None
    coverage: str | None = None
    certificate: tuple[str, ...] = ()
    seconds: float = 0.0
    parts: tuple[Verdict, ...] = field(default=())
    steps: tuple[StepResult, ...] = ()
    #: What the verdict rests on, for ``dpproofs recheck`` (see :mod:`dpproofs.evidence`).
    evidence: tuple[Evidence, ...] = ()
    #: What was decided, as the user wrote it, for display only (``check`` fills it in); not
    #: part of ``as_dict``, so caches and reports are unchanged by it.
    statement: str = ""

    def __post_init__(self) -> None:
        if self.status is Status.REFUTED and self.counterexample is None:
            raise ValueError("a REFUTED verdict needs a counterexample")
        if self.status is Status.VERIFIED_BOUNDED and not self.coverage:
            raise ValueError("a VERIFIED_BOUNDED verdict must say what it covered")
        if self.status in (Status.UNKNOWN, Status.ERROR) and not self.reason:
            raise ValueError(f"an {self.status.value.upper()} verdict needs a reason")

    @classmethod
    def proved(
        cls,
        method: str,
        certificate: Iterable[str] = (),
        reason: str = "",
        evidence: Iterable[Evidence] = (),
    ) -> Verdict:
        return cls(
            Status.PROVED,
            method,
            reason=reason,
            certificate=tuple(certificate),
            evidence=tuple(evidence),
        )

    @classmethod
    def verified_bounded(
        cls,
        method: str,
        coverage: str,
        certificate: Iterable[str] = (),
        evidence: Iterable[Evidence] = (),
    ) -> Verdict:
        return cls(
            Status.VERIFIED_BOUNDED,
            method,
            coverage=coverage,
            certificate=tuple(certificate),
            evidence=tuple(evidence),
        )

    @classmethod
    def refuted(
        cls,
        method: str,
        counterexample: Counterexample,
        reason: str = "",
        evidence: Iterable[Evidence] = (),
    ) -> Verdict:
        return cls(
            Status.REFUTED,
            method,
            reason=reason,
            counterexample=counterexample,
            evidence=tuple(evidence),
        )

    @classmethod
    def unknown(cls, method: str, reason: str) -> Verdict:
        return cls(Status.UNKNOWN, method, reason=reason)

    @classmethod
    def error(cls, method: str, reason: str) -> Verdict:
        return cls(Status.ERROR, method, reason=reason)

    def timed(self, seconds: float) -> Verdict:
        return replace(self, seconds=seconds)

    def as_dict(self) -> dict[str, Any]:
        return {
            "status": self.status.value,
            "method": self.method,
            "reason": self.reason,
            "counterexample": self.counterexample.as_dict() if self.counterexample else None,
            "coverage": self.coverage,
            "certificate": list(self.certificate),
            "seconds": round(self.seconds, 4),
            "parts": [p.as_dict() for p in self.parts],
            "evidence": [e.as_dict() for e in self.evidence],
            **({"steps": [s.as_dict() for s in self.steps]} if self.steps else {}),
        }

    def __str__(self) -> str:
        """``status: statement``, then the method and one ``label: text`` line per evidence
        (what ``print(verdict)`` shows; ``repr`` stays the dataclass's)."""
        head = f"{self.status.value}: {self.statement}" if self.statement else self.status.value
        lines = [head, f"  method: {self.method} ({self.seconds:.2f} s)"]
        lines += [f"  {label}: {text}" for label, text in self._evidence()]
        return "\n".join(lines)

    def _repr_markdown_(self) -> str:
        """A notebook rendering: the status in bold and the statement, then the method and the
        evidence."""
        said = f" `{self.statement}`" if self.statement else ""
        lines = [f"**{self.status.value}**{said} ({self.method}, {self.seconds:.2f} s)", ""]
        lines += [f"- {label}: `{text}`" for label, text in self._evidence()]
        return "\n".join(lines) + "\n"

    def _repr_html_(self) -> str:
        """A notebook rendering: a coloured status badge and the statement, then the evidence
        as a list."""
        from html import escape

        colour = _COLOURS[self.status]
        said = f"<code>{escape(self.statement)}</code> " if self.statement else ""
        items = "".join(
            f"<li>{escape(label)}: <code>{escape(text)}</code></li>"
            for label, text in self._evidence()
        )
        return (
            f'<div class="dpproofs-verdict"><span style="background:{colour};color:white;'
            f'padding:1px 6px;border-radius:3px;font-weight:bold">{self.status.value}</span> '
            f"{said}{escape(self.method)} ({self.seconds:.2f} s)<ul>{items}</ul></div>"
        )

    def _evidence(self) -> list[tuple[str, str]]:
        rows: list[tuple[str, str]] = []
        if self.coverage:
            rows.append(("coverage", self.coverage))
        if self.counterexample is not None:
            rows += [(f"witness {k}", v) for k, v in self.counterexample.assignment]
            rows += list(self.counterexample.observed)
        rows += [("certificate", c) for c in self.certificate]
        if self.reason:
            rows.append(("reason", self.reason))
        return rows


_COLOURS = {
    Status.PROVED: "#1a7f37",
    Status.VERIFIED_BOUNDED: "#4c9a2a",
    Status.REFUTED: "#cf222e",
    Status.UNKNOWN: "#9a6700",
    Status.ERROR: "#8250df",
}


def evidence_tree(verdict: Verdict, path: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    """Every piece of evidence in ``verdict`` and its parts, each as a dict with its ``part``
    (the indices leading to it through the parts of conjunctions and families, ``[]`` for the
    verdict itself) and ``status`` (the verdict of that part).
    A conjunction's own evidence repeats its weakest part's, so only the parts are listed. A
    proved part (not the verdict itself) that records no evidence (a scalar claim proved by
    sympy's rewriting) is listed as a ``none`` record, so that a rechecker proves it again."""
    if verdict.parts:
        found: list[dict[str, Any]] = []
        for index, part in enumerate(verdict.parts):
            found += evidence_tree(part, (*path, index))
        return found
    status = verdict.status.value
    if path and not verdict.evidence and verdict.status is Status.PROVED:
        return [{"kind": "none", "method": verdict.method, "part": list(path), "status": status}]
    return [{**e.as_dict(), "part": list(path), "status": status} for e in verdict.evidence]


def conjunction(verdicts: Iterable[Verdict], method: str = "all of") -> Verdict:
    """The verdict of "every part holds": the weakest part decides.

    A refuted part refutes the whole (its counterexample is the whole's); otherwise an unknown part
    makes the whole unknown; otherwise any bounded part makes the whole bounded, with the coverages
    joined; otherwise the whole is proved.
    """
    parts = tuple(verdicts)
    if not parts:
        raise ValueError("a conjunction needs at least one part")
    worst = min(parts, key=lambda v: v.status)
    seconds = sum(p.seconds for p in parts)
    if worst.status is Status.VERIFIED_BOUNDED:
        # Member by member: a proved part says what it proved, a bounded part what it covered.
        covered = (p.coverage if p.coverage else f"proved: {p.reason or p.method}" for p in parts)
        coverage = "; ".join(dict.fromkeys(covered))
        return Verdict(
            Status.VERIFIED_BOUNDED, method, coverage=coverage, seconds=seconds, parts=parts
        )
    if worst.status is Status.PROVED:
        reason = "; ".join(dict.fromkeys(p.reason for p in parts if p.reason))
        return Verdict(Status.PROVED, method, reason=reason, seconds=seconds, parts=parts)
    return replace(worst, parts=parts, seconds=seconds)
