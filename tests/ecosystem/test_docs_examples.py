"""Every example in docs/ runs as written.

Conventions of the Markdown files (so that a reader sees ordinary fenced blocks):

* a block whose info string names a file (```python file=my_theorems.py, ```json file=rr.json)
  is written to that file in a scratch folder shared by the page's later blocks;
* any other ```python block is executed (one namespace per page, in the scratch folder);
* a ```json block without a file must parse; one with "rows" must load as a mechanism;
* the blocks run in a scratch folder inside the repository (removed afterwards), as the pages
  say to run them: the repository's own configuration (pyproject.toml: pytest's options and
  ``filterwarnings = error``, ``[tool.dpproofs]``) applies to them as it would to a reader;
* a ```console block holds ``$ command`` lines, each followed by the output it must show, as a
  terminal shows it: the command's stdout, then its stderr without the ``[k/n]`` progress lines
  (a terminal overwrites those in place). The shown lines must be the real lines, in order and
  with their spacing (trailing spaces aside), from the first line to the last: ``...`` inside a
  line matches any text, a line of only ``...`` any number of lines (none included), and a
  time in seconds (``0.08s``, ``(0.32 s)``) or the word ``cached`` in a time column matches any
  time. A command exits 0 unless its line ends with ``# exit status N``. ``dpproofs`` and
  ``pytest`` are the installed commands.
"""

from __future__ import annotations

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
PAGES = ["first-theorem.md", "search.md", "json-schema.md", "accounting.md", "latex.md"]
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


def _commands(block: Block) -> list[tuple[str, list[str]]]:
    commands: list[tuple[str, list[str]]] = []
    for line in block.text.splitlines():
        if line.startswith("$ "):
            commands.append((line[2:], []))
        elif commands:
            commands[-1][1].append(line)
    return commands


#: A time as dpproofs and pytest print it (``0.08s``, ``0.32 s``), or a verify line's ``cached``.
_TIME = re.compile(r"\s*(?:\d+\.\d+ ?s|cached)\b")
_PROGRESS = re.compile(r"^\[\d+/\d+\] ")


def _line_pattern(shown: str) -> re.Pattern[str]:
    """One shown line as a regular expression over one real line (see the module docstring)."""
    parts = []
    for piece in re.split(r"(\.\.\.)", shown.rstrip()):
        if piece == "...":
            parts.append(".*")
            continue
        at = 0
        for time in _TIME.finditer(piece):
            parts.append(re.escape(piece[at : time.start()]))
            parts.append(r"\s*(?:\d+\.\d+ ?s|cached)\b")
            at = time.end()
        parts.append(re.escape(piece[at:]))
    return re.compile("".join(parts))


def shows(shown: list[str], real: list[str]) -> bool:
    """Whether the real lines are the shown ones (``...`` lines skip any number of lines)."""
    lines = [line.rstrip() for line in real]

    def match(i: int, j: int) -> bool:
        if i == len(shown):
            return j == len(lines)
        if shown[i].strip() == "...":
            return any(match(i + 1, k) for k in range(j, len(lines) + 1))
        return (
            j < len(lines)
            and _line_pattern(shown[i]).fullmatch(lines[j]) is not None
            and match(i + 1, j + 1)
        )

    return match(0, 0)


def _run_console(block: Block, page: str, folder: Path) -> None:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    env.pop("PYTEST_ADDOPTS", None)
    # Tables and pytest's progress column are as wide as COLUMNS says (80 without it, as shown).
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    for command, expected in _commands(block):
        wanted = _EXIT.search(command)
        status = int(wanted.group(1)) if wanted else 0
        argv = shlex.split(_EXIT.sub("", command))
        done = subprocess.run(
            argv, cwd=folder, env=env, capture_output=True, text=True, timeout=600, check=False
        )
        where = f"{page}:{block.line}: $ {command}"
        errors = [x for x in done.stderr.splitlines() if not _PROGRESS.match(x)]
        real = done.stdout.splitlines() + errors
        printed = "\n".join(real)
        assert done.returncode == status, f"{where}\nexit {done.returncode}\n{printed}"
        assert shows(expected, real), (
            f"{where}\nshown:\n" + "\n".join(expected) + f"\nreal:\n{printed}"
        )


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


def test_the_readme_python_examples_run(scratch: Path) -> None:
    # Its console sessions are tests/cli/test_examples.py's (run from the repository root).
    namespace: dict[str, object] = {"__name__": "__docs__"}
    examples = [b for b in blocks(ROOT / "README.md") if b.language == "python"]
    assert len(examples) >= 3
    cwd = Path.cwd()
    os.chdir(scratch)
    try:
        for block in examples:
            exec(compile(block.text, f"README.md:{block.line}", "exec"), namespace)
    finally:
        os.chdir(cwd)


def test_shown_output_must_be_the_real_output_line_for_line() -> None:
    real = [
        "refuted: exp(x) <= 1 + x   for x: (0, oo)",
        "  method: float search, rigorously re-checked (0.32 s)",
        "  witness: x = 1",
        "ok proved             0.00s  t.a  A theorem.",
    ]
    shown = [*real[:1], "  method: float search, rigorously re-checked (12.07 s)", *real[2:]]
    assert shows(shown, real)
    # A time column that says `cached` (one character wider) is a time too.
    assert shows([*shown[:3], "ok proved            cached  t.a  A theorem."], real)
    assert shows(["refuted: ...", "...", "  witness: x = 1", "..."], real)
    assert shows(["...", *real[1:]], real)
    # first-theorem.md showed `check`'s output with other spacing and without its method line:
    # each difference is one now.
    assert not shows(["refuted: exp(x) <= 1 + x for x: (0, oo)", *real[1:]], real)
    assert not shows([real[0], real[2], real[1], real[3]], real)
    assert not shows(real[:3], real)
    assert not shows(real[1:], real)
    assert not shows(["...", "  witness: x = 2", "..."], real)
