"""Timing targets of the finite-alphabet search (issue 4).

Standalone: python benchmarks/bench_search.py [--quick]

1. A counterexample to a false two-distribution claim on <= 6 outcomes: target < 1 s.
2. Bounded verification of K&S Claim 3.3 part 1 for every size up to 8 outcomes: target < 10 s.
3. How far the number of outcomes goes for that claim in 60 s (skipped with --quick).
Prints a table; exits 1 if a verdict is wrong (a missed target is reported, not fatal).
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from fractions import Fraction as F

from dpproofs.algebra import implies
from dpproofs.claim import Deadline
from dpproofs.search import Interval, for_all_distributions
from dpproofs.search.engine import search
from dpproofs.verdict import Status
from dpproofs.vocabulary import (
    indistinguishable,
    pointwise_indistinguishable,
    statistical_difference,
)

EPS = Interval(F(1, 100), 3)
DELTA = Interval(0, F(1, 2))


def claim_part1(largest: int):
    return for_all_distributions(range(2, largest + 1), eps=EPS, delta=DELTA).claim(
        lambda alg, p, q, E, delta: implies(
            alg,
            pointwise_indistinguishable(alg, p, q, E, delta),
            indistinguishable(alg, p, q, E, delta),
        ),
        says="K&S Claim 3.3 part 1",
    )


def claim_false():
    # Claim 3.3 part 6 with the e^eps - 1 term dropped: SD <= delta is false.
    return for_all_distributions(range(2, 7), eps=EPS, delta=DELTA).claim(
        lambda alg, p, q, E, delta: implies(
            alg,
            indistinguishable(alg, p, q, E, delta),
            alg.le(statistical_difference(alg, p, q), delta),
        ),
        says="(eps, delta)-indistinguishable => SD <= delta (false)",
    )


def claim_false_3():
    # SD(p, q) = 1 only for two point masses: true on 2 outcomes, false from 3 on
    # (p = (1/2, 1/2, 0), q = (0, 0, 1)); the smallest counterexample has 3 outcomes.
    return for_all_distributions(range(2, 7)).claim(
        lambda alg, p, q: implies(
            alg,
            alg.le(alg.const(1), statistical_difference(alg, p, q)),
            alg.all([alg.le(alg.const(1), alg.maximum(p)), alg.le(alg.const(1), alg.maximum(q))]),
        ),
        says="SD(p, q) = 1 => p, q point masses (false)",
    )


def run(label, claim, seconds, expect, target, presearch=True):
    start = time.perf_counter()
    verdict = search(claim, Deadline(seconds), use_presearch=presearch)
    took = time.perf_counter() - start
    ok = verdict.status is expect
    met = "-" if target is None else ("yes" if took < target else "NO")
    detail = verdict.coverage or verdict.reason
    print(f"| {label:44s} | {verdict.status.value:16s} | {took:7.2f} s | {met:6s} | {detail}")
    return ok, verdict


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="skip the 60 s reach measurement")
    args = parser.parse_args()
    print(f"| {'case':44s} | {'verdict':16s} | {'time':9s} | {'target':6s} | detail")
    print("|" + "-" * 46 + "|" + "-" * 18 + "|" + "-" * 11 + "|" + "-" * 8 + "|-------")
    good = True
    ok, _ = run(
        "false claim, <= 6 outcomes (pre-search + z3)", claim_false(), 30, Status.REFUTED, 1.0
    )
    good &= ok
    ok, _ = run(
        "false claim, <= 6 outcomes (z3 only)",
        claim_false(),
        30,
        Status.REFUTED,
        1.0,
        presearch=False,
    )
    good &= ok
    ok, verdict = run(
        "false claim needing 3 outcomes (z3 only)",
        claim_false_3(),
        30,
        Status.REFUTED,
        1.0,
        presearch=False,
    )
    good &= ok and dict(verdict.counterexample.observed)["size"] == "3 outcomes"
    ok, _ = run(
        "Claim 3.3 part 1, all sizes <= 8", claim_part1(8), 60, Status.VERIFIED_BOUNDED, 10.0
    )
    good &= ok
    if not args.quick:
        _, verdict = run(
            "Claim 3.3 part 1, reach in 60 s", claim_part1(40), 60, Status.UNKNOWN, None
        )
        found = re.search(r"on <= (\d+) outcomes", verdict.coverage or verdict.reason)
        reached = found.group(1) if found else "none"
        print(
            f"reach: every size up to K = {reached} outcomes verified within 60 s"
            if verdict.status is not Status.REFUTED
            else "reach: WRONG (refuted)"
        )
        good &= verdict.status is not Status.REFUTED
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
