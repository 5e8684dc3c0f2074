"""Benchmark of the symbolic decider on the claims it must decide.

Run: .venv/bin/python benchmarks/bench_symbolic.py
Prints one row per claim (wall time, verdict, method) and exits 1 if any verdict is not the
expected one. Target: every claim under 2 s on the project machine.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import sympy
from sympy import Abs, Eq, Interval, Rational, exp, log, oo, tanh

from dpproofs.claim import Deadline
from dpproofs.symbolic import ScalarClaim, holds
from dpproofs.verdict import Status

TARGET_SECONDS = 2.0
eps, delta, fx, fy, z, Delta, b, p = sympy.symbols("eps delta fx fy z Delta b p", real=True)
beta = sympy.Symbol("beta", positive=True)
POS = Interval.open(0, oo)


def _laplace_tail() -> ScalarClaim:
    scale = sympy.Symbol("scale", positive=True)
    below, above = sympy.Symbol("y", negative=True), sympy.Symbol("y", positive=True)

    def density(w: sympy.Expr) -> sympy.Expr:
        return exp(-Abs(w) / scale) / (2 * scale)

    t = log(1 / beta) * scale
    probability = sympy.integrate(density(below), (below, -oo, -t)) + sympy.integrate(
        density(above), (above, t, oo)
    )
    return holds(
        sympy.Le(probability, beta, evaluate=False), where={beta: Interval.Lopen(0, 1), scale: POS}
    )


def _binary_kl() -> ScalarClaim:
    first, second = exp(eps) / (1 + exp(eps)), 1 / (1 + exp(eps))
    kl = first * log(first / second) + second * log(second / first)
    return holds(Eq(kl, eps * tanh(eps / 2)), {eps: "[0, oo)"})


def _entropy(v: sympy.Expr) -> sympy.Expr:
    return -v * log(v) - (1 - v) * log(1 - v)


CLAIMS: list[tuple[str, Callable[[], ScalarClaim], Status]] = [
    (
        "Laplace density ratio (Cummings Thm 5)",
        lambda: holds(
            exp(eps * (Abs(fy - z) - Abs(fx - z)) / Delta) <= exp(eps),
            {eps: POS, Delta: POS},
            [Abs(fx - fy) <= Delta],
        ),
        Status.PROVED,
    ),
    ("Laplace tail = beta (Cummings Thm 6)", _laplace_tail, Status.PROVED),
    (
        "randomized response ratio = 3",
        lambda: holds("Eq((1/2 + 1/4) / (1/4), 3)"),  # a string: sympy would make it True
        Status.PROVED,
    ),
    ("e^eps >= 1 + eps", lambda: holds(exp(eps) >= 1 + eps), Status.PROVED),
    (
        "eps tanh(eps/2) <= eps^2/2 (Cuff-Yu P1)",
        lambda: holds(eps * tanh(eps / 2) <= eps**2 / 2, {eps: "[0, oo)"}),
        Status.PROVED,
    ),
    ("D(P||Q) = eps tanh(eps/2) (Cuff-Yu P1)", _binary_kl, Status.PROVED),
    (
        "Property 3, eps' = 0 (Cuff-Yu)",
        lambda: holds(
            Eq(delta + (1 - delta) * tanh(eps / 2), (exp(eps) - 1 + 2 * delta) / (exp(eps) + 1)),
            {eps: "[0, oo)", delta: "[0, 1]"},
        ),
        Status.PROVED,
    ),
    (
        "h(p) <= ln 2 - 2(p - 1/2)^2 (Cuff-Yu (99))",
        lambda: holds(_entropy(p) <= log(2) - 2 * (p - Rational(1, 2)) ** 2, {p: "(0, 1)"}),
        Status.PROVED,
    ),
    (
        "thread [4/n]: b > Delta/eps => ratio <= e^eps",
        lambda: holds(
            exp((Abs(fy - z) - Abs(fx - z)) / b) <= exp(eps),
            {b: POS, eps: POS, Delta: "[0, oo)"},
            [Abs(fx - fy) <= Delta, b > Delta / eps],
        ),
        Status.PROVED,
    ),
    (
        "e^eps <= 1 + eps + eps^2/2 (false)",
        lambda: holds(exp(eps) <= 1 + eps + eps**2 / 2, {eps: POS}),
        Status.REFUTED,
    ),
    (
        "tanh(eps) >= eps on (0, 1) (false)",
        lambda: holds(tanh(eps) >= eps, {eps: "(0, 1)"}),
        Status.REFUTED,
    ),
    (
        "(e^eps - 1)/(e^eps + 1) >= eps/2 (false)",
        lambda: holds((exp(eps) - 1) / (exp(eps) + 1) >= eps / 2, {eps: POS}),
        Status.REFUTED,
    ),
]


def main() -> int:
    failures = 0
    print(f"{'claim':48} {'build s':>8} {'decide s':>9}  {'verdict':9}  method / witness")
    for name, build, expected in CLAIMS:
        start = time.perf_counter()
        claim = build()
        built = time.perf_counter()
        verdict = claim.decide(Deadline(30))
        done = time.perf_counter()
        ok = verdict.status is expected
        failures += not ok
        detail = str(verdict.counterexample) if verdict.counterexample else verdict.method
        flag = "" if ok else f"  <-- expected {expected.value}"
        slow = "  (over target)" if done - start > TARGET_SECONDS else ""
        print(
            f"{name:48} {built - start:8.3f} {done - built:9.3f}  {verdict.status.value:9}  "
            f"{detail[:70]}{flag}{slow}"
        )
    print("all verdicts as expected" if not failures else f"{failures} unexpected verdict(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
