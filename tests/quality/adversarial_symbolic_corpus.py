"""An adversarial corpus for the scalar decider (issue 14), grouped by the class of attack.

Each case builds a claim the way an adversarial author might. A FALSE case is a claim that is false
or meaningless (undefined) somewhere in what the author quantified over; its ``witness`` shows that
with plain sympy / Fraction arithmetic, independently of dpproofs, and returns True when it does.
A TRUE case must never be refuted. ``outcomes`` lists what dpproofs may answer ("invalid" means
holds() raised InvalidClaim).

How the classes were found: the issue's classes 1, 5, 6 and the crash class, then, for each stage
of the pipeline, "what does this stage trust?": sympy's assumption queries (trusted by the rewrite
stage and the discharge of obligations: author subclasses can override them), the size of the
input (integer exponents multiplied out by z3 and expand), the reading of names in strings (a bare
e, Python's ^), and log-difference normalisation (only sound when the log arguments are positive).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import sympy
from sympy import E, Rational, log, sqrt

from dpproofs.symbolic import ScalarClaim, holds

REFUTED, ERROR, UNKNOWN, INVALID, PROVED = "refuted", "error", "unknown", "invalid", "proved"
NOT_PROVED = frozenset({REFUTED, ERROR, UNKNOWN, INVALID})


@dataclass(frozen=True)
class Case:
    name: str
    kind: str
    build: Callable[[], ScalarClaim]
    true: bool
    outcomes: frozenset[str]
    #: For a false case: an independent exact check that the claim fails (or is undefined).
    witness: Callable[[], bool] | None = None


def _false(
    name: str,
    kind: str,
    build: Callable[[], ScalarClaim],
    witness: Callable[[], bool],
    outcomes: frozenset[str] = NOT_PROVED,
) -> Case:
    return Case(name, kind, build, False, outcomes, witness)


def _true(name: str, kind: str, build: Callable[[], ScalarClaim], outcomes: frozenset[str]) -> Case:
    return Case(name, kind, build, True, outcomes)


def _sym(**assumptions: bool) -> sympy.Symbol:
    return sympy.Symbol("x", **assumptions)


def _le(a: sympy.Expr, b: sympy.Expr) -> sympy.Basic:
    return sympy.Le(a, b, evaluate=False)


def _ne(a: sympy.Expr, b: sympy.Expr) -> sympy.Basic:
    return sympy.Ne(a, b, evaluate=False)


# -- author code in the claim (class 6, scalar side) ------------------------------------------
class _LyingAdd(sympy.Add):
    """An Add that tells sympy's assumption system it is positive."""

    def _eval_is_positive(self) -> bool:
        return True


class _LyingExp(sympy.exp):
    """An exp that claims to be negative."""

    def _eval_is_negative(self) -> bool:
        return True


class _LyingLe(sympy.LessThan):
    """A relation subclass (author code where a relation is expected)."""


def _raises_zero_division(run: Callable[[], object]) -> bool:
    try:
        run()
    except ZeroDivisionError:
        return True
    return False


def _x() -> sympy.Symbol:
    return sympy.Symbol("x", real=True)


CASES: list[Case] = [
    # ---- class 1: symbol assumptions (whitelist; the rest is refused by name) ----
    _false(
        "rational_symbol",
        "assumptions",
        lambda: holds(_ne(_sym(rational=True) ** 2, 2)),
        # x = sqrt(2) is real and x^2 = 2 exactly: false over the reals.
        lambda: sympy.sqrt(2) ** 2 == 2,
        frozenset({INVALID}),
    ),
    _false(
        "integer_symbol",
        "assumptions",
        lambda: holds(_le(_sym(integer=True), _sym(integer=True) ** 2)),
        # x = 1/2: x^2 = 1/4 < 1/2.
        lambda: Fraction(1, 2) ** 2 < Fraction(1, 2),
        frozenset({INVALID}),
    ),
    _false(
        "irrational_symbol",
        "assumptions",
        lambda: holds(_ne(_sym(irrational=True), 1)),
        lambda: Fraction(1) == 1,  # x = 1 is a real at which x != 1 fails
        frozenset({INVALID}),
    ),
    _false(
        "prime_symbol",
        "assumptions",
        lambda: holds(_le(2, _sym(prime=True))),
        lambda: Fraction(0) < 2,  # x = 0 < 2
        frozenset({INVALID}),
    ),
    _false(
        "complex_symbol",
        "assumptions",
        lambda: holds(_le(0, _sym(complex=True, nonnegative=False))),
        lambda: Fraction(-1) < 0,
        frozenset({INVALID}),
    ),
    _false(
        "infinite_allowed",
        "assumptions",
        lambda: holds(_le(_sym(finite=False), 1)),
        lambda: Fraction(2) > 1,
        frozenset({INVALID}),
    ),
    _false(
        "extended_positive_false_claim",
        "assumptions",
        lambda: holds(_le(1, _sym(extended_positive=True))),
        lambda: 0 < Fraction(1, 2) < 1,  # x = 1/2 > 0 and 1/2 < 1
        frozenset({REFUTED}),
    ),
    _false(
        "nonzero_false_claim",
        "assumptions",
        lambda: holds("x > 0", where={_sym(nonzero=True): "(-oo, oo)"}),
        lambda: Fraction(-1) < 0,
        frozenset({REFUTED}),
    ),
    _false(
        "positive_conflicts_with_domain",
        "assumptions",
        lambda: holds("x <= 1", where={_sym(positive=True): "(-2, -1)"}),
        lambda: True,  # no x is both positive and in (-2, -1): the claim is vacuous
        frozenset({INVALID}),
    ),
    _true(
        "extended_positive_true_claim",
        "assumptions",
        lambda: holds(_le(log(_sym(extended_positive=True)), _sym(extended_positive=True) - 1)),
        frozenset({PROVED, UNKNOWN}),
    ),
    _true(
        "nonzero_punctured",
        "assumptions",
        lambda: holds("x**2 > 0", where={_sym(nonzero=True): "(-oo, oo)"}),
        frozenset({PROVED, UNKNOWN}),
    ),
    # ---- class 5: rewriting terms undefined somewhere; claims written as strings ----
    _false(
        "sqrt_squared",
        "definedness",
        lambda: holds("sqrt(x)**2 >= x", where={"x": "(-oo, oo)"}, assuming=["x != 0"]),
        lambda: Fraction(-1) < 0,  # sqrt(-1) is not real
        frozenset({ERROR}),
    ),
    _false(
        "x_over_x",
        "definedness",
        lambda: holds("x/x <= 1"),
        lambda: Fraction(0) == 0,  # 0/0
        frozenset({ERROR}),
    ),
    _false(
        "abs_log_nonnegative",
        "definedness",
        lambda: holds("Abs(log(x)) >= 0"),
        lambda: Fraction(-1) <= 0,  # log(-1) is not real
        frozenset({ERROR}),
    ),
    _false(
        "exp_of_two_logs",
        "definedness",
        lambda: holds("exp(log(x) + log(-x)) >= 0"),
        lambda: all(not (v > 0 and -v > 0) for v in (Fraction(-1), Fraction(0), Fraction(1))),
        frozenset({INVALID, ERROR}),
    ),
    _false(
        "log_of_square",
        "definedness",
        lambda: holds("log(x**2) == 2*log(x)", assuming=["x != 0"]),
        lambda: Fraction(-1) <= 0,  # log(-1) in 2 log(x) at x = -1
        frozenset({ERROR}),
    ),
    _false(
        "cube_root_of_negative",
        "definedness",
        lambda: holds("x**(1/3) >= -1"),
        lambda: Fraction(-1) < 0,  # the real power x**(1/3) needs x >= 0
        frozenset({ERROR}),
    ),
    _false(
        "guard_too_weak",
        "definedness",
        lambda: holds("Implies(x > -1, log(x) <= x - 1)"),
        lambda: -1 < Fraction(-1, 2) <= 0,  # guard holds at -1/2, log(-1/2) undefined
        frozenset({ERROR}),
    ),
    _false(
        "sqrt_of_square_is_x",
        "definedness",
        lambda: holds("sqrt(x**2) == x"),
        lambda: sympy.sqrt(Rational(-1) ** 2) != -1,  # defined, and false at x = -1
        frozenset({REFUTED}),
    ),
    _false(
        "bare_true_from_python",
        "definedness",
        lambda: holds(sqrt(_x()) ** 2 >= _x()),  # sympy made it x >= x, i.e. True
        lambda: Fraction(-1) < 0,
        frozenset({INVALID}),
    ),
    _false(
        "disjunction_guard_too_weak",
        "definedness",
        lambda: holds("x > 1 or log(x) <= 0"),
        lambda: not (Fraction(-1) > 1) and Fraction(-1) <= 0,  # x = -1: log(-1) is needed
        frozenset({ERROR}),
    ),
    _true(
        "disjunction_guard",
        "definedness",
        lambda: holds("not (x > 0) or log(x) <= x - 1"),
        frozenset({PROVED, UNKNOWN}),
    ),
    _true(
        "guarded_log",
        "definedness",
        lambda: holds("Implies(x > 0, log(x) <= x - 1)"),
        frozenset({PROVED, UNKNOWN}),
    ),
    _true(
        "assumption_discharges_denominator",
        "definedness",
        lambda: holds("x/x == 1", assuming=["x != 0"]),
        frozenset({PROVED}),
    ),
    _true(
        "assumption_discharges_sqrt",
        "definedness",
        lambda: holds("sqrt(x)**2 >= x", assuming=["x >= 0"]),
        frozenset({PROVED}),
    ),
    # ---- class 6 (scalar): author code never decides ----
    _false(
        "lying_add",
        "author code",
        lambda: holds(sympy.Gt(_LyingAdd(_x(), -1, evaluate=False), 0, evaluate=False)),
        lambda: Fraction(0) - 1 < 0,  # at x = 0, x - 1 = -1
        frozenset({INVALID}),
    ),
    _false(
        "lying_exp",
        "author code",
        lambda: holds(sympy.Lt(_LyingExp(_x(), evaluate=False), 0, evaluate=False)),
        lambda: sympy.exp(0) == 1,  # e^0 = 1 > 0
        frozenset({INVALID}),
    ),
    _false(
        "relation_subclass",
        "author code",
        lambda: holds(_LyingLe(_x(), 0)),
        lambda: Fraction(1) > 0,
        frozenset({INVALID}),
    ),
    _false(
        "callable_claim",
        "author code",
        lambda: holds(lambda: True),  # type: ignore[arg-type]
        lambda: Fraction(1) != 2,  # whatever it returns, 1 = 2 is false
        frozenset({INVALID}),
    ),
    # ---- crashes inside a decision: faults make a stage give up, never an error ----
    _false(
        "exp_pole_false",
        "crash",
        lambda: holds("exp(1/x) <= 1 + 2/x", where={"x": "(0, oo)"}),
        # x = 1/10: e^10 > 21 (e > 2 so e^10 > 1024).
        lambda: Fraction(2) ** 10 > 21,
        frozenset({REFUTED, UNKNOWN}),
    ),
    _false(
        "tiny_product",
        "crash",
        lambda: holds("x*y <= 10**(-12)", where={"x": "(0, 1)", "y": "(0, 1)"}),
        lambda: Fraction(1, 2) * Fraction(1, 2) > Fraction(1, 10**12),
        frozenset({REFUTED, UNKNOWN}),
    ),
    _false(
        "huge_exponent",
        "crash",
        lambda: holds("(1 + x)**1000000 <= 1", where={"x": "(0, 1)"}),
        lambda: (1 + Fraction(1, 2)) ** 2 > 1,  # (3/2)^n > 1 for n >= 1
        frozenset({INVALID, REFUTED, UNKNOWN}),
    ),
    _true(
        "tiny_ratio",
        "crash",
        lambda: holds("x**2*y <= x**3 + y**2", where={"x": "(0, 1)", "y": "(0, 1)"}),
        frozenset({PROVED, UNKNOWN}),
    ),
    _true(
        "exp_pole_true",
        "crash",
        lambda: holds("exp(1/x) >= 1 + 1/x", where={"x": "(0, oo)"}),
        frozenset({PROVED, UNKNOWN}),
    ),
    _true(
        "tower",
        "crash",
        lambda: holds("exp(exp(exp(x))) >= x"),
        frozenset({PROVED, UNKNOWN}),
    ),
    # ---- size: constants and expansions (found by asking what each stage multiplies out) ----
    _false(
        "constant_division_by_zero",
        "size",
        lambda: holds("1/0 >= 0"),
        lambda: _raises_zero_division(lambda: Fraction(1, 0)),
        frozenset({INVALID, ERROR}),
    ),
    _false(
        "power_of_a_long_sum",
        "size",
        lambda: holds("exp((a + b + c + d)**30) <= 1"),
        lambda: bool(sympy.exp(1) > 1),  # a = 1, b = c = d = 0: exp(1) > 1
        frozenset({REFUTED, UNKNOWN}),
    ),
    _false(
        "log_of_product_split",
        "size",
        lambda: holds("log(x*y) == log(x) + log(y)", assuming=["x*y > 0"]),
        lambda: Fraction(-1) * Fraction(-1) > 0 and Fraction(-1) <= 0,  # x = y = -1
        frozenset({ERROR}),
    ),
    # ---- names and syntax in strings ----
    _false(
        "bare_e",
        "names",
        lambda: holds("e**x >= 1 + x"),
        # read with e a parameter: e = 1, x = 1 gives 1 < 2.
        lambda: Fraction(1) ** 1 < 1 + 1,
        frozenset({INVALID}),
    ),
    _false(
        "xor_caret",
        "names",
        lambda: holds("x^2 >= x"),
        # read as a power: x = 1/2 gives 1/4 < 1/2.
        lambda: Fraction(1, 2) ** 2 < Fraction(1, 2),
        frozenset({INVALID}),
    ),
    _false(
        "e_declared_as_parameter",
        "names",
        lambda: holds("e**x >= 1 + x", where={"e": "(0, oo)", "x": "(0, oo)"}),
        lambda: Fraction(1) ** 1 < 1 + 1,  # e = 1, x = 1
        frozenset({REFUTED, UNKNOWN}),
    ),
    # ---- log-difference normalisation: only where the log arguments are positive ----
    _false(
        "log_difference_false",
        "normalisation",
        lambda: holds("log(1 + x) - log(x) <= 1/(2*x)", where={"x": "(0, oo)"}),
        # x = 1: log 2 > 1/2 since e^(1/2) < 2 (e < 4).
        lambda: E.evalf(50) < 4 and math.log(2) > 0.5,
        frozenset({REFUTED, UNKNOWN}),
    ),
    _false(
        "log_difference_unassumed",
        "normalisation",
        lambda: holds(
            "log(a) - log(b) <= eps", where={"a": "(0, oo)", "b": "(0, oo)", "eps": "(0, oo)"}
        ),
        # a = 3, b = 1, eps = 1: log 3 > 1 since e < 3.
        lambda: bool(sympy.E < 3),
        frozenset({REFUTED, UNKNOWN}),
    ),
    _false(
        "log_difference_sign_unknown",
        "normalisation",
        lambda: holds("log(x**2) - log(x**2 + 1) >= -1/2", assuming=["x != 0"]),
        # x = 1/10: x^2 / (x^2 + 1) = 1/101 < e^(-1/2) (since e < 101^2).
        lambda: bool(sympy.E < 101**2),
        frozenset({REFUTED, UNKNOWN}),
    ),
    _true(
        "log_difference_cleared",
        "normalisation",
        lambda: holds(
            "log(a) - log(b) <= eps",
            where={"a": "(0, oo)", "b": "(0, oo)", "eps": "(0, oo)"},
            assuming=["a <= exp(eps)*b"],
        ),
        frozenset({PROVED}),
    ),
    _true(
        "log_ratio_bound",
        "normalisation",
        lambda: holds("log(1 + x) - log(x) <= 1/x", where={"x": "(0, oo)"}),
        frozenset({PROVED, UNKNOWN}),
    ),
]

__all__ = ["CASES", "NOT_PROVED", "Case"]
