"""Sums and products with symbolic bounds (brief J, item 2 of issue 28): read exactly, checked
against the sums themselves on generated bodies, never expanded on a guessed bound; a refutation
only at an integer number of terms."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.deadline import Deadline
from dpproofs.steps.check import check_step
from dpproofs.steps.derivation import read_assumption, read_derivation
from dpproofs.steps.latex import NotUnderstood, read_expression
from dpproofs.symbolic.written import read_formula


def value(text: str, **values: int) -> sympy.Expr:
    """A claim-syntax term evaluated exactly at integer values."""
    term = read_formula(f"({text}) == 0").lhs  # type: ignore[attr-defined]
    return term.subs({s: values[s.name] for s in term.free_symbols}).doit()


@settings(max_examples=40, deadline=None)
@given(
    coefficients=st.lists(st.integers(-3, 3), min_size=4, max_size=4),
    lower=st.integers(0, 3),
    shift=st.integers(-1, 6),
    x=st.integers(-2, 2),
)
def test_a_polynomial_sum_is_its_closed_form_at_every_integer_bound(
    coefficients: list[int], lower: int, shift: int, x: int
) -> None:
    # sum_{i=lower}^{n} (c0 + c1 i + c2 i^2 + c3 i x) against the sum itself, for every n with
    # at least zero terms (n = lower - 1 is the empty sum, 0).
    c0, c1, c2, c3 = coefficients
    latex = rf"\sum_{{i={lower}}}^{{n}} ({c0} + {c1} i + {c2} i^2 + {c3} i x)".replace("+ -", "- ")
    reading = read_expression(latex)
    n = lower + shift  # shift = -1: the empty sum
    brute = sum(c0 + c1 * i + c2 * i * i + c3 * i * x for i in range(lower, n + 1))
    assert value(reading.text, n=n, x=x) == brute
    shown = {0: "n + 1", 1: "n", 2: "n - 1", 3: "n - 2"}[lower]  # n - lower + 1, expanded
    assert reading.counts == ("n",) and reading.terms == (shown,)
    assert value(reading.terms[0], n=n) == n - lower + 1 >= 0
    # read as empty (its number of terms <= -1), it is 0 whatever the body
    assert reading.case(frozenset(reading.terms)) == "0"


@settings(max_examples=30, deadline=None)
@given(k=st.integers(0, 7), lower=st.integers(-2, 2), base=st.fractions(Fraction(1, 3), 3))
def test_a_sum_or_product_of_terms_free_of_the_index_is_the_count_times_or_power(
    k: int, lower: int, base: Fraction
) -> None:
    b = sympy.Rational(base.numerator, base.denominator)
    total = read_expression(rf"\sum_{{j={lower}}}^{{k}} a").text
    product = read_expression(rf"\prod_{{j={lower}}}^{{k}} a").text
    terms = max(k - lower + 1, 0)
    if k - lower + 1 >= 0:
        term_sum = read_formula(f"({total}) == 0").lhs  # type: ignore[attr-defined]
        term_product = read_formula(f"({product}) == 0").lhs  # type: ignore[attr-defined]
        symbols = {s.name: s for s in term_sum.free_symbols | term_product.free_symbols}
        at = {symbols["k"]: k, symbols["a"]: b}
        assert term_sum.subs(at).doit() == terms * b
        assert term_product.subs(at).doit() == b**terms


@pytest.mark.parametrize(
    ("latex", "says"),
    [
        (r"\sum_{i=1}^{k} \varepsilon_i", "sequence"),  # one parameter epsilon_i: k * epsilon_i
        (r"\sum_{i=1}^{n} x_{ij}", "sequence"),
        (r"\sum_{t=0}^{T-1} \rho^t", "polynomial"),  # the index in an exponent
        (r"\prod_{i=1}^{n} i", "polynomial"),
        (r"\sum_{i=1}^{n} 2i - i", "ambiguous"),  # is the second i inside the sum?
        (r"\sum x", "no variable under it"),  # \sum_i x_i: one unknown number (test_latex_opaque)
        (r"\sum_{i=1}^{n^2} 1", "integer combination"),
        (r"\sum_{i=1}^{n/2} 1", "integer combination"),
        (r"\sum_{i=1}^{i} 1", "also a bound"),
    ],
)
def test_what_is_not_read_exactly_is_refused_with_why(latex: str, says: str) -> None:
    with pytest.raises(NotUnderstood, match=says):
        read_expression(latex)


def test_a_sum_in_an_assumption_is_refused() -> None:
    with pytest.raises(NotUnderstood, match="assumption"):
        read_assumption(r"\sum_{i=1}^{k} \varepsilon \le 1")


def test_a_step_true_at_every_integer_is_never_refuted_at_a_fraction() -> None:
    # n <= n^2 for every integer n >= 0, false at n = 1/2: the refutation does not count.
    step = read_derivation(r"\sum_{i=1}^{n} 1 \le n^2").steps[0]
    assert step.counts == ("n",) and step.terms == ("n",) and step.conditions == ()
    result = check_step(step, read_derivation(r"\sum_{i=1}^{n} 1 \le n^2"), Deadline(20))
    assert result.status == "unknown" and "must be an integer" in result.reason


def test_a_step_false_at_an_integer_is_refuted_there() -> None:
    # sum_{i=1}^{n} 2 = 2n, never 2n + 1: every witness is one.
    derivation = read_derivation(r"\sum_{i=1}^{n} 2 = 2n + 1")
    result = check_step(derivation.steps[0], derivation, Deadline(20))
    assert result.status in ("refuted", "unknown")
    if result.status == "refuted":
        assert result.witness is not None
        n = Fraction(dict(result.witness.assignment)["n"])
        assert n.denominator == 1 and n >= 0


def test_recheck_states_a_sum_s_condition_as_the_decider_did() -> None:
    # sum_{i=1}^{n} 1 >= 0 is n >= 0 where the sum is not empty (n >= 0), 0 >= 0 where it is
    # (n <= -1); the second encoding of dpproofs recheck states both cases as the decider did
    from dpproofs.recheck.witnesses import step_problem, step_problems

    derivation = read_derivation(r"\sum_{i=1}^{n} 1 \ge 0")
    problem = step_problem(derivation, derivation.steps[0])
    assert [str(a).replace(" ", "") for a in problem.assumptions] == ["n>=0"]
    problems = step_problems(derivation, derivation.steps[0])
    assert [[str(a).replace(" ", "") for a in p.assumptions] for p in problems] == [
        ["n>=0"],
        ["n<=-1"],
    ]
    assert str(problems[1].statement).replace(" ", "") == "0>=0"


def test_recheck_skips_a_case_the_domains_exclude() -> None:
    # k in (0, oo): the case k <= -1 has no point (sympy evaluates the condition to False)
    derivation = read_derivation(r"\sum_{i=1}^{k} 2 = 2k", where={"k": "(0, oo)"})
    from dpproofs.recheck.witnesses import step_problems

    assert len(step_problems(derivation, derivation.steps[0])) == 1
