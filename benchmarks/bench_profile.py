"""Exact privacy profiles: time and check against closed forms.

Targets: binary randomized response's whole profile in under 1 s; the 10-fold composition of it as
an explicit 2 x 1024 matrix (pure epsilon = 10 ln 3) in under 5 s.
"""

from __future__ import annotations

import itertools
import math
import sys
import time

import sympy

from dpproofs.exact import compare
from dpproofs.finite import FiniteMechanism, profile_as_dict, pure_epsilon

R = sympy.Rational


def composition(k: int) -> FiniteMechanism:
    base = [[R(3, 4), R(1, 4)], [R(1, 4), R(3, 4)]]
    rows = [
        [sympy.Mul(*(row[y] for y in ys)) for ys in itertools.product((0, 1), repeat=k)]
        for row in base
    ]
    return FiniteMechanism.from_rows(rows, name=f"RR composed {k} times")


def main() -> int:
    rows = []
    ok = True

    start = time.perf_counter()
    rr = FiniteMechanism.from_rows([["3/4", "1/4"], ["1/4", "3/4"]])
    data = profile_as_dict(rr, ["1/2", "log(2)"], ["1/8"], ["2"])
    seconds = time.perf_counter() - start
    good = data["pure_epsilon"]["exact"] == "log(3)" and data["delta"][1]["exact"] == "1/4"
    rows.append(("RR full profile (incl. MI-DP)", seconds, 1.0, good))

    start = time.perf_counter()
    mechanism = composition(10)
    built = time.perf_counter() - start
    pe = pure_epsilon(mechanism)
    seconds = time.perf_counter() - start
    good = compare(pe.exact, 10 * sympy.log(3)) == 0 and abs(pe.value - 10 * math.log(3)) < 1e-12
    rows.append((f"2 x 1024 composition: build {built:.2f} s + pure epsilon", seconds, 5.0, good))

    start = time.perf_counter()
    data = profile_as_dict(composition(10), ["1"], ["1/100"], ["2"], with_mi_dp=False)
    seconds = time.perf_counter() - start
    rows.append(("2 x 1024 composition: profile without MI-DP", seconds, 10.0, True))

    print(f"{'case':58} {'seconds':>8} {'target':>7}  result")
    for name, seconds, target, good in rows:
        met = good and seconds <= target
        ok &= met
        print(f"{name:58} {seconds:8.3f} {target:7.1f}  {'ok' if met else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
