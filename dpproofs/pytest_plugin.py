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
expected one; without it an expected UNKNOWN is reported as ``u`` / ``UNKNOWN`` (counted as
"unknown" in the summary line, not as passed), as ``dpproofs verify`` says "ok unknown". Each
verdict lands in the item's ``user_properties``, hence in ``--junitxml``.

Verdicts come from the cache of ``dpproofs verify`` (``.dpproofs-cache`` beside the nearest
``pyproject.toml`` of the folder pytest was started in, see :mod:`dpproofs.run.cache`) and are
stored in it, as is what each file declares; ``--dpproofs-no-cache`` turns it off.
``--dpproofs-jobs N`` decides the selected theorems N at a time (each still in its own child
process) as soon as the run starts; the items then report in their usual order. A theorem file
named on the command line is collected only as a theorem file (pytest would also import it as a
module, and a file that fails to import would be reported twice).

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
    from concurrent.futures import Future, ThreadPoolExecutor

    from dpproofs.run.cache import ResultCache
    from dpproofs.run.discovery import TheoremInfo
    from dpproofs.run.reads import Recorded
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
        type=_timeout,
        default=None,
        help="seconds per theorem (overrides the theorem's own timeout and [tool.dpproofs])",
    )

    group.addoption(
        "--dpproofs-no-cache",
        action="store_true",
        default=False,
        help="decide every theorem afresh (neither read nor write the dpproofs verdict cache)",
    )
    group.addoption(
        "--dpproofs-jobs",
        type=int,
        default=1,
        help="decide this many theorems at a time (each in its own child process; default 1)",
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


def _collects(config: pytest.Config, file_path: Path) -> bool:
    """Whether ``file_path`` is collected as a theorem file in this run."""
    if config.args_source is pytest.Config.ArgsSource.TESTPATHS and not config.getini(
        "dpproofs_testpaths"
    ):
        return False  # a project's own test suite (e.g. `make test`) is left as it is
    return is_theorem_file(file_path, config.getini("python_files"))


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if not _collects(parent.config, file_path):
        return None
    collector: pytest.Collector = TheoremFile.from_parent(parent, path=file_path)
    return collector


class _NotATestModule(pytest.Module):
    """A theorem file named on the command line, which pytest's python plugin would import as a
    test module too: its theorems are collected by :class:`TheoremFile`, so this collects
    nothing (and does not import the file a second time)."""

    def collect(self) -> list[pytest.Item | pytest.Collector]:
        return []


@pytest.hookimpl(tryfirst=True)
def pytest_pycollect_makemodule(module_path: Path, parent: pytest.Collector) -> Any:
    if _collects(parent.config, module_path):
        return _NotATestModule.from_parent(parent, path=module_path)
    return None


def pytest_report_teststatus(report: pytest.TestReport, config: pytest.Config) -> Any:
    """An expected UNKNOWN is not a pass: it shows as ``u`` / ``UNKNOWN``, as verify says it."""
    unknown = ("dpproofs_status", "unknown") in getattr(report, "user_properties", ())
    if report.when == "call" and report.passed and unknown:
        return "unknown", "u", "UNKNOWN"
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session: pytest.Session) -> None:
    """Under --dpproofs-jobs N > 1, start deciding every selected theorem now, N at a time."""
    jobs = session.config.getoption("dpproofs_jobs")
    if jobs < 1:
        raise pytest.UsageError(f"--dpproofs-jobs must be >= 1, got {jobs}")
    theorems = [i for i in session.items if isinstance(i, TheoremItem) and i.spec is None]
    if jobs == 1 or len(theorems) < 2 or session.config.option.collectonly:
        return
    from concurrent.futures import ThreadPoolExecutor

    pool = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="dpproofs")
    session.config.stash[_POOL] = pool
    for item in theorems:
        item.start(pool)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Stop what --dpproofs-jobs started and no item waited for (``-x``, Ctrl-C): the theorems
    not begun are cancelled, the children deciding are killed (not waited for to their limit)."""
    pool = session.config.stash.get(_POOL, None)
    if pool is None:
        return
    from dpproofs.run import isolation

    unfinished = [i for i in session.items if isinstance(i, TheoremItem) and i.unfinished()]
    if unfinished:
        isolation.stop_all()
    pool.shutdown(wait=True, cancel_futures=True)
    isolation.reset()


_POOL = pytest.StashKey["ThreadPoolExecutor"]()
_CACHE = pytest.StashKey["ResultCache"]()


def _cache(config: pytest.Config) -> ResultCache:
    """The run's verdict cache (one per session, as one verify run has one)."""
    if _CACHE not in config.stash:
        from dpproofs.run.cache import ResultCache, default_folder

        off = config.getoption("dpproofs_no_cache")
        folder = None if off else default_folder(config.invocation_params.dir)
        config.stash[_CACHE] = ResultCache(folder)
    return config.stash[_CACHE]


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
        """What the file declares, from the cache or learnt in a child (the limits of
        ``dpproofs verify``)."""
        from dpproofs.run.discovery import Discovered
        from dpproofs.run.isolation import Limits
        from dpproofs.run.selection import discover_isolated

        file = str(self.path.resolve())
        cache = _cache(self.config)
        known = cache.discovered(file)
        if known is not None:
            return known
        override = self.config.getoption("dpproofs_timeout")
        seconds = max(IMPORT_SECONDS, _seconds(str(self.path), None, override))
        found = discover_isolated(file, Limits(seconds))
        if isinstance(found, Discovered):
            cache.store_discovered(found)
        return found

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
        self._key = ""
        self._cached: Verdict | None = None
        self._future: Future[Recorded] | None = None
        self.add_marker("dpproofs")
        if info.expect is not None:
            self.add_marker(f"expect_{info.expect.value.replace('-', '_')}")
        if info.function:
            self.extra_keyword_matches.add(info.function)

    def _limits(self) -> Any:
        from dpproofs.run.isolation import Limits

        override = self.config.getoption("dpproofs_timeout")
        return Limits(_seconds(self.info.file, self.info.timeout, override))

    def _lookup(self) -> Verdict | None:
        """The cached verdict, if any (looked up once, in pytest's own thread)."""
        if not self._key:
            cache = _cache(self.config)
            self._key = cache.verdict_key(self.info, self._limits())
            self._cached = cache.verdict(self._key)
        return self._cached

    def start(self, pool: ThreadPoolExecutor) -> None:
        """Start deciding in ``pool`` (--dpproofs-jobs), unless the cache answers."""
        from dpproofs.run.runner import Job, decide_recorded

        if self._lookup() is None:
            job = Job(self.info.file, self.info.id, self._limits())
            self._future = pool.submit(decide_recorded, job)

    def unfinished(self) -> bool:
        """Started under --dpproofs-jobs and not finished yet."""
        return self._future is not None and not self._future.done()

    def _verdict(self) -> tuple[Verdict, bool]:
        """The verdict, and whether it came from the cache (a new one is stored in it)."""
        from dpproofs.run.runner import Job, decide_recorded

        if self.spec is not None:
            return decide_in_process(self.spec, self.config.getoption("dpproofs_timeout")), False
        stored = self._lookup()
        if stored is not None:
            return stored, True
        if self._future is not None:
            recorded = self._future.result()
        else:
            recorded = decide_recorded(Job(self.info.file, self.info.id, self._limits()))
        _cache(self.config).store_verdict(self._key, recorded.value, recorded.reads)
        return recorded.value, False

    def runtest(self) -> None:
        verdict, cached = self._verdict()
        self.user_properties.extend(_properties(self.info, verdict))
        if cached:
            self.user_properties.append(("dpproofs_cached", "true"))
        strict = bool(self.config.getoption("dpproofs_strict"))
        if verdict.status is not self.info.expect or (strict and verdict.status.value == "unknown"):
            where = f"{_relative(Path(self.info.file), self.config.rootpath)}:{self.info.line}"
            from dpproofs.run.places import shown

            message = mismatch_message(where, self.info, verdict)
            raise TheoremMismatch(shown(message, self.config.rootpath))

    def repr_failure(
        self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None
    ) -> str | Any:
        if isinstance(excinfo.value, TheoremMismatch):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.info.line - 1, f"theorem {self.info.id}"


def _timeout(text: str) -> float:
    """--dpproofs-timeout: a finite number of seconds > 0, at most dpproofs.deadline's maximum
    (a larger one crashed the run: "OverflowError: timeout is too large")."""
    import argparse

    from dpproofs.deadline import checked_limit

    try:
        return checked_limit(text, "seconds")
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


#: Seconds at least for importing a theorem file at collection (as dpproofs verify allows).
IMPORT_SECONDS = 60.0


def _seconds(file: str, own: float | None, override: float | None) -> float:
    """--dpproofs-timeout, else the theorem's own, else the folder's [tool.dpproofs] one."""
    from dpproofs.run.settings import load_settings

    if override is not None:
        return override
    return own or load_settings(Path(file).parent).timeout


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
    expected = (
        "expected: the declaration is broken"
        if spec.expect is None
        else (f"expected {spec.expect.value}")
    )
    title = spec.title.rstrip(".")
    head = f"{where}: {verdict.status.value} ({expected}): {spec.id}: {title}"
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
    from dpproofs.theorem import expectation

    props: list[tuple[str, object]] = [
        ("dpproofs_id", spec.id),
        ("dpproofs_status", verdict.status.value),
        ("dpproofs_expected", expectation(spec.expect)),
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
