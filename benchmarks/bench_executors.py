"""Deciding the library on two executors: `dpproofs verify FOLDER --jobs 2 --no-cache` with the
process pool and with a 2-worker Dask LocalCluster (`--executor dask`).

Prints both wall-clock times and records them in benchmarks/results.json (key "verify_executors",
other keys kept). The target is determinism, not speed: both runs must give the same status,
method, reason, coverage and counterexample for every theorem. Exits 1 when they differ. An
UNKNOWN is compared by status only: its method and reason may say how far the work got before a
time limit (e.g. which proof steps were proved in time), which depends on the machine's load
(docs/cluster.md, "Determinism").

    python benchmarks/bench_executors.py [FOLDER]      # default: theorems
    python benchmarks/bench_executors.py --quick       # theorems/cummings only
"""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results.json"
QUICK_FOLDER = "theorems/cummings"
EXECUTORS = {"process": "process pool", "dask": "Dask LocalCluster, 2 workers"}
COMPARED = ("status", "method", "reason", "coverage", "counterexample")


def timed_verify(folder: str, executor: str, report: Path) -> tuple[float, int]:
    """Seconds for one uncached run, and its exit status (0 = every verdict as expected)."""
    argv = [sys.executable, "-m", "dpproofs", "verify", folder, "--jobs", "2", "--no-cache"]
    argv += ["--executor", executor, "--json", str(report), "--quiet"]
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
    return time.perf_counter() - start, done.returncode


def verdicts(report: Path) -> dict[str, dict[str, Any]]:
    theorems = json.loads(report.read_text())["theorems"]
    return {t["id"]: {k: t[k] for k in COMPARED} for t in theorems}


def comparable(verdict: dict[str, Any]) -> dict[str, Any]:
    """What must not depend on the executor (see the module docstring)."""
    if verdict["status"] == "unknown":
        return {"status": verdict["status"]}
    return verdict


def record(entry: dict[str, Any]) -> None:
    results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    results["verify_executors"] = entry
    RESULTS.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")


def main(argv: list[str]) -> int:
    folders = [a for a in argv if not a.startswith("--")]
    folder = folders[0] if folders else (QUICK_FOLDER if "--quick" in argv else "theorems")
    seconds: dict[str, float] = {}
    found: dict[str, dict[str, dict[str, Any]]] = {}
    exits: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for executor, label in EXECUTORS.items():
            report = Path(scratch) / f"{executor}.json"
            seconds[executor], exits[executor] = timed_verify(folder, executor, report)
            found[executor] = verdicts(report)
            print(f"verify {folder} --jobs 2 ({label:<28}) {seconds[executor]:8.1f} s", flush=True)
    process, dask = found["process"], found["dask"]
    differing = sorted(
        i for i in process if i not in dask or comparable(process[i]) != comparable(dask[i])
    )
    same = not differing and process.keys() == dask.keys()
    print(f"{len(process)} theorems; same verdicts on both executors: {same}")
    for theorem_id in differing:
        fields = [k for k in COMPARED if process[theorem_id][k] != dask.get(theorem_id, {}).get(k)]
        print(f"  differs: {theorem_id} ({', '.join(fields)})")
    record(
        {
            "command": f"dpproofs verify {folder} --jobs 2 --no-cache --executor E",
            "theorems": len(found["process"]),
            "seconds": {e: round(s, 1) for e, s in seconds.items()},
            "exit_status": exits,
            "same_verdicts": same,
            "differing": differing,
            "measured": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%MZ"),
        }
    )
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
