"""Notation papers use that the reader once refused (issue 28, helper D2): a chain continued
across displays, a maximum over a listed set, an evaluation bar, \\Pr and \\mathbb{E} as opaque
numbers, decorated names, a/b/c. Each is read as a reader of the paper reads it, or refused
with the way to write it; the two substitution rules are checked against brute force (sympy
with evaluation on, the value computed here by hand) on generated expressions of their shape.
Every test here failed before these readings (the constructs were refused or misread)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.claim import Deadline
from dpproofs.steps.check import check_steps
from dpproofs.steps.derivation import read_derivation
from dpproofs.steps.latex import NotUnderstood, read_expression, to_claim_syntax
from dpproofs.steps.lexer import tokens
from dpproofs.symbolic.written import read_formula

x, p = sp.symbols("x p", real=True)
coefficients = st.integers(-4, 4)
small = st.fractions(min_value=-3, max_value=3, max_denominator=4)


def value(text: str, at: dict[str, Fraction]) -> sp.Expr:
    """The reading ``text`` (claim syntax) evaluated exactly at ``at`` (sympy, evaluation on)."""
    expr = read_formula(f"({text}) == 0").lhs
    point = {
        s: sp.Rational(at[str(s)].numerator, at[str(s)].denominator) for s in expr.free_symbols
    }
    return sp.simplify(sp.sympify(str(expr)).subs({sp.Symbol(str(k)): v for k, v in point.items()}))


def latex_polynomial(cs: list[int], variable: str) -> tuple[str, object]:
    """c0 + c1 v + c2 v^2 as LaTeX (each coefficient braced), and as a function of v, p."""
    text = " + ".join(f"({c}) {variable}^{{{k}}} p" if k else f"({c})" for k, c in enumerate(cs))
    return text, lambda v, q: sum(c * v**k * (q if k else 1) for k, c in enumerate(cs))


@settings(max_examples=40, deadline=None)
@given(st.lists(coefficients, min_size=1, max_size=3), st.lists(small, min_size=1, max_size=3),
       small)  # fmt: skip
def test_a_max_over_a_listed_set_is_the_max_of_the_body_at_each_element(
    cs: list[int], elements: list[Fraction], q: Fraction
) -> None:
    body, f = latex_polynomial(cs, "y")
    listed = ", ".join(f"\\frac{{{e.numerator}}}{{{e.denominator}}}" for e in elements)
    for operator, pick in (("max", max), ("sup", max), ("min", min), ("inf", min)):
        reading = to_claim_syntax(
            f"\\{operator}_{{y \\in \\{{{listed}\\}}}} \\left( {body} \\right)"
        )
        assert value(reading, {"p": q}) == pick(f(e, q) for e in elements)  # type: ignore[operator]


@settings(max_examples=40, deadline=None)
@given(st.lists(coefficients, min_size=1, max_size=3), small, small, small)
def test_an_evaluation_bar_is_the_difference_of_the_values_at_its_bounds(
    cs: list[int], low: Fraction, high: Fraction, q: Fraction
) -> None:
    body, f = latex_polynomial(cs, "x")
    bounds = [f"\\frac{{{b.numerator}}}{{{b.denominator}}}" for b in (low, high)]
    reading = to_claim_syntax(f"\\left. {body} \\right|_{{x={bounds[0]}}}^{{{bounds[1]}}}")
    assert value(reading, {"p": q}) == f(high, q) - f(low, q)  # type: ignore[operator]


@pytest.mark.parametrize(
    ("latex", "token", "says"),
    [
        (r"\max_{y \in \{0, 1\}} y + y", r"\max", "after the body"),  # is the last y inside?
        (r"\max_{i \in \{0, 1\}} x_i", "i", "part of a name"),  # x_i: the i-th x or a name?
        (r"\left. x \right|_0^1", r"\right|", "which variable"),
        (r"\left. e^{-x} \right|_{x=0}^{\infty}", r"\infty", "limit"),
        (r"a/b/c", "/", "(a/b)/c or as a/(b/c)"),
        (r"\varepsilon / 2 / n", "/", "write"),
        (r"\mathbb{E} X", r"\mathbb{E}", "in brackets"),
        (r"\mathbb{R}", r"\mathbb", "not understood"),
        (r"\hat{f}(x)", r"\hat{f}(", "function applied"),
        (r"f'(x)", "f'(", "function applied"),
        (r"x^{*}^2", "^", "double superscript"),
        (r"x_{hat}", "_hat", "spells a decoration"),  # the name \hat{x} is read to
        (r"\hat{xy}", r"\hat{xy}", "one letter"),
        # a bold letter is a vector: read as a number, (x . y)^2 = x^2 y^2 would be proved
        (r"(\mathbf{x} \cdot \mathbf{y})^2", r"\mathbf", "vector"),
        (r"\boldsymbol{\theta}", r"\boldsymbol", "vector"),
    ],
)
def test_what_is_not_read_is_refused_with_why(latex: str, token: str, says: str) -> None:
    with pytest.raises(NotUnderstood) as caught:
        to_claim_syntax(latex)
    assert caught.value.token == token and says in str(caught.value)


@pytest.mark.parametrize(
    ("latex", "reading"),
    [
        (r"\hat{p} + \hat p + \widehat{p}", "p_hat + p_hat + p_hat"),
        (r"\tilde{\varepsilon} + \bar{x}_i", "epsilon_tilde + x_bar_i"),
        (r"\mathcal{M} + \mathcal M", "M_cal + M_cal"),
        (r"x' + x'' + x'_i + x_i'", "x_prime + x_prime_prime + x_prime_i + x_i_prime"),
        (r"x^* + x^{*} + {x^*}^2", "x_star + x_star + ((x_star))**(2)"),
        (r"\sigma' x", "sigma_prime*x"),
        (r"\max\{a, b\} + \sup(a, b) + \inf\{a\}", "Max(a, b) + Max(a, b) + (a)"),
    ],
)
def test_decorated_letters_are_names_of_their_own(latex: str, reading: str) -> None:
    assert to_claim_syntax(latex) == reading


def test_a_name_before_an_expression_in_parentheses_is_an_unknown_value() -> None:
    # a function's value or a product (issue 28, ADV2): one unknown number per application, so a
    # step is proved only when it holds for every value (under both readings), never refuted
    for latex in (r"\delta (0)", r"F_X (x - 1)", r"\sigma(2)", r"{\delta}(1 + x)"):
        assert re.fullmatch(r"Ap_[0-9a-f]{16}", to_claim_syntax(latex)), latex


def test_an_evaluation_bar_keeps_the_absolute_value_bars_apart() -> None:
    assert tokens(r"\left| x \right| + \left. y \right|_{y=0}^{1}") == [
        "|", "x", "|", "+", "\\left.", "y", "\\right|", "_", "{", "y", "=", "0", "}", "^", "{",
        "1", "}",
    ]  # fmt: skip
    assert tokens(r"\left. x \right) + \left. y \right.") == ["x", ")", "+", "y"]
    assert to_claim_syntax(r"\left| \left. x^2 \right|_{x=0}^{a} \right|") == (
        "Abs(((((a))**(2)) - (((0))**(2))))"
    )


def test_the_same_opaque_text_is_the_same_number_and_another_text_another() -> None:
    one = read_expression(r"\Pr[M(x) \in S] + \Pr\left[ M(x)\in S \right]")
    other = read_expression(r"\Pr[M(x') \in S]")
    (name,) = {n for n, _ in one.opaque}
    assert one.text == f"{name} + {name}" and one.conditions == (f"{name} >= 0",)
    assert other.opaque[0][0] != name
    expectation = read_expression(r"\mathbb{E}_{x \sim P}[X] + \E[X] + \mathbb{E}(X)")
    assert len(expectation.opaque) == 3 and expectation.conditions == ()  # any real number


def results(block: str, **kwargs: object) -> list[tuple[str, str]]:
    derivation = read_derivation(block, **kwargs)  # type: ignore[arg-type]
    return [(r.status, r.reason) for r in check_steps(derivation, Deadline(30))]


def test_an_opaque_quantity_proves_what_holds_for_every_value_and_never_refutes() -> None:
    (proved,) = results(r"\mathbb{E}[X] + 1 - 1 = \mathbb{E}[X]")
    assert proved[0] == "proved" and r"\mathbb{E}[X] as Ex_" in proved[1]
    # E[2X] = 2 E[X] holds by linearity (proved on the linear normal form), E[aX] = a E[X] not
    # for two arbitrary numbers (a may be random): not checked
    (linear,) = results(r"\mathbb{E}[2X] = 2\mathbb{E}[X]")
    assert linear[0] == "proved" and "for integrable quantities" in linear[1]
    (scaled,) = results(r"\mathbb{E}[aX] = a\mathbb{E}[X]")
    assert scaled[0] == "not-checked" and "--map '\\mathbb{E}[aX]'" in scaled[1]
    # a false step through an opaque quantity is not refuted either (not checked)
    (false,) = results(r"\Pr[A] \ge 2")
    assert false[0] == "not-checked"
    # a probability (or a density: papers write \Pr[M(x) = y] for one) is >= 0, not always <= 1
    assert results(r"\Pr[A] \ge 0")[0][0] == "proved"
    assert results(r"\Pr[A] \le 1")[0][0] == "not-checked"
    assert results(r"\mathbb{E}[X] \le 1")[0][0] == "not-checked"
    # E[X - E[X]] = 0 was refuted at E = 1 (issue 28, class 1): Pr[, P[, E[ without a backslash
    # are opaque too, and never refuted
    (centred,) = results(r"E[X - E[X]] = 0")
    assert centred[0] == "not-checked" and "E[X-E[X]]" in centred[1]
    assert results(r"Pr[A] \ge 0")[0][0] == "proved"
    assert results(r"P[A] \ge 0")[0][0] == "not-checked"  # a letter P: not known a probability


def test_a_display_opening_with_a_relation_continues_the_chain_across_prose() -> None:
    text = "\\[ (x+1)^2 \\]\nwhich expands to\n\\[ = x^2 + 2x + 1 \\]\nand\n\\[ \\ge 2x + 1 \\]"
    derivation = read_derivation(text)
    assert [s.latex for s in derivation.steps] == ["(x+1)^2 = x^2+2x+1", "x^2+2x+1 \\ge 2x+1"]
    assert [s.justification for s in derivation.steps] == [
        "continues the chain of the display at line 1",
        "continues the chain of the display at line 3",
    ]
    assert derivation.chain() is not None and len(derivation.statements()) == 1
    # a display that starts with its own left side is still a new statement
    assert len(read_derivation("\\[ x = x \\] and \\[ y \\ge y \\]").statements()) == 2


def test_inline_maths_before_a_display_opening_with_a_relation_is_ambiguous() -> None:
    (step,) = read_derivation("\\[ x + 1 \\] where $y = x$, \\[ = 1 + x \\]").steps
    assert (
        step.statement is None
        and step.problem.startswith("ambiguous")
        and "$y = x$" in (step.problem)
    )
    # the first display opening with a relation has nothing to continue
    (alone,) = read_derivation("Then \\[ = 1 + x \\]").steps
    assert alone.statement is None


def test_a_new_name_alone_on_the_left_of_equals_may_be_a_definition_never_refuted() -> None:
    (definition,) = results(r"\hat{p} = \frac{\bar{y} - q}{2}")
    assert definition[0] == "not-checked" and definition[1].startswith("ambiguous: ")
    # the name on both sides: an equation, refuted as one
    assert results(r"\hat{p} = \hat{p} + 1")[0][0] == "refuted"
    # not the first step of its statement: a link of a chain, refuted as one
    assert [s for s, _ in results(r"x = x \le x - 1")] == ["proved", "refuted"]


@pytest.mark.parametrize(
    ("latex", "where", "fails"),
    [
        # x^2/2 from 0 to t is t^2/2, not t^2 (by hand)
        (r"\left. \frac{x^2}{2} \right|_{x=0}^{t} = t^2", {"t": "(0, oo)"},
         lambda v: v > 0 and v**2 / 2 != v**2),
        # the min over {1, 2} of y (1 - p) is 1 - p, not 2 (1 - p) (by hand)
        (r"\min_{y \in \{1, 2\}} y \cdot (1 - p) = 2 (1 - p)", {"p": "[1/2, 1)"},
         lambda v: min(1 * (1 - v), 2 * (1 - v)) != 2 * (1 - v)),
    ],
)  # fmt: skip
def test_a_false_step_through_a_bar_or_a_listed_min_is_refuted_at_a_true_witness(
    latex: str, where: dict[str, str], fails: object
) -> None:
    (result,) = check_steps(read_derivation(latex, where=where), Deadline(30))
    assert result.status == "refuted" and result.witness is not None
    ((_, witness),) = result.witness.assignment
    assert fails(sp.Rational(witness))  # type: ignore[operator]


@settings(max_examples=25, deadline=None)
@given(st.lists(coefficients, min_size=1, max_size=3), st.integers(-2, 2), small, small, small)
def test_an_integral_is_its_value_by_quadrature(
    cs: list[int], rate: int, low: Fraction, high: Fraction, q: Fraction
) -> None:
    """(c0 + c1 x p + c2 x^2 p) e^{rate x} from low to high, read exactly, against mpmath's
    numerical quadrature of the integrand typed here."""
    body, f = latex_polynomial(cs, "x")
    bounds = [f"\\frac{{{b.numerator}}}{{{b.denominator}}}" for b in (low, high)]
    reading = to_claim_syntax(
        f"\\int_{{{bounds[0]}}}^{{{bounds[1]}}} \\left( {body} \\right) e^{{{rate} x}} \\, dx"
    )
    exact = value(reading, {"p": q})
    t = sp.Symbol("t", real=True)
    integrand = f(t, sp.Rational(q.numerator, q.denominator)) * sp.exp(rate * t)  # type: ignore[operator]
    numeric = sp.Integral(integrand, (t, sp.Rational(low), sp.Rational(high))).evalf(40)
    assert abs(sp.N(exact, 40) - numeric) < sp.Float("1e-30")


@pytest.mark.parametrize(
    ("latex", "says"),
    [
        (r"\int_0^1 \frac{1}{x} \, dx", "smooth"),  # divergent: never a value
        (r"\int_{-1}^{1} |x| \, dx", "smooth"),
        (r"\int_0^{\infty} e^{-x} \, dx", "improper"),
        (r"\int_0^1 e^{-x^2} \, dx", "closed form"),
        (r"\int x \, dx", "without bounds"),
        (r"\int_0^1 x", "differential"),
        (r"\int_0^1 d x \, dx", "a parameter d"),
        (r"\int_0^1 \int_0^1 x y \, dx \, dy", "nested integrals"),
        # \frac{d}{dx} x^2 was read as d/(d x) * x^2 = x: "x^2 has derivative 2x" refuted
        (r"\frac{d}{dx} x^2", "a derivative"),
        (r"\frac{df}{dx}", "a derivative"),
        (r"\frac{\varepsilon}{dn}", "write d \\cdot x"),
        # a function applied to the variable of integration is one unknown number: the
        # integral of a constant (tests/steps/test_latex_functions.py)
        (r"\int_0^1 f(x) \, dx", "depends on the variable x"),
        (r"\int_0^x x \, dx", "also in its bounds"),
    ],
)
def test_an_integral_not_read_exactly_is_refused(latex: str, says: str) -> None:
    with pytest.raises(NotUnderstood) as caught:
        to_claim_syntax(latex)
    assert says in str(caught.value)


def test_an_integral_with_a_parameter_rate_is_read_where_its_antiderivative_is_defined() -> None:
    where = {"lambda": "(0, oo)", "t": "(0, oo)"}
    (proved,) = results(r"\int_0^t \lambda e^{-\lambda x} \, dx = 1 - e^{-\lambda t}", where=where)
    assert proved[0] == "proved"
    (refuted,) = results(r"\int_0^1 x^2 \, dx = \frac{1}{2}")
    assert refuted[0] == "refuted"  # the integral is 1/3
