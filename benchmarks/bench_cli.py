"""CLI start-up: `dpproofs --help` and `dpproofs --version` in under 0.3 s (best of 5 runs),
because they import no solver (sympy, z3, flint, rich are imported by the subcommands).

Exits 1 when a target is missed.
"""

from __future__ import annotations

import subprocess
import sys
import time

TARGET_SECONDS = 0.3


def best_of(argv: list[str], runs: int = 5) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "dpproofs", *argv], capture_output=True, check=True)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    missed = 0
    for argv in (["--help"], ["--version"], ["verify", "--help"]):
        seconds = best_of(argv)
        ok = seconds < TARGET_SECONDS
        missed += not ok
        print(f"dpproofs {' '.join(argv):<16} {seconds:.3f} s  {'ok' if ok else 'MISSED'}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
