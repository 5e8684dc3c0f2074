"""A soundness corpus for the scalar decider: true claims and false mutants of them.

Each mutant is made from a true original by one edit: a constant tightened (usually by 1%), an
inequality flipped, a hypothesis dropped, or a domain widened. A mutant must never be PROVED; an
original must never be REFUTED. ``provable`` marks the originals the decider proves today, so a
regression in power is noticed too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import sympy
from sympy import Abs, Eq, Interval, Max, Min, Rational, cosh, exp, log, oo, sinh, sqrt, tanh

from dpproofs.symbolic import ScalarClaim, holds

x, y, eps, d, p, q, z, fx, fy, b, D = sympy.symbols("x y eps delta p q z fx fy b Delta", real=True)
POS = Interval.open(0, oo)
NONNEG = Interval(0, oo)
UNIT_OPEN = Interval.open(0, 1)
ONE_PERCENT = Rational(99, 100)


@dataclass(frozen=True)
class Entry:
    name: str
    build: Callable[[], ScalarClaim]
    true: bool
    provable: bool = False
    edit: str = ""


def _h(v: sympy.Expr) -> sympy.Expr:
    return -v * log(v) - (1 - v) * log(1 - v)


def _lap_ratio(scale: sympy.Expr) -> sympy.Expr:
    return exp((Abs(fy - z) - Abs(fx - z)) / scale)


ENTRIES: list[Entry] = [
    # e^x >= 1 + x
    Entry("exp_tangent", lambda: holds(exp(x) >= 1 + x), True, provable=True),
    Entry(
        "exp_tangent_tightened",
        lambda: holds(exp(x) >= 1 + Rational(101, 100) * x),
        False,
        edit="constant",
    ),
    Entry("exp_tangent_flipped", lambda: holds(exp(x) <= 1 + x), False, edit="flip"),
    # e^eps <= 1/(1 - eps) on [0, 1)
    Entry(
        "exp_pole", lambda: holds(exp(eps) <= 1 / (1 - eps), {eps: "[0, 1)"}), True, provable=True
    ),
    Entry(
        "exp_pole_widened",
        lambda: holds(exp(eps) <= 1 / (1 - eps), {eps: "[0, 2)"}),
        False,
        edit="domain",
    ),
    Entry(
        "exp_pole_flipped",
        lambda: holds(exp(eps) >= 1 / (1 - eps), {eps: "[0, 1)"}),
        False,
        edit="flip",
    ),
    # eps tanh(eps/2) <= eps^2/2
    Entry(
        "tanh_quadratic",
        lambda: holds(eps * tanh(eps / 2) <= eps**2 / 2, {eps: NONNEG}),
        True,
        provable=True,
    ),
    Entry(
        "tanh_quadratic_tightened",
        lambda: holds(eps * tanh(eps / 2) <= ONE_PERCENT * eps**2 / 2, {eps: NONNEG}),
        False,
        edit="constant",
    ),
    Entry(
        "tanh_quadratic_flipped",
        lambda: holds(eps * tanh(eps / 2) >= eps**2 / 2, {eps: NONNEG}),
        False,
        edit="flip",
    ),
    # tanh x <= x on [0, oo)
    Entry("tanh_le_x", lambda: holds(tanh(x) <= x, {x: NONNEG}), True, provable=True),
    Entry("tanh_le_x_widened", lambda: holds(tanh(x) <= x), False, edit="domain"),
    Entry("tanh_le_x_flipped", lambda: holds(tanh(x) >= x, {x: NONNEG}), False, edit="flip"),
    Entry(
        "tanh_le_x_tightened",
        lambda: holds(tanh(x) <= ONE_PERCENT * x, {x: NONNEG}),
        False,
        edit="constant",
    ),
    # log x <= x - 1
    Entry("log_tangent", lambda: holds(log(x) <= x - 1, {x: POS}), True, provable=True),
    Entry(
        "log_tangent_tightened",
        lambda: holds(log(x) <= ONE_PERCENT * (x - 1), {x: POS}),
        False,
        edit="constant",
    ),
    Entry("log_tangent_flipped", lambda: holds(log(x) >= x - 1, {x: POS}), False, edit="flip"),
    # Laplace density ratio (Cummings Theorem 5)
    Entry(
        "laplace",
        lambda: holds(
            exp(eps * (Abs(fy - z) - Abs(fx - z)) / D) <= exp(eps),
            {eps: POS, D: POS},
            [Abs(fx - fy) <= D],
        ),
        True,
        provable=True,
    ),
    Entry(
        "laplace_no_sensitivity",
        lambda: holds(exp(eps * (Abs(fy - z) - Abs(fx - z)) / D) <= exp(eps), {eps: POS, D: POS}),
        False,
        edit="hypothesis",
    ),
    Entry(
        "laplace_tightened",
        lambda: holds(
            exp(eps * (Abs(fy - z) - Abs(fx - z)) / D) <= exp(ONE_PERCENT * eps),
            {eps: POS, D: POS},
            [Abs(fx - fy) <= D],
        ),
        False,
        edit="constant",
    ),
    Entry(
        "laplace_eps_widened",
        lambda: holds(
            exp(eps * (Abs(fy - z) - Abs(fx - z)) / D) <= exp(eps),
            {eps: "(-1, oo)", D: POS},
            [Abs(fx - fy) <= D],
        ),
        False,
        edit="domain",
    ),
    # The thread's Laplace condition b > Delta / eps
    Entry(
        "thread",
        lambda: holds(
            _lap_ratio(b) <= exp(eps),
            {b: POS, eps: POS, D: NONNEG},
            [Abs(fx - fy) <= D, b > D / eps],
        ),
        True,
        provable=True,
    ),
    Entry(
        "thread_no_scale_condition",
        lambda: holds(
            _lap_ratio(b) <= exp(eps), {b: POS, eps: POS, D: NONNEG}, [Abs(fx - fy) <= D]
        ),
        False,
        edit="hypothesis",
    ),
    Entry(
        "thread_half_scale",
        lambda: holds(
            _lap_ratio(b) <= exp(eps),
            {b: POS, eps: POS, D: NONNEG},
            [Abs(fx - fy) <= D, b > D / (2 * eps)],
        ),
        False,
        edit="constant",
    ),
    # Binary entropy, Cuff & Yu (99)
    Entry(
        "entropy_99",
        lambda: holds(_h(p) <= log(2) - 2 * (p - Rational(1, 2)) ** 2, {p: UNIT_OPEN}),
        True,
        provable=True,
    ),
    Entry(
        "entropy_99_tightened",
        lambda: holds(
            _h(p) <= log(2) - Rational(201, 100) * (p - Rational(1, 2)) ** 2, {p: UNIT_OPEN}
        ),
        False,
        edit="constant",
    ),
    Entry(
        "entropy_99_flipped",
        lambda: holds(_h(p) >= log(2) - 2 * (p - Rational(1, 2)) ** 2, {p: UNIT_OPEN}),
        False,
        edit="flip",
    ),
    Entry(
        "entropy_99_ln2_rounded",
        lambda: holds(_h(p) <= Rational(69, 100) - 2 * (p - Rational(1, 2)) ** 2, {p: UNIT_OPEN}),
        False,
        edit="constant",
    ),
    Entry(
        "entropy_99_widened",
        lambda: holds(_h(p) <= log(2) - 2 * (p - Rational(1, 2)) ** 2, {p: "(0, 2)"}),
        False,
        edit="domain",
    ),
    # Identities of Cuff & Yu
    Entry(
        "binary_kl_identity",
        lambda: holds(
            Eq(exp(eps) / (1 + exp(eps)) * eps - eps / (1 + exp(eps)), eps * tanh(eps / 2)),
            {eps: NONNEG},
        ),
        True,
        provable=True,
    ),
    Entry(
        "binary_kl_identity_wrong_scale",
        lambda: holds(
            Eq(exp(eps) / (1 + exp(eps)) * eps - eps / (1 + exp(eps)), eps * tanh(eps)),
            {eps: NONNEG},
        ),
        False,
        edit="constant",
    ),
    Entry(
        "property3_identity",
        lambda: holds(
            Eq(d + (1 - d) * tanh(eps / 2), (exp(eps) - 1 + 2 * d) / (exp(eps) + 1)),
            {eps: NONNEG, d: "[0, 1]"},
        ),
        True,
        provable=True,
    ),
    Entry(
        "property3_identity_dropped_two",
        lambda: holds(
            Eq(d + (1 - d) * tanh(eps / 2), (exp(eps) - 1 + d) / (exp(eps) + 1)),
            {eps: NONNEG, d: "[0, 1]"},
        ),
        False,
        edit="constant",
    ),
    # AM-GM with a square root
    Entry(
        "am_gm",
        lambda: holds(sqrt(x * y) <= (x + y) / 2, {x: NONNEG, y: NONNEG}),
        True,
        provable=True,
    ),
    Entry(
        "am_gm_tightened",
        lambda: holds(sqrt(x * y) <= ONE_PERCENT * (x + y) / 2, {x: NONNEG, y: NONNEG}),
        False,
        edit="constant",
    ),
    Entry(
        "am_gm_widened",
        lambda: holds(sqrt(x * y) <= (x + y) / 2, {x: "(-oo, 0]", y: "(-oo, 0]"}),
        False,
        edit="domain",
    ),
    # Min / Max / Abs
    Entry(
        "min_mean_max",
        lambda: holds(sympy.And(Min(x, y) <= (x + y) / 2, (x + y) / 2 <= Max(x, y))),
        True,
        provable=True,
    ),
    Entry("max_below_mean", lambda: holds(Max(x, y) <= (x + y) / 2), False, edit="flip"),
    Entry("triangle", lambda: holds(Abs(x + y) <= Abs(x) + Abs(y)), True, provable=True),
    Entry(
        "triangle_tightened",
        lambda: holds(Abs(x + y) <= ONE_PERCENT * (Abs(x) + Abs(y))),
        False,
        edit="constant",
    ),
    Entry(
        "reverse_triangle_flipped", lambda: holds(Abs(x - y) <= Abs(x) - Abs(y)), False, edit="flip"
    ),
    # Bernoulli
    Entry(
        "bernoulli_cubic",
        lambda: holds((1 + x) ** 3 >= 1 + 3 * x, {x: "[-1, oo)"}),
        True,
        provable=True,
    ),
    Entry(
        "bernoulli_cubic_widened", lambda: holds((1 + x) ** 3 >= 1 + 3 * x), False, edit="domain"
    ),
    Entry(
        "bernoulli_cubic_tightened",
        lambda: holds((1 + x) ** 3 >= 1 + Rational(301, 100) * x, {x: "[-1, oo)"}),
        False,
        edit="constant",
    ),
    # log(1 + x) between x/(1 + x) and x
    Entry(
        "log1p_lower",
        lambda: holds(x / (1 + x) <= log(1 + x), {x: "(-1, oo)"}),
        True,
        provable=True,
    ),
    Entry(
        "log1p_lower_flipped",
        lambda: holds(x / (1 + x) >= log(1 + x), {x: "(-1, oo)"}),
        False,
        edit="flip",
    ),
    Entry(
        "log1p_lower_tightened",
        lambda: holds(Rational(101, 100) * x / (1 + x) <= log(1 + x), {x: "(-1, oo)"}),
        False,
        edit="constant",
    ),
    Entry("log1p_series", lambda: holds(log(1 + x) <= x - x**2 / 2 + x**3 / 3, {x: NONNEG}), True),
    Entry(
        "log1p_series_truncated",
        lambda: holds(log(1 + x) <= x - x**2 / 2, {x: NONNEG}),
        False,
        edit="constant",
    ),
    # exp(-x) <= 1/(1 + x) for x > -1
    Entry("exp_neg", lambda: holds(exp(-x) <= 1 / (1 + x), {x: "(-1, oo)"}), True, provable=True),
    Entry(
        "exp_neg_widened",
        lambda: holds(exp(-x) <= 1 / (1 + x), {x: "(-3, oo)"}, [Abs(1 + x) >= Rational(1, 2)]),
        False,
        edit="domain",
    ),
    # Products of exponentials
    Entry("exp_product", lambda: holds(exp(x) * exp(y) >= 1 + x + y), True, provable=True),
    Entry(
        "exp_product_tightened",
        lambda: holds(exp(x) * exp(y) >= (1 + x) * (1 + y)),
        False,
        edit="constant",
    ),
    # Implications
    Entry(
        "log_nonneg",
        lambda: holds(sympy.Implies(x >= 1, log(x) >= 0), {x: POS}),
        True,
        provable=True,
    ),
    Entry(
        "log_nonneg_weakened_hypothesis",
        lambda: holds(sympy.Implies(x >= Rational(1, 2), log(x) >= 0), {x: POS}),
        False,
        edit="hypothesis",
    ),
    # Constants
    Entry(
        "rr_ratio",
        lambda: holds("Eq((1/2 + 1/4) / (1/4), 3)"),  # a string: sympy would make it True
        True,
        provable=True,
    ),
    Entry(
        "rr_ratio_tightened",
        lambda: holds(
            sympy.Le(
                (Rational(1, 2) + Rational(1, 4)) / Rational(1, 4),
                Rational(297, 100),
                evaluate=False,
            )
        ),
        False,
        edit="constant",
    ),
    # Hyperbolic functions
    Entry("sinh_ge_x", lambda: holds(sinh(x) >= x, {x: NONNEG}), True, provable=True),
    Entry(
        "sinh_ge_x_tightened",
        lambda: holds(sinh(x) >= Rational(101, 100) * x, {x: NONNEG}),
        False,
        edit="constant",
    ),
    Entry("cosh_quadratic", lambda: holds(cosh(x) >= 1 + x**2 / 2), True),
    Entry("cosh_quadratic_flipped", lambda: holds(cosh(x) <= 1 + x**2 / 2), False, edit="flip"),
    # Mixing with a point mass: ln(1 + p (e^eps - 1)) <= eps
    Entry(
        "mixture_log",
        lambda: holds(log(1 + p * (exp(eps) - 1)) <= eps, {p: "[0, 1]", eps: NONNEG}),
        True,
        provable=True,
    ),
    Entry(
        "mixture_log_linear",
        lambda: holds(log(1 + p * (exp(eps) - 1)) <= p * eps, {p: "[0, 1]", eps: NONNEG}),
        False,
        edit="constant",
    ),
    # tanh(eps/2) <= eps/2 written with exp
    Entry(
        "tanh_half",
        lambda: holds((exp(eps) - 1) / (exp(eps) + 1) <= eps / 2, {eps: NONNEG}),
        True,
        provable=True,
    ),
    Entry(
        "tanh_half_flipped",
        lambda: holds((exp(eps) - 1) / (exp(eps) + 1) >= eps / 2, {eps: POS}),
        False,
        edit="flip",
    ),
    # e^eps - 1 <= 2 eps on [0, 1]
    Entry(
        "expm1_linear", lambda: holds(exp(eps) - 1 <= 2 * eps, {eps: "[0, 1]"}), True, provable=True
    ),
    Entry(
        "expm1_linear_widened",
        lambda: holds(exp(eps) - 1 <= 2 * eps, {eps: "[0, 2]"}),
        False,
        edit="domain",
    ),
    Entry(
        "expm1_linear_tightened",
        lambda: holds(exp(eps) - 1 <= Rational(17, 10) * eps, {eps: "[0, 1]"}),
        False,
        edit="constant",
    ),
    # Gaussian kernel
    Entry("gauss_le_one", lambda: holds(exp(-(x**2) / 2) <= 1), True, provable=True),
    Entry(
        "gauss_le_quadratic",
        lambda: holds(exp(-(x**2) / 2) <= 1 - x**2 / 4),
        False,
        edit="constant",
    ),
    # Binary Pinsker
    Entry(
        "pinsker",
        lambda: holds(
            2 * (p - q) ** 2 <= p * log(p / q) + (1 - p) * log((1 - p) / (1 - q)),
            {p: UNIT_OPEN, q: UNIT_OPEN},
        ),
        True,
    ),
    Entry(
        "pinsker_tightened",
        lambda: holds(
            Rational(21, 10) * (p - q) ** 2 <= p * log(p / q) + (1 - p) * log((1 - p) / (1 - q)),
            {p: UNIT_OPEN, q: UNIT_OPEN},
        ),
        False,
        edit="constant",
    ),
]
