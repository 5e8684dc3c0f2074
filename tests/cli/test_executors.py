"""Where theorems are decided changes no verdict: --jobs, the cache, and the Dask executor.

Each run decides the same small folder (an exact proof, an exact refutation, a bounded search that
holds, searches refuted by the numeric pre-search and one refuted by a model of z3), and the runs
must agree on every status, method, reason, coverage and counterexample. The Dask cases are
skipped when the ``dask`` extra is absent (``make test-dask`` installs it).
"""

import io
import json
import multiprocessing
import pickle
import re
import signal
import subprocess
import sys
import time
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace

import pytest

from dpproofs.cli.main import main
from dpproofs.run import executors, isolation
from dpproofs.run.cache import ResultCache
from dpproofs.run.isolation import Limits
from dpproofs.run.runner import Job, decide, run
from dpproofs.run.selection import select
from dpproofs.verdict import Status

EXACT = """
from dpproofs import FiniteMechanism, pure_epsilon_is, theorem

RR = FiniteMechanism.from_rows([["3/4", "1/4"], ["1/4", "3/4"]])


@theorem(id="exact.rr", source="test", expect="proved")
def rr():
    "RR with 3/4 is ln 3-DP"
    return pure_epsilon_is(RR, "log(3)")


@theorem(id="exact.rr_too_small", source="test", expect="refuted")
def rr_too_small():
    "RR with 3/4 is not ln 2-DP"
    return pure_epsilon_is(RR, "log(2)")
"""

SEARCH = """
from fractions import Fraction as F

from dpproofs.algebra import implies
from dpproofs.search import Interval, for_all_distributions
from dpproofs.theorem import theorem
from dpproofs.vocabulary import indistinguishable, one_sided_close, statistical_difference


@theorem(id="search.tv_close", source="test", expect="proved")
def tv_close():
    "TV <= delta implies one-sided (0, delta)-closeness"
    return for_all_distributions(range(2, 4), delta=Interval(0, 1)).claim(
        lambda alg, p, q, delta: implies(
            alg,
            alg.le(statistical_difference(alg, p, q), delta),
            one_sided_close(alg, p, q, alg.const(1), delta),
        )
    )


@theorem(id="search.sd_bound", source="test", expect="refuted")
def sd_bound():
    "(eps, delta)-indistinguishable implies SD <= e^eps - 1 (false)"
    return for_all_distributions(
        range(2, 4), eps=Interval(F(1, 100), 1), delta=Interval(0, 1)
    ).claim(
        lambda alg, p, q, E, delta: implies(
            alg,
            indistinguishable(alg, p, q, E, delta),
            alg.le(statistical_difference(alg, p, q), E - 1),
        )
    )


@theorem(id="search.not_a_seventh", source="test", expect="refuted")
def not_a_seventh():
    "no distribution puts mass 1/7 on its first outcome (false; z3 picks the other masses)"
    return for_all_distributions(range(3, 5), names=("p",)).claim(
        lambda alg, p: alg.any([alg.lt(p[0] * 7, alg.const(1)), alg.lt(alg.const(1), p[0] * 7)])
    )


@theorem(id="search.half", source="test", expect="refuted")
def half():
    "some outcome has probability >= 1/2 (false first on 3 outcomes)"
    return for_all_distributions(range(2, 5), names=("p",)).claim(
        lambda alg, p: alg.any([alg.le(alg.const(F(1, 2)), x) for x in p])
    )
"""

#: What must not depend on where or how a theorem was decided (times and certificates may).
COMPARED = ("status", "method", "reason", "coverage", "counterexample")


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    theorems = tmp_path_factory.mktemp("theorems")
    (theorems / "exact.py").write_text(EXACT)
    (theorems / "search.py").write_text(SEARCH)
    return theorems


def verify(folder, *extra, separate=False):
    """Run ``dpproofs verify`` (in this process, or in a ``separate`` one to see its stderr)."""
    report = folder.parent / f"{folder.name}-v.json"
    argv = ["verify", str(folder), "--json", str(report), *extra]
    if separate:
        done = subprocess.run(
            [sys.executable, "-m", "dpproofs", *argv], capture_output=True, text=True, timeout=300
        )
        code, output, errors = done.returncode, done.stdout, done.stderr
    else:
        out, err = io.StringIO(), io.StringIO()
        code, output, errors = main(argv, out, err), out.getvalue(), err.getvalue()
    assert code == 0, output + errors
    assert not_progress(errors) == []  # nothing from Dask (its workers included) on the terminal
    theorems = json.loads(report.read_text())["theorems"]
    return {t["id"]: {k: t[k] for k in (*COMPARED, "cached")} for t in theorems}


def decided(results):
    return {i: {k: v for k, v in r.items() if k != "cached"} for i, r in results.items()}


@pytest.fixture(scope="module")
def reference(folder):
    """The verdicts of one supervisor (--jobs 1), decided afresh."""
    results = verify(folder, "--jobs", "1", "--no-cache")
    assert {i: r["status"] for i, r in results.items()} == {
        "exact.rr": "proved",
        "exact.rr_too_small": "refuted",
        "search.tv_close": "proved",  # small-model theorem: N* = 3
        "search.sd_bound": "refuted",
        "search.not_a_seventh": "refuted",
        "search.half": "refuted",
    }
    # Floats never land on p(0) = 1/7 exactly: this counterexample is z3's model, rationalized.
    seventh = results["search.not_a_seventh"]["counterexample"]
    assert seventh["observed"]["found by"] == "z3"
    assert seventh["assignment"]["p"].startswith("[1/7, ")
    # The smallest refuting size is reported: max_y p(y) >= 1/2 holds on 2 outcomes.
    assert results["search.half"]["counterexample"]["observed"]["size"] == "3 outcomes"
    return decided(results)


@pytest.mark.slow
def test_two_jobs_and_the_cache_give_the_same_verdicts(folder, reference):
    # In a separate process: its own fork server, so its own hash seed (sympy's sets iterate in
    # hash order), as on another machine.
    assert decided(verify(folder, "--jobs", "2", "--no-cache", separate=True)) == reference
    cold = verify(folder, "--jobs", "2")  # the private cache of tests/cli/conftest.py is empty
    assert not any(r["cached"] for r in cold.values())
    warm = verify(folder, "--jobs", "1")
    assert all(r["cached"] for r in warm.values() if r["status"] != "unknown")
    assert decided(cold) == decided(warm) == reference


@pytest.mark.slow
def test_a_dask_local_cluster_gives_the_same_verdicts(folder, reference):
    pytest.importorskip("distributed", reason="the dask extra is not installed (make test-dask)")
    dask = verify(folder, "--executor", "dask", "--jobs", "2", "--no-cache", separate=True)
    assert decided(dask) == reference


@pytest.mark.parametrize(
    "value",
    ["thread", "dask://host:8786", "tcp://host", "tcp://host:99999", "tcp://:8786", "tcp://h:1/x"],
)
def test_a_bad_executor_is_a_one_line_usage_error(folder, value):
    out, err = io.StringIO(), io.StringIO()
    assert main(["verify", str(folder), "--executor", value], out, err) == 2
    assert err.getvalue() == (
        "dpproofs: usage error: argument --executor: must be 'process', 'dask' or a scheduler "
        f"address like tcp://host:8786, got {value!r}\n"
    )
    assert out.getvalue() == ""


@pytest.mark.parametrize("value", ["dask", "tcp://127.0.0.1:8786"])
def test_dask_without_the_extra_says_what_to_install(folder, monkeypatch, value):
    monkeypatch.setattr(executors, "dask_available", lambda: False)
    out, err = io.StringIO(), io.StringIO()
    assert main(["verify", str(folder), "--executor", value], out, err) == 2
    assert err.getvalue() == (
        f"dpproofs: usage error: argument --executor: {value!r} needs Dask: install "
        "dpproofs[dask] (pip install 'dpproofs[dask]')\n"
    )


def test_addresses_are_parsed_into_a_spec(monkeypatch):
    monkeypatch.setattr(executors, "dask_available", lambda: True)
    dask = executors.ExecutorKind.DASK
    assert executors.executor_spec("process") == executors.ExecutorSpec()
    assert executors.executor_spec("dask") == executors.ExecutorSpec(dask)
    assert executors.executor_spec("tls://10.0.0.1:8786") == executors.ExecutorSpec(
        dask, "tls://10.0.0.1:8786"
    )


def test_a_job_is_plain_data_that_pickles(folder):
    # What a Dask worker receives: the file, the theorem id, the limits; no solver object.
    job = Job(str(folder / "exact.py"), "exact.rr", Limits(5.0, 2 * 1024**3))
    assert pickle.loads(pickle.dumps(job)) == job
    assert [type(getattr(job, f)) for f in job.__slots__] == [str, str, Limits]


def test_a_daemonic_worker_gives_an_error_verdict_not_a_crash(folder, monkeypatch):
    # Dask workers are daemonic by default, and a daemonic process may not have children.
    monkeypatch.setattr(multiprocessing, "current_process", lambda: SimpleNamespace(daemon=True))
    verdict = decide(Job(str(folder / "exact.py"), "exact.rr", Limits(5.0)))
    assert verdict.status is Status.ERROR
    assert verdict.reason.endswith(isolation.DAEMONIC)


SLEEPS = """
import os
import time
from pathlib import Path

from dpproofs import exact_fact, theorem


def write_pid_and_sleep():
    Path(__file__).with_name("child.pid").write_text(str(os.getpid()))
    time.sleep(120)
    return True, {}


@theorem(id="sleeps", source="test", expect="proved", timeout=100)
def sleeps():
    return exact_fact("sleeps", write_pid_and_sleep)
"""


@pytest.mark.slow
def test_stopping_a_dask_run_ends_the_children_on_its_workers(tmp_path):
    pytest.importorskip("distributed", reason="the dask extra is not installed (make test-dask)")
    (tmp_path / "sleeps.py").write_text(SLEEPS)
    argv = ["-m", "dpproofs", "verify", ".", "--executor", "dask", "--json", "v.json"]
    with subprocess.Popen(
        [sys.executable, *argv], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as process:
        marker = tmp_path / "child.pid"
        for _ in range(600):
            if marker.exists() and marker.read_text():
                break
            time.sleep(0.1)
        process.send_signal(signal.SIGTERM)  # the CLI turns it into KeyboardInterrupt
        try:
            _out, err = process.communicate(timeout=60)
        finally:
            process.kill()
    assert process.returncode == 130
    assert (
        err.decode()
        == "dpproofs: interrupted after 0 verdicts (reports written, marked incomplete)\n"
    )
    # The child (decided on a worker of the LocalCluster) ends with the run, not at its deadline
    # 100 s later: it is gone (or a zombie awaiting its reaper) within a few seconds.
    child = Path(f"/proc/{marker.read_text()}/stat")
    for _ in range(100):
        if not child.exists() or child.read_text().split()[2] == "Z":
            break
        time.sleep(0.1)
    assert not child.exists() or child.read_text().split()[2] == "Z"


NO_CACHE = ResultCache(None)


class LosingExecutor(Executor):
    """Every job is lost, as when a cluster worker dies: the future raises."""

    def submit(self, fn, /, *args, **kwargs):
        future = Future()
        future.set_exception(OSError("worker tcp://10.0.0.9:4242 died"))
        return future


def test_a_job_the_executor_loses_is_an_error_and_the_run_goes_on(folder):
    lost = LosingExecutor()
    chosen = select([folder / "exact.py"], None, limits=Limits(10.0), executor=lost, cache=NO_CACHE)
    assert chosen.theorems == ()
    (failure,) = chosen.failures
    assert failure.message == (
        "the executor lost this file (OSError: worker tcp://10.0.0.9:4242 died)"
    )
    with ThreadPoolExecutor(1) as pool:
        chosen = select(
            [folder / "exact.py"], None, limits=Limits(10.0), executor=pool, cache=NO_CACHE
        )
    results = run(chosen.theorems, executor=lost)
    assert [r.verdict.status for r in results] == [Status.ERROR, Status.ERROR]
    assert results[0].verdict.reason == (
        f"{results[0].location}: the executor lost this job "
        "(OSError: worker tcp://10.0.0.9:4242 died)"
    )


def not_progress(errors: str) -> list[str]:
    """stderr without the per-theorem progress lines a log (a pipe) gets: "[3/6] ok proved"."""
    return [line for line in errors.splitlines() if not re.match(r"\[\d+/\d+\] (ok|!!) ", line)]
