"""Helpers of the session 7 adversary's report tests: a real report of a theorem file's text,
and ``dpproofs recheck``'s exit code on an edited copy."""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Callable
from pathlib import Path

from dpproofs.cli.main import main


def verified(folder: Path, name: str, text: str) -> dict:
    """The report of ``dpproofs verify --json`` on ``text`` written to folder/name."""
    (folder / name).write_text(text)
    out = folder / "r.json"
    assert main(["verify", str(folder / name), "--json", str(out), "--no-cache"]) == 0
    return json.loads(out.read_text())


def recheck(tmp_path: Path, data: dict) -> int:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    return main(["recheck", str(path)], stdout=io.StringIO(), stderr=io.StringIO())


def edited(data: dict, theorem: int | str, change: Callable[[dict], None]) -> dict:
    """A copy of the report ``data`` with ``change`` applied to one verdict: the
    ``theorem``-th, or the one with that id."""
    out = copy.deepcopy(data)
    verdicts = out["theorems"]
    if isinstance(theorem, str):
        (verdict,) = [v for v in verdicts if v["id"] == theorem]
    else:
        verdict = verdicts[theorem]
    change(verdict)
    return out


def replacing(field: str, old: str, new: str, line: int | None = None) -> Callable[[dict], None]:
    """The edit ``old`` -> ``new`` in a verdict's text ``field`` (or its ``line``-th entry)."""

    def change(verdict: dict) -> None:
        if line is None:
            assert old in verdict[field], (field, old)
            verdict[field] = verdict[field].replace(old, new)
        else:
            assert old in verdict[field][line], (field, line, old)
            verdict[field][line] = verdict[field][line].replace(old, new)

    return change
