"""Machine-readable reports of a run: JSON and JUnit XML, written atomically.

The JSON layout is a public contract (other tools and later versions add fields; none is renamed)::

    {"dpproofs_version": str,
     "run": {"id", "started", "finished", "complete", "interrupted"},
     "theorems": [{"id", "title", "source", "status", "expected", "method", "seconds",
                   "counterexample", "coverage", "reason", "cached", "not_cached", ...}],
     "summary": {"total", "as_expected", "unexpected", "by_status": {status: count}}}

Counterexample values are exact strings. ``run.complete`` is false for an interrupted run (the
report then lists the theorems decided so far, the others as UNKNOWN "interrupted"). Report
paths are checked (and any previous report there removed) before anything is decided, so a
report on disk is always this run's or none.
"""

from __future__ import annotations

import json
import os
import tempfile
import uuid
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

from dpproofs.atomic import write_atomically
from dpproofs.errors import UsageError
from dpproofs.run.runner import TheoremResult
from dpproofs.version import version


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class RunInfo:
    """Which run a report belongs to, and whether it ran to the end."""

    id: str = field(default_factory=lambda: uuid.uuid4().hex)
    started: str = field(default_factory=_now)
    finished: str = ""
    complete: bool = True
    interrupted: bool = False


def prepare_path(option: str, path: str | Path, keep: bool = False) -> None:
    """Fail now (UsageError naming ``option``) if ``path`` cannot be written; remove a previous
    report there (unless ``keep``) so that a failed run never leaves one that looks current."""
    target = Path(path)
    if target.is_dir():
        raise UsageError(f"{option} {path}: is a folder, not a file")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
        os.close(fd)
        os.unlink(probe)
        if not keep:
            target.unlink(missing_ok=True)
    except OSError as exc:
        raise UsageError(f"{option} {path}: cannot write there ({exc.strerror or exc})") from None


def summary(results: Sequence[TheoremResult]) -> dict[str, Any]:
    counts = Counter(r.verdict.status.value for r in results)
    matched = sum(r.as_expected for r in results)
    return {
        "total": len(results),
        "as_expected": matched,
        "unexpected": len(results) - matched,
        "by_status": dict(sorted(counts.items())),
    }


def results_json(results: Sequence[TheoremResult], run: RunInfo | None = None) -> dict[str, Any]:
    info = run or RunInfo()
    if not info.finished:
        info = RunInfo(info.id, info.started, _now(), info.complete, info.interrupted)
    return {
        "dpproofs_version": version(),
        "run": asdict(info),
        "theorems": [r.as_dict() for r in results],
        "summary": summary(results),
    }


def write_json(
    results: Sequence[TheoremResult], path: str | Path, run: RunInfo | None = None
) -> None:
    write_atomically(path, json.dumps(results_json(results, run), indent=2) + "\n")


def junit_xml(results: Sequence[TheoremResult], run: RunInfo | None = None) -> str:
    """One <testcase> per theorem; a verdict other than the expected one is a <failure>.
    The suite's properties record the run (id, complete, interrupted)."""
    suite = ET.Element(
        "testsuite",
        name="dpproofs",
        tests=str(len(results)),
        failures=str(sum(not r.as_expected for r in results)),
        time=f"{sum(r.verdict.seconds for r in results):.3f}",
    )
    info = run or RunInfo()
    properties = ET.SubElement(suite, "properties")
    for name, value in (
        ("run_id", info.id),
        ("complete", str(info.complete).lower()),
        ("interrupted", str(info.interrupted).lower()),
    ):
        ET.SubElement(properties, "property", name=name, value=value)
    for r in results:
        case = ET.SubElement(
            suite,
            "testcase",
            classname=r.location.rsplit(":", 1)[0],
            name=r.id,
            time=f"{r.verdict.seconds:.3f}",
        )
        if not r.as_expected:
            expected = r.expected.value if r.expected else "a loadable file"
            failure = ET.SubElement(
                case, "failure", message=f"{r.verdict.status.value} (expected {expected})"
            )
            failure.text = r.verdict.reason or str(r.verdict.counterexample or "")
    return ET.tostring(suite, encoding="unicode", xml_declaration=True) + "\n"


def write_junit(
    results: Sequence[TheoremResult], path: str | Path, run: RunInfo | None = None
) -> None:
    write_atomically(path, junit_xml(results, run))
