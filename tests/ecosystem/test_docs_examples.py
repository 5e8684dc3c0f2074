"""Every example in docs/ runs as written.

Conventions of the Markdown files (so that a reader sees ordinary fenced blocks):

* a block whose info string names a file (```python file=my_theorems.py, ```json file=rr.json)
  is written to that file in a scratch folder shared by the page's later blocks;
* any other ```python block is executed (one namespace per page, in the scratch folder);
* a ```json block without a file must parse; one with "rows" must load as a mechanism;
* the blocks run in a scratch folder inside the repository (removed afterwards), as the pages
  say to run them: the repository's own configuration (pyproject.toml: pytest's options and
  ``filterwarnings = error``, ``[tool.dpproofs]``) applies to them as it would to a reader;
* a ```console block holds ``$ command`` lines, each followed by the output it must show: every
  output line must occur in the real output (whitespace-insensitive, ``...`` matches anything,
  a line of only ``...`` is skipped). A command exits 0 unless its line ends with
  ``# exit status N``. ``dpproofs`` and ``pytest`` are the installed commands.
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from dpproofs.finite.loading import mechanism_from_dict

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = ["first-theorem.md", "search.md", "json-schema.md"]
_FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```\s*$", re.S | re.M)
_EXIT = re.compile(r"#\s*exit status (\d+)\s*$")


@dataclass(frozen=True)
class Block:
    language: str
    file: str | None
    text: str
    line: int


def blocks(page: Path) -> list[Block]:
    source = page.read_text(encoding="utf-8")
    found = []
    for match in _FENCE.finditer(source):
        words = match.group(1).split()
        language = words[0] if words else ""
        file = next((w[5:] for w in words[1:] if w.startswith("file=")), None)
        line = source.count("\n", 0, match.start()) + 1
        found.append(Block(language, file, match.group(2), line))
    return found


def _normal(text: str) -> str:
    return " ".join(text.split())


def _commands(block: Block) -> list[tuple[str, list[str]]]:
    commands: list[tuple[str, list[str]]] = []
    for line in block.text.splitlines():
        if line.startswith("$ "):
            commands.append((line[2:], []))
        elif commands:
            commands[-1][1].append(line)
    return commands


def _run_console(block: Block, page: str, folder: Path) -> None:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    env.pop("PYTEST_ADDOPTS", None)
    for command, expected in _commands(block):
        wanted = _EXIT.search(command)
        status = int(wanted.group(1)) if wanted else 0
        argv = shlex.split(_EXIT.sub("", command))
        done = subprocess.run(
            argv, cwd=folder, env=env, capture_output=True, text=True, timeout=300, check=False
        )
        where = f"{page}:{block.line}: $ {command}"
        output = _normal(done.stdout + done.stderr)
        assert done.returncode == status, f"{where}\nexit {done.returncode}\n{output}"
        for line in expected:
            pattern = _normal(line)
            if pattern and pattern != "...":
                glob = "*" + pattern.replace("...", "*").replace("[", "[[]") + "*"
                assert fnmatch.fnmatchcase(output, glob), f"{where}\nmissing: {line}\n{output}"


@pytest.fixture
def scratch() -> Iterator[Path]:
    """A folder inside the repository (ignored by git), removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix=".docs-scratch-", dir=ROOT))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("page", PAGES)
def test_every_example_of_the_page_runs(page: str, scratch: Path) -> None:
    namespace: dict[str, object] = {"__name__": "__docs__"}
    cwd = Path.cwd()
    os.chdir(scratch)
    sys.path.insert(0, str(scratch))
    try:
        for block in blocks(DOCS / page):
            if block.file:
                (scratch / block.file).write_text(block.text, encoding="utf-8")
            elif block.language == "python":
                exec(compile(block.text, f"{page}:{block.line}", "exec"), namespace)
            elif block.language == "json":
                data = json.loads(block.text)
                if isinstance(data, dict) and "rows" in data:
                    mechanism_from_dict(data)
            elif block.language == "console":
                _run_console(block, page, scratch)
    finally:
        os.chdir(cwd)
        sys.path.remove(str(scratch))


def test_the_docs_have_examples_of_every_kind() -> None:
    kinds = {(b.language, b.file is not None) for p in PAGES for b in blocks(DOCS / p)}
    assert {("python", True), ("python", False), ("console", False), ("json", True)} <= kinds
