"""Big operators over a set the reader cannot enumerate and document macros, read as one unknown
number per text (dpproofs/steps/latex_opaque.py, issue 28, tests/steps/corpus/BLOCKERS.md): what
each reads to, the steps proved for every value of the unknowns, and the traps: a step that only
a law of the notation makes true (linearity, an order fact, a definition) or a false one is never
proved and never refuted, a bound variable never leaks, distributions stay refused."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.claim import Deadline
from dpproofs.steps.check import check_steps
from dpproofs.steps.derivation import read_derivation
from dpproofs.steps.latex import NotUnderstood, read_expression


def verdicts(block: str, **kwargs: object) -> list[tuple[str, str]]:
    derivation = read_derivation(block, **kwargs)  # type: ignore[arg-type]
    return [(r.status, r.reason) for r in check_steps(derivation, Deadline(30))]


@pytest.mark.parametrize(
    ("latex", "kind", "written"),
    [
        (r"\sum_{x\in X} \frac{x}{1-p}", "Sm_", r"\sum_{x\in X}\frac{x}{1-p}"),
        (r"\prod_i e^{-a|x-D_i|}", "Pd_", r"\prod_ie^{-a|x-D_i|}"),
        # \limits is typography: the same text as without it
        (r"\sum\limits_{x \in X} \mathbb{E}[x]", "Sm_", r"\sum_{x\in X}\mathbb{E}[x]"),
        (r"\sum^n_i |x_i - y_i|", "Sm_", r"\sum^n_i|x_i-y_i|"),
        (r"\max_{x \sim x'} |x - x'|", "Mx_", r"\max_{x\sim x'}|x-x'|"),
        (r"\sup\limits_{z \in Z} e^{z}", "Mx_", r"\sup_{z\in Z}e^{z}"),
        (r"\inf_{\alpha \in A} \alpha", "Mn_", r"\inf_{\alpha\in A}\alpha"),
        (r"\texttt{len(x)}", "Tt_", r"\texttt{len(x)}"),
        (r"\texttt{stability\_map}(\din)", "Tt_", r"\texttt{stability\_map}(\din)"),
        (r"\function(x')", "Tt_", r"\function(x')"),
        (r"\din", "Tt_", r"\din"),
        (r"\norm{v - O}_p", "Nm_", r"\norm{v-O}_p"),
        (r"\text{Var}(Y_j)", "Fn_", r"\text{Var}(Y_j)"),
        (r"\mathrm{round}(x)", "Fn_", r"\mathrm{round}(x)"),
    ],
)
def test_one_unknown_number_per_text(latex: str, kind: str, written: str) -> None:
    reading = read_expression(latex)
    ((name, shown),) = reading.opaque
    assert (reading.text, shown) == (name, written) and name.startswith(kind)


def test_the_same_text_is_the_same_number_and_another_text_another() -> None:
    sums = read_expression(
        r"\sum_{x\in X} x - \sum_{x \in X} x + \sum_{y\in X} y + \sum_{x\in Y} x"
    )
    first, second, third, fourth = sums.text.replace(" - ", " + ").split(" + ")
    assert first == second and len({first, third, fourth}) == 3 == len(sums.opaque)
    # the body ends where a product ends, as for the sums read exactly
    assert read_expression(r"\sum_{i} a_i + b").text.endswith(" + b")


def test_facts_granted_are_only_a_norm_and_a_variance_being_nonnegative() -> None:
    norm = read_expression(r"\norm{v}_p")
    assert norm.conditions == (f"{norm.text} >= 0",)
    assert read_expression(r"\text{Var}(X)").conditions[0].endswith(" >= 0")
    for latex in (r"\sum_{x\in X} x^2", r"\max_{x \sim x'} x", r"\texttt{len(x)}", r"\din"):
        assert read_expression(latex).conditions == ()


def test_erf_and_erfc_upright_are_the_functions() -> None:
    assert (
        read_expression(r"\mathrm{erfc}(z) + \operatorname{erf}(z)").text == "(1 - erf(z)) + erf(z)"
    )
    ((status, _),) = verdicts(r"\mathrm{erfc}(z) = 1 - \mathrm{erf}(z)")  # OpenDP's gaussian_tail
    assert status == "proved"


@pytest.mark.parametrize(
    ("latex", "says"),
    [
        # a bound letter after the body: inside the sum or the parameter?
        (r"\sum_{x\in X} x - x", "after the body"),
        (r"\max_{x,x'} |x - x'| + x", "after the body"),
        (r"\sum_{i=1}^{n} 2i - i", "after the body"),  # the sums read exactly say the same
        (r"\sum_{\varepsilon \in E} \varepsilon + \epsilon", "after the body"),  # one letter
        # distributions are not numbers (two draws), Landau's classes are sets
        (r"\text{Bern}(p) - \text{Bern}(p)", "not a number"),
        (r"\mathrm{Lap}(b)", "not a number"),
        (r"\operatorname{O}(n)", "before '('"),
        # an upright word alone is prose or a name the reader does not know
        (r"\text{for} x", "function's name before"),
        (r"\function", "without its argument"),
        (r"\sum x_i", "no variable under it"),
        (r"\sum_{i} f(i)^2", "ambiguous"),  # an ambiguity in the body is never read past
        # a set or bound written infinite: a series may diverge, a supremum be infinite, and
        # \sum_{n \in \mathbb{N}} n - \sum_{n \in \mathbb{N}} n = 0 would be proved
        (r"\sum_{n \in \mathbb{N}} n", "infinite"),
        (r"\sum_{k=0}^{\infty} x^k", "\\infty"),
        (r"\sum^{\infty}_{k} x^k", "infinite"),
        (r"\sup_{z \in \mathbb{R}} z", "infinite"),
        (r"\sup_{\alpha > 1} \alpha", "condition"),  # infinite, not written so
        (r"\sum_{x \in [0, 1]} 1", "interval"),
        # a sum with bounds is read exactly (tests/steps/test_latex_sums.py) or refused
        (r"\sum_{i=1}^{k} \varepsilon_i", "sequence"),
        (r"\sum_{k=0}^{t-1} e^{-k/t}", "polynomial"),
    ],
)
def test_what_stays_refused(latex: str, says: str) -> None:
    with pytest.raises(NotUnderstood) as caught:
        read_expression(latex)
    assert says in str(caught.value)


@pytest.mark.parametrize(
    "block",
    [
        # algebra around the unknowns: true for every value of them
        r"\frac{\sum_{x\in X} x}{2} - \frac{N p}{2} = \frac{\sum_{x\in X} x - Np}{2}",
        # the body is the product that follows: parentheses end it
        r"e^{a} \sum_{h' \in H} e^{s(h')} - (\sum_{h' \in H} e^{s(h')}) e^{a} = 0",
        r"\max_{x \sim x'} |x - x'| + 2^{k} - 2^{k} = \max_{x \sim x'} |x - x'|",
        r"|\min(\texttt{len(x)}, c) - \min(\texttt{len(x')}, c)| "
        r"\le |\texttt{len(x)} - \texttt{len(x')}|",
        r"\norm{v}_p + \norm{w}_p \ge 0",
        r"\text{Var}(X) + 1 \ge 1",
        r"\operatorname{Var}(X) \ge 0",
    ],
)
def test_a_step_true_for_every_value_is_proved(block: str) -> None:
    ((status, reason),) = verdicts(block)
    assert status == "proved", reason
    assert "for every value of" in reason


@pytest.mark.parametrize(
    "block",
    [
        # true only by a law of the notation the reader does not use: an order fact, a
        # definition (linearity is proved: tests/steps/test_latex_linearity.py)
        r"\max_{x \sim x'} |x - x'| \ge 0",
        r"\sup_{z} g = \max_{z} g",
        r"\text{Var}(2X) = 4 \text{Var}(X)",
        # false: read as the body, or as one term, or a norm as any number >= 0, they would be
        # proved or refuted; read as unknowns they are neither
        r"\sum_{i \in S} 1 = 1",
        r"\prod_{i} a = a",
        r"\norm{v}_p \le 1",
        r"\din \le \texttt{TO.inf\_cast}(\din)",
    ],
)
def test_a_step_needing_what_the_notation_means_is_not_checked_never_refuted(block: str) -> None:
    ((status, reason),) = verdicts(block)
    assert status == "not-checked", reason
    assert "--map" in reason


@settings(max_examples=10, deadline=None)
@given(
    st.lists(st.integers(-3, 3), min_size=0, max_size=4),
    st.integers(-2, 2),
    st.integers(-2, 2),
    st.integers(-2, 2),
    st.integers(-2, 2),
)
def test_brute_force_on_generated_steps_of_the_readings_shape(
    elements: list[int], c: int, d: int, e: int, f: int
) -> None:
    """c S + d + S = e S + f, S the sum over a set X: proved exactly when it is an identity
    (e = c + 1, f = d), and then it holds for the concrete set; otherwise it is false for some
    set, so never proved, and never refuted (the reader does not know X)."""
    s = r"\sum_{x \in X} x"
    ((status, reason),) = verdicts(rf"({d}) + ({c}) {s} + {s} = ({f}) + ({e}) {s}")
    total = Fraction(sum(elements))
    if status == "proved":
        assert (e, f) == (c + 1, d)
        assert c * total + d + total == e * total + f  # brute force on the concrete set
    else:
        assert (status, (e, f) == (c + 1, d)) == ("not-checked", False), reason


def test_two_texts_with_one_digest_are_never_one_number() -> None:
    """The name of an opaque text is a 6-hex digest of it: two texts with the same digest (found
    by a search of 2^12 texts) would be one number, and a false step between them proved. Made
    here by hand: the step's two sums given one name."""
    derivation = read_derivation(r"\sum_{x\in X} x = \sum_{x\in X} x^2")
    (step,) = derivation.steps
    ((first, a), (_, b)) = step.opaque
    clashing = replace(
        step,
        rhs=first,
        opaque=((first, a), (first, b)),
    )
    (result,) = check_steps(replace(derivation, steps=(clashing,)), Deadline(30))
    assert (result.status, "collide" in result.reason) == ("not-checked", True)


def test_a_name_is_64_bits_of_its_text() -> None:
    """With 24 bits, a text whose name is another's (an assumption about one applied to the
    other) was found by a search of 2^24 texts, seconds; with 64, 2^32 texts for any pair."""
    ((name, _),) = read_expression(r"\sum_{x \in X} x").opaque
    assert re.fullmatch(r"Sm_[0-9a-f]{16}", name)


def test_an_unknown_in_a_row_condition_is_never_the_witness_of_a_refutation() -> None:
    """Under "for ||v|| < 0", which no norm satisfies, x <= 0 holds vacuously; the witness
    ||v|| = -1, x = 1 is no witness (it was refuted)."""
    ((status, reason),) = verdicts(r"x \le 0 && \text{for $\norm{v} < 0$}")
    assert status == "not-checked" and "assumption's unknown" in reason
    ((status, _),) = verdicts(r"x \le 0 && \text{for $\Pr[A] < 0$}")
    assert status == "not-checked"
