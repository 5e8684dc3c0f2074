"""The cache and the reads it cannot see (issue 27, second round).

As in tests/cli/test_cache_staleness.py: randomized response with rate 3/4 is log(3)-DP exactly
(proved), with 4/5 it is not (refuted). Here r depends on what the first recording did not see:
a file's modification time or mode, the working folder asked with os.getcwd(), a DirEntry's
stat, the umask, a resource limit, the clock, fresh randomness, the hash of a str and the
module-level random generator. Each is recorded (the verdict is cached and re-decided when the
read changes), or the verdict is not cached and the report says why, or the read is made the
same in every decision (then the verdict is stable and may be cached).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli import test_cache_staleness as staleness
from tests.cli.test_cache_staleness import never_stale, theorem, verify

project = staleness.project

pytestmark = pytest.mark.slow


def _report(folder: Path) -> dict:
    """The scenario's one theorem as reported (decided with the cache)."""
    verify(folder)
    latest = max(folder.parent.glob("v-*.json"), key=lambda p: p.stat().st_mtime_ns)
    (only,) = json.loads(latest.read_text())["theorems"]
    return only


def uncached(folder: Path, change: Callable[[], None], why: str) -> None:
    """Never cached (the report says ``why``), and decided again after the change."""
    first = _report(folder)
    assert first["status"] == "proved" and not first["cached"]
    assert first["not_cached"] is not None and why in first["not_cached"], first["not_cached"]
    assert "cannot follow" in first["not_cached"]
    change()
    assert verify(folder) == ("refuted", False)


def test_a_modification_time(project: Path) -> None:
    (project / "flag").write_text("")
    os.utime(project / "flag", (10**9, 10**9))
    when = 'rate = "4/5" if os.path.getmtime(HERE / "flag") > 2e9 else "3/4"'
    (project / "t.py").write_text(theorem(at_import=when))
    never_stale(project, lambda: os.utime(project / "flag", (3 * 10**9, 3 * 10**9)))


def test_a_mode(project: Path) -> None:
    (project / "flag").write_text("")
    (project / "flag").chmod(0o644)
    mode = 'rate = "4/5" if os.stat(HERE / "flag").st_mode & 0o100 else "3/4"'
    (project / "t.py").write_text(theorem(at_import=mode))
    never_stale(project, lambda: (project / "flag").chmod(0o755))


def test_the_working_folder_asked(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = project.parent / "first", project.parent / "second"
    first.mkdir()
    second.mkdir()
    monkeypatch.chdir(first)
    cwd = '    rate = "4/5" if os.getcwd().endswith("second") else "3/4"'
    (project / "t.py").write_text(theorem(in_function=cwd))
    never_stale(project, lambda: monkeypatch.chdir(second))


def test_a_folder_entry_stat(project: Path) -> None:
    rates = project.parent / "rates"
    rates.mkdir()
    (rates / "r").write_text("3/4")
    sizes = (
        'sizes = [e.stat().st_size for e in os.scandir(HERE.parent / "rates")]\n'
        'rate = "3/4" if sizes == [3] else "4/5"'
    )
    (project / "t.py").write_text(theorem(at_import=sizes))
    never_stale(project, lambda: (rates / "r").write_text("3/4 "))


@pytest.mark.parametrize(
    ("read", "named"),
    [
        ("old = os.umask(0); os.umask(old); rate = '3/4' if old >= 0 else '4/5'", "os.umask"),
        (
            "import resource\nlimit = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
            "rate = '3/4' if limit else '4/5'",
            "resource.getrlimit",
        ),
        ("import time\nrate = '3/4' if time.time() > 0 else '4/5'", "time.time"),
        (
            "import datetime\nrate = '3/4' if datetime.datetime.now().year > 2000 else '4/5'",
            "datetime.datetime.now",
        ),
        ("rate = '3/4' if os.urandom(1) else '4/5'", "os.urandom"),
        ("import random\nrate = '3/4' if random.Random().random() < 1 else '4/5'", "random"),
        ("import uuid\nrate = '3/4' if uuid.uuid4() else '4/5'", "os.urandom"),
        ("rate = '3/4' if os.getpid() > 0 else '4/5'", "os.getpid"),
    ],
)
def test_a_read_the_cache_cannot_follow_is_never_cached_and_said(
    project: Path, read: str, named: str
) -> None:
    (project / "t.py").write_text(theorem(at_import=read))
    for _ in range(2):
        only = _report(project)
        assert (only["status"], only["cached"]) == ("proved", False)
        assert named in only["not_cached"] and "cannot follow" in only["not_cached"]


def test_the_deciders_own_clock_does_not_stop_caching(project: Path) -> None:
    (project / "t.py").write_text(theorem(at_import="rate = '3/4'"))
    first = _report(project)
    assert first["not_cached"] is None
    assert _report(project)["cached"] is True


def _cli(folder: Path, cache: Path, seed: str) -> dict:
    environment = {**os.environ, "PYTHONHASHSEED": seed, "DPPROOFS_CACHE_DIR": str(cache)}
    report = folder.parent / f"seed-{seed}.json"
    subprocess.run(
        [sys.executable, "-m", "dpproofs", "verify", str(folder), "--json", str(report), "-q"],
        env=environment,
        capture_output=True,
        timeout=300,
        check=False,
    )
    (only,) = json.loads(report.read_text())["theorems"]
    return only


def _hash_seed_zero(text: str) -> int:
    code = f"print(hash({text!r}))"
    environment = {**os.environ, "PYTHONHASHSEED": "0"}
    answer = subprocess.run(
        [sys.executable, "-c", code], env=environment, capture_output=True, text=True, check=True
    )
    return int(answer.stdout)


def test_the_hash_of_a_str_and_random_are_the_same_in_every_run(tmp_path: Path) -> None:
    """Two runs of the command with different PYTHONHASHSEED (each its own fork server): the
    theorem reads hash("dpproofs") and random.getrandbits(64); both are those of seed 0 in
    both runs (rate 3/4, proved), and the second run reuses the first's verdict rightly.
    Before, the first run's verdict (decided under a random seed) was served to the second."""
    import random

    expected_bits = random.Random(0).getrandbits(64)
    reads = (
        "import random\n"
        f"same = hash('dpproofs') == {_hash_seed_zero('dpproofs')} "
        f"and random.getrandbits(64) == {expected_bits}\n"
        "rate = '3/4' if same else '4/5'"
    )
    folder = tmp_path / "theorems"
    folder.mkdir()
    (folder / "t.py").write_text(theorem(at_import=reads))
    first = _cli(folder, tmp_path / "cache", "1")
    second = _cli(folder, tmp_path / "cache", "2")
    assert (first["status"], first["cached"]) == ("proved", False)
    assert (second["status"], second["cached"]) == ("proved", True)


def test_a_variable_read_through_posix_environ(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``posix.environ`` is the raw table under ``os.environ``: a read through it is recorded."""
    monkeypatch.setenv("RT27_RAW", "3/4")
    raw = "import posix\nrate = posix.environ[b'RT27_RAW'].decode()"
    (project / "t.py").write_text(theorem(at_import=raw))
    never_stale(project, lambda: monkeypatch.setenv("RT27_RAW", "4/5"))
