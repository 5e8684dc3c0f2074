"""Benchmark of the proof-step checker: a 10-step derivation of exp / log / abs steps.

Run: .venv/bin/python benchmarks/bench_steps.py
Prints one row per step (status, parsed form) and the total; exits 1 if the derivation is not
proved step by step or takes over the target. Target: under 5 s on the project machine.
(benchmarks/run.py runs every bench_*.py, this one included.)
"""

from __future__ import annotations

import sys
import time

from dpproofs.claim import Deadline
from dpproofs.steps import derivation
from dpproofs.verdict import Status

TARGET_SECONDS = 5.0

CHAIN = r"""\begin{align*}
\ln\left(\frac{e^{-\epsilon|u - z|}}{e^{-\epsilon|v - z|}}\right)
  &= \ln\left(e^{\epsilon(|v - z| - |u - z|)}\right) && \text{(quotient of exponentials)} \\
  &= \epsilon(|v - z| - |u - z|) && \text{(log of exp)} \\
  &\le \epsilon|v - u| && \text{(triangle inequality)} \\
  &= \epsilon|u - v| && \text{(symmetry)} \\
  &\le \epsilon \cdot 1 && \text{(sensitivity)} \\
  &= \ln(e^{\epsilon}) && \text{(log of exp)} \\
  &\le \ln(e^{\epsilon} + \epsilon) && \text{(log is increasing)} \\
  &\le e^{\epsilon} + \epsilon - 1 && \text{(\ln x \le x - 1)} \\
  &\le e^{\epsilon} + e^{\epsilon} - 2 && \text{(1 + x \le e^x)} \\
  &= 2(e^{\epsilon} - 1)
\end{align*}"""


def main() -> int:
    start = time.perf_counter()
    claim = derivation(
        CHAIN,
        assume=[r"|u - v| \le 1"],
        where={"epsilon": "(0, oo)"},
    )
    verdict = claim.decide(Deadline(60))
    seconds = time.perf_counter() - start
    for step in verdict.steps:
        print(f"step {step.index:2}  {step.status:11} {step.lhs} {step.relation} {step.rhs}"[:140])
    print(
        f"{len(verdict.steps)} steps: {verdict.status.value} ({verdict.reason}) in {seconds:.2f} s"
    )
    ok = verdict.status is Status.PROVED and len(verdict.steps) == 10
    if not ok:
        print("  <-- expected every one of 10 steps proved")
    if seconds > TARGET_SECONDS:
        print(f"  <-- over the {TARGET_SECONDS} s target")
    return 0 if ok and seconds <= TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
