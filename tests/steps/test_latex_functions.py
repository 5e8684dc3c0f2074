"""Decimals with no leading digit and function application in LaTeX steps (issue 28, BLOCKERS.md):
``.5`` is the exact rational 1/2; ``score(x, 0, \\alpha)`` is a function applied to an argument
list, read as an opaque number (proved only when true for every value, never refuted)."""

from __future__ import annotations

import re

import pytest

from dpproofs.claim import Deadline
from dpproofs.steps.check import check_steps
from dpproofs.steps.derivation import read_derivation
from dpproofs.steps.latex import NotUnderstood, read_expression, to_claim_syntax
from dpproofs.steps.rows import substitute


def statuses(block: str, **kwargs: object) -> list[str]:
    derivation = read_derivation(block, **kwargs)  # type: ignore[arg-type]
    return [r.status for r in check_steps(derivation, Deadline(30))]


@pytest.mark.parametrize(
    ("latex", "expected"),
    [(".5", "0.5"), (r".25 \cdot (5 - 1)", "0.25*(5 - 1)"), ("1.5", "1.5"), ("-.75x", "-0.75*x")],
)
def test_a_decimal_without_a_leading_digit_is_one_number(latex: str, expected: str) -> None:
    assert to_claim_syntax(latex) == expected


@pytest.mark.parametrize(
    ("block", "expected"),
    [
        # exact: 1/10 + 2/10 = 3/10, which binary floats (0.30000000000000004) would refute
        (r".1 + .2 = .3", "proved"),
        (r".1 + .2 = .31", "refuted"),  # 3/10 != 31/100
        (r"-|0 - .5 \cdot (5 - 1)| = -2", "proved"),  # OpenDP's quantile score example
        (r"-|1 - .25 \cdot (6 - 1)| = -0.25", "proved"),  # |1 - 5/4| = 1/4
        (r".5 x \le x", "refuted"),  # x/2 <= x fails at x = -1
    ],
)
def test_decimals_are_exact_rationals(block: str, expected: str) -> None:
    assert statuses(block) == [expected]


@pytest.mark.parametrize(
    ("block", "expected"),
    [
        # an argument list has no product reading: a function's value, one unknown number
        (r"score(x, 0, \alpha) - score(x, 0, \alpha) = 0", "proved"),
        (r"|f(x, y) - g(x, y)| \le |f(x, y)| + |g(x, y)|", "proved"),
        # one argument: a step proved for every value of f(x) holds for f's value and for f*x
        (r"f(x) - f(x) = 0", "proved"),
        (r"2 g(y) \ge g(y) + g(y)", "proved"),
        (r"\epsilon(\alpha) + 1 > \epsilon(\alpha)", "proved"),
        (r"exp(x) \ge 1 + x", "proved"),  # exp( written without a backslash is exp
        (r"exp\left(x\right) > 0", "proved"),
    ],
)
def test_a_step_true_for_every_function_is_proved(block: str, expected: str) -> None:
    assert statuses(block) == [expected]


@pytest.mark.parametrize(
    "block",
    [
        # false for some function (or some product): never proved, never refuted either
        r"f(x + y) = f(x) + f(y)",  # additivity: false for f = exp
        r"\Phi(x) + \Phi(-x) = 0",  # was proved as Phi*x + Phi*(-x) = 0
        r"\Phi(0) = 0",  # was proved as Phi*0 = 0
        r"score(x, 1, \alpha) = score(x, 0, \alpha)",
        # true for the meaning the author gives f or x: not refuted
        r"\Phi(x) + \Phi(-x) = 1",
        r"\Gamma(n+1) = n \Gamma(n)",
        r"x(y+1) = xy + x",  # x a number: a product, true
        r"score(x, 0, \alpha) = -|0 - .5 \cdot (5 - 1)|",  # OpenDP's definition evaluated
    ],
)
def test_a_step_about_a_function_that_fails_for_some_value_is_not_checked(block: str) -> None:
    derivation = read_derivation(block)
    (result,) = check_steps(derivation, Deadline(30))
    assert result.status == "not-checked"
    assert "--map '" in result.reason  # the way to give the function its meaning
    one_argument = "," not in block
    assert result.reason.startswith("ambiguous") is one_argument  # f(x): a product too


def test_the_same_application_is_the_same_number_and_others_are_not() -> None:
    one = read_expression(r"score(x, 0, \alpha)")
    assert read_expression(r"score(x,0,\alpha)").text == one.text  # spacing aside
    assert read_expression(r"score(x, 1, \alpha)").text != one.text
    assert one.opaque == ((one.text, r"score(x,0,\alpha)"),)


@pytest.mark.parametrize(
    ("latex", "says"),
    [
        # the product binds otherwise than the application: (f(x))^2 or f x^2?
        (r"f(x)^2", "bind differently beside ^"),
        (r"a/f(x)", "bind differently beside /"),
        (r"\log f(x)", "bind differently beside \\log"),
        # a bound variable inside an application: the body would read as a constant
        (r"\sum_{i=1}^{n} f(i)", "depends on the variable i"),
        (r"\sum_{i=1}^{n} \Pr[X = i]", "depends on the variable i"),
        # not a number-valued function: Landau's O, distributions
        (r"e^{O(\epsilon)}", "not a number"),
        (r"\Theta(n)", "not a number"),
        (r"Lap(b) + Lap(b)", "not a number"),
        (r"N(0, \sigma^2)", "not a number"),
        (r"KL_1(p, q)", "function KL_1 or K times"),
    ],
)
def test_an_application_that_could_be_misread_is_refused(latex: str, says: str) -> None:
    with pytest.raises(NotUnderstood, match=re.escape(says)):
        read_expression(latex)


def test_a_sum_of_an_application_was_proved_as_a_constant_sum() -> None:
    # \sum_{i=1}^{2} f(i) read as 2 f(i) would prove this false step (f(1) = 0, f(2) = 1)
    (result,) = check_steps(read_derivation(r"\sum_{i=1}^{2} f(i) = 2 f(i)"), Deadline(30))
    assert result.status == "not-checked"


def test_a_step_meaningless_at_some_value_of_an_application_is_not_checked() -> None:
    # ln(1 + q(e^eps - 1)) is undefined at q(...) = -2, a value the author's q may never take:
    # this was "unknown: the claim is meaningless"
    derivation = read_derivation(
        r"\ln(1+q(e^{\varepsilon}-1)) \le q(e^{\varepsilon}-1)", assume=[r"\varepsilon > 0"]
    )
    (result,) = check_steps(derivation, Deadline(30))
    assert result.status == "not-checked" and result.reason.startswith("ambiguous")
    assert "q \\cdot (e^{\\varepsilon}-1)" in result.reason


@pytest.mark.parametrize(
    "latex", [".5.5", "2.5.5", r".5 \, .5", "x.5", "x_{1}.5", r"x^{2}.5", r"\frac{1}{2}.5", "|x|.5"]
)
def test_a_decimal_glued_to_a_number_or_a_name_is_refused(latex: str) -> None:
    # fails before: .5.5 was read as (1/2)(1/2), x.5 as x/2
    with pytest.raises(NotUnderstood, match="a decimal next to a number or a name"):
        to_claim_syntax(latex)


@pytest.mark.parametrize("latex", ["1e-5", "2e3", "1.5e+3"])
def test_scientific_notation_is_ambiguous(latex: str) -> None:
    with pytest.raises(NotUnderstood, match=r"ambiguous: .* power of ten"):
        to_claim_syntax(latex)


@pytest.mark.parametrize(("latex", "text"), [(r"2 \cdot .5", "2*0.5"), ("(.5)", "(0.5)")])
def test_a_decimal_after_an_operator_is_read(latex: str, text: str) -> None:
    assert to_claim_syntax(latex).replace(" ", "") == text


@pytest.mark.parametrize(
    ("latex", "message"),
    [
        ("g(x)(y)", "ambiguous: g(x)(y) is a curried application"),
        ("g(x, 1)(y + 1)", "is a curried application"),
        ("poly(n)", "not a number"),
        ("polylog(n)", "not a number"),
        (r"\omega(1)", "not a number"),
        (r"\Theta(n)", "not a number"),
        ("U(0, 1)", "not a number"),
        ("negl(n)", "not a number"),
    ],
)
def test_curried_applications_and_landau_classes_are_refused(latex: str, message: str) -> None:
    # fails before: g(x)(y) was read as g(x)*y, poly(n) and \omega(1) as numbers
    with pytest.raises(NotUnderstood, match=re.escape(message)):
        to_claim_syntax(latex)


@pytest.mark.parametrize("latex", ["exp 0", "cos 0", "log 1", "ln e", "x log y", "2 sqrt x"])
def test_a_function_name_without_a_backslash_is_ambiguous(latex: str) -> None:
    # fails before: exp 0 was read as E*x*p*0
    with pytest.raises(NotUnderstood, match="without a backslash"):
        to_claim_syntax(latex)


def test_a_function_name_without_a_backslash_before_a_parenthesis_is_the_function() -> None:
    assert to_claim_syntax("exp(x)") == to_claim_syntax(r"\exp(x)")


@pytest.mark.parametrize(
    ("latex", "same"),
    [
        (r"{f}(x)", "f(x)"),
        (r"f{(x)}", "f(x)"),
        (r"\Gamma{(n+1)}", r"\Gamma(n+1)"),
        (r"{\delta}(0)", r"\delta(0)"),
        (r"\delta (0)", r"\delta(0)"),
        (r"\delta\left(0\right)", r"\delta(0)"),
    ],
)
def test_braces_and_spacing_around_an_application_are_the_application(
    latex: str, same: str
) -> None:
    # fails before: {f}(x) was read as the product f*x
    assert to_claim_syntax(latex) == to_claim_syntax(same)
    assert to_claim_syntax(same).startswith("Ap_")


@pytest.mark.parametrize(
    "latex", [r"\delta(0)", "F_X(2)", r"\delta_{M}(1)", r"\pi(10)", r"\epsilon(\hat\alpha)"]
)
def test_any_name_before_a_parenthesis_is_one_unknown_value(latex: str) -> None:
    # fails before: \delta(0) was read as delta*0, F_X(2) as F_X*2
    assert re.fullmatch(r"Ap_[0-9a-f]{16}", to_claim_syntax(latex))


def test_an_unbraced_mathcal_subscript_is_one_name() -> None:
    # fails before: \delta_\mathcal{M} read as delta_mathcal * M
    assert to_claim_syntax(r"\delta_\mathcal{M}") == to_claim_syntax(r"\delta_{mathcalM}")


def test_a_mapped_value_is_one_factor_never_an_argument() -> None:
    # --map H => (a + b) on "\lambda H": the value is one group, lambda times (a + b); with one
    # pair of braces it printed as \lambda{(a + b)}, which TeX shows as \lambda(a + b) and the
    # reader read as lambda applied to a + b (theorems/derivations/cuff_yu_lemma11.py, (124)).
    mapped = substitute(r"\lambda H", {"H": "(a + b)"})
    assert to_claim_syntax(mapped) == "lamda*(((a + b)))"
    # a name mapped to a name stays applied: {\Psi}(x) is \Psi(x)
    assert substitute(r"\Phi(x)", {r"\Phi": r"\Psi"}) == r"{\Psi}(x)"
