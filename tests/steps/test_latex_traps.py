"""The LaTeX traps of issue 28: each misreading that proved a false step or refuted a true one is
now read as a reader of the paper reads it, or refused as ambiguous with the way to write it."""

from __future__ import annotations

import re

import pytest

from dpproofs.claim import Deadline
from dpproofs.steps.check import check_steps, derivation_verdict
from dpproofs.steps.derivation import read_derivation
from dpproofs.steps.latex import NotUnderstood, to_claim_syntax
from dpproofs.steps.names import parameter_name
from dpproofs.steps.rows import math_blocks, read_rows, substitute
from dpproofs.verdict import Status


def verdict(block: str, **kwargs):  # type: ignore[no-untyped-def]
    derivation = read_derivation(block, **kwargs)
    results = check_steps(derivation, Deadline(30))
    return derivation, results, derivation_verdict(derivation, results)


@pytest.mark.parametrize(
    ("latex", "token"),
    [
        # 1. function application: Phi(x) + Phi(-x) = 0 was proved as Phi*x + Phi*(-x) = 0; an
        # application is now one unknown number (tests/steps/test_latex_functions.py), refused
        # where the product binds otherwise
        (r"\Phi(x)^2", r"\Phi("),
        (r"\mu[x]", r"\mu["),
        (r"1/f_1(x)", "f_1("),
        # 5. (below) / 7. conventions read one way silently
        (r"\log 2x", r"\log"),
        (r"\log xy", r"\log"),
        (r"1/2n", "/"),
        (r"x^2/2\sigma^2", "/"),
        (r"\Delta f^2", r"\Delta f^"),
        (r"x_12", "_12"),
    ],
)
def test_ambiguous_notation_is_refused_with_the_way_to_write_it(latex: str, token: str) -> None:
    with pytest.raises(NotUnderstood) as caught:
        to_claim_syntax(latex)
    assert caught.value.token == token


@pytest.mark.parametrize(
    ("latex", "expected"),
    [
        # DP texts write these as products, and so do the seeds' proofs.
        (r"\epsilon(1 - \delta)", "epsilon*(1 - delta)"),
        (r"\delta (1 + x)", "delta*(1 + x)"),
        (r"s_2 (1 - w)", "s_2*(1 - w)"),
        # 5. an unbraced command exponent is the same parameter as the command elsewhere.
        (r"e^\varepsilon", "exp(epsilon)"),
        (r"e^\lambda", "exp(lamda)"),
        (r"\log(2x)", "log(2*x)"),
        (r"(\log 2) x", "(log(2))*x"),
        (r"\frac{1}{2n}", "((1)/(2*n))"),
        (r"(\Delta f)^2", "((Delta*f))**(2)"),
        (r"x_{12}", "x_12"),
    ],
)
def test_what_is_read_is_what_papers_mean(latex: str, expected: str) -> None:
    assert to_claim_syntax(latex) == expected


def test_rows_that_start_with_their_own_left_side_are_new_statements() -> None:
    # 2. Was proved as the chain -x^2 <= 0*exp(y) <= y^2. Now two statements; e^y <= y^2 is
    # false (y = 0: 1 > 0), so the block is refuted at the second statement, not proved.
    derivation, results, decided = verdict(r"""\begin{align}
    -x^2 &\le 0 \\
    e^{y} &\le y^2
    \end{align}""")
    assert [s.starts_statement for s in derivation.steps] == [False, True]
    assert [(s.lhs, s.rhs) for s in derivation.steps] == [
        ("-(x)**(2)", "0"),
        ("exp((y))", "(y)**(2)"),
    ]
    assert [r.status for r in results] == ["proved", "refuted"]
    assert decided.status is Status.REFUTED


def test_two_true_statements_are_proved_without_a_conclusion_and_never_chained() -> None:
    derivation, _results, decided = verdict(r"x^2 \ge 0 \\ e^{x} > 0")
    assert derivation.chain() is None and decided.status is Status.PROVED
    with_conclusion = read_derivation(r"x^2 \ge 0 \\ e^{x} > 0", conclusion=r"x^2 \ge 0")
    assert "2 statements" in with_conclusion.closes()[1]


def test_prose_between_blocks_and_comments_are_not_mathematics() -> None:
    # Was x^2 >= 0*a*n*d*exp(x): the word "and" glued into the chain.
    text = r"""Since $\varepsilon \le 1$, we have % see Lemma 2
    \begin{equation} x^2 \ge 0 \end{equation}
    and
    \begin{equation} e^{x} > 0 \end{equation}"""
    assert [b for _, b in math_blocks(text)] == [" x^2 \\ge 0 ", " e^{x} > 0 "]
    derivation, _results, decided = verdict(text)
    assert [(s.lhs, s.relation_latex, s.rhs) for s in derivation.steps] == [
        ("(x)**(2)", r"\ge", "0"),
        ("exp((x))", ">", "0"),
    ]
    assert [s.line for s in derivation.steps] == [2, 4]
    assert decided.status is Status.PROVED


def test_a_hand_written_equation_number_is_not_a_factor() -> None:
    # 3. "x <= 1 \qquad (2)" was read as x <= 1*2, and a false step proved.
    rows = read_rows(r"x &\le 1 \qquad (2)")
    assert rows[0].latex == r"x \le 1"
    bare = read_derivation(r"a = x^2 (3)").steps[0]
    assert bare.statement is None and "ambiguous" in bare.problem


def test_map_keys_replace_whole_tokens_only() -> None:
    # 4. q => 1/2 also rewrote the q of \geq.
    assert substitute(r"q \geq x_i + x", {"q": r"\frac{1}{2}", "x": "y"}) == (
        r"{{\frac{1}{2}}} \geq x_i + {y}"
    )


def test_where_names_read_like_the_steps_and_a_misspelling_is_a_problem() -> None:
    # 5. --where lambda=(0, 1) and '\epsilon=(0, 1)' were dropped: the steps use lamda, epsilon.
    assert parameter_name("lambda") == "lamda" and parameter_name(r"\epsilon") == "epsilon"
    assert parameter_name(r"\varepsilon_1") == "epsilon_1" and parameter_name("x_i") == "x_i"
    block = r"\lambda^2 \le \lambda"  # true on (0, 1), false at 2
    _d, _r, decided = verdict(block, where={"lambda": "(0, 1)"})
    assert decided.status is Status.PROVED
    typo = read_derivation(block, where={"lamdba": "(0, 1)"})
    assert typo.unused_where == ("lamdba",) and "did you mean 'lamda'" in typo.problems[0]


def test_a_condition_in_the_justification_is_the_step_s_assumption() -> None:
    # 6. "x^3 >= x^2 && for $x >= 1$" was refuted at x = -1 with the condition dropped.
    derivation, results, decided = verdict(r"x^3 &\ge x^2 && \text{for $x \ge 1$}")
    assert derivation.steps[0].premise == "x >= 1"
    assert results[0].status == "proved" and decided.status is Status.PROVED


def test_mathematics_in_a_justification_is_not_a_step() -> None:
    # 8. "&& since |f(x) - f(y)| <= Delta f" became an extra step of the chain.
    derivation = read_derivation(
        r"a &\le b + 1 && \text{since } |f(x) - f(y)| \leq \Delta f \\ &\le b + 2"
    )
    assert [(s.lhs, s.rhs) for s in derivation.steps] == [("a", "b + 1"), ("b + 1", "b + 2")]
    assert "since" in derivation.steps[0].justification


def test_an_arrow_with_nothing_before_it_is_not_checked() -> None:
    # check-proof on a block starting with \Rightarrow ended with an IndexError.
    derivation = read_derivation(r"\Rightarrow x \le 1")
    assert derivation.steps[0].consequence and "nothing before" in derivation.steps[0].problem


def test_a_row_that_is_only_a_comment_column_is_not_a_step() -> None:
    # Brief J, item 3: "&& \varepsilon \le 1" alone on a row was read as the step eps <= 1 of the
    # chain (refuted at eps = 2), and broke the chain: e^eps <= 1 + 2 eps, then eps <= 1, then
    # 1 <= 1 + 2 eps + eps^2. It is the row above's condition: e^eps <= 1 + 2 eps holds on
    # [0, 1] (convex, equal at 0, e < 3 at 1) and fails at eps = 2 (e^2 > 5).
    block = r"""\begin{align*}
    e^{\varepsilon} &\le 1 + 2\varepsilon \\
     && \varepsilon \le 1 \\
     &\le 1 + 2\varepsilon + \varepsilon^2
    \end{align*}"""
    derivation, results, decided = verdict(block, where={"epsilon": "(0, oo)"})
    assert [(s.lhs, s.rhs) for s in derivation.steps] == [
        ("exp((epsilon))", "1 + 2*epsilon"),
        ("1 + 2*epsilon", "1 + 2*epsilon + (epsilon)**(2)"),
    ]
    assert derivation.steps[0].premise == "epsilon <= 1"
    assert derivation.steps[0].justification == r"\varepsilon \le 1"
    assert [r.status for r in results] == ["proved", "proved"]
    assert decided.status is Status.PROVED


def test_bare_mathematics_in_the_comment_column_is_the_row_s_condition() -> None:
    # "x^3 >= x^2 && x \ge 1" (a condition column): refuted at x = -1 if dropped.
    derivation, results, _ = verdict(r"x^3 &\ge x^2 && x \ge 1")
    assert derivation.steps[0].premise == "x >= 1" and results[0].status == "proved"
    # a reason in words is not a condition, even with mathematics in it
    worded = read_derivation(r"x^3 &\ge x^2 && \text{since } x \ge 1")
    assert worded.steps[0].premise is None


def test_two_conditions_for_one_row_are_ambiguous() -> None:
    derivation = read_derivation(r"x^3 &\ge x^2 && x \ge 1 \\ && x \le 2")
    assert derivation.steps[0].statement is None
    assert "two conditions" in derivation.steps[0].problem


@pytest.mark.parametrize("env", ["eqnarray", "align"])
def test_a_row_that_opens_with_an_operator_after_the_ampersands_continues_the_expression(
    env: str,
) -> None:
    # "&& + b^2" continues the right-hand side (in eqnarray && opens its third column); taking
    # it for a comment would check (a+b)^2 = a^2 + 2ab, refuted at a = b = 1.
    second = "&& + b^2" if env == "eqnarray" else "& & + b^2"
    relation = "&=&" if env == "eqnarray" else "&="
    block = rf"\begin{{{env}}} (a+b)^2 {relation} a^2 + 2ab \\ {second} \end{{{env}}}"
    derivation, results, _ = verdict(block)
    assert derivation.steps[0].rhs == "(a)**(2) + 2*a*b + (b)**(2)"
    assert results[0].status == "proved"


def test_in_eqnarray_a_row_opening_with_ampersands_is_maths_not_a_comment() -> None:
    block = r"\begin{eqnarray} x &\le& y \\ && y \le 1 \end{eqnarray}"
    assert [(s.lhs, s.rhs) for s in read_derivation(block).steps] == [("x", "y"), ("y", "1")]
    spaced = read_derivation(r"\begin{align} x &= y \\ & & x \le 1 \end{align}")
    assert len(spaced.steps) == 1 and spaced.steps[0].premise == "x <= 1"


def test_a_letter_before_parentheses_is_ambiguous_with_the_product_written_out() -> None:
    # The message suggested --map 'q(x)' => ..., a key that matches only the text "q(x)".
    _d, results, _ = verdict(r"q\left(e^{\varepsilon} - 1\right) \le 1")
    message = results[0].reason
    assert results[0].status == "not-checked"
    assert message.startswith("ambiguous: q(e^{\\varepsilon}-1)")
    assert "write q \\cdot (e^{\\varepsilon}-1) for a product" in message
    assert "'q(x)'" not in message
    _d, results, _ = verdict(r"f(x, y) \ge 0")
    assert results[0].status == "not-checked" and "--map 'f(x,y)'" in results[0].reason
    assert "\\cdot" not in results[0].reason  # an argument list is no product


@pytest.mark.parametrize(
    "latex",
    [
        r"\Phi\left(\frac{x}{\sigma}\right) \le 1",  # \left( ... \right): the hint shows tokens
        r"\Phi(x) + \Phi(-x) = 1",
        r"\Gamma(n+1) = n \Gamma(n)",
        r"q\left(e^{\varepsilon} - 1\right) \le 1",
        r"f(x, y) \ge 0",
        # a verbatim Stack Exchange display: the hint named 'r[' and gave the key 'E[X]'
        r"Pr[\text{Response} = \text{Yes} | \text{Truth} = \text{Yes}] = \frac{3}{4}",
    ],
)
def test_the_map_hint_suggests_a_key_the_map_takes(latex: str) -> None:
    # The hint for a Greek function letter was --map '\Phi(x)' => ..., a key that matches only
    # the text "\Phi(x)": mapped as suggested, \Phi(-x) or \Phi\left(...\right) stayed unread.
    # Following every hint in turn (each key to a fresh letter) must leave a step that is read.
    # An application read as one unknown number (f(x, y), \Phi(x)) gives its hint when the step
    # fails for some value of it.
    mapping: dict[str, str] = {}
    for fresh in "pqrstuvw":
        derivation = read_derivation(latex, mapping)
        step = derivation.steps[0]
        if step.statement is not None and not step.opaque:
            break
        hint = step.problem or check_steps(derivation, Deadline(30))[0].reason
        key = re.search(r"--map '(.+?)' => \.\.\.", hint)
        assert key is not None, hint
        mapping[key.group(1)] = f"{fresh}_0"
    assert step.statement is not None and "_0" in step.statement, (mapping, step.problem)


def test_a_map_key_matches_the_text_whatever_its_spacing_and_sizing() -> None:
    key = r"\Phi(\frac{x}{\sigma})"
    text = r"\Phi\left( \frac{x}{\sigma} \right) + \Phi\bigl(\frac{x}{\sigma}\bigr) + \Phix"
    assert substitute(text, {key: "p"}) == r"{p} + \Phi\bigl(\frac{x}{\sigma}\bigr) + \Phix"
    # a command and a letter need a space between them in the text as in the key
    assert substitute(r"\Delta  f + \Deltaf + \Delta\,f", {r"\Delta f": "D"}) == (
        r"{D} + \Deltaf + {D}"
    )


def test_a_multi_letter_name_in_assume_is_the_name_the_steps_read() -> None:
    # --assume "epsilon > 0" was read as E*p*s*i*l*o*n > 0, and e^eps > 1 refuted at eps = -1.
    _d, results, decided = verdict(r"e^{\varepsilon} > 1", assume=["epsilon > 0"])
    assert results[0].status == "proved" and decided.status is Status.PROVED
    _d, results, _ = verdict(r"\lambda^2 \le \lambda", assume=["0 < lamda", "lambda < 1"])
    assert results[0].status == "proved"
    typo = read_derivation(r"e^{\varepsilon} > 1", assume=["eps > 0"])
    assert typo.problems and "did you mean \\epsilon?" in typo.problems[0]
    product = read_derivation(r"x y \ge 0", assume=["xy > 0"])
    assert "(x y)" in product.problems[0]
    assert read_derivation(r"x y \ge 0", assume=["x y > 0"]).problems == ()


def test_an_assumption_about_a_name_no_step_uses_is_a_problem() -> None:
    # the step is true for every epsilon: without the check it would be proved, the assumption
    # about delta (a misspelt or stray name) silently dropped
    derivation = read_derivation(r"e^{\varepsilon} \ge 1 + \varepsilon", assume=[r"\delta > 0"])
    assert derivation.unused_assumed == ("delta",)
    assert derivation_verdict(derivation, check_steps(derivation, Deadline(10))).status is (
        Status.UNKNOWN
    )


def test_an_assumption_linked_to_the_steps_through_another_name_is_used() -> None:
    # y appears in no step, but x <= y and y <= z give the step x <= z
    derivation, results, _ = verdict(r"x \le z", assume=[r"x \le y", r"y \le z"])
    assert derivation.unused_assumed == () and results[0].status == "proved"


@pytest.mark.parametrize(
    "block",
    [
        "|x| &= \\begin{cases} x & x \\ge 0 \\\\\n -x & x < 0 \\end{cases} \\\\\n &\\ge 0",
        "|x| &= \\left\\{\\begin{array}{ll} x & \\text{if } x \\ge 0 \\\\ -x & \\text{otherwise}"
        " \\end{array}\\right. \\\\\n &\\ge 0",
        "|x| &= \\begin{dcases} x & x \\ge 0 \\\\ -x & x < 0 \\end{dcases} \\\\\n &\\ge 0",
    ],
)
def test_a_piecewise_definition_is_refused_with_the_way_forward(block: str) -> None:
    # The \\ and & of a cases block split the derivation into rows: four bogus steps, among
    # them "x >= 0 ... -x < 0" read as links of the chain.
    derivation = read_derivation(f"\\begin{{align}}\n{block}\n\\end{{align}}")
    assert derivation.steps[0].lhs_latex == "|x|"
    last = 2 + block.count("\n")  # the line of "&\ge 0": the block's line breaks are kept
    assert len(derivation.steps) == 2 and [s.line for s in derivation.steps] == [2, last]
    for step in derivation.steps:
        assert step.statement is None
        assert "piecewise definition" in step.problem and "condition" in step.problem


def test_the_map_hint_for_letters_before_parentheses_holds_every_letter() -> None:
    # "KL(p, q) = ..." suggested the key 'L(p,q)', which is not matched after the K.
    _d, results, _ = verdict(r"KL(p, q) = \log 2")
    assert "--map 'KL(p,q)' => ..." in results[0].reason
    mapped = read_derivation(r"KL(p, q) = \log 2", {"KL(p,q)": "D"}).steps[0]
    assert mapped.statement == "((D)) == (log(2))"


def test_relations_listed_with_commas_are_separate_statements() -> None:
    # "x^2 >= 0, \quad e^x > 0" was one chain with the middle "0, e^{x}": a bogus step, not read.
    derivation, results, decided = verdict(r"\[ x^2 \ge 0, \quad e^{x} > 0, \]")
    assert [(s.statement, s.starts_statement) for s in derivation.steps] == [
        ("((x)**(2)) >= (0)", False),
        ("(exp((x))) > (0)", True),
    ]
    assert [r.status for r in results] == ["proved", "proved"]
    assert decided.status is Status.PROVED
    # a comma inside braces or an argument list is no separator
    assert len(read_derivation(r"\max\{a, b\} \ge a").steps) == 1


def test_a_bound_after_a_comma_may_be_a_condition_and_is_never_a_statement() -> None:
    # e^eps <= 1 + 2 eps holds for eps <= 1 (and fails at eps = 2); read as two statements, the
    # condition "eps <= 1" would be refuted at eps = 2, a false alarm
    derivation = read_derivation(
        r"\[ e^{\varepsilon} \le 1 + 2\varepsilon, \quad \varepsilon \le 1 \]"
    )
    assert all(s.statement is None for s in derivation.steps)
    results = check_steps(derivation, Deadline(10))
    assert "refuted" not in {r.status for r in results}


def test_a_function_letter_mapped_to_a_bare_value_is_not_read_as_a_factor():
    """``--map '\\Phi' => p`` on ``\\Phi(x)`` gave ``{p}(x)``, read as p times x (a silent
    misreading the issue 28 helper found); the application must be mapped as written."""
    with pytest.raises(NotUnderstood, match=r"ambiguous: \\Phi is applied"):
        substitute(r"\Phi(x) + \Phi(-x) = 1", {r"\Phi": "p"})
    assert substitute(r"\Phi(x) = 1", {r"\Phi(x)": "p"}) == "{p} = 1"
    assert substitute(r"\Phi(x) = 1", {r"\Phi": r"\exp"}) == r"{\exp}(x) = 1"
    assert substitute(r"\Phi + 1", {r"\Phi": "p"}) == "{p} + 1"
