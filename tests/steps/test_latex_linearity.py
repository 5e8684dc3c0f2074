"""Steps true by linearity (dpproofs/steps/linearity.py, docs/latex.md "What a step's operators
mean"): a rule per test, each proved only by the linear normal form (not checked before it), the
traps each rule must not fall into, and the rules against brute force on finite sets and finite
random variables (the normalised value equals the true one exactly), with a mutated rule caught.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.deadline import Deadline
from dpproofs.steps import linearity
from dpproofs.steps.check import check_steps
from dpproofs.steps.derivation import read_assumption, read_derivation
from dpproofs.steps.latex import read_expression
from dpproofs.steps.linearity import INTEGRABLE, _Normaliser
from dpproofs.steps.sums import _term
from dpproofs.symbolic.written import read_formula


def _step(latex: str, where: dict[str, str] | None = None) -> tuple[str, str]:
    results = check_steps(read_derivation(latex, where=where or {}), Deadline(60))
    assert len(results) == 1
    return results[0].status, results[0].reason


# --- one test per rule: proved by the normal form (each was not-checked before it) -------------


@pytest.mark.parametrize(
    ("latex", "where"),
    [
        # SUM: a constant factor out, a sum split, a constant term counted
        (r"\sum_{x \in X} \frac{x}{c} = \frac{1}{c} \sum_{x \in X} x", {"c": "(0, oo)"}),
        (r"\sum_{x\in X} (x + x^2) = \sum_{x \in X} x + \sum_{x \in X} x^2", {}),
        (r"\sum_{x \in X} (x - c) = \sum_{x \in X} x - c \sum_{x \in X} 1", {}),
        (r"\sum_{h' \in H} 2 e^{h'} = 2 \sum_{h' \in H} e^{h'}", {}),
        # PRODUCT: a product of exponentials, a constant factor cancelled
        (r"\prod_i e^{a_i} = e^{\sum_i a_i}", {}),
        (
            r"\frac{\prod_i c e^{a_i}}{\prod_i c e^{b_i}} = e^{\sum_i a_i - \sum_i b_i}",
            {"c": "(0, oo)"},
        ),
        # COMPLEMENT and a rearranged event
        (r"\Pr[X \ge t] = 1 - \Pr[X < t]", {}),
        (r"\Pr[X + 1 \le T] = \Pr[X \le T - 1]", {}),
        (r"\Pr[X > t] + \Pr[t \ge X] = 1", {}),
    ],
)
def test_a_step_true_by_a_rule_is_proved(latex: str, where: dict[str, str]) -> None:
    status, reason = _step(latex, where)
    assert status == "proved", reason
    assert "linear normal form" in reason


@pytest.mark.parametrize(
    "latex",
    [
        r"\mathbb{E}[2X + 3] = 2\mathbb{E}[X] + 3",
        r"\mathbb{E}[X + Y] = \mathbb{E}[X] + E[Y]",
        r"\mathbb{E}[\frac{X - Y}{2}] = \frac{1}{2}\mathbb{E}[X] - \frac{1}{2}\mathbb{E}[Y]",
    ],
)
def test_linearity_of_expectation_is_proved_for_integrable_quantities(latex: str) -> None:
    status, reason = _step(latex)
    assert status == "proved", reason
    assert INTEGRABLE in reason


# --- what no rule may do: each is not proved ----------------------------------------------------


@pytest.mark.parametrize(
    "latex",
    [
        # a factor that depends on the bound letter stays inside
        r"\sum_{x \in X} x \cdot x = \sum_{x \in X} x \cdot \sum_{x \in X} x",
        r"\sum_{i} a_i b_i = \sum_{i} a_i \cdot \sum_{i} b_i",
        r"\sum_{i} D_{ij} = D_{ij} \sum_{i} 1",  # i inside a subscript of two letters
        r"\sum_{e \in S} e = e \sum_{e \in S} 1",  # e is Euler's number to the reader
        # two sets, two sums
        r"\sum_{x \in X} x + \sum_{x \in Y} x = \sum_{x \in X} 2x",
        # a product whose factors are not all e^{...}: no rule
        r"\prod_i (1 + a_i) = 1 + \prod_i a_i",
        # a letter inside E may be random: only numbers come out
        r"\mathbb{E}[a X] = a \mathbb{E}[X]",
        r"\mathbb{E}[X Y] = \mathbb{E}[X] \mathbb{E}[Y]",
        r"\mathbb{E}[X^2] = \mathbb{E}[X]^2",
        # a point event may be a density; P[...] may be P times an Iverson bracket; a condition
        r"\Pr[X = t] = 1 - \Pr[X \ne t]",
        r"P[X \ge t] = 1 - P[X < t]",
        r"\Pr[X \ge t | A] = 1 - \Pr[X < t | A]",
        r"\Pr[X \ge t] = 1 - \Pr[X \le t]",
        r"\Pr[X \le t] + \Pr[X \ge t] = 1",  # X = t counted twice
        r"\Pr[X < t] = \Pr[X \le t]",
        r"\sum_{i} \frac{1}{a_i} = \frac{1}{\sum_i a_i}",  # never into a quotient
    ],
)
def test_a_rule_never_applies_beyond_its_statement(latex: str) -> None:
    status, reason = _step(latex)
    assert status != "proved", reason
    assert status != "refuted", reason  # opaque numbers: never a refutation either


# --- the rules against brute force ---------------------------------------------------------------

_RATIONALS = st.fractions(min_value=-5, max_value=5, max_denominator=4)
#: Bodies under \sum_{x \in X}: constants, the bound letter, products, quotients, sums.
_PIECES = [r"x", r"x^2", r"a x", r"\frac{x}{2}", r"3", r"a", r"a b", r"(x + a)", r"x (b - x)",
           r"\frac{a}{3} x", r"2 (x - b)", r"x a^2", r"e^{x}"]  # fmt: skip
_BODIES = st.lists(st.sampled_from(_PIECES), min_size=1, max_size=4).map(" + ".join)


def _value(text: str, values: dict[str, Fraction | int]) -> sympy.Expr:
    expr = _term(text)
    return sympy.nsimplify(expr.subs({s: sympy.Rational(values[str(s)]) for s in expr.free_symbols
                                      if str(s) in values}))  # fmt: skip


def _sum_normal(body: str) -> tuple[str, _Normaliser]:
    normaliser = _Normaliser()
    latex = f"\\sum_{{x \\in X}} ({body})"
    name = "Sm_" + "0" * 16
    text = normaliser.rewrite(name, latex)
    assert text != name, latex
    return text, normaliser


def _sum_agrees(body: str, points: list[Fraction], a: Fraction, b: Fraction) -> bool:
    """The normal form of sum_{x in X} body, its atoms at their true values over X = points,
    equals the sum computed term by term."""
    text, normaliser = _sum_normal(body)
    parameters = {"a": a, "b": b}
    reading = _term(read_expression(body).text)
    x = sympy.Symbol("x", real=True)
    truth = sum((reading.subs(x, sympy.Rational(p)) for p in points), sympy.Integer(0)).subs(
        {sympy.Symbol(k, real=True): sympy.Rational(v) for k, v in parameters.items()}
    )
    atoms: dict[str, sympy.Expr] = {}
    for name, (_, term) in normaliser.meaning.items():
        if term is None:
            atoms[name] = sympy.Integer(len(points))
        else:
            atoms[name] = sum(
                (term.subs(x, sympy.Rational(p)) for p in points), sympy.Integer(0)
            ).subs({sympy.Symbol(k, real=True): sympy.Rational(v) for k, v in parameters.items()})
    normal = _term(text).subs({sympy.Symbol(k, real=True): v for k, v in atoms.items()})
    normal = normal.subs({sympy.Symbol(k, real=True): sympy.Rational(v)
                          for k, v in parameters.items()})  # fmt: skip
    return bool(sympy.simplify(normal - truth) == 0)


@settings(max_examples=40, deadline=None)
@given(_BODIES, st.lists(_RATIONALS, max_size=4), _RATIONALS, _RATIONALS)
def test_sum_normal_form_equals_the_sum_over_a_finite_set(
    body: str, points: list[Fraction], a: Fraction, b: Fraction
) -> None:
    assert _sum_agrees(body, points, a, b)


def test_a_mutated_rule_that_pulls_out_a_non_constant_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same check with "depends on x" weakened to "is x itself" (so x^2, x (b - x) count as
    constants): some body disagrees with brute force."""

    def weak(variable: str, opaque: set[str]) -> linearity._Test:
        return lambda expr: expr == sympy.Symbol(variable, real=True)

    monkeypatch.setattr(linearity, "_depends", weak)
    points = [Fraction(1), Fraction(2)]
    wrong = [p for p in _PIECES if not _sum_agrees(p, points, Fraction(1), Fraction(3))]
    assert wrong  # x^2, x (b - x), a x ... read as constants times |X|


#: A finite probability space: outcome -> (probability weight, X, Y).
_SPACES = st.lists(st.tuples(st.integers(1, 5), _RATIONALS, _RATIONALS), min_size=1, max_size=4)
_E_PIECES = [r"X", r"Y", r"2X", r"\frac{Y}{3}", r"X Y", r"X^2", r"5", r"\frac{Y - X}{2}",
             r"3 (X + 1)"]  # fmt: skip


def _expectation(term: sympy.Expr, space: list[tuple[int, Fraction, Fraction]]) -> sympy.Expr:
    total = sum(w for w, _, _ in space)
    X, Y = sympy.Symbol("X", real=True), sympy.Symbol("Y", real=True)
    return sum(
        (sympy.Rational(w, total) * term.subs({X: sympy.Rational(x), Y: sympy.Rational(y)})
         for w, x, y in space), sympy.Integer(0),
    )  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(_E_PIECES), min_size=1, max_size=3).map(" + ".join), _SPACES)
def test_expectation_normal_form_equals_the_expectation_on_a_finite_space(
    body: str, space: list[tuple[int, Fraction, Fraction]]
) -> None:
    normaliser = _Normaliser()
    text = normaliser.rewrite("Ex_" + "0" * 16, f"\\mathbb{{E}}[{body}]")
    truth = _expectation(_term(read_expression(body).text), space)
    atoms = {
        sympy.Symbol(name, real=True): _expectation(term, space)
        for name, (_, term) in normaliser.meaning.items()
        if term is not None
    }
    assert sympy.simplify(_term(text).subs(atoms) - truth) == 0


_EVENTS = [r"X \ge t", r"X > t", r"X \le t", r"X < t", r"t < X", r"X + 1 \le t", r"2X > t - X"]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(_EVENTS), _SPACES, _RATIONALS)
def test_probability_normal_form_equals_the_probability_on_a_finite_space(
    event: str, space: list[tuple[int, Fraction, Fraction]], t: Fraction
) -> None:
    normaliser = _Normaliser()
    text = normaliser.rewrite("Pr_" + "0" * 16, f"\\Pr[{event}]")
    assert text != "Pr_" + "0" * 16
    tsym = sympy.Symbol("t", real=True)
    total = sum(w for w, _, _ in space)
    truth_relation = read_formula(read_assumption(event))
    X = sympy.Symbol("X", real=True)
    truth = sum(
        (sympy.Rational(w, total) for w, x, _ in space
         if bool(truth_relation.subs({X: sympy.Rational(x), tsym: sympy.Rational(t)}))),
        sympy.Integer(0),
    )  # fmt: skip
    atoms = {}
    for name, (_, difference) in normaliser.meaning.items():
        assert difference is not None
        atoms[sympy.Symbol(name, real=True)] = sum(
            (sympy.Rational(w, total) for w, x, _ in space
             if bool(difference.subs({X: sympy.Rational(x), tsym: sympy.Rational(t)}) <= 0)),
            sympy.Integer(0),
        )  # fmt: skip
    assert sympy.simplify(_term(text).subs(atoms) - truth) == 0


def test_the_body_extends_over_the_product_and_its_constant_factor_comes_out() -> None:
    """e^{a} is inside the second sum (the body is the product that follows); it is free of h,
    so both sides are e^a times one sum."""
    status, reason = _step(r"e^{a} \sum_{h \in H} e^{s(h)} = \sum_{h \in H} e^{s(h)} e^{a}")
    assert status == "proved", reason


_PRODUCT_BODIES = [r"e^{x}", r"2 e^{x}", r"e^{a x} e^{x^2}", r"\frac{1}{3} e^{-x}", r"a e^{x - b}",
                   r"e^{x} e^{a}"]  # fmt: skip


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(_PRODUCT_BODIES), st.lists(_RATIONALS, max_size=3), _RATIONALS, _RATIONALS)
def test_product_normal_form_equals_the_product_over_a_finite_set(
    body: str, points: list[Fraction], a: Fraction, b: Fraction
) -> None:
    normaliser = _Normaliser()
    text = normaliser.rewrite("Pd_" + "0" * 16, f"\\prod_{{x \\in X}} {body}")
    assert text != "Pd_" + "0" * 16
    x = sympy.Symbol("x", real=True)
    parameters = {sympy.Symbol(k, real=True): sympy.Rational(v) for k, v in (("a", a), ("b", b))}
    reading = _term(read_expression(body).text)
    truth = sympy.Mul(*(reading.subs(x, sympy.Rational(p)) for p in points)).subs(parameters)
    atoms = {
        sympy.Symbol(name, real=True): (
            sympy.Integer(len(points)) if term is None
            else sum((term.subs(x, sympy.Rational(p)) for p in points), sympy.Integer(0))
        )
        for name, (_, term) in normaliser.meaning.items()
    }  # fmt: skip
    normal = _term(text).subs(atoms).subs(parameters)
    assert sympy.simplify(sympy.expand_power_exp(normal) - truth) == 0


_NOISE = st.lists(
    st.sampled_from(["x", "X", "_", "^", "{", "}", "(", ")", "[", "]", "\\in", "+", "-", "2",
                     "\\frac", "e", "|", "<", "\\le", "=", ",", "\\mid", "a_i", "\\sum", "i"]),
    max_size=12,
).map(" ".join)  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["\\sum", "\\prod", "\\mathbb{E}", "\\Pr", "E"]), _NOISE)
def test_a_text_the_rules_do_not_parse_is_left_as_read(head: str, noise: str) -> None:
    kind = {"\\sum": "Sm", "\\prod": "Pd", "\\Pr": "Pr"}.get(head, "Ex")
    name = f"{kind}_" + "0" * 16
    text = _Normaliser().rewrite(name, f"{head} {noise}")
    assert isinstance(text, str) and text
