"""Other notations papers use (issue 28, item 5): each input's verdict, and each decided one
checked by exact code written here by hand, independent of the reader (sympy with evaluation on,
the expression typed from the mathematics, not from the reader's translation).

``proved`` rows: the hand-written statement holds (an identity simplifies to 0; an inequality is
checked exactly on a grid of rational points of its domain) and the reader's reading of each
side equals the hand-written side. ``refuted`` rows: the hand-written statement is false at the
given exact point. Other rows: refused (not checked or ambiguous), with the reason's key words.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy as sp

from dpproofs.claim import Deadline
from dpproofs.steps.check import check_steps
from dpproofs.steps.derivation import read_derivation
from dpproofs.symbolic.written import read_formula

a, b, n, x, y = sp.symbols("a b n x y", real=True)
XP, P_HAT = sp.symbols("x_prime p_hat", real=True)
POS = "(0, oo)"

#: (latex, where, expected, hand-written (lhs, relation, rhs) or the reason's words)
CASES: list[tuple[str, dict[str, str], str, object]] = [
    (r"\exp(\ln x) = x", {"x": POS}, "proved", (sp.exp(sp.log(x)), "==", x)),
    (
        r"\left( a + b \right)^2 = a^2 + 2ab + b^2",
        {},
        "proved",
        ((a + b) ** 2, "==", a**2 + 2 * a * b + b**2),
    ),
    (r"a \cdot b = ab", {}, "proved", (a * b, "==", a * b)),
    (r"\tfrac{1}{2} \cdot 2 = 1", {}, "proved", (sp.Rational(1, 2) * 2, "==", 1)),
    (r"\dfrac{x}{2} + \dfrac{x}{2} = x", {}, "proved", (x / 2 + x / 2, "==", x)),
    (r"e^{\ln 2} = 2", {}, "proved", (sp.exp(sp.log(2)), "==", 2)),
    (r"2^{-1} = 0.5", {}, "proved", (sp.Rational(1, 2), "==", sp.Rational(1, 2))),
    (
        r"\ln\left(1 + \frac{1}{n}\right) \le \frac{1}{n}",
        {"n": POS},
        "proved",
        (sp.log(1 + 1 / n), "<=", 1 / n),
    ),
    (r"\min\{a, b\} \le \frac{a+b}{2}", {}, "proved", (sp.Min(a, b), "<=", (a + b) / 2)),
    (r"e^{x} e^{-x} = 1", {}, "proved", (sp.exp(x) * sp.exp(-x), "==", 1)),
    (r"x \cdot\! y = y x", {}, "proved", (x * y, "==", y * x)),
    (r"\frac{a}{b}\frac{b}{a} = 1", {"a": POS, "b": POS}, "proved", (a / b * (b / a), "==", 1)),
    (r"\sqrt{x^2} = |x|", {}, "proved", (sp.sqrt(x**2), "==", sp.Abs(x))),
    (r"\lvert x \rvert \ge 0", {}, "proved", (sp.Abs(x), ">=", 0)),
    (
        r"\left\lvert a - b \right\rvert = \vert b - a \vert",
        {},
        "proved",
        (sp.Abs(a - b), "==", sp.Abs(b - a)),
    ),
    # TeX prints "2 3" as 23: read as TeX prints it, and 23 = 6 is false
    (r"2 3 = 6", {}, "refuted", ({}, sp.Integer(23), "==", sp.Integer(6))),
    (
        r"\int_0^1 x \, \mathrm{d}x = \frac{1}{2}",
        {},
        "proved",
        (sp.Rational(1, 2), "==", sp.Rational(1, 2)),
    ),
    (r"\int_0^1 \frac{1}{x} \, dx = 1", {}, "not-checked", "smooth"),  # 1/x: not integrable
    (r"f'(x) = 2x", {}, "ambiguous", "a function applied"),  # a derivative or a product?
    # a new variable x' (x_prime), never x >= x: false at x' = 0, x = 1
    (r"x' \ge x", {}, "refuted", ({XP: 0, x: 1}, XP, ">=", x)),
    (r"\|x\|_1 \le \|x\|_2", {}, "not-checked", "\\|"),
    (r"\mathbb{E} X = \mu", {}, "not-checked", "without its argument in brackets"),
    (r"\frac{\mathrm{d}}{\mathrm{d}x} x^2 = 2x", {}, "not-checked", "\\mathrm"),
    (r"\sqrt[3]{8} = 2", {}, "not-checked", "square roots"),
    (r"\log_2 8 = 3", {}, "not-checked", "_"),
    (r"x^{\prime} \ge x", {}, "not-checked", "\\prime"),
    # \log(x)^2 = 2 \log x is the log rule if the square is inside, false if outside
    (r"\log(x)^2 = 2\log x", {"x": POS}, "ambiguous", "(\\log x)^{2}"),
    (r"\exp\left(x\right)^2 = e^{2x}", {}, "ambiguous", "\\exp(...)^"),
    (r"1{,}000 = 1000", {}, "not-checked", ","),
    # Euler's identity: i is the imaginary unit to a reader (it was refuted at i = 0)
    (r"e^{i\pi} + 1 = 0", {}, "ambiguous", "imaginary unit"),
    (r"\exp(i t x) = \exp(i x t)", {}, "ambiguous", "imaginary unit"),
    (
        r"e^{-x_i} e^{x_{i}} = 1",
        {},
        "proved",
        (sp.exp(-sp.Symbol("x_i", real=True)) * sp.exp(sp.Symbol("x_i", real=True)), "==", 1),
    ),
    (
        r"e^{-k\varepsilon} \le 1",
        {"epsilon": POS, "k": POS},
        "proved",
        (sp.exp(-sp.Symbol("k", real=True) * sp.Symbol("epsilon", real=True)), "<=", 1),
    ),
]


def _holds(lhs: sp.Expr, relation: str, rhs: sp.Expr, point: dict[sp.Symbol, sp.Expr]) -> bool:
    left, right = sp.sympify(lhs).subs(point), sp.sympify(rhs).subs(point)
    return bool({"==": sp.Eq, "<=": sp.Le, ">=": sp.Ge}[relation](left, right))


def _grid(where: dict[str, str], names: set[sp.Symbol]) -> list[dict[sp.Symbol, sp.Expr]]:
    values = [Fraction(k, 3) for k in range(-9, 10)]
    points: list[dict[sp.Symbol, sp.Expr]] = [{}]
    for symbol in sorted(names, key=str):
        allowed = [v for v in values if where.get(str(symbol)) != POS or v > 0]
        points = [{**p, symbol: sp.Rational(v.numerator, v.denominator)} for p in points
                  for v in allowed[::2]]  # fmt: skip
    return points


@pytest.mark.parametrize(("latex", "where", "expected", "hand"), CASES, ids=[c[0] for c in CASES])
def test_other_notations(latex: str, where: dict[str, str], expected: str, hand: object) -> None:
    derivation = read_derivation(latex, where=where)
    (step,) = derivation.steps
    (result,) = check_steps(derivation, Deadline(20))
    got = "ambiguous" if result.reason.startswith("ambiguous") else result.status
    assert got == expected, (step.statement, result.reason)
    if expected == "proved":
        lhs, relation, rhs = hand  # type: ignore[misc]
        if relation == "==":
            assert sp.simplify(sp.sympify(lhs) - sp.sympify(rhs)) == 0
        else:
            names = sp.sympify(lhs).free_symbols | sp.sympify(rhs).free_symbols
            assert all(_holds(lhs, relation, rhs, p) for p in _grid(where, names))
        # the reader read each side as the hand-written one
        read = read_formula(step.statement)
        for mine, theirs in ((lhs, read.lhs), (rhs, read.rhs)):
            theirs = theirs.subs({s: sp.Symbol(str(s), real=True) for s in theirs.free_symbols})
            assert sp.simplify(sp.sympify(theirs).doit() - sp.sympify(mine)) == 0
    elif expected == "refuted":
        point, lhs, relation, rhs = hand  # type: ignore[misc]
        assert not _holds(lhs, relation, rhs, point)
    else:
        assert str(hand) in result.reason and step.statement is None


def test_max_with_parentheses_is_read_as_with_braces() -> None:
    # \max\left(a, b\right), as OpenDP's proofs write it, was refused ("expected '\{'")
    sides = [
        read_derivation(t).steps[0].lhs
        for t in (r"\max\left(a, b\right) \ge a", r"\max\{a, b\} \ge a")
    ]
    assert sides == ["Max(a, b)", "Max(a, b)"]
