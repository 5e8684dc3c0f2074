"""Faults that must never end or corrupt a run, checked on the real CLI in a subprocess.

Each case writes theorem files to a temporary folder beside a file whose theorem is fine, runs
``python -m dpproofs verify``, and asserts the exit status, the message (file:line and cause), and
that the good theorem was still decided.
"""

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from dpproofs.cli.main import main

GOOD = """
from dpproofs import FiniteMechanism, pure_epsilon_is, theorem

RR = FiniteMechanism.from_rows([["3/4", "1/4"], ["1/4", "3/4"]])


@theorem(id="good.rr", source="test", expect="proved")
def rr():
    "RR is ln 3-DP"
    return pure_epsilon_is(RR, "log(3)")
"""

#: Module-level faults: file body, expected status, a piece of the expected reason.
MODULE_FAULTS = {
    "loops.py": ("x = 1\nwhile True:\n    pass\n", "unknown", "time limit of 5 s"),
    "exits.py": ("import sys\n\nsys.exit(3)\n", "error", "exits.py:3: the file called sys.exit(3)"),
    "exits0.py": ("import os\nos._exit(0)\n", "error", "exit code 0 before answering"),
    "segfaults.py": ("import ctypes\nctypes.string_at(0)\n", "error", "signal SIGSEGV"),
    "raises.py": ("\n\nraise RuntimeError('boom')\n", "error", "raises.py:3: RuntimeError: boom"),
    "memory.py": ("x = bytearray(10**13)\n", "unknown", "memory.py:1: memory cap of 1 GiB"),
    "syntax.py": ("def f(:\n", "error", "syntax.py:1: SyntaxError"),
}

#: A file with a malformed declaration beside a fine one: only that theorem is an error.
OWN = (
    GOOD.replace('"proved")', '"proved", timeout=float("inf"))').replace("good.", "own.")
    + "\n\n"
    + GOOD.split("\n\n\n")[1].replace("good.rr", "own.fine").replace("def rr", "def fine")
)


def dpproofs(folder, *argv, **kwargs):
    env = {**os.environ, "DPPROOFS_CACHE_DIR": str(folder / ".cache"), "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "dpproofs", *argv],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        **kwargs,
    )


def theorems(report):
    return {t["id"]: t for t in json.loads(Path(report).read_text())["theorems"]}


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "good.py").write_text(GOOD)
    return tmp_path


@pytest.mark.slow
def test_module_level_faults_are_reported_per_file_and_the_run_goes_on(folder):
    for name, (body, _status, _reason) in MODULE_FAULTS.items():
        (folder / name).write_text(body)
    (folder / "own.py").write_text(OWN)
    done = dpproofs(
        folder, "verify", ".", "--timeout", "3", "--memory", "1", "--jobs", "2", "--json", "v.json"
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    found = theorems(folder / "v.json")
    assert found["good.rr"]["status"] == "proved" and "2 proved" in done.stdout  # and own.fine
    for name, (_body, status, reason) in MODULE_FAULTS.items():
        assert found[name]["status"] == status, found[name]
        assert reason in found[name]["reason"], found[name]["reason"]
        assert f"{name}:" in done.stdout and f"{status} (expected a loadable file)" in done.stdout
    # Before: the malformed timeout= sank own.py whole; now own.fine is still decided.
    assert found["own.fine"]["status"] == "proved"
    assert found["own.rr"]["status"] == "error"
    assert found["own.rr"]["reason"].endswith(
        "own.py:7: InvalidTheorem: timeout= must be a finite number of seconds > 0, got inf"
    ), found["own.rr"]["reason"]


#: A check that starts a solver-like child process and then hangs.
HANG = """
import os, subprocess, sys, time
from pathlib import Path
from xml.etree import ElementTree as ET
from dpproofs import exact_fact, theorem


def spawn_and_hang():
    child = subprocess.Popen(["sleep", "600"])
    Path("grandchild.pid").write_text(str(child.pid))
    time.sleep(600)
    return True, {}
"""

DECIDE_FAULTS = (
    HANG
    + """

@theorem(id="bad.hangs", source="test", expect="unknown", timeout=2)
def hangs():
    return exact_fact("hangs with a solver child", spawn_and_hang)


@theorem(id="bad.exits", source="test", expect="proved")
def exits():
    return exact_fact("calls sys.exit", lambda: sys.exit(4))


@theorem(id="bad.memory", source="test", expect="proved")
def memory():
    return exact_fact("allocates", lambda: (bytearray(10**13), (True, {}))[1])


@theorem(id="bad.timeout", source="test", expect="proved", timeout=1)
def own_timeout():
    return exact_fact("sleeps", lambda: (time.sleep(30), (True, {}))[1])
"""
)


@pytest.mark.slow
def test_decision_faults_and_process_groups(folder):
    (folder / "bad.py").write_text(DECIDE_FAULTS)
    done = dpproofs(
        folder, "verify", ".", "--memory", "1", "--jobs", "2", "--json", "v.json", "-k", "bad"
    )
    found = theorems(folder / "v.json")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert found["bad.hangs"]["status"] == "unknown"
    assert found["bad.hangs"]["reason"].startswith("time limit of 2 s reached")
    assert found["bad.exits"]["status"] == "error"
    assert "sys.exit(4) called while deciding" in found["bad.exits"]["reason"]
    assert found["bad.memory"]["status"] == "unknown"
    assert "memory cap of 1 GiB reached while deciding" in found["bad.memory"]["reason"]
    # The theorem's own timeout=1 is a deadline: stopped at 1 s, not after a grace period.
    assert found["bad.timeout"]["status"] == "unknown"
    assert found["bad.timeout"]["reason"].startswith("time limit of 1 s reached")
    # The solver-like grandchild died with its theorem's process group.
    pid = int((folder / "grandchild.pid").read_text())
    assert not Path(f"/proc/{pid}").exists() or "Z" in _state(pid)


def _state(pid):
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2]
    except OSError:
        return "Z"


@pytest.mark.parametrize(
    "argv, rule",
    [
        (["verify", "--timeout", "inf"], "argument --timeout: must be a finite number of seconds"),
        (["verify", "--timeout", "nan"], "argument --timeout: must be a finite number of seconds"),
        (["verify", "--timeout", "0"], "argument --timeout: must be a finite number of seconds"),
        (["verify", "--timeout", "-1"], "argument --timeout: must be a finite number of seconds"),
        (["verify", "--jobs", "0"], "argument --jobs/-j: must be a whole number >= 1"),
        (["verify", "--jobs", "-1"], "argument --jobs/-j: must be a whole number >= 1"),
        (["verify", "--memory", "0"], "argument --memory: must be a finite number of GiB"),
        (["profile", "m.json", "--renyi", "0"], "argument --renyi: must be an exact number > 0"),
        (["profile", "m.json", "--renyi", "-1"], "argument --renyi: must be an exact number > 0"),
        (["profile", "m.json", "--renyi", "nan"], "argument --renyi: must be an exact number > 0"),
        (["profile", "m.json", "--epsilon", "-1"], "argument --epsilon: must be an exact number"),
        (["profile", "m.json", "--delta", "2"], "argument --delta: must be an exact number in"),
        (["profile", "m.json", "--delta=-1/2"], "argument --delta: must be an exact number in"),
        (["profile", "m.json", "--epsilon", "log(("], "argument --epsilon: must be an exact"),
        (["verify", "--json", "."], "--json .: is a folder, not a file"),
        (["verify", "--junit", "/proc/x/y.xml"], "--junit /proc/x/y.xml: cannot write there"),
    ],
)
def test_bad_arguments_are_one_line_usage_errors(folder, monkeypatch, argv, rule):
    (folder / "m.json").write_text('{"rows": [["1/2", "1/2"], ["1/2", "1/2"]]}')
    monkeypatch.chdir(folder)
    out, err = io.StringIO(), io.StringIO()
    assert main(argv, out, err) == 2
    assert err.getvalue().count("\n") == 1 and rule in err.getvalue(), err.getvalue()
    assert out.getvalue() == ""


def test_a_usage_error_from_the_real_cli_is_one_line(folder):
    done = dpproofs(folder, "verify", "--timeout", "inf")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr == (
        "dpproofs: usage error: argument --timeout: must be a finite number of seconds > 0, "
        "got 'inf'\n"
    )


def test_a_report_path_is_checked_before_deciding_and_a_stale_report_never_survives(folder):
    (folder / "v.json").write_text('{"stale": true}')
    done = dpproofs(folder, "verify", ".", "--json", "v.json", "--junit", "/proc/nope/v.xml")
    assert done.returncode == 2 and "--junit /proc/nope/v.xml: cannot write there" in done.stderr
    assert done.stdout == ""  # nothing was decided
    # A run that ends before writing leaves no report from an earlier run behind.
    (folder / "v.json").write_text('{"stale": true}')
    done = dpproofs(folder, "verify", ".", "--json", "v.json", "-k", "no-such-theorem")
    assert done.returncode == 2 and not (folder / "v.json").exists()


INTERRUPTIBLE = (
    HANG
    + """

@theorem(id="z.hangs", source="test", expect="proved")
def hangs():
    return exact_fact("hangs", spawn_and_hang)
"""
)


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_interruption_kills_children_and_writes_a_partial_report(folder, sig):
    (folder / "z.py").write_text(INTERRUPTIBLE)
    env = {**os.environ, "DPPROOFS_CACHE_DIR": str(folder / ".cache")}
    # A background job may inherit SIGINT ignored; a user's dpproofs in a terminal does not.
    script = (
        "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "from dpproofs.cli.main import main; sys.exit(main(sys.argv[1:]))"
    )
    argv = ["verify", ".", "-j", "1", "--json", "v.json", "--junit", "v.xml"]
    with subprocess.Popen(
        [sys.executable, "-c", script, *argv],
        cwd=folder,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        marker = folder / "grandchild.pid"
        for _ in range(600):  # good.rr is decided first (one job, files in order), then z.hangs
            if marker.exists() and marker.read_text():
                break
            time.sleep(0.1)
        process.send_signal(sig)
        try:
            out, err = process.communicate(timeout=60)
        finally:
            process.kill()
    assert process.returncode == 130, out + err
    assert "Traceback" not in err
    assert "interrupted after 1 verdicts (reports written, marked incomplete)" in err
    assert out.startswith("ok proved ") and "good.rr" in out
    data = json.loads((folder / "v.json").read_text())
    assert data["run"]["complete"] is False and data["run"]["interrupted"] is True
    junit = ET.parse(folder / "v.xml").getroot().find("properties")
    assert {p.get("name"): p.get("value") for p in junit}["complete"] == "false"
    found = {t["id"]: t for t in data["theorems"]}
    assert found["good.rr"]["status"] == "proved"
    assert found["z.hangs"]["status"] == "unknown" and found["z.hangs"]["method"] == "interrupted"
    pid = int(marker.read_text())
    for _ in range(50):
        if not Path(f"/proc/{pid}").exists() or "Z" in _state(pid):
            break
        time.sleep(0.1)
    assert not Path(f"/proc/{pid}").exists() or "Z" in _state(pid)
