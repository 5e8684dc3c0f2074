"""Adversary (helper ADV2, session 7, issue 28): the LaTeX step reader's new readings on branch
d28 (decimals with no leading digit, function application), attacked with inputs a paper's
reader could paste. Each test is a finding: it fails today and is marked xfail(strict=True),
so the fix turns it into an XPASS that must be unmarked.

Truth is decided here without the reader: each false step has an exact witness computed with
Fractions or sympy at a rational point (see each case's comment).
"""

from __future__ import annotations

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


# --- decimals -------------------------------------------------------------------------------
# ".5.5", "2.5.5", "1.5.5" print as a dotted number (a section number, a version, a typo): no
# reader multiplies 1/2 by 1/2. Before d28 the lone '.' was "not understood"; now the reader
# splits them into two decimals and multiplies, so each step below is PROVED under a reading no
# mathematician gives. The step is false under every reading a mathematician gives (it has none).
MALFORMED_DECIMALS = [
    r".5.5 = .25",  # 1/2 * 1/2 = 1/4 is what is proved
    r"2.5.5 = 1.25",  # 5/2 * 1/2 = 5/4
    r"1.5.5 = .75",  # 3/2 * 1/2 = 3/4 ("1.5.5" a section number)
    r".5 \, .5 = .25",  # a thin space between two decimals is no product sign either
    r".5\!.5 = .25",
]


@pytest.mark.parametrize("block", MALFORMED_DECIMALS)
def test_a_dotted_run_of_digits_is_not_a_product_of_decimals(block: str) -> None:
    assert F(1, 2) * F(1, 2) == F(1, 4)  # the value the misreading proves
    assert statuses(block) != ["proved"]


# "x.5" and "f.5" (a letter, a point, digits) print as nothing a reader writes for x/2: x_5
# mistyped, a field access, a numbered item. Before d28 "not understood"; now x*(1/2).
@pytest.mark.parametrize(
    "block",
    [
        r"x.5 = \frac{x}{2}",
        r"f.5 = .5f",
        r".5x.5 = .25x",
        r"x_{1}.5 = .5x_1",  # prints x_1.5
        r"x^{2}.5 = .5x^2",  # prints x^2.5: nobody reads (x^2)/2
        r"\frac{1}{2}.5 = .25",
        r"|x|.5 = .5|x|",
    ],
)
def test_a_letter_then_a_decimal_point_is_not_a_product(block: str) -> None:
    assert statuses(block) != ["proved"]


# Scientific notation: "1e-5" is how DP texts and code-derived documents print delta = 10^-5.
# Two readings a mathematician could give differ (1*e - 5, or 10^-5); the reader picks 1*e - 5
# silently and REFUTES the step, true under the other reading (1 * 10^-5 = 10^-5 exactly).
# Pre-existing (not d28), found while attacking decimals; docs/latex.md's rule says ambiguous.
@pytest.mark.parametrize("block", [r"1e-5 = 10^{-5}", r"2e3 = 2000", r"1.5e3 = 1500"])
def test_scientific_notation_is_not_refuted(block: str) -> None:
    assert F(15, 10) * 10**3 == 1500 and 2 * 10**3 == 2000
    assert statuses(block) != ["refuted"]


# --- a Greek letter before a parenthesised NUMBER -------------------------------------------------
# docs/latex.md: a name before ONE name in parentheses (\epsilon(\alpha)) is a function's notation
# (ambiguous), \delta (1 + x) a product. A name before a parenthesised number, \delta(0), falls to
# the product reading, which no mathematician gives (nobody writes delta*0 as \delta(0)): in DP
# texts \delta(\varepsilon) is the privacy curve and \varepsilon(\alpha) the RDP curve, evaluated
# at numbers all the time. Under the function reading these steps fail for some function (so they
# must not be proved) or hold for every function of the kind (so they must not be refuted).
def gaussian_privacy_curve_at_zero() -> sympy.Expr:
    """delta(0) of the Gaussian mechanism with sensitivity/sigma = 1 (Balle and Wang 2018):
    Phi(1/2) - Phi(-1/2) = erf(1/(2 sqrt 2)) > 0, so delta(0) = 0 is false for it."""
    value = sympy.erf(1 / (2 * sympy.sqrt(2)))
    assert value.is_positive  # exact: erf is positive on (0, oo)
    return value


@pytest.mark.parametrize(
    "block",
    [
        r"\delta(0) = 0",  # false for the Gaussian curve: erf(1/(2 sqrt 2)) > 0
        r"\delta\left(0\right) = 0",
        r"\delta (0) = 0",
        # false for the function e(1) = 0, e(2) = 1 (1 <= 0 fails); as a product 2e <= 2e
        r"\varepsilon(2) \le 2\varepsilon(1)",
        r"\lambda(0) = 0",  # false for any function with lambda(0) = 1
    ],
)
def test_a_curve_at_a_number_is_not_a_product_proved(block: str) -> None:
    assert gaussian_privacy_curve_at_zero() != 0
    assert statuses(block) != ["proved"]


@pytest.mark.parametrize(
    "block",
    [
        # the logistic sigmoid: 1/(1 + e^0) = 1/2 exactly (DP logistic regression)
        r"\sigma(0) = \frac{1}{2}",
        # every privacy curve is non-increasing in epsilon (Balle and Wang 2018, Dong et al.):
        # true for each function of the kind; refuted here as delta <= 0 at delta = 1
        r"\delta(1) \le \delta(0)",
        r"\pi(10) = 4",  # the prime-counting function: 2, 3, 5, 7
    ],
)
def test_a_curve_at_a_number_true_step_is_not_refuted(block: str) -> None:
    assert F(1, 1) / (1 + 1) == F(1, 2)  # sigmoid(0) = 1/(1 + e^0)
    assert [p for p in range(2, 11) if all(p % d for d in range(2, p))] == [2, 3, 5, 7]
    assert statuses(block) != ["refuted"]


# --- through the command ---------------------------------------------------------------------


# A paper that fixes a name's value and also applies it ("with $\delta = .5$ ... \delta(1 +
# \delta)"): the reader rightly refuses the map (the value would read as a factor), but the
# refusal is raised inside the deciding child and reported as "internal error while deciding:
# NotUnderstood" (the wording of "a bug of dpproofs on this input"), not as the usage error it is.
@pytest.mark.parametrize(
    ("tex", "mapping"),
    [
        ("\\begin{align}\n\\delta(1 + \\delta) &= .75\n\\end{align}\n", r"\delta => .5"),
        ("\\begin{align}\nf(x+1) &= 2x + 2 \\\\\n&= 2(x+1)\n\\end{align}\n", "f => 2"),
    ],
)
def test_a_map_of_an_applied_name_is_a_usage_error_not_an_internal_one(
    tmp_path: Path, tex: str, mapping: str
) -> None:
    proof = tmp_path / "proof.tex"
    proof.write_text(tex, encoding="utf-8")
    code, out, err = call(str(proof), f"--map={mapping}", "--timeout=20")
    assert code == 2
    assert "internal error" not in out + err, out + err


# The value the prose gives a name: "With $\delta = .5$" then \delta(1 + \delta) = .75, true at
# delta = 1/2 (1/2 * 3/2 = 3/4) and false elsewhere. Refuted at delta = 1: a refutation of a
# reading the paper's reader does not give (the text fixed delta). docs/latex.md withholds the
# refutation for a name a DISPLAY fixes; inline mathematics in the prose is not read.
def test_a_value_fixed_inline_in_the_prose_is_not_refuted_elsewhere() -> None:
    assert F(1, 2) * (1 + F(1, 2)) == F(3, 4)
    block = "With $\\delta = .5$ we get\n\\begin{align}\n\\delta(1 + \\delta) &= .75\n"
    block += "\\end{align}\n"
    assert statuses(block) != ["refuted"]


# --- function names typed without a backslash ---------------------------------------------------
# Markdown sources and blog posts write "exp 0", "log 1", "cos 0" (italic in print, but every
# reader reads the function). The reader reads the run of letters as a product of parameters
# (E*x*p*0), so a false step is proved (exp 0 = 1, cos 0 = 1, log 0 is undefined) and a true
# one refuted. docs/latex.md and BLOCKERS.md note "exp(...)" with parentheses as not read; the
# bare form with no parentheses is decided, under a reading no mathematician gives.
@pytest.mark.parametrize("block", [r"exp 0 = 0", r"cos 0 = 0", r"log 0 = 0"])
def test_an_unbackslashed_function_name_false_step_is_not_proved(block: str) -> None:
    assert sympy.exp(0) == 1 and sympy.cos(0) == 1 and sympy.log(0) == sympy.zoo
    assert statuses(block) != ["proved"]


@pytest.mark.parametrize("block", [r"exp 0 = 1", r"log 1 = 0", r"ln e = 1", r"e^{x} = exp x"])
def test_an_unbackslashed_function_name_true_step_is_not_refuted(block: str) -> None:
    assert sympy.exp(0) == 1 and sympy.log(1) == 0 and sympy.log(sympy.E) == 1
    assert statuses(block) != ["refuted"]


# The same dotted run in an --assume: "x >= .5.5" is taken as x >= 1/4, and a false step
# (x >= 1/4 fails at x = 0 with no usable assumption) is proved from it.
def test_a_dotted_run_in_an_assumption_is_not_a_product() -> None:
    assert not F(0) >= F(1, 4)
    assert statuses(r"x \ge .25", assume=[r"x \ge .5.5"]) != ["proved"]


# --- function application hidden by braces or a decorated argument ------------------------------
# TeX prints {f}(x), f{(x)} and f(x) identically, yet only f(x) is refused as ambiguous: with a
# brace the reader takes the product reading silently and PROVES the additivity that fails for
# almost every function. Likewise \epsilon(\hat\alpha), \epsilon(\alpha^*), \epsilon(\alpha'):
# the "name before ONE name in parentheses" rule does not see a decorated name as one name
# (\epsilon(\alpha^*), the RDP curve at the optimal order, is common in DP texts).
# Witnesses, exact: f(t) = t^2 at x = y = 1; g(a)(b) = a - b at (1, 0); delta(t) = e^-t at 0.
def square(t: sympy.Expr) -> sympy.Expr:
    return t**2


@pytest.mark.parametrize(
    "block",
    [
        r"{f}(x+y) = {f}(x) + {f}(y)",
        r"f{(x+y)} = f{(x)} + f{(y)}",
        r"{f}(2x) = 2{f}(x)",
        r"{g}(x)(y) = {g}(y)(x)",
        r"{\delta}(\varepsilon + 1) = {\delta}(\varepsilon) + {\delta}(1)",
        r"\epsilon(\hat\alpha) + \epsilon(\hat\beta) = \epsilon(\hat\alpha + \hat\beta)",
        r"\epsilon(\alpha^*) + \epsilon(\beta^*) = \epsilon(\alpha^* + \beta^*)",
    ],
)
def test_a_braced_or_decorated_application_is_not_a_product(block: str) -> None:
    one, zero = sympy.Integer(1), sympy.Integer(0)
    assert square(one + one) != square(one) + square(one)  # 4 != 2
    assert square(2 * one) != 2 * square(one)  # 4 != 2
    assert (one - zero) != (zero - one)  # g(1)(0) = 1, g(0)(1) = -1

    def curve(t: sympy.Expr) -> sympy.Expr:
        return sympy.exp(-t)

    assert curve(zero + 1) != curve(zero) + curve(one)  # e^-1 != 1 + e^-1
    assert statuses(block) != ["proved"]


# The issue's own example, Gamma(n + 1) = n Gamma(n), refuted again once a brace hides the
# application (issue 28 class 1 was "\Gamma(n+1) = n\Gamma(n) refuted"); Gamma(2) = 1! = 1.
@pytest.mark.parametrize(
    "block",
    [r"{\Gamma}(n+1) = n{\Gamma}(n)", r"\Gamma{(n+1)} = n\Gamma{(n)}", r"{\Gamma}(2) = 1"],
)
def test_a_braced_known_function_true_step_is_not_refuted(block: str) -> None:
    n = sympy.Rational(5, 2)  # exact at a non-integer point too
    assert sympy.gamma(n + 1) == n * sympy.gamma(n) and sympy.gamma(2) == 1
    assert statuses(block) != ["refuted"]


# --- d28's function application (commit 0b6b978) -----------------------------------------------
# A curried application g(x)(y) (a family of functions: the privacy loss at x, a density indexed
# by a parameter) is read as the product g(x)*y, and its linearity is PROVED. Under the curried
# reading, with g(x)(t) = t^2: g(x)(2) = 4 != g(x)(1) + g(x)(1) = 2 (y = 1); g(x)(2) = 4 != 2.
@pytest.mark.parametrize(
    "block",
    [
        r"g(x)(y+1) = g(x)(y) + g(x)(1)",
        r"g(x)(2y) = 2g(x)(y)",
        r"g(x)(-y) = -g(x)(y)",  # t^2 at y = 1: 1 != -1
    ],
)
def test_a_curried_application_is_not_a_product(block: str) -> None:
    one = sympy.Integer(1)
    assert square(one + 1) != square(one) + square(one) and square(2 * one) != 2 * square(one)
    assert statuses(block) != ["proved"]


# "Landau's O and distributions are not numbers" (refused by name: O, \Theta, \Omega, Lap, N,
# Unif ...) misses poly(n), polylog(n) (an unspecified polynomial each time: n^2 - n = 2 at
# n = 2), little omega (\omega(1) - \omega(1): n - 2n != 0) and U(0, 1) (two independent uniform
# draws differ with probability 1): X - X = 0 is proved for each.
@pytest.mark.parametrize(
    "block",
    [
        r"poly(n) - poly(n) = 0",
        r"polylog(n) - polylog(n) = 0",
        r"\omega(1) - \omega(1) = 0",
        r"U(0, 1) - U(0, 1) = 0",
    ],
)
def test_asymptotic_classes_and_distributions_are_not_numbers(block: str) -> None:
    n = sympy.Integer(2)
    assert n**2 - n != 0 and n - 2 * n != 0
    assert statuses(block) != ["proved"]


# A subscripted name before a parenthesised NUMBER or a sum (F_X(1), \delta_M(0), F_X(x + 1)): the
# CDF of X, the privacy curve of M. Read as products and REFUTED, though true for every CDF / every
# privacy curve (non-decreasing, at most 1 / non-increasing) and false only for other functions:
# a step failing for some function is not-checked, never refuted (the brief, docs/latex.md).
# Exact: Phi(2) - Phi(1) = (erf(sqrt 2) - erf(1/sqrt 2))/2 > 0 for the normal CDF.
@pytest.mark.parametrize(
    "block",
    [
        r"F_{X}(2) \ge F_{X}(1)",
        r"F_X(1) \le 1",
        r"F_X(x + 1) - F_X(x - 1) \ge 0",
        r"\delta_{M}(1) \le \delta_{M}(0)",
    ],
)
def test_a_subscripted_curve_at_a_number_is_not_refuted(block: str) -> None:
    gap = (sympy.erf(sympy.sqrt(2)) - sympy.erf(1 / sympy.sqrt(2))) / 2
    assert gap.is_positive
    assert statuses(block) != ["refuted"]


# \delta_\mathcal{M}: TeX subscripts the whole \mathcal{M} (the privacy curve of mechanism M);
# the reader makes the parameter "delta_mathcal" times a parameter M, and refutes the true
# delta_M(1) <= delta_M(0) at delta_mathcal = M = 1. No reader splits the subscript.
def test_an_unbraced_mathcal_subscript_is_not_split() -> None:
    assert statuses(r"\delta_\mathcal{M}(1) \le \delta_\mathcal{M}(0)") != ["refuted"]
