"""The same theorems give the same report, entry for entry, however they are decided.

A small folder (exact proofs and refutations, a ``for_each`` that is verified-bounded, bounded
searches refuted by the numeric pre-search and by a model of z3, one verified-bounded search)
is decided twice afresh, with ``--jobs 1`` and ``--jobs 2``, from a cold and from a warm cache,
and with the Dask executor; every JSON entry must be the same, in the same order, except for how
long it took (``seconds``, the times inside certificate lines) and whether it came from the
cache. tests/cli/test_executors.py compares the deciding fields on a different folder; this
file compares whole entries, including each counterexample's replay and each coverage.
"""

import io
import json
import os
import re
import subprocess
import sys

import pytest

from dpproofs.cli.main import main

EXACT = """
from dpproofs import FiniteMechanism, for_each, pure_epsilon_is, theorem


def rr(keep):
    return FiniteMechanism.from_rows([[keep, f"1 - {keep}"], [f"1 - {keep}", keep]])


@theorem(id="exact.rr", source="test", expect="proved")
def exact_rr():
    "RR with 3/4 is ln 3-DP"
    return pure_epsilon_is(rr("3/4"), "log(3)")


@theorem(id="exact.rr_too_small", source="test", expect="refuted")
def rr_too_small():
    "RR with 3/4 is not ln 2-DP"
    return pure_epsilon_is(rr("3/4"), "log(2)")


@theorem(id="exact.rr_rates", source="test", expect="verified-bounded")
def rr_rates():
    "RR keeping with probability r is ln(r/(1-r))-DP, for three rates"
    return for_each(
        "r in {2/3, 3/4, 4/5}",
        [("2/3",), ("3/4",), ("4/5",)],
        lambda r: pure_epsilon_is(rr(r), f"log(({r})/(1 - {r}))"),
        label=lambda r: f"r={r}",
    )


@theorem(id="exact.rr_rates_wrong", source="test", expect="refuted")
def rr_rates_wrong():
    "RR keeping with probability r is exactly ln 3-DP (false for r = 2/3)"
    return for_each(
        "r in {2/3, 3/4, 4/5}",
        [("2/3",), ("3/4",), ("4/5",)],
        lambda r: pure_epsilon_is(rr(r), "log(3)"),
        label=lambda r: f"r={r}",
    )
"""

SEARCH = """
from fractions import Fraction as F

from dpproofs.search import for_all_distributions
from dpproofs.theorem import theorem
from dpproofs.vocabulary import statistical_difference


@theorem(id="search.half", source="test", expect="refuted")
def half():
    "some outcome has probability >= 1/2 (false first on 3 outcomes)"
    return for_all_distributions(range(2, 5), names=("p",)).claim(
        lambda alg, p: alg.any([alg.le(alg.const(F(1, 2)), x) for x in p])
    )


@theorem(id="search.not_a_seventh", source="test", expect="refuted")
def not_a_seventh():
    "no distribution puts mass 1/7 on its first outcome (false; z3 picks the other masses)"
    return for_all_distributions(range(3, 5), names=("p",)).claim(
        lambda alg, p: alg.any([alg.lt(p[0] * 7, alg.const(1)), alg.lt(alg.const(1), p[0] * 7)])
    )


@theorem(id="search.first_mass", source="test", expect="verified-bounded")
def first_mass():
    "the first outcome's mass is at most SD(p, q) plus its mass under q"
    return for_all_distributions(range(2, 4)).claim(
        lambda alg, p, q: alg.le(p[0], statistical_difference(alg, p, q) + q[0])
    )
"""

#: How long something took, inside a certificate line: "... (0.11 s)".
ELAPSED = re.compile(r"\(\d+(\.\d+)? s\)")


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    theorems = tmp_path_factory.mktemp("theorems")
    (theorems / "exact.py").write_text(EXACT)
    (theorems / "search.py").write_text(SEARCH)
    return theorems


def verify(folder, *extra, separate=False, hash_seed="0"):
    """The report's entries of ``dpproofs verify`` (in this process, or in a ``separate`` one
    with its own ``hash_seed``: sympy's sets iterate in hash order, as on another machine)."""
    report = folder.parent / f"{folder.name}-report.json"
    argv = ["verify", str(folder), "--json", str(report), *extra]
    if separate:
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-m", "dpproofs", *argv],
            capture_output=True,
            text=True,
            timeout=300,
            env=env,
        )
        code, output, errors = done.returncode, done.stdout, done.stderr
    else:
        out, err = io.StringIO(), io.StringIO()
        code, output, errors = main(argv, out, err), out.getvalue(), err.getvalue()
    assert code == 0, output + errors
    assert not_progress(errors) == []
    return json.loads(report.read_text())["theorems"]


def timeless(entries):
    """The entries without what may differ between equal decisions: times and cache hits."""
    kept = []
    for entry in entries:
        entry = {k: v for k, v in entry.items() if k not in ("seconds", "cached")}
        entry["certificate"] = [ELAPSED.sub("(_ s)", line) for line in entry["certificate"]]
        kept.append(entry)
    return kept


@pytest.fixture(scope="module")
def reference(folder):
    """One supervisor (--jobs 1), decided afresh in this process."""
    entries = verify(folder, "--jobs", "1", "--no-cache")
    found = {e["id"]: e for e in entries}
    assert {i: e["status"] for i, e in found.items()} == {
        "exact.rr": "proved",
        "exact.rr_too_small": "refuted",
        "exact.rr_rates": "verified-bounded",
        "exact.rr_rates_wrong": "refuted",
        "search.half": "refuted",
        "search.not_a_seventh": "refuted",
        "search.first_mass": "verified-bounded",
    }
    # RR(3/4) has pure epsilon ln 3, so the ratio at (x, x', y) = (0, 1, 0) is 3/4 > 2 * 1/4.
    assert found["exact.rr_too_small"]["counterexample"]["observed"]["Pr[M(x) = y]"] == "3/4"
    # ln((2/3)/(1/3)) = ln 2 != ln 3: the first member refutes.
    assert found["exact.rr_rates_wrong"]["counterexample"]["assignment"] == {"member": "r=2/3"}
    # Uniform on 3 outcomes puts 1/3 < 1/2 everywhere; on 2 outcomes some mass is >= 1/2.
    assert found["search.half"]["counterexample"]["assignment"] == {"p": "[1/3, 1/3, 1/3]"}
    assert found["search.not_a_seventh"]["counterexample"]["assignment"]["p"].startswith("[1/7, ")
    assert found["exact.rr_rates"]["coverage"] == "r in {2/3, 3/4, 4/5} (3 cases)"
    assert found["search.first_mass"]["coverage"].startswith(
        "all pairs of distributions with outcomes in {2, 3}"
    )
    return timeless(entries)


@pytest.mark.slow
def test_two_fresh_runs_give_the_same_report(folder, reference):
    assert timeless(verify(folder, "--jobs", "1", "--no-cache")) == reference


@pytest.mark.slow
def test_two_jobs_in_another_process_give_the_same_report(folder, reference):
    again = verify(folder, "--jobs", "2", "--no-cache", separate=True, hash_seed="12345")
    assert timeless(again) == reference


@pytest.mark.slow
def test_a_cold_and_a_warm_cache_give_the_same_report(folder, reference):
    cold = verify(folder, "--jobs", "2")  # the private cache of tests/cli/conftest.py is empty
    assert not any(e["cached"] for e in cold)
    warm = verify(folder, "--jobs", "1")
    assert all(e["cached"] for e in warm)  # all decided: proved, verified-bounded or refuted
    assert [e["seconds"] for e in warm] == [e["seconds"] for e in cold]  # the original times
    assert timeless(cold) == timeless(warm) == reference


@pytest.mark.slow
def test_the_dask_executor_gives_the_same_report(folder, reference):
    pytest.importorskip("distributed", reason="the dask extra is not installed (make test-dask)")
    dask = verify(folder, "--executor", "dask", "--jobs", "2", "--no-cache", separate=True)
    assert timeless(dask) == reference


def not_progress(errors: str) -> list[str]:
    """stderr without the per-theorem progress lines a log (a pipe) gets: "[3/6] ok proved"."""
    return [line for line in errors.splitlines() if not re.match(r"\[\d+/\d+\] (ok|!!) ", line)]
