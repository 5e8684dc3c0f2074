"""The pytest plugin: every theorem of a theorem file is a test item.

``pytest theorems/`` or ``pytest path/to/theorem_file.py`` collects each ``@theorem`` as an item
named by its id. Like ``dpproofs verify``, it imports each file in a child process to list its
theorems, and decides each theorem in its own process with its time limit
(:func:`dpproofs.run.runner.decide`), importing the file from its own folder first; an item fails
when the verdict differs from the one the file expects, with a compiler-style message::

    theorems/x.py:12: refuted (expected proved): x.claim: ... at eps=1/10, p=[...], q=[...]

A theorem file is a ``.py`` file that pytest would not collect as a test module (its name does
not match ``python_files``), whose text contains ``@theorem(``, under the paths given on the
command line: when pytest falls back to the ``testpaths`` of its configuration, theorem files are
collected only if the ini option ``dpproofs_testpaths = true`` says so, so that a project's own
``pytest`` run (with theorem files among its fixtures) stays as it was. Items carry the markers
``dpproofs`` and ``expect_<status>`` (``expect_proved``, ``expect_refuted``, ...), so ``-k``,
``-m`` and ``--lf`` work as usual. ``--dpproofs-strict`` makes every UNKNOWN verdict fail, even an
expected one. Each verdict lands in the item's ``user_properties``, hence in ``--junitxml``.

Registered under the ``pytest11`` entry point. This module imports only pytest and the standard
library at import time; dpproofs itself is imported when a theorem file is collected, so plain
pytest runs pay nothing for it.
"""

from __future__ import annotations

import fnmatch
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from dpproofs.run.discovery import TheoremInfo
    from dpproofs.theorem import TheoremSpec
    from dpproofs.verdict import Verdict

_STATUSES = ("proved", "verified_bounded", "refuted", "unknown")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("dpproofs", "dpproofs theorems")
    group.addoption(
        "--dpproofs-strict",
        action="store_true",
        default=False,
        help="fail every theorem whose verdict is unknown, even when unknown was expected",
    )
    group.addoption(
        "--dpproofs-timeout",
        type=float,
        default=None,
        help="seconds per theorem (overrides the theorem's own timeout and [tool.dpproofs])",
    )

    group.addoption(
        "--dpproofs-in-process",
        action="store_true",
        default=False,
        help="decide theorems in the pytest process (for --pdb; the time limit is then only "
        "the deciders' own deadline, and a crash takes pytest down)",
    )
    parser.addini(
        "dpproofs_testpaths",
        type="bool",
        default=False,
        help="collect theorem files also when pytest runs its configured testpaths",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "dpproofs: a theorem decided by dpproofs")
    for status in _STATUSES:
        config.addinivalue_line(
            "markers", f"expect_{status}: a dpproofs theorem expected to be {status}"
        )


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    config = parent.config
    if config.args_source is pytest.Config.ArgsSource.TESTPATHS and not config.getini(
        "dpproofs_testpaths"
    ):
        return None  # a project's own test suite (e.g. `make test`) is left as it is
    if not is_theorem_file(file_path, parent.config.getini("python_files")):
        return None
    collector: pytest.Collector = TheoremFile.from_parent(parent, path=file_path)
    return collector


def is_theorem_file(path: Path, test_patterns: list[str]) -> bool:
    """A ``.py`` file, not a test module or conftest, whose text declares a theorem."""
    if path.suffix != ".py" or path.name.startswith("_") or path.name == "conftest.py":
        return False
    if any(fnmatch.fnmatch(path.name, pattern) for pattern in test_patterns):
        return False
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    return "@theorem(" in text and "dpproofs" in text


class TheoremFile(pytest.File):
    """A theorem file: one item per declared theorem, in the order of the file.

    The file is imported in a child process, as ``dpproofs verify`` does (so this process's
    sys.path and modules hold nothing of any theorem folder, and each decision child imports
    its file from its own folder first); under ``--dpproofs-in-process`` it is imported here.
    """

    def collect(self) -> list[pytest.Item]:
        from dpproofs.run.discovery import LoadFailure, TheoremInfo, load_theorems

        if self.config.getoption("dpproofs_in_process"):
            loaded = load_theorems(self.path)
            if isinstance(loaded, LoadFailure):
                raise self.CollectError(f"{self._where(loaded.line)}: {loaded.message}")
            return [
                TheoremItem.from_parent(self, name=s.id, info=TheoremInfo.of(s), spec=s)
                for s in loaded
            ]
        found = self._discover()
        if isinstance(found, LoadFailure):
            raise self.CollectError(f"{self._where(found.line)}: {found.message}")
        return [TheoremItem.from_parent(self, name=i.id, info=i) for i in found.theorems]

    def _discover(self) -> Any:
        """What the file declares, learnt in a child (the limits of ``dpproofs verify``)."""
        from dpproofs.run.isolation import Limits
        from dpproofs.run.selection import discover_isolated

        override = self.config.getoption("dpproofs_timeout")
        seconds = max(IMPORT_SECONDS, _seconds(str(self.path), None, override))
        return discover_isolated(str(self.path.resolve()), Limits(seconds))

    def _where(self, line: int) -> str:
        return f"{_relative(self.path, self.config.rootpath)}:{line}"


class TheoremMismatch(AssertionError):
    """The verdict differs from the expected one (or is unknown under --dpproofs-strict)."""


class TheoremItem(pytest.Item):
    """One theorem; running it decides the theorem and compares with its expected verdict.
    ``spec`` (the theorem with its function) is there only under --dpproofs-in-process."""

    def __init__(
        self, *, info: TheoremInfo, spec: TheoremSpec | None = None, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.info = info
        self.spec = spec
        self.add_marker("dpproofs")
        self.add_marker(f"expect_{info.expect.value.replace('-', '_')}")
        if info.function:
            self.extra_keyword_matches.add(info.function)

    def runtest(self) -> None:
        override = self.config.getoption("dpproofs_timeout")
        if self.spec is not None:
            verdict = decide_in_process(self.spec, override)
        else:
            verdict = decide(self.info, override)
        self.user_properties.extend(_properties(self.info, verdict))
        strict = bool(self.config.getoption("dpproofs_strict"))
        if verdict.status is not self.info.expect or (strict and verdict.status.value == "unknown"):
            where = f"{_relative(Path(self.info.file), self.config.rootpath)}:{self.info.line}"
            raise TheoremMismatch(mismatch_message(where, self.info, verdict))

    def repr_failure(
        self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None
    ) -> str | Any:
        if isinstance(excinfo.value, TheoremMismatch):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.info.line - 1, f"theorem {self.info.id}"


#: Seconds at least for importing a theorem file at collection (as dpproofs verify allows).
IMPORT_SECONDS = 60.0


def _seconds(file: str, own: float | None, override: float | None) -> float:
    """--dpproofs-timeout, else the theorem's own, else the folder's [tool.dpproofs] one."""
    from dpproofs.run.settings import load_settings

    if override is not None:
        return override
    return own or load_settings(Path(file).parent).timeout


def decide(info: TheoremInfo, override: float | None) -> Verdict:
    """The theorem's verdict, decided in its own process (which imports the file from its own
    folder) and killed after its time limit: the runner's isolation, as dpproofs verify."""
    from dpproofs.run.isolation import Limits
    from dpproofs.run.runner import Job
    from dpproofs.run.runner import decide as decide_job

    limits = Limits(_seconds(info.file, info.timeout, override))
    return decide_job(Job(info.file, info.id, limits))


def decide_in_process(spec: TheoremSpec, override: float | None) -> Verdict:
    """The theorem's verdict decided in this process (for --pdb), the time limit being the
    deciders' deadline; imports inside the theorem function resolve from its own folder."""
    import sys

    from dpproofs.claim import timed_decide
    from dpproofs.deadline import Deadline
    from dpproofs.run.discovery import enter_folder, note_local_modules

    timeout = _seconds(spec.file, spec.timeout, override)
    folder = enter_folder(Path(spec.file))
    before = set(sys.modules)
    try:
        claim = spec.build()
    finally:
        note_local_modules(before, folder)
    if spec.split is not None:  # split="sizes": as dpproofs verify decides it
        from dpproofs.search.sizes import as_declared

        claim = as_declared(claim, spec.split)
    return timed_decide(claim, Deadline(timeout))


def mismatch_message(where: str, spec: TheoremInfo, verdict: Verdict) -> str:
    """``file:line: <verdict> (expected <expect>): <id>: <title> <evidence>``, then details."""
    expected = spec.expect.value
    title = spec.title.rstrip(".")
    head = f"{where}: {verdict.status.value} (expected {expected}): {spec.id}: {title}"
    lines = [head + _evidence_suffix(verdict)]
    if verdict.counterexample is not None:
        lines += [f"    {k} = {v}" for k, v in verdict.counterexample.observed]
    lines.append(f"    method: {verdict.method}")
    if verdict.status.value == "unknown" and verdict.status is spec.expect:
        lines.append("    (unknown fails under --dpproofs-strict)")
    return "\n".join(lines)


def _evidence_suffix(verdict: Verdict) -> str:
    if verdict.counterexample is not None:
        at = ", ".join(f"{k}={v}" for k, v in verdict.counterexample.assignment)
        return f" at {at}" if at else ""
    if verdict.coverage:
        return f" for {verdict.coverage}"
    return f": {verdict.reason}" if verdict.reason else ""


def _properties(spec: TheoremInfo, verdict: Verdict) -> list[tuple[str, object]]:
    props: list[tuple[str, object]] = [
        ("dpproofs_id", spec.id),
        ("dpproofs_status", verdict.status.value),
        ("dpproofs_expected", spec.expect.value),
        ("dpproofs_method", verdict.method),
        ("dpproofs_seconds", f"{verdict.seconds:.3f}"),
    ]
    if verdict.coverage:
        props.append(("dpproofs_coverage", verdict.coverage))
    if verdict.counterexample is not None:
        props.append(("dpproofs_counterexample", str(verdict.counterexample)))
    if verdict.reason:
        props.append(("dpproofs_reason", verdict.reason))
    return props


def _relative(path: Path, root: Path) -> str:
    try:
        return str(path.resolve().relative_to(root.resolve()))
    except ValueError:
        return str(path)
