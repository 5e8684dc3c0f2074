"""The false alarms of the verbatim corpus (issue 28), one trap per class: a display the text
states as a definition, a condition or a case is not a claim for every value, a name a display
defines is not a free parameter, and a name (a Greek letter, a subscripted letter) before a
parenthesised name is a function applied to it or a product. Each refuted a true step before
dpproofs/steps/displays.py and ``_symbol`` in dpproofs/steps/latex.py (any name before "(")."""

from __future__ import annotations

import pytest

from dpproofs.claim import Deadline
from dpproofs.steps.check import check_steps
from dpproofs.steps.derivation import read_derivation
from dpproofs.steps.latex import to_claim_syntax
from dpproofs.verdict import StepResult


def results(block: str, **kwargs: object) -> tuple[StepResult, ...]:
    return check_steps(read_derivation(block, **kwargs), Deadline(30))  # type: ignore[arg-type]


def test_a_display_defining_a_name_is_a_definition_not_a_claim_for_every_value() -> None:
    # delta = e^tau / 2 is refuted at delta = 0 as a claim for every delta; the theorem defines it
    text = (
        "Then $M$ is DP for\n\\begin{equation}\n\\delta = \\frac{e^{\\tau}}{2}\n\\end{equation}\n"
    )
    (defined,) = results(text)
    assert defined.status == "not-checked"
    assert defined.reason.startswith("defines delta") and "--assume" in defined.reason
    # with the definition passed as --assume the display is a claim the reader checks
    (assumed,) = results(text, assume=[r"\delta = e^{\tau}/2"])
    assert assumed.status == "proved"
    # a chain headed by a name the right side uses is not a definition: its false step is refuted
    (_, false_step) = results(r"\begin{align} x &= x + 0 \\ &\le x - 1 \end{align}")
    assert false_step.status == "refuted"


def test_a_lone_condition_or_case_display_is_not_refuted_but_a_chain_step_is() -> None:
    text = (
        "The curve is convex so long as\n\\begin{equation}\n\\delta < \\frac{1}{2}\n"
        "\\end{equation}\nOtherwise it is concave:\n"
        "\\begin{equation}\n1 - \\delta \\le \\frac{1}{2} \\le 1\n\\end{equation}\n"
    )
    condition, in_the_case, true_step = results(text)
    # refuted at delta = 1 as a claim for every delta; the prose states it as a condition
    assert condition.status == "not-checked"
    assert "stands alone between prose" in condition.reason and "fails at" in condition.reason
    # 1 - delta <= 1/2 holds in the prose's case (delta >= 1/2), fails at delta = 0
    assert in_the_case.status == "not-checked"
    assert "condition on delta" in in_the_case.reason
    assert true_step.status == "proved"
    # the same false step as a link of a chain, with no condition displayed before, is refuted
    _, refuted, _ = results(r"\begin{equation} x = 1 - \delta \le \frac{1}{2} \le 1 \end{equation}")
    assert refuted.status == "refuted"
    # a display with no prose around it is a claim; so is an identity of two expressions
    (bare,) = results(r"\[ \delta < \frac{1}{2} \]")
    assert bare.status == "refuted"
    identity_text = "Hence\n\\[ \\ln(a + b) = \\ln a + \\ln b \\]\n"
    (identity,) = results(identity_text, where={"a": "(0, oo)", "b": "(0, oo)"})
    assert identity.status == "refuted"


def test_a_case_stated_by_the_prose_is_not_refuted() -> None:
    text = "If $\\alpha < 1$ then:\n\\begin{equation}\n\\alpha = 1 - 2 \\sqrt{v}\n\\end{equation}\n"
    (case,) = results(text, assume=[r"v = (1 - \alpha)^2 / 4"])
    assert case.status == "not-checked" and "fails at" in case.reason


def test_a_name_a_display_defines_is_not_a_free_parameter_even_when_not_read() -> None:
    text = (
        "Let $D$ be the ratio\n\\begin{align}\nD &= \\frac{\\mathbb{P}[Y \\in S]}"
        "{\\mathbb{P}[Y' \\in S]}\n\\end{align}\ngiving\n"
        "\\begin{align*}\nD &\\le \\left(\\frac{2 - f}{f}\\right)^{2}\\\\ &= (2/f - 1)^2\n"
        "\\end{align*}\n"
    )
    definition, bound, identity = results(text, where={"f": "(0, 1]"})
    assert definition.status == "not-checked"  # \mathbb{P} is not read
    assert bound.status == "not-checked"
    # D's definition is substituted (dpproofs/steps/definitions.py): a ratio of unknowns
    assert "with the definition of D at line 3" in bound.reason
    assert identity.status == "proved"


@pytest.mark.parametrize(
    ("latex", "token"),
    [(r"\epsilon(\alpha)", r"\epsilon("), (r"F_A(Y)", "F_A("), (r"\rho_{1}(t)", r"\rho_{1}(")],
)
def test_a_name_before_a_parenthesised_name_is_ambiguous(latex: str, token: str) -> None:
    # read as a function's value (one unknown number): a step that fails for some value of it
    # is ambiguous (a product?), never refuted
    (result,) = results(f"{latex} \\le 1")
    assert result.status == "not-checked" and result.reason.startswith("ambiguous")
    assert "\\cdot" in result.reason  # the way to write a product
    # the --map the message suggests is the application as written, and it is read
    key = token + latex[len(token) :]
    assert f"--map '{key}'" in result.reason
    assert read_derivation(f"{latex} \\le 1", {latex: "r"}).steps[0].statement == "((r)) <= (1)"


@pytest.mark.parametrize(
    ("latex", "expected"),
    # a parenthesised expression after a Greek or subscripted letter stays a product
    [(r"\alpha(\alpha - 1)", "alpha*(alpha - 1)"), (r"x_i (1 - x_i)", "x_i*(1 - x_i)")],
)
def test_a_name_before_a_parenthesised_expression_is_a_product(latex: str, expected: str) -> None:
    assert to_claim_syntax(latex) == expected
