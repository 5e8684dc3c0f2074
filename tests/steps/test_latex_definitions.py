"""Definitions a document states, used by its later steps (dpproofs/steps/definitions.py, rule
DEF of its docstring): one test per rule and precondition, the adversarial cases of the brief,
and a hypothesis test against substitution by hand. Every test here failed before the module
(the steps after a definition were decided with the name free, or read as an unknown number)."""

from __future__ import annotations

import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dpproofs.deadline import Deadline
from dpproofs.steps.check import check_steps
from dpproofs.steps.derivation import read_derivation


def results(block: str, **kwargs: object) -> list[tuple[str, str]]:
    derivation = read_derivation(block, **kwargs)  # type: ignore[arg-type]
    return [(r.status, r.reason) for r in check_steps(derivation, Deadline(30))]


def statuses(block: str, **kwargs: object) -> list[str]:
    return [status for status, _ in results(block, **kwargs)]


def rows(*lines: str) -> str:
    """Statements in one align block after prose (a lone display between prose is never
    refuted, :mod:`dpproofs.steps.displays`; two rows are two statements)."""
    return "\nThen\n\\begin{align}\n" + " \\\\\n".join(lines) + "\n\\end{align}\n"


def test_a_name_defined_by_a_display_is_substituted_in_the_steps_after_it() -> None:
    # 1/n * n = 1 (n >= 1); 1/n <= 1 (n >= 1); 1/n <= 1/2 fails at n = 1
    text = "Let\n\\[ \\delta := \\frac{1}{n} \\]" + rows(
        "\\delta n = 1", "\\delta \\le 1", "\\delta \\le \\frac{1}{2}"
    )
    got = results(text, where={"n": "[1, oo)"})
    assert [s for s, _ in got] == ["not-checked", "proved", "proved", "refuted"]
    defines = "defines delta (a definition, not a claim for every delta)"
    assert got[0][1] == f"{defines}: used in steps 2, 3, 4"
    assert all("(with the definition of \\delta at line 2)" in r for _, r in got[1:])


def test_an_application_is_replaced_by_the_body_with_its_arguments_substituted_at_once() -> None:
    # f(y, x) = y - x; substituting x := y then y := x one after the other would give 0
    text = "\\[ f(x, y) := x - y \\]" + rows("f(y, x) = y - x", "f(y, x) = 0")
    got = results(text)
    assert [s for s, _ in got] == ["not-checked", "proved", "refuted"]
    # nested applications: f(f(a, b), 0) = (a - b) - 0
    assert statuses("\\[ f(x, y) := x - y \\]\n\\[ f(f(a, b), 0) = a - b \\]")[1] == "proved"
    # a step that applies f to another number of arguments is not rewritten (still unknown f)
    assert statuses("\\[ f(x, y) := x - y \\]\n\\[ f(a) = a \\]")[1] == "not-checked"
    assert statuses("\\[ f(x, y) := x - y \\]\n\\[ f(a, b, c) = a - b \\]")[1] == "not-checked"


@pytest.mark.parametrize(
    "symbol",
    [":=", "\\coloneqq", "\\triangleq", "\\stackrel{def}{=}", "\\overset{\\text{def}}{=}",
     "\\stackrel{\\Delta}{=}"],
)  # fmt: skip
def test_each_defining_symbol_marks_a_definition_refuted_through(symbol: str) -> None:
    # g(t) = t^2 + 1, so g(0) = 1, and g(0) = 2 is false at every point
    text = f"\\[ g(t) {symbol} t^2 + 1 \\]" + rows("g(0) = 1", "g(0) = 2")
    assert statuses(text) == ["not-checked", "proved", "refuted"]


@pytest.mark.parametrize("word", ["Let", "We define", "where", "we set", "Denote"])
def test_a_defining_word_before_the_display_marks_it(word: str) -> None:
    text = f"{word}\n\\[ c = a + 1 \\]" + rows("c > a", "c \\le a")
    assert statuses(text) == ["not-checked", "proved", "refuted"]


def test_an_unmarked_definition_proves_but_never_refutes() -> None:
    # a display after "if": a case of the prose, or a definition? used to prove, not to refute
    text = "If the budget is spent then\n\\[ c = a + 1 \\]" + rows("c > a", "c \\le a")
    got = results(text)
    assert [s for s, _ in got] == ["not-checked", "proved", "not-checked"]
    assert "which no defining symbol or word marks" in got[2][1]
    # the prose's own inline relation takes the defining word: "Let $x = 1$ and then"
    text = "Let $a = 1$ and then\n\\[ c = a + 1 \\]" + rows("c > a", "c \\le a")
    assert statuses(text)[2] == "not-checked"


def test_a_name_defined_twice_differently_is_not_used() -> None:
    # the row c = 1 after c := 2 heads its statement: a third definition, a case or a claim?
    text = "Let\n\\[ c := 1 \\]\nand let\n\\[ c := 2 \\]" + rows("c = 1", "c + 1 = 3")
    got = results(text)
    assert [s for s, _ in got] == ["not-checked"] * 4
    assert "defined twice differently (lines 2, 4, 7)" in got[0][1]
    assert "not used as the definition of c" in got[3][1]


def test_a_marked_redefinition_is_in_force_from_where_it_is_stated() -> None:
    # c := 1, then c := 2: c + 1 = 2 holds between them, c + 1 = 3 after the second;
    # before this rule the four rows were not checked (c "defined twice differently")
    text = (
        "Let\n\\[ c := 1 \\]" + rows("c + 1 = 2", "c + 1 = 3")
        + "Now let\n\\[ c := 2 \\]" + rows("c + 1 = 3", "c + 1 = 2")
    )  # fmt: skip
    got = results(text)
    assert [s for s, _ in got] == [
        "not-checked", "proved", "refuted", "not-checked", "proved", "refuted"
    ]  # fmt: skip
    assert got[0][1].endswith("used in steps 2, 3") and got[3][1].endswith("used in steps 5, 6")
    assert "(with the definition of c at line 9)" in got[4][1]
    # a function: f(2) = 2 + 1 under the first, 2^2 under the second
    text = (
        "\\[ f(x) := x + 1 \\]" + rows("f(2) = 3", "f(2) = 4")
        + "\\[ f(x) := x^2 \\]" + rows("f(2) = 4", "f(2) = 3")
    )  # fmt: skip
    assert statuses(text) == [
        "not-checked", "proved", "refuted", "not-checked", "proved", "refuted"
    ]  # fmt: skip


def test_a_redefinition_not_used_ends_the_force_of_the_one_before() -> None:
    # f(x) := f(x) + 1 is recursive (not used); after it f is not x + 1 any more, so
    # f(2) = 3 is not proved and f(2) = 4 not refuted through the first definition
    text = (
        "\\[ f(x) := x + 1 \\]" + rows("f(2) = 3", "0 = 0")
        + "\\[ f(x) := f(x) + 1 \\]" + rows("f(2) = 3", "f(2) = 4")
    )  # fmt: skip
    got = statuses(text)
    assert got[1] == "proved" and got[4:] == ["not-checked", "not-checked"]


def test_a_restatement_of_a_definition_is_a_claim_proved_with_it() -> None:
    text = "Let\n\\[ \\alpha = \\frac{1}{1 + e^t} \\]\nagain\n\\[ \\alpha = \\frac{1}{1 + e^t} \\]"
    assert statuses(text) == ["not-checked", "proved"]


def test_a_name_redefined_as_a_function_is_not_used() -> None:
    # c := 2, then c(x) := x^2: is c(3) the function's 9 or the product 6? and c + 1? neither
    text = "Let\n\\[ c := 2 \\]\nNow let\n\\[ c(x) := x^2 \\]" + rows("c(3) = 9", "c + 1 = 3")
    got = results(text)
    assert [s for s, _ in got][2:] == ["not-checked", "not-checked"]
    assert "defined twice differently" in got[0][1]


def test_a_redefinition_of_a_name_that_was_a_parameter_is_not_used() -> None:
    # x is a parameter of the first display, so neither "let x := 2" nor "now let x := 5" is
    # its meaning (P1): x + 1 = 7 after them is not refuted
    text = (
        "\\[ x^2 \\ge 0 \\]\nLet\n\\[ x := 2 \\]\nNow let\n\\[ x := 5 \\]"
        + rows("x + 1 = 6", "x + 1 = 7")
    )  # fmt: skip
    got = results(text)
    assert got[4][0] == "not-checked" and "used before its first definition" in got[3][1]


def test_a_definition_using_a_redefined_name_is_not_used() -> None:
    # d := c + 1 before c is redefined: with the old c or the new one? d = 2 (old c) and
    # d + 0 = 6 (new c) are neither proved nor refuted; c's own steps still are
    text = (
        "Let\n\\[ c := 1 \\]" + rows("c + 0 = 1", "0 = 0")
        + "Let\n\\[ d := c + 1 \\]"
        + "\nNow let\n\\[ c := 5 \\]" + rows("d + 0 = 2", "d + 0 = 6", "c + 0 = 5")
    )  # fmt: skip
    got = results(text)
    assert [s for s, _ in got][5:] == ["not-checked", "not-checked", "proved"]
    assert "its right side uses c, which line 11 redefines" in got[3][1]
    # with no redefinition, the same d is used (d + 0 = 2 proved)
    text = "Let\n\\[ c := 1 \\]\nLet\n\\[ d := c + 1 \\]" + rows("d + 0 = 2", "0 = 0")
    assert statuses(text)[2] == "proved"


def test_a_recursive_definition_is_not_used() -> None:
    text = "Let\n\\[ f(x) := f(x - 1) + 1 \\]" + rows("f(3) = f(2) + 1", "f(3) = 7")
    got = results(text)
    assert "recursive" in got[0][1]
    assert [s for s, _ in got][1:] == ["not-checked", "not-checked"]  # never substituted


def test_a_recursive_product_definition_is_not_used() -> None:
    text = "Let\n\\[ f(n) := n \\cdot f(n - 1) \\]" + rows("f(3) + f(2) = f(2) + f(3)", "f(3) = 7")
    got = results(text)
    assert "recursive" in got[0][1]
    assert [s for s, _ in got][1:] == ["proved", "not-checked"]  # true for every f (unknowns)


def test_a_definition_whose_body_uses_a_name_defined_later_is_not_used() -> None:
    # "a = b + 1 where b = 2": read with b free, a = 3 would be refuted at b = 0
    text = "Let\n\\[ a := b + 1 \\]\nwhere\n\\[ b := 2 \\]" + rows("a = 3", "a = 4")
    got = results(text)
    assert [s for s, _ in got][2:] == ["not-checked", "not-checked"]
    assert "its right side uses b, which line 4 defines" in got[0][1]


def test_a_left_side_that_was_a_free_parameter_before_is_not_a_definition() -> None:
    # x is a parameter of the first display; "x := 2" after it is a case, not x's meaning
    text = "\\[ x^2 \\ge 0 \\]\nLet\n\\[ x := 2 \\]" + rows("x + 1 = 4", "x + 1 = 3")
    got = statuses(text)
    assert got[0] == "proved" and "refuted" not in got and got[3] != "proved"
    # an application whose name was used before: u(x, r) after u(0, 1)
    text = "\\[ u(0, 1) = 2 \\]\nLet\n\\[ u(x, r) := x + r \\]" + rows("u(1, 1) = 3", "u(1, 1) = 2")
    assert statuses(text)[2:] == ["not-checked", "not-checked"]


def test_an_author_parameter_or_an_assumed_name_is_not_defined() -> None:
    text = "Let\n\\[ c := a + 1 \\]" + rows("c \\le a", "c > a")
    assert statuses(text, where={"c": "(0, oo)"})[1:] == ["not-checked", "not-checked"]
    assert statuses(text, assume=["c \\ge 0"])[1:] == ["not-checked", "not-checked"]


def test_only_distinct_variables_make_an_application_a_definition() -> None:
    # u(0, 0) = 0 is a value of u, not its definition; g(x, x) repeats a variable
    for definition in ("u(0, 0) := 0", "u(x, x) := 0"):
        text = f"Let\n\\[ {definition} \\]" + rows("u(1, 1) = 0", "u(1, 1) = 1")
        assert statuses(text)[1:] == ["not-checked", "not-checked"]


def test_a_standard_function_is_defined_only_with_a_defining_symbol_or_word() -> None:
    # a paper's display Phi(x) = ... may be a claim about the normal CDF
    unmarked = "\\[ \\Phi(x) = x^2 \\]" + rows("\\Phi(2) = 4", "\\Phi(2) = 5")
    assert statuses(unmarked)[1:] == ["not-checked", "not-checked"]
    assert statuses("Let\n" + unmarked)[1:] == ["proved", "refuted"]


def test_an_opaque_quantity_that_mentions_a_variable_stops_the_substitution() -> None:
    # one number per text: \Pr[X > x] cannot take x := 2 (capture)
    text = "Let\n\\[ h(x) := \\Pr[X > x] \\]" + rows("h(2) = \\Pr[X > 2]", "h(2) = 0")
    got = results(text)
    assert "one unknown number the reader cannot substitute" in got[0][1]
    assert got[1][0] == "not-checked"


def test_a_defined_name_that_counts_terms_of_a_sum_is_not_substituted() -> None:
    text = "Let\n\\[ n := m + 1 \\]" + rows("\\sum_{i=1}^{n} 1 = m + 2", "n = m + 1")
    got = results(text, where={"m": "[0, oo)"})
    assert got[1][0] != "refuted" and "counts the terms of a sum" in got[1][1]


# --- against substitution by hand ---------------------------------------------------------

X, Y, U, V = sympy.symbols("x y u v")
_COEFFICIENT = st.integers(-3, 3)
_MONOMIALS = [(0, 0), (1, 0), (0, 1), (2, 0), (1, 1), (0, 2)]


def _latex(poly: sympy.Expr) -> str:
    """A polynomial in LaTeX, every product written with \\cdot (no juxtaposition to read)."""
    symbols = sorted(poly.free_symbols, key=str)
    if not symbols:
        return str(poly)
    out = ""
    for (*powers,), coefficient in sympy.Poly(poly, *symbols).terms():
        factors = [f"{s}^{{{p}}}" for s, p in zip(symbols, powers, strict=True) if p]
        term = " \\cdot ".join([str(abs(coefficient)), *factors])
        out += (" - " if coefficient < 0 else " + " if out else "") + term
    return out.strip()


def _poly(coefficients: list[int], a: sympy.Symbol, b: sympy.Symbol) -> sympy.Expr:
    return sum(
        (c * a**i * b**j for c, (i, j) in zip(coefficients, _MONOMIALS, strict=True)),
        sympy.Integer(0),
    )


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(_COEFFICIENT, min_size=6, max_size=6).filter(any),
    st.lists(_COEFFICIENT, min_size=6, max_size=6),
    st.lists(_COEFFICIENT, min_size=6, max_size=6),
    st.integers(-2, 2),
)
def test_a_step_through_a_random_polynomial_definition_is_decided_as_by_hand(
    body: list[int], first: list[int], second: list[int], shift: int
) -> None:
    """f(x, y) := P(x, y); the step f(A(u, v), B(u, v)) = Q(u, v) with Q = P(A, B) expanded by
    hand plus ``shift``: true exactly when shift = 0, refuted at a witness where P(A, B) != Q."""
    definition = _poly(body, X, Y)
    a, b = _poly(first, U, V), _poly(second, U, V)
    by_hand = sympy.expand(definition.subs({X: a, Y: b}, simultaneous=True))
    if not definition.free_symbols or not (a.free_symbols and b.free_symbols):
        return  # the reader needs a polynomial in x, y and arguments in u, v to write
    claimed = by_hand + shift
    text = f"Let\n\\[ f(x, y) := {_latex(definition)} \\]" + rows(
        f"f({_latex(a)}, {_latex(b)}) = {_latex(claimed)}", "0 = 0"
    )
    derivation = read_derivation(text)
    definition_result, step, _ = check_steps(derivation, Deadline(30))
    assert definition_result.status == "not-checked"
    if shift == 0:
        assert step.status == "proved", step.reason
    else:
        assert step.status == "refuted", step.reason
        assert step.witness is not None
        point = {sympy.Symbol(k): sympy.Rational(v) for k, v in step.witness.assignment}
        assert by_hand.subs(point) != claimed.subs(point)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(_COEFFICIENT, min_size=6, max_size=6).filter(any),
    st.lists(_COEFFICIENT, min_size=6, max_size=6).filter(any),
    st.lists(_COEFFICIENT, min_size=6, max_size=6),
    st.integers(-1, 1),
    st.integers(-1, 1),
)
def test_steps_around_a_random_redefinition_are_decided_with_the_definition_in_force(
    old: list[int], new: list[int], argument: list[int], shift_old: int, shift_new: int
) -> None:
    """f(x, y) := P(x, y), rows, then f(x, y) := R(x, y), rows: the step f(A, u) = P(A, u) +
    shift_old before the redefinition and f(A, u) = R(A, u) + shift_new after it, each expanded
    by hand with the definition in force where it stands, are proved exactly when the shift is
    0 and otherwise refuted at a witness where they fail by hand."""
    first, second, a = _poly(old, X, Y), _poly(new, X, Y), _poly(argument, U, V)
    if not (first.free_symbols and second.free_symbols and a.free_symbols) or first == second:
        return  # polynomials in x, y and an argument in u, v to write; R = P is a restatement
    hand = [sympy.expand(p.subs({X: a, Y: U}, simultaneous=True)) for p in (first, second)]
    claims = [hand[0] + shift_old, hand[1] + shift_new]
    text = (
        f"Let\n\\[ f(x, y) := {_latex(first)} \\]"
        + rows(f"f({_latex(a)}, u) = {_latex(claims[0])}", "0 = 0")
        + f"Now let\n\\[ f(x, y) := {_latex(second)} \\]"
        + rows(f"f({_latex(a)}, u) = {_latex(claims[1])}", "0 = 0")
    )
    got = check_steps(read_derivation(text), Deadline(30))
    assert [got[0].status, got[3].status] == ["not-checked", "not-checked"]
    for step, by_hand, claimed, shift in zip(
        (got[1], got[4]), hand, claims, (shift_old, shift_new), strict=True
    ):
        if shift == 0:
            assert step.status == "proved", step.reason
            continue
        assert step.status == "refuted", step.reason
        assert step.witness is not None
        point = {sympy.Symbol(k): sympy.Rational(v) for k, v in step.witness.assignment}
        assert by_hand.subs(point) != claimed.subs(point)


def test_a_defining_symbol_after_another_relation_is_not_read_as_equals() -> None:
    # a = b := c defines b inside a chain: read as a = b = c, the definition b = c is refuted
    (first, second) = read_derivation("\\[ a = b := c \\]").steps
    assert first.statement is None and second.statement is None
    # in a bare block (no math environment) the symbol is read too
    assert statuses("f(x) := x^2 \\\\ f(3) = 9 \\\\ f(3) = 8") == [
        "not-checked",
        "proved",
        "refuted",
    ]


def test_what_is_not_a_function_name_defines_nothing() -> None:
    # found in the corpus: Var(Y_j) = n f/2 (1 - f/2) states a variance (rappor_utility), and
    # \sum_{x \in X} F(x) = ... a sum (debias_aggregates): neither defines a function
    for left in ("\\text{Var}(Y)", "\\sum_{x \\in X} F(x)"):
        text = f"Let\n\\[ {left} := n \\]" + rows(f"{left} = n + 1", "0 = 0")
        derivation = read_derivation(text)
        assert not derivation.steps[0].defines and not derivation.steps[1].uses


def test_a_marked_display_the_assumptions_state_is_checked_as_a_claim() -> None:
    # found in the corpus (rappor_privacy 1): the theorem's epsilon, passed as --assume too
    text = "Let\n\\[ \\varepsilon = 2m \\]" + rows("\\varepsilon \\le 2m", "0 = 0")
    assert statuses(text, assume=["\\varepsilon = 2m"])[:2] == ["proved", "proved"]


def test_a_later_display_giving_the_name_another_value_is_not_refuted_through_it() -> None:
    # a second example reuses the name without a defining word: a new case, not a false claim
    text = "Let\n\\[ c := 1 \\]\nIn the second example\n\\[ c = 2 \\]" + rows("c + 1 = 3", "0 = 0")
    assert "refuted" not in statuses(text)


@pytest.mark.parametrize("variable", ["\\varepsilon", "\\lambda", "x_1", "x_{1}"])
def test_a_variable_inside_an_opaque_quantity_is_caught_however_it_is_spelt(variable: str) -> None:
    # h(1) and h(2) would both become the one number \Pr[X > variable]: h(1) = h(2) "proved"
    text = f"Let\n\\[ h({variable}) := \\Pr[X > {variable}] \\]" + rows("h(1) = h(2)", "0 = 0")
    assert statuses(text)[1] != "proved"


def test_a_name_a_later_marked_display_defines_is_not_refuted_before_it() -> None:
    # "q + 1 = 2, where q := 1": refuted at q = 0 before, though the text defines q after it
    text = "\\begin{align}\nq + 1 = 2 \\\\\n0 = 0\n\\end{align}\nwhere\n\\[ q := 1 \\]"
    got = results(text)
    assert got[0][0] == "not-checked" and "is used before it, at line 2" in got[0][1]


def test_a_subscripted_name_on_the_right_is_another_name() -> None:
    # epsilon = epsilon_0 / 2 defines epsilon: epsilon_0 is not epsilon (no recursion)
    text = "Let\n\\[ \\epsilon := \\epsilon_0 / 2 \\]" + rows("2 \\epsilon = \\epsilon_0", "0 = 0")
    assert statuses(text)[:2] == ["not-checked", "proved"]
