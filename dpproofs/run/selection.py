"""Choosing what a run decides: the theorem files, what each declares (learnt in a child
process, or from the cache), duplicates, and the pytest-style ``-k`` filter."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from pathlib import Path

from dpproofs.errors import UsageError
from dpproofs.run.cache import ResultCache
from dpproofs.run.discovery import Discovered, LoadFailure, TheoremInfo, theorem_files
from dpproofs.run.isolation import Limits, run_child
from dpproofs.run.reads import Reads, Surroundings
from dpproofs.verdict import Status


@dataclass(frozen=True, slots=True)
class Planned:
    """A theorem to decide, with what its file's import read (see dpproofs.run.reads)."""

    info: TheoremInfo
    dependencies: Reads


@dataclass(frozen=True, slots=True)
class Selection:
    """The theorems a run will decide, and the files that failed to load."""

    theorems: tuple[Planned, ...]
    failures: tuple[LoadFailure, ...]


def discover_isolated(file: str, limits: Limits) -> Discovered | LoadFailure:
    """Import ``file`` in a child under ``limits`` and list its theorems; never raises."""
    from dpproofs.run.worker import discover_main

    outcome = run_child(discover_main, (file, Surroundings.here()), limits)
    if isinstance(outcome.value, Discovered | LoadFailure):
        return outcome.value
    if outcome.timed_out:
        return LoadFailure(file, 1, f"{outcome.failure} while importing the file", Status.UNKNOWN)
    if outcome.interrupted:
        raise KeyboardInterrupt
    reason = getattr(outcome.value, "reason", "") or outcome.failure
    return LoadFailure(file, 1, f"importing the file failed: {reason}")


def select(
    paths: Iterable[str | Path],
    keyword: str | None,
    *,
    limits: Limits,
    executor: Executor,
    cache: ResultCache,
) -> Selection:
    """Discover every theorem under ``paths`` (in children) and keep those matching ``-k``."""
    matcher = keyword_matcher(keyword) if keyword else None
    files = [str(f) for f in theorem_files(paths)]
    known = {f: cache.discovered(f) for f in files}
    futures = {f: executor.submit(discover_isolated, f, limits) for f in files if not known[f]}
    planned: list[Planned] = []
    failures: list[LoadFailure] = []
    seen: dict[str, str] = {}
    for file in files:
        found = known[file] or _discovered(file, futures[file])
        if isinstance(found, LoadFailure):
            failures.append(found)
            continue
        if file in futures:
            cache.store_discovered(found)
        for info in found.theorems:
            if info.id in seen:
                failures.append(
                    LoadFailure(
                        info.file,
                        info.line,
                        f"duplicate theorem id {info.id!r} (also declared at {seen[info.id]}): "
                        "give one of them its own id= (the default id, <file stem>.<function "
                        "name>, is the same for two files of one name in two folders)",
                    )
                )
                continue
            seen[info.id] = info.location
            if matcher is None or matcher(f"{info.id} {info.title}"):
                planned.append(Planned(info, found.dependencies))
    return Selection(tuple(planned), tuple(failures))


def _discovered(file: str, future: Future[Discovered | LoadFailure]) -> Discovered | LoadFailure:
    """What discovery found; a LoadFailure if the executor lost the job (a worker died)."""
    try:
        return future.result()
    except Exception as exc:
        return LoadFailure(file, 1, f"the executor lost this file ({type(exc).__name__}: {exc})")


_TOKEN = re.compile(r"\(|\)|[^\s()]+")


def keyword_matcher(expression: str) -> Callable[[str], bool]:
    """A pytest-style ``-k`` matcher: words are case-insensitive substrings; and/or/not/()."""
    tokens = _TOKEN.findall(expression)
    if not tokens:
        raise UsageError("-k needs an expression")

    def matches(text: str) -> bool:
        lowered = text.lower()
        parts = [
            t if t in ("and", "or", "not", "(", ")") else str(t.lower() in lowered) for t in tokens
        ]
        try:
            return bool(eval(" ".join(parts), {"__builtins__": {}}, {}))  # only bools/and/or/not
        except (SyntaxError, RecursionError) as exc:  # "not not ... a": too deep to compile
            raise UsageError(f"-k {expression!r} is not a valid expression") from exc

    matches("")  # reject a malformed expression before anything runs
    return matches
