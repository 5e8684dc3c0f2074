"""Machine-readable reports of a run: JSON and JUnit XML, written atomically.

The JSON layout is a public contract (other tools and later versions add fields; none is renamed)::

    {"dpproofs_version": str,
     "theorems": [{"id", "title", "source", "status", "expected", "method", "seconds",
                   "counterexample", "coverage", "reason", ...}],
     "summary": {"total", "as_expected", "unexpected", "by_status": {status: count}}}

Counterexample values are exact strings.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

from dpproofs.runner import TheoremResult


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as package_version

    try:
        return package_version("dpproofs")
    except PackageNotFoundError:
        return "0+unknown"


def summary(results: Sequence[TheoremResult]) -> dict[str, Any]:
    counts = Counter(r.verdict.status.value for r in results)
    matched = sum(r.as_expected for r in results)
    return {
        "total": len(results),
        "as_expected": matched,
        "unexpected": len(results) - matched,
        "by_status": dict(sorted(counts.items())),
    }


def results_json(results: Sequence[TheoremResult]) -> dict[str, Any]:
    return {
        "dpproofs_version": version(),
        "theorems": [r.as_dict() for r in results],
        "summary": summary(results),
    }


def write_atomically(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old file or the whole new one."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_json(results: Sequence[TheoremResult], path: str | Path) -> None:
    write_atomically(path, json.dumps(results_json(results), indent=2, sort_keys=False) + "\n")


def junit_xml(results: Sequence[TheoremResult]) -> str:
    """One <testcase> per theorem; a verdict other than the expected one is a <failure>."""
    suite = ET.Element(
        "testsuite",
        name="dpproofs",
        tests=str(len(results)),
        failures=str(sum(not r.as_expected for r in results)),
        time=f"{sum(r.verdict.seconds for r in results):.3f}",
    )
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


def write_junit(results: Sequence[TheoremResult], path: str | Path) -> None:
    write_atomically(path, junit_xml(results))
