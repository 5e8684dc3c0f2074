"""Adversary (S8, issue 27): what a decision reads from the process it starts in, which the
cache neither keys on nor refuses.

Same scenario as tests/cli/test_cache_staleness.py: randomized response with rate 3/4 is
log(3)-DP exactly (proved), with 4/5 it is not (refuted). Here the rate depends on something
the ``dpproofs verify`` process is started with, not on a file or a variable read through
``os.environ``:

* variables read by C code or by the interpreter at start-up, never through ``os.environ``:
  ``TZ`` (``time.mktime``, ``time.timezone``, ``datetime.fromtimestamp``), ``LC_ALL``
  (``locale.setlocale(LC_ALL, "")``), ``PYTHONOPTIMIZE`` (``sys.flags``; also every
  ``assert`` in a helper), ``PYTHONPATH`` (``sys.path``), ``PYTHONIOENCODING``, and
  ``SYMPY_GROUND_TYPES`` read by the preloaded sympy;
* inherited process attributes that :mod:`dpproofs.run.unfollowed` does not wrap: the nice
  value (``os.getpriority``), the open-file limit through ``os.sysconf("SC_OPEN_MAX")`` (the
  same number as ``resource.getrlimit``, which is wrapped), an ignored SIGHUP (``nohup``:
  ``signal.getsignal``), the scheduling policy (``os.sched_getscheduler``);
* the command line (``sys.argv``: ``--jobs 1`` added).

Each test runs ``dpproofs verify`` in a fresh process (as a user does) three times: proved, then
proved from the cache, then under the changed setting, and compares that verdict with the
same run under ``--no-cache`` (the truth there). Every one served the cached "proved" (stale)
before the fix (they were strict xfails). Now (:mod:`dpproofs.run.inherited`) each setting either
reaches the child and is keyed (the truth under it is "refuted", and the cache re-decides), or
is made the same in every child (the truth stays "proved": the child never sees the setting):
``sys.argv``, the signal dispositions, the start-up encoding of the standard streams and the
ground types of the sympy the fork server preloads (it starts with a fixed environment).
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow

THEOREM = """
import os, sys
from fractions import Fraction
from dpproofs import FiniteMechanism, pure_epsilon_is, theorem

{at_import}

@theorem(id="s.rr", source="test", expect="proved")
def rr():
    r = Fraction(rate)
    rows = [[str(r), str(1 - r)], [str(1 - r), str(r)]]
    return pure_epsilon_is(FiniteMechanism.from_rows(rows), "log(3)")
"""

Setting = tuple[dict[str, str], Callable[[], None] | None, tuple[str, ...]]
#: What the changed setting does to the child: it reaches it (keyed) or is made the same.
REACHES, NORMALISED = "refuted", "proved"
PLAIN: Setting = ({}, None, ())


def run_verify(
    folder: Path, setting: Setting, *more: str, cwd: Path | None = None
) -> dict[str, Any]:
    """The report entry of the folder's one theorem after ``dpproofs verify`` (the installed
    command, as a user types it) in a fresh process started with ``setting``, in ``cwd``
    (default: the folder's parent)."""
    env, before, args = setting
    report = folder.parent / f"v-{uuid.uuid4().hex}.json"
    command = Path(sys.executable).parent / "dpproofs"
    subprocess.run(
        [str(command), "verify", str(folder), "--json", str(report), *args, *more],
        env={**os.environ, "DPPROOFS_CACHE_DIR": str(folder.parent / "cache"), **env},
        preexec_fn=before,
        capture_output=True,
        cwd=cwd or folder.parent,
        timeout=300,
        check=False,
    )
    (only,) = json.loads(report.read_text())["theorems"]
    return dict(only)


def _verify(folder: Path, setting: Setting, *more: str) -> tuple[str, bool]:
    only = run_verify(folder, setting, *more)
    return only["status"], only["cached"]


def _never_stale(tmp_path: Path, read: str, first: Setting, changed: Setting, effect: str) -> None:
    folder = tmp_path / "theorems"
    folder.mkdir()
    (folder / "t.py").write_text(THEOREM.format(at_import=read))
    assert _verify(folder, first) == ("proved", False)
    assert _verify(folder, first) == ("proved", True)
    truth, _ = _verify(folder, changed, "--no-cache")
    assert truth == effect  # the claim under the changed setting, decided afresh
    assert _verify(folder, changed)[0] == truth


def _nice() -> None:
    os.nice(5)


def _open_files() -> None:
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (512, hard))


def _nohup() -> None:
    signal.signal(signal.SIGHUP, signal.SIG_IGN)


def _batch() -> None:
    os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))


UTC: Setting = ({"TZ": "UTC"}, None, ())
TOKYO: Setting = ({"TZ": "Asia/Tokyo"}, None, ())

CASES = {
    "tz_mktime": (
        'import time\nrate = "3/4" if time.mktime((1970, 1, 1, 0, 0, 0, 3, 1, 0)) == 0 else "4/5"',
        UTC,
        TOKYO,
        REACHES,
    ),
    "tz_timezone": (
        'import time\nrate = "3/4" if time.timezone == 0 else "4/5"',
        UTC,
        TOKYO,
        REACHES,
    ),
    "tz_fromtimestamp": (
        'import datetime\nrate = "3/4" if datetime.datetime.fromtimestamp(0).hour == 0 else "4/5"',
        UTC,
        TOKYO,
        REACHES,
    ),
    "locale": (
        'import locale\nrate = "3/4" if locale.setlocale(locale.LC_ALL, "") == "C" else "4/5"',
        ({"LC_ALL": "C"}, None, ()),
        ({"LC_ALL": "C.UTF-8"}, None, ()),
        REACHES,
    ),
    "pythonoptimize": (
        'rate = "3/4" if sys.flags.optimize == 0 else "4/5"',
        PLAIN,
        ({"PYTHONOPTIMIZE": "1"}, None, ()),
        REACHES,
    ),
    "pythonpath": (
        'rate = "3/4" if not any("rt27extra" in p for p in sys.path) else "4/5"',
        PLAIN,
        ({"PYTHONPATH": "/nonexistent/rt27extra"}, None, ()),
        REACHES,
    ),
    "pythonioencoding": (
        'rate = "3/4" if sys.stdout.encoding.lower().replace("-", "") == "utf8" else "4/5"',
        ({"PYTHONIOENCODING": "utf-8"}, None, ()),
        ({"PYTHONIOENCODING": "latin-1"}, None, ()),
        NORMALISED,
    ),
    "sympy_ground_types": (
        'import sympy.external.gmpy as g\nrate = "3/4" if g.GROUND_TYPES != "python" else "4/5"',
        PLAIN,
        ({"SYMPY_GROUND_TYPES": "python"}, None, ()),
        NORMALISED,
    ),
    "nice": (
        'rate = "3/4" if os.getpriority(os.PRIO_PROCESS, 0) == 0 else "4/5"',
        PLAIN,
        ({}, _nice, ()),
        REACHES,
    ),
    "sysconf_open_max": (
        'rate = "3/4" if os.sysconf("SC_OPEN_MAX") != 512 else "4/5"',
        PLAIN,
        ({}, _open_files, ()),
        REACHES,
    ),
    "sighup_ignored": (
        "import signal\n"
        'rate = "3/4" if signal.getsignal(signal.SIGHUP) != signal.SIG_IGN else "4/5"',
        PLAIN,
        ({}, _nohup, ()),
        NORMALISED,
    ),
    "scheduler": (
        'rate = "3/4" if os.sched_getscheduler(0) == os.SCHED_OTHER else "4/5"',
        PLAIN,
        ({}, _batch, ()),
        REACHES,
    ),
    "argv": (
        'rate = "3/4" if "--jobs" not in sys.argv else "4/5"',
        PLAIN,
        ({}, None, ("--jobs", "1")),
        NORMALISED,
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_verdict_read_from_the_process_is_never_stale(tmp_path: Path, case: str) -> None:
    read, first, changed, effect = CASES[case]
    _never_stale(tmp_path, read, first, changed, effect)
