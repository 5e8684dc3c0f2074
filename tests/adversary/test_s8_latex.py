"""Adversary (helper ADV4, session 8, issue 28): the LaTeX step reader's readings of unknown
numbers (``\\Pr[...]``, ``\\mathbb{E}[...]``, applications), sums and products, maxima over listed
sets, evaluation bars and integrals, attacked with derivations a user could paste. Each test is
a finding: it fails today and is marked xfail(strict=True), so the fix turns it into an XPASS
that must be unmarked.

Truth is decided here without the reader: each false step has an exact witness computed with
integers, Fractions or sympy (see each case's comment and assertions).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction as F
from pathlib import Path

import pytest
import sympy

from dpproofs.claim import Deadline
from dpproofs.steps.check import check_steps
from dpproofs.steps.derivation import read_derivation
from tests.steps.test_steps_cli import call


def statuses(block: str, **kwargs: object) -> list[str]:
    derivation = read_derivation(block, **kwargs)  # type: ignore[arg-type]
    return [r.status for r in check_steps(derivation, Deadline(30))]


def empty_sum(lower: int, upper: int, term: Callable[[int], int]) -> F:
    """sum_{i=lower}^{upper} term(i), exactly, with the convention of every DP text (and of
    Concrete Mathematics, eq. 2.4): no term when upper < lower, so the value is 0."""
    return sum((F(term(i)) for i in range(lower, upper + 1)), F(0))


def empty_product(lower: int, upper: int, term: Callable[[int], int]) -> F:
    """prod_{i=lower}^{upper} term(i): 1 when upper < lower (the empty product)."""
    out = F(1)
    for i in range(lower, upper + 1):
        out *= F(term(i))
    return out


# --- one unknown number per text: a 24-bit name --------------------------------------------------
# binders.opaque_name names each opaque quantity by the first 6 hex digits of a SHA-256 of its
# tokens: two different texts share a name with probability 2^-24 per pair, and a collision is
# found in a second by enumeration (birthday bound: ~4000 texts). Two texts with one name are one
# number, so their equality is PROVED although the quantities differ. Found here (a few thousand
# texts of the forms below; the reader confirms the shared name, e.g. Pr_5cb278).
# Witnesses, exact: M the identity and x_h = x_r = 0, y_E = y_i = 1: Pr[0 < 1] = 1, Pr[0 >= 1] = 0;
# X = 1752 surely: Pr[X = 1752] = 1 != 0 = Pr[X = 3885]; E[X_s + Y_U] = 1 != 0 = E[X_v + Y_c]
# with X_s = 1 and every other variable 0; g(a, b) = a with x_f = 0, x_H = 1.
@pytest.mark.xfail(strict=True, reason="ADV4: two texts share a 24-bit opaque name; proved equal")
@pytest.mark.parametrize(
    "block",
    [
        r"\Pr[M(x_{h}) < y_{E}] = \Pr[M(x_{r}) \ge y_{i}]",
        r"\Pr[M(x_{h}) < y_{E}] \le \Pr[M(x_{r}) \ge y_{i}]",
        r"\Pr[X = 1752] = \Pr[X = 3885]",
        r"\mathbb{E}[X_{s} + Y_{U}] = \mathbb{E}[X_{v} + Y_{c}]",
        r"g(x_{f}, y_{g}) = g(x_{H}, y_{m})",
    ],
)
def test_two_different_opaque_texts_are_not_one_number(block: str) -> None:
    assert int(0 < 1) != int(0 >= 1)  # Pr[M(0) < 1] = 1, Pr[M(0) >= 1] = 0 for M the identity
    assert int(1752 == 1752) != int(1752 == 3885)  # X = 1752 surely
    assert 1 + 0 != 0 + 0  # E[X_s + Y_U] with X_s = 1, the rest 0
    assert statuses(block) != ["proved"]


# --- empty and reversed sums and products -----------------------------------------------------
# docs/latex.md: "m = b - a + 1 terms; the step is checked under m >= 0". The condition m >= 0 is
# added as an ASSUMPTION, so where it is false the step is vacuously proved. With constant bounds
# b < a - 1 (a sum "with its bounds swapped") the reader proves the values of the formula
# (b - a + 1) * c, and of Faulhaber's closed form, outside their range: sum_{i=3}^{1} 1 = -1. To a
# reader of a paper (and Concrete Mathematics 2.4) the sum is EMPTY: 0, and the product 1.
@pytest.mark.xfail(strict=True, reason="ADV4: a sum/product with b < a - 1 is proved at m < 0")
@pytest.mark.parametrize(
    ("block", "lower", "upper", "term", "kind", "claimed"),
    [
        (r"\sum_{i=3}^{1} 1 = -1", 3, 1, lambda i: 1, "sum", F(-1)),
        (r"\sum_{i=5}^{1} 1 = -3", 5, 1, lambda i: 1, "sum", F(-3)),
        (r"\sum_{i=2}^{0} i^2 = -1", 2, 0, lambda i: i * i, "sum", F(-1)),
        (r"\prod_{i=3}^{1} 2 = \frac{1}{2}", 3, 1, lambda i: 2, "product", F(1, 2)),
    ],
)
def test_a_reversed_sum_is_empty_not_negative(
    block: str, lower: int, upper: int, term: Callable[[int], int], kind: str, claimed: F
) -> None:
    value = (empty_sum if kind == "sum" else empty_product)(lower, upper, term)
    assert value == (0 if kind == "sum" else 1) and value != claimed
    assert statuses(block) != ["proved"]


@pytest.mark.xfail(strict=True, reason="ADV4: a sum/product with b < a - 1 is proved at m < 0")
@pytest.mark.parametrize("block", [r"\sum_{i=3}^{1} 1 < 0", r"\prod_{i=3}^{1} 2 < 1"])
def test_a_reversed_sum_is_not_proved_negative(block: str) -> None:
    assert empty_sum(3, 1, lambda i: 1) == 0 and not empty_sum(3, 1, lambda i: 1) < 0
    assert empty_product(3, 1, lambda i: 2) == 1 and not empty_product(3, 1, lambda i: 2) < 1
    assert statuses(block) != ["proved"]


# The same through symbolic bounds: an assumption that makes the count negative (n <= -1, a case
# of a proof by cases; the sum is then empty, 0) contradicts the reader's own condition
# n - 1 + 1 >= 0, and any step on the sum is proved vacuously: sum_{i=1}^{n} 1 = 1 at n = -1 is
# 0 = 1. The project refuses a vacuous claim elsewhere ("an assumption is false on the whole
# domain"); here the contradiction is of the reader's making, and the step is PROVED.
@pytest.mark.xfail(strict=True, reason="ADV4: the count condition m >= 0 makes a step vacuous")
@pytest.mark.parametrize("block", [r"\sum_{i=1}^{n} 1 = 1", r"\sum_{i=1}^{n} 1 = 7"])
def test_a_count_condition_is_not_a_hypothesis(block: str) -> None:
    assert empty_sum(1, -1, lambda i: 1) == 0  # n = -1 satisfies n <= -1
    assert statuses(block, assume=[r"n \le -1"]) != ["proved"]


@pytest.mark.xfail(strict=True, reason="ADV4: check-proof proves sum_{i=3}^{1} 1 = -1, exit 0")
def test_a_reversed_sum_through_the_command(tmp_path: Path) -> None:
    proof = tmp_path / "proof.tex"
    proof.write_text("\\begin{align}\n\\sum_{i=3}^{1} 1 &= -1\n\\end{align}\n", encoding="utf-8")
    assert empty_sum(3, 1, lambda i: 1) == 0
    code, out, err = call(str(proof), "--timeout=20")
    assert code != 0, out + err


# --- a bound variable spelled two ways ------------------------------------------------------
# docs/latex.md: \epsilon and \varepsilon are "the one parameter epsilon" (also \phi / \varphi,
# \theta / \vartheta, \rho / \varrho). A maximum over a listed set and an evaluation bar bind
# their variable by TOKEN (binders.substituted), so a body written with the other spelling is
# not substituted: \max_{\epsilon \in \{0, 1\}} \varepsilon reads as Max(epsilon, epsilon), the
# free parameter. Under the reading the docs promise (one symbol), the maximum is 1 and the
# evaluation is 1^2 - 0^2 = 1: false steps PROVED, true steps REFUTED.
@pytest.mark.xfail(strict=True, reason="ADV4: \\epsilon binds, \\varepsilon stays free: proved")
@pytest.mark.parametrize(
    "block",
    [
        r"\max_{\epsilon \in \{0, 1\}} \varepsilon = \varepsilon",  # 1 = epsilon fails at 0
        r"\left. \varepsilon^2 \right|_{\epsilon=0}^{1} = 0",  # 1 - 0 = 1, not 0
        r"\max_{\varphi \in \{0, 1\}} \phi = \phi",
    ],
)
def test_a_binder_spelled_otherwise_in_its_body_false_step(block: str) -> None:
    assert max(0, 1) == 1 and max(0, 1) != 0  # at the free value 0
    assert 1**2 - 0**2 == 1
    assert statuses(block) != ["proved"]


@pytest.mark.xfail(strict=True, reason="ADV4: \\epsilon binds, \\varepsilon stays free: refuted")
@pytest.mark.parametrize(
    "block",
    [
        r"\max_{\epsilon \in \{0, 1\}} \varepsilon \ge 1",
        r"\max_{\varphi \in \{0, 1\}} \phi \ge 1",
        r"\left. \varepsilon^2 \right|_{\epsilon=0}^{1} = 1",
    ],
)
def test_a_binder_spelled_otherwise_in_its_body_true_step(block: str) -> None:
    assert max(0, 1) >= 1 and 1**2 - 0**2 == 1
    assert statuses(block) != ["refuted"]


# An integral's variable is read with the spellings merged (d\epsilon binds \varepsilon in the
# integrand), but the check that an opaque quantity does not hold the variable
# (_no_opaque_binds) compares TOKENS: \Pr[X \le \varepsilon] under d\epsilon is read as a
# constant c, and int_0^1 c d(epsilon) = c is PROVED. Witness: X uniform on [0, 1], so
# Pr[X <= t] = t on [0, 1]: int_0^1 t dt = 1/2, while the right side at the free epsilon = 0 is 0.
@pytest.mark.xfail(strict=True, reason="ADV4: an integral's variable inside \\Pr, other spelling")
@pytest.mark.parametrize(
    "block",
    [
        r"\int_0^1 \Pr[X \le \varepsilon] \, d\epsilon = \Pr[X \le \varepsilon]",
        r"\int_0^1 f(\varepsilon) \, d\epsilon = f(\varepsilon)",  # f(t) = t
    ],
)
def test_an_integrals_variable_inside_an_opaque_quantity_other_spelling(block: str) -> None:
    t = sympy.Symbol("t")
    assert sympy.integrate(t, (t, 0, 1)) == sympy.Rational(1, 2) != 0
    assert statuses(block) != ["proved"]
