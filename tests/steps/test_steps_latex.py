"""The LaTeX reader: every trap of issue 17, pinned to its exact translation or refusal."""

from __future__ import annotations

import pytest
import sympy

from dpproofs.steps.derivation import read_derivation
from dpproofs.steps.latex import NotUnderstood, to_claim_syntax
from dpproofs.steps.rows import read_rows, substitute
from dpproofs.symbolic.written import read_formula


def value(latex: str, **at: object) -> sympy.Expr:
    """The translation read back by read_formula (as a relation with 0) and evaluated at ``at``."""
    formula = read_formula(f"{to_claim_syntax(latex)} == 0")
    expr = formula.lhs.doit()
    return sympy.nsimplify(expr.subs({sympy.Symbol(k, real=True): v for k, v in at.items()}))


@pytest.mark.parametrize(
    ("latex", "expected"),
    [
        (r"\log x", "log(x)"),  # natural log, never base 10
        (r"\ln(1 + x)", "log(1 + x)"),
        (r"(\log 3) \cdot x", "(log(3))*x"),  # unparenthesised: ambiguous (test_latex_crosscheck)
        (r"e", "E"),  # Euler's number
        (r"e^{a + b}", "exp((a + b))"),
        (r"e^x", "exp(x)"),
        (r"\exp\left(-\frac{t}{2}\right)", "exp(-((t)/(2)))"),
        (r"\left| a - b \right|", "Abs(a - b)"),
        (r"|a| + |b|", "Abs(a) + Abs(b)"),
        (r"\bar{\epsilon}", "epsilon_bar"),
        (r"\epsilon", "epsilon"),
        (r"\varepsilon", "epsilon"),
        (r"2 \cdot x", "2*x"),
        (r"\frac{a}{b}", "((a)/(b))"),
        (r"x_{12} y_i", "x_12*y_i"),
        (r"x^2", "(x)**(2)"),
        (r"\sqrt{x}", "sqrt(x)"),
        (r"\max\{a, b\}", "Max(a, b)"),
        (r"\lambda", "lamda"),  # a Python keyword, renamed
        (r"E", "E_"),  # a parameter, not Euler's number
        (r"\pi", "pi"),
        (r"2\,x", "2*x"),
    ],
)
def test_translation(latex: str, expected: str) -> None:
    assert to_claim_syntax(latex) == expected


def test_log_is_natural_and_e_is_euler() -> None:
    # ln(e) = 1 exactly: a base-10 log or a symbol 'e' would not give 1.
    assert value(r"\log e") == 1
    assert value(r"\ln(e^{2})") == 2


@pytest.mark.parametrize(
    ("latex", "token"),
    [
        (r"f(x)^2", "f("),  # (f(x))^2 or f x^2: the application and the product bind otherwise
        (r"\Pr x", r"\Pr"),  # \Pr[...] is opaque (test_latex_binders.py); no bracket, refused
        (r"\sum x_i", r"\sum"),  # no variable under it
        (r"\text{Lap}", r"\text"),
        (r"\log^2 x", r"\log^"),
        (r"\sqrt[3]{x}", r"\sqrt["),
        (r"x^-1", "-"),
        (r"x_{-i}", "-i"),
    ],
)
def test_refused_with_token(latex: str, token: str) -> None:
    with pytest.raises(NotUnderstood) as caught:
        to_claim_syntax(latex)
    assert caught.value.token == token


def test_mapping_longest_key_first_and_nested() -> None:
    mapping = {r"\Pr[\mathcal{M}(x) = z]": r"p(x)", "p(x)": "q", "x": "y"}
    # the long key wins over "x"; its value (one group: double braces) uses the key p(x),
    # substituted in the next round (a name for a name: single braces)
    assert substitute(r"\Pr[\mathcal{M}(x) = z] + x", mapping) == "{{{q}}} + {y}"


def test_circular_mapping_is_refused() -> None:
    with pytest.raises(NotUnderstood):
        substitute("a", {"a": "a a"})


def test_rows_ampersands_and_justifications() -> None:
    block = r"""\begin{align*}
    a &= b && \text{(by (1))} \\
      &\le c \nonumber \\
      &= d.
    \end{align*}"""
    rows = read_rows(block)
    assert [r.latex for r in rows] == ["a = b", r"\le c", "= d"]
    assert [r.justification for r in rows] == ["(by (1))", "", ""]


def test_eqnarray_row_start_relation_and_steps() -> None:
    block = r"""\begin{eqnarray}
    x + x & = & 2x \label{eq:1} \\
    & \leq & 3x \quad \text{since $x \ge 0$}
    \end{eqnarray}"""
    derivation = read_derivation(block)
    steps = derivation.steps
    assert [(s.lhs, s.relation.value if s.relation else None, s.rhs) for s in steps] == [
        ("x + x", "==", "2*x"),
        ("2*x", "<=", "3*x"),
    ]
    assert steps[1].justification == "since x \\ge 0"  # math delimiters dropped


def test_approx_is_not_checked() -> None:
    steps = read_derivation(r"a \approx b \le c").steps
    assert steps[0].relation is None and "approx" in steps[0].problem
    assert steps[1].relation is not None and steps[1].problem == ""


def test_unreadable_expression_marks_both_neighbouring_steps() -> None:
    steps = read_derivation(r"a = f(x)^2 = b \le c").steps
    assert [bool(s.problem) for s in steps] == [True, True, False]
    assert "'f('" in steps[0].problem


@pytest.mark.parametrize(
    ("latex", "expected"),
    [
        (r"\frac1{n}", "((1)/(n))"),  # a single-token numerator, as papers type it
        (r"\tfrac\delta{1+\delta}", "((delta)/(1 + delta))"),
        (r"a\ b", "a*b"),  # a control space is spacing
    ],
)
def test_translation_of_short_forms(latex: str, expected: str) -> None:
    assert to_claim_syntax(latex) == expected


def test_frac_with_two_digit_token_is_refused() -> None:
    with pytest.raises(NotUnderstood) as caught:
        to_claim_syntax(r"\frac12")
    assert caught.value.token == "12"


def test_overset_labels_are_dropped_from_relations() -> None:
    rows = read_rows(r"a \overset{(a)}\le b \stackrel{(b)}{=} c")
    assert rows[0].latex == "a \\le b = c"
