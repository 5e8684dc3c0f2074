"""Start-up and warm runs, measured (a benchmark, never a timed test; exits 1 when a target is
missed):

* `dpproofs --help`, `--version`, `verify --help` and `import dpproofs` in under 0.3 s (best of
  5): they import no solver (sympy, z3, flint are imported by the subcommands that decide);
* the first verdict of a one-line `dpproofs check` (a fresh process: the fork server starts and
  preloads the solvers, then the child decides) in under 3 s (best of 3); its parent imports
  no solver (tests/ecosystem/test_check_isolation.py checks that without a clock);
* `dpproofs verify examples` warm (every verdict from the cache, nothing imported from the
  theorem file) in under 1.5 s, measured after one cold run into a scratch cache;
* with `--library`: `dpproofs verify theorems --jobs 2` cold and warm into a scratch cache
  (minutes cold; the warm run must take under 10 s, as the README says of `make verify`).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STARTUP_SECONDS = 0.3
FIRST_CHECK_SECONDS = 3.0
WARM_EXAMPLES_SECONDS = 1.5
WARM_LIBRARY_SECONDS = 10.0


def seconds(argv: list[str], env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(argv, capture_output=True, check=False, cwd=ROOT, env=env)
    return time.perf_counter() - start


def best_of(argv: list[str], runs: int) -> float:
    return min(seconds(argv) for _ in range(runs))


def report(label: str, took: float, target: float) -> bool:
    ok = took < target
    print(f"{label:<44} {took:7.3f} s  (< {target:g} s) {'ok' if ok else 'MISSED'}")
    return ok


def main(argv: list[str]) -> int:
    dpproofs = [sys.executable, "-m", "dpproofs"]
    results = []
    for args in (["--help"], ["--version"], ["verify", "--help"]):
        results.append(
            report(f"dpproofs {' '.join(args)}", best_of([*dpproofs, *args], 5), STARTUP_SECONDS)
        )
    importing = best_of([sys.executable, "-c", "import dpproofs"], 5)
    results.append(report("python -c 'import dpproofs'", importing, STARTUP_SECONDS))
    check = [*dpproofs, "check", "exp(x) >= 1 + x", "--where", "x: (-oo, oo)"]
    first = best_of(check, 3)
    results.append(report("first verdict of dpproofs check", first, FIRST_CHECK_SECONDS))
    folders = [("examples", WARM_EXAMPLES_SECONDS)]
    if "--library" in argv:
        folders.append(("theorems", WARM_LIBRARY_SECONDS))
    for folder, target in folders:
        with tempfile.TemporaryDirectory() as cache:
            env = dict(os.environ, DPPROOFS_CACHE_DIR=cache)
            verify = [*dpproofs, "verify", folder, "--jobs", "2", "-q"]
            cold = seconds(verify, env)
            print(f"{'dpproofs verify ' + folder + ' (cold)':<44} {cold:7.3f} s")
            warm = seconds(verify, env)
            results.append(report(f"dpproofs verify {folder} (warm)", warm, target))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
