"""The largest bounded search, split by sizes, on the process pool and on a Dask LocalCluster.

Decides benchmarks/scaleout_theorems.py's group privacy on D^3 (8 databases, 2 to 7 outputs, three
values of eps: 18 size jobs and a merge) with `dpproofs verify --jobs 2 --no-cache`, once with
the process pool and once with a 2-worker Dask LocalCluster (`--executor dask`). Each run must
finish within 10 minutes and give the expected verdict; both must agree (status, method, reason,
coverage, counterexample, evidence). Records seconds, outputs x databases, sizes, the verdict
and the agreement under "scaleout" in benchmarks/results.json (other keys kept). Exits 1 when a
run is late, unexpected, or the two differ.

    python benchmarks/bench_scaleout.py            # outputs 2 to 7
    python benchmarks/bench_scaleout.py --quick    # outputs 2 and 3
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
THEOREMS = "benchmarks/scaleout_theorems.py"
EXECUTORS = {"process": "process pool", "dask": "Dask LocalCluster, 2 workers"}
COMPARED = ("status", "method", "reason", "coverage", "counterexample", "evidence")
LIMIT_SECONDS = 600.0


def timed_verify(keyword: str, executor: str, report: Path) -> tuple[float, int]:
    """Seconds for one uncached run (stopped at LIMIT_SECONDS), and its exit status."""
    argv = [sys.executable, "-m", "dpproofs", "verify", THEOREMS, "-k", keyword]
    argv += ["--jobs", "2", "--no-cache", "--executor", executor, "--json", str(report), "-q"]
    start = time.perf_counter()
    try:
        done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=LIMIT_SECONDS)
    except subprocess.TimeoutExpired:
        return time.perf_counter() - start, -1
    return time.perf_counter() - start, done.returncode


def verdict(report: Path) -> dict[str, Any]:
    (entry,) = json.loads(report.read_text())["theorems"]
    return {k: entry[k] for k in COMPARED}


def record(entry: dict[str, Any]) -> None:
    results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    results["scaleout"] = entry
    RESULTS.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import scaleout_theorems as bench

    quick = "--quick" in argv
    keyword = "group_privacy_d3_quick" if quick else "group_privacy_d3 and not quick"
    outputs = list(bench.QUICK_OUTPUTS if quick else bench.OUTPUTS)
    databases = bench.SPACE.count
    seconds: dict[str, float] = {}
    exits: dict[str, int] = {}
    found: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for executor, label in EXECUTORS.items():
            report = Path(scratch) / f"{executor}.json"
            seconds[executor], exits[executor] = timed_verify(keyword, executor, report)
            found[executor] = verdict(report) if report.exists() else {}
            status = found[executor].get("status", "no report")
            print(
                f"{max(outputs)} outputs x {databases} databases, split by sizes "
                f"({label:<28}) {seconds[executor]:7.1f} s  {status}",
                flush=True,
            )
    same = bool(found["process"]) and found["process"] == found["dask"]
    on_time = all(s < LIMIT_SECONDS for s in seconds.values())
    expected = all(code == 0 for code in exits.values())
    print(f"same verdict on both executors: {same}; within {LIMIT_SECONDS:.0f} s: {on_time}")
    process = found["process"]
    record(
        {
            "command": f"dpproofs verify {THEOREMS} -k '{keyword}' --jobs 2 --no-cache "
            "--executor E",
            "claim": f"{bench.SAYS}, mechanisms on {bench.SPACE}, eps in "
            "{ln(11/10), ln(3/2), ln 3}",
            "outputs_x_databases": f"{max(outputs)} x {databases}",
            "outputs": outputs,
            "databases": databases,
            "jobs": f"{len(bench.LOG_POINTS) * len(outputs)} size jobs + 1 merge",
            "seconds": {e: round(s, 1) for e, s in seconds.items()},
            "exit_status": exits,
            "status": process.get("status"),
            "coverage": process.get("coverage"),
            "same_verdicts": same,
            "measured": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%MZ"),
        }
    )
    return 0 if same and on_time and expected else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
