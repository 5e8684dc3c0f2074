"""`make bench`: run every benchmarks/bench_*.py script and report which ones missed a target.

Each script prints its own table and exits non-zero when a verdict is wrong or a target is missed.
Pass --quick to forward it (scripts skip their long "how far in 60 s" parts).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path


def main(argv: list[str]) -> int:
    folder = Path(__file__).parent
    failed = []
    for script in sorted(folder.glob("bench_*.py")):
        print(f"\n=== {script.name}", flush=True)
        start = time.perf_counter()
        code = subprocess.call([sys.executable, str(script), *argv])
        print(f"--- {script.name}: exit {code} in {time.perf_counter() - start:.1f} s", flush=True)
        if code != 0:
            failed.append(script.name)
    if failed:
        print(f"\nbenchmarks that missed a target: {', '.join(failed)}")
        return 1
    print("\nall benchmarks met their targets")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
