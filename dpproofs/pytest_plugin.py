"""The pytest plugin: every theorem of a theorem file is a test item.

``pytest theorems/`` or ``pytest path/to/theorem_file.py`` collects each ``@theorem`` as an item
named by its id. The item decides the theorem (in its own process, with its time limit, through
:func:`dpproofs.runner.run_isolated`) and fails when the verdict differs from the one the file
expects, with a compiler-style message::

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
    """A theorem file: one item per declared theorem, in the order of the file."""

    def collect(self) -> list[pytest.Item]:
        from dpproofs.discovery import LoadFailure, load_theorems

        loaded = load_theorems(self.path)
        if isinstance(loaded, LoadFailure):
            raise self.CollectError(f"{self._where(loaded.line)}: {loaded.message}")
        items: list[pytest.Item] = []
        for spec in loaded:
            item = TheoremItem.from_parent(self, name=spec.id, spec=spec)
            items.append(item)
        return items

    def _where(self, line: int) -> str:
        return f"{_relative(self.path, self.config.rootpath)}:{line}"


class TheoremMismatch(AssertionError):
    """The verdict differs from the expected one (or is unknown under --dpproofs-strict)."""


class TheoremItem(pytest.Item):
    """One theorem; running it decides the theorem and compares with its expected verdict."""

    def __init__(self, *, spec: TheoremSpec, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.spec = spec
        self.add_marker("dpproofs")
        self.add_marker(f"expect_{spec.expect.value.replace('-', '_')}")
        self.extra_keyword_matches.add(spec.build.__name__)

    def runtest(self) -> None:
        verdict = decide(
            self.spec,
            self.config.getoption("dpproofs_timeout"),
            isolated=not self.config.getoption("dpproofs_in_process"),
        )
        self.user_properties.extend(_properties(self.spec, verdict))
        strict = bool(self.config.getoption("dpproofs_strict"))
        if verdict.status is not self.spec.expect or (strict and verdict.status.value == "unknown"):
            where = f"{_relative(Path(self.spec.file), self.config.rootpath)}:{self.spec.line}"
            raise TheoremMismatch(mismatch_message(where, self.spec, verdict))

    def repr_failure(
        self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None
    ) -> str | Any:
        if isinstance(excinfo.value, TheoremMismatch):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.spec.line - 1, f"theorem {self.spec.id}"


def decide(spec: TheoremSpec, override: float | None, isolated: bool = True) -> Verdict:
    """The theorem's verdict: in its own process, killed after its time limit (the runner's
    isolation), or in this process with the time limit as the deciders' deadline."""
    from dpproofs.settings import load_settings

    default = load_settings(Path(spec.file).parent).timeout
    timeout = override if override is not None else (spec.timeout or default)
    if isolated:
        return _decide_isolated(spec, timeout)
    from dpproofs.claim import Deadline, timed_decide

    claim = spec.build()
    if spec.split is not None:  # split="sizes": as dpproofs verify decides it
        from dpproofs.search.sizes import as_declared

        claim = as_declared(claim, spec.split)
    return timed_decide(claim, Deadline(timeout))


def _decide_isolated(spec: TheoremSpec, timeout: float) -> Verdict:
    """Through the runner's public isolation: ``decide(Job(file, id, Limits(seconds)))``, or
    ``run_isolated(spec, seconds)`` in the runner that predates jobs."""
    import importlib

    from dpproofs import runner

    job = getattr(runner, "Job", None)
    if job is not None:
        limits = importlib.import_module("dpproofs.isolation").Limits(timeout)
        verdict: Verdict = getattr(runner, "decide")(job(spec.file, spec.id, limits))  # noqa: B009
        return verdict
    verdict = getattr(runner, "run_isolated")(spec, timeout)  # noqa: B009
    return verdict


def mismatch_message(where: str, spec: TheoremSpec, verdict: Verdict) -> str:
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


def _properties(spec: TheoremSpec, verdict: Verdict) -> list[tuple[str, object]]:
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
