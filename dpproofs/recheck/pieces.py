"""The pieces of evidence in a report, and what the rechecker says about each.

A report (``dpproofs verify --json``) lists theorems; each theorem's ``evidence`` lists records
(:mod:`dpproofs.evidence`) with ``part``, the path through the parts of a conjunction (or the
members of a family) to the claim the record is about, and ``status``, that part's verdict.
A :class:`Piece` is one such record with where it comes from; a :class:`Finding` is the
rechecker's answer: confirmed, failed (the evidence does not hold, with why) or not replayed
(with why: a kind the rechecker cannot replay yet, a skipped re-solve, a comparison too close
to decide).
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dpproofs.errors import UsageError
from dpproofs.run.places import resolve

#: Verdicts that rest on evidence (unknown and error verdicts claim nothing).
DECIDED = ("proved", "verified-bounded", "refuted")


class Outcome(enum.Enum):
    CONFIRMED = "confirmed"
    FAILED = "failed"
    NOT_REPLAYED = "not replayed"


@dataclass(frozen=True, slots=True)
class Piece:
    """One evidence record: the theorem it belongs to, its file, its verdict and its record."""

    file: str
    theorem: str
    status: str
    part: tuple[int, ...]
    record: Mapping[str, Any]
    coverage: str | None = None
    #: The verdict's method, reason and certificate as the report states them (a lifted
    #: proof's are compared with what recheck re-derives: :mod:`dpproofs.recheck.liftedtext`).
    method: str = ""
    reason: str | None = None
    certificate: tuple[str, ...] = ()
    #: The whole verdict's status as the report states it (a part's ``status`` is its own).
    whole: str = ""

    @property
    def kind(self) -> str:
        return str(self.record.get("kind"))

    @property
    def label(self) -> str:
        where = f" part {'.'.join(map(str, self.part))}" if self.part else ""
        step = self.record.get("step")
        detail = f" (step {step})" if step is not None else ""
        return f"{self.file}: {self.theorem}{where}: {self.kind}{detail}"


@dataclass(frozen=True, slots=True)
class Finding:
    """What the rechecker says about a piece. ``supports`` is what the piece, replayed, shows
    about its part (set by :mod:`dpproofs.recheck` from the evidence, never from the report's
    status): ``"refuted"``, ``"proved"``, ``"verified-bounded"`` (the sizes re-solved),
    ``"lifts"`` (a small-model reduction: proved together with the bounded search) or None."""

    piece: Piece
    outcome: Outcome
    why: str = ""
    seconds: float = 0.0
    supports: str | None = None


def confirmed(piece: Piece, why: str = "") -> Finding:
    return Finding(piece, Outcome.CONFIRMED, why)


def failed(piece: Piece, why: str) -> Finding:
    return Finding(piece, Outcome.FAILED, why)


def not_replayed(piece: Piece, why: str) -> Finding:
    return Finding(piece, Outcome.NOT_REPLAYED, why)


@dataclass(frozen=True, slots=True)
class Reported:
    """One theorem's verdict as the report states it, with its pieces of evidence.

    ``assignment`` is the displayed counterexample's assignment (None when the verdict shows
    none); ``expected``, ``title`` and ``line`` are compared with the theorem file."""

    file: str
    theorem: str
    status: str
    method: str
    expected: str | None
    title: str
    line: int | None
    coverage: str | None
    assignment: Mapping[str, str] | None
    pieces: tuple[Piece, ...]
    #: The steps of a derivation as displayed: (index, status, the witness's assignment).
    steps: tuple[tuple[int, str, Mapping[str, str] | None], ...] = ()
    #: The displayed counterexample's ``observed`` values and ``replay`` source (None: none).
    observed: Mapping[str, str] | None = None
    replay: str | None = None
    #: Per step shown with a witness: (index, the witness's observed values, its replay).
    step_shown: tuple[tuple[int, Mapping[str, str], str], ...] = ()
    #: Per step: what it shows as read from the file (:data:`STEP_TEXT`: its LaTeX, its parsed
    #: sides and relation, its justification).
    step_text: tuple[Mapping[str, Any], ...] = ()
    #: The verdict's reason, as displayed (:mod:`.reasons`).
    reason: str = ""
    #: What the report copies from the declaration (:data:`DECLARED`), as displayed.
    declared: Mapping[str, Any] = field(default_factory=dict)


#: Fields a report copies from the theorem's declaration, compared with the file's.
DECLARED = (
    "source",
    "note",
    "corrects",
    "role",
    "refutation",
    "quote",
    "reading",
    "restricted",
    "expected_label",
)
#: Fields of a verdict nothing can replay (how long, whether cached): never confirmed.
UNREPLAYABLE = ("seconds", "cached", "not_cached")


#: What a step displays of the file's derivation.
STEP_TEXT = ("latex", "lhs", "relation", "rhs", "justification")

#: Every verdict a report may state.
STATUSES = ("proved", "verified-bounded", "refuted", "unknown", "error")


def read_report(path: str | Path) -> list[Piece]:
    """Every piece of evidence in the report at ``path`` (UsageError when it is not a report)."""
    return [piece for verdict in read_verdicts(path) for piece in verdict.pieces]


def read_verdicts(path: str | Path) -> list[Reported]:
    """Every verdict of the report at ``path`` with its pieces (UsageError when it is not a
    report: unreadable, malformed, an unknown status, or one theorem listed twice)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"{path}: cannot read the report ({exc.strerror or exc})") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: not a JSON report ({exc})") from exc
    theorems = data.get("theorems") if isinstance(data, dict) else None
    if not isinstance(theorems, list):
        raise UsageError(f"{path}: not a dpproofs verify report (no 'theorems' list)")
    verdicts = []
    seen: set[tuple[str, str]] = set()
    for index, entry in enumerate(theorems):
        if not isinstance(entry, dict):
            raise UsageError(f"{path}: theorem #{index} is not an object")
        location = str(entry.get("location", ""))
        file, _, line = location.rpartition(":") if ":" in location else (location, "", "")
        file = resolve(file, Path(path))  # a report names files relative to its project root
        pieces = []
        records = entry.get("evidence", [])
        if not isinstance(records, list):
            raise UsageError(f"{path}: {entry.get('id')}: 'evidence' is not a list")
        if entry.get("status") not in STATUSES:
            raise UsageError(f"{path}: {entry.get('id')}: unknown status {entry.get('status')!r}")
        if (file, str(entry.get("id"))) in seen:
            raise UsageError(f"{path}: {entry.get('id')} of {file} is listed twice")
        seen.add((file, str(entry.get("id"))))
        if not records and entry.get("status") in DECIDED:
            records = [{"kind": "none", "method": str(entry.get("method", "")), "part": []}]
        for record in records:
            if not isinstance(record, dict):
                raise UsageError(f"{path}: {entry.get('id')}: an evidence record is not an object")
            part = record.get("part", [])
            if not isinstance(part, list) or not all(isinstance(i, int) for i in part):
                raise UsageError(f"{path}: {entry.get('id')}: 'part' must be a list of integers")
            pieces.append(
                Piece(
                    file,
                    str(entry.get("id")),
                    str(record.get("status", entry.get("status"))),
                    tuple(part),
                    record,
                    entry.get("coverage"),
                    str(entry.get("method", "")),
                    entry.get("reason"),
                    _lines(path, entry),
                    str(entry.get("status", "")),
                )
            )
        verdicts.append(_reported(path, entry, file, line, tuple(pieces)))
    _check_header(path, data, verdicts)
    return verdicts


def _check_header(path: str | Path, data: Mapping[str, Any], verdicts: list[Reported]) -> None:
    """The report's version is this dpproofs' (its evidence is read as this version writes
    it); its summary, when given, counts the verdicts listed; a run said complete has no
    verdict left undecided by an interruption. Else UsageError."""
    from collections import Counter

    from dpproofs.version import version

    if data.get("dpproofs_version") != version():
        raise UsageError(
            f"{path}: written by dpproofs {data.get('dpproofs_version')!r}; this is {version()} "
            "(recheck a report with the version that wrote it)"
        )
    told = data.get("summary")
    if told is not None:
        matched = sum(v.status == v.expected for v in verdicts)
        counted = {
            "total": len(verdicts),
            "as_expected": matched,
            "unexpected": len(verdicts) - matched,
            "by_status": dict(sorted(Counter(v.status for v in verdicts).items())),
        }
        if told != counted:
            raise UsageError(f"{path}: the summary {told} does not count the verdicts: {counted}")
    run = data.get("run")
    stopped = [v.theorem for v in verdicts if v.method == "interrupted"]
    if isinstance(run, Mapping) and run.get("complete") is True and stopped:
        raise UsageError(f"{path}: the run is said complete, but {stopped[0]} was interrupted")


def _reported(
    path: str | Path, entry: Mapping[str, Any], file: str, line: str, pieces: tuple[Piece, ...]
) -> Reported:
    shown = entry.get("counterexample")
    assignment = shown.get("assignment") if isinstance(shown, Mapping) else None
    if shown is not None and not isinstance(assignment, Mapping):
        raise UsageError(f"{path}: {entry.get('id')}: the counterexample has no assignment")
    expected = entry.get("expected")
    return Reported(
        file,
        str(entry.get("id")),
        str(entry["status"]),
        str(entry.get("method", "")),
        None if expected is None else str(expected),
        str(entry.get("title", "")),
        int(line) if line.isdigit() else None,
        entry.get("coverage"),
        None if assignment is None else {str(k): str(v) for k, v in assignment.items()},
        pieces,
        _steps(path, entry),
        *_observed(path, entry, shown),
        _step_shown(path, entry),
        tuple({k: step.get(k) for k in STEP_TEXT} for step in entry.get("steps") or []),
        str(entry.get("reason") or ""),
        {name: entry.get(name) for name in DECLARED},
    )


def _lines(path: str | Path, entry: Mapping[str, Any]) -> tuple[str, ...]:
    lines = entry.get("certificate") or []
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
        raise UsageError(f"{path}: {entry.get('id')}: 'certificate' must be a list of strings")
    return tuple(lines)


def _texts(path: str | Path, entry: Mapping[str, Any], value: Any, what: str) -> dict[str, str]:
    if not isinstance(value, Mapping) or not all(isinstance(v, str) for v in value.values()):
        raise UsageError(f"{path}: {entry.get('id')}: {what} must map names to strings")
    return {str(k): v for k, v in value.items()}


def _observed(
    path: str | Path, entry: Mapping[str, Any], shown: Any
) -> tuple[Mapping[str, str] | None, str | None]:
    """The counterexample's observed values and replay source, as displayed."""
    if not isinstance(shown, Mapping):
        return None, None
    replay = shown.get("replay", "")
    if not isinstance(replay, str):
        raise UsageError(f"{path}: {entry.get('id')}: the replay is not a string")
    return _texts(path, entry, shown.get("observed", {}), "observed"), replay


def _step_shown(
    path: str | Path, entry: Mapping[str, Any]
) -> tuple[tuple[int, Mapping[str, str], str], ...]:
    out = []
    for step in entry.get("steps") or []:
        witness = step.get("witness")
        if isinstance(witness, Mapping):
            observed, replay = _observed(path, entry, witness)
            out.append((step.get("index"), observed or {}, replay or ""))
    return tuple(out)


def _steps(
    path: str | Path, entry: Mapping[str, Any]
) -> tuple[tuple[int, str, Mapping[str, str] | None], ...]:
    steps = entry.get("steps") or []
    if not isinstance(steps, list) or not all(isinstance(s, Mapping) for s in steps):
        raise UsageError(f"{path}: {entry.get('id')}: 'steps' must be a list of objects")
    out = []
    for step in steps:
        witness = step.get("witness")
        shown = witness.get("assignment") if isinstance(witness, Mapping) else None
        out.append(
            (
                step.get("index"),
                str(step.get("status")),
                None
                if not isinstance(shown, Mapping)
                else {str(k): str(v) for k, v in shown.items()},
            )
        )
    return tuple(out)
