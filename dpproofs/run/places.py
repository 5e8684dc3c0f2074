"""How reports name files: relative to the project root, never by the machine's absolute paths.

The rule (one for every report a run writes to a file: JSON, JUnit, Markdown, HTML):

* the *project root* is the folder of the nearest ``pyproject.toml`` at or above the folder the
  run started in, or that folder itself when there is none;
* a file under the project root is named by its path relative to the root, with ``/`` between
  folders (``examples/tour.py:24``), wherever it appears: a result's location and the text of
  reasons and load failures (a traceback's ``/home/me/project/x.py:7:`` reads ``x.py:7:``);
* a file outside the project root keeps its absolute path (nothing else names it stably).

The terminal names files the same way with the folder the run started in as the root, as a
compiler does, so that ``file:line`` can be clicked. ``dpproofs recheck`` reads a relative
location against the project root of the report file, else of the folder it runs in
(:func:`resolve`).
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dpproofs.run.runner import TheoremResult
    from dpproofs.verdict import Verdict


def project_root(start: Path | None = None) -> Path:
    """The folder of the nearest pyproject.toml at or above ``start`` (default: the current
    folder), else ``start`` itself; absolute."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "pyproject.toml").is_file():
            return folder
    return here


def shown(text: str, root: Path) -> str:
    """``text`` with every path under ``root`` written relative to it (``/`` separated)."""
    prefix = str(root.resolve())
    if prefix == os.sep:  # the root folder of the machine: nothing to strip
        return text
    # Only where a path starts (not inside a longer path that happens to contain the root).
    return re.sub(r"(?<![\w.~/-])" + re.escape(prefix + os.sep), "", text)


def shown_verdict(verdict: Verdict, root: Path) -> Verdict:
    """The verdict with its reason and its parts' reasons shown relative to ``root``."""
    parts = tuple(shown_verdict(p, root) for p in verdict.parts)
    return replace(verdict, reason=shown(verdict.reason, root), parts=parts)


def shown_result(result: TheoremResult, root: Path) -> TheoremResult:
    """The result with its location and its verdict's reasons shown relative to ``root``."""
    return replace(
        result, location=shown(result.location, root), verdict=shown_verdict(result.verdict, root)
    )


def resolve(location_file: str, report: Path) -> str:
    """The theorem file a report names: an absolute path as it is; a relative one under the
    project root of the report's folder if it exists there, else under that of the current
    folder (the rule above, read backwards)."""
    if not location_file or Path(location_file).is_absolute():
        return location_file
    for root in (project_root(report.resolve().parent), project_root()):
        candidate = root / location_file
        if candidate.is_file():
            return str(candidate)
    return location_file
