"""Helpers of the session 7 adversary's report tests: a real report of a theorem file's text,
and ``dpproofs recheck``'s exit code on an edited copy."""

from __future__ import annotations

import io
import json
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
