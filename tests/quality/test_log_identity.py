"""log_identity (theorems/cuff_yu/_cy_common.py), the identity reading behind the symbolic
families of Cuff & Yu (issue 30): against exact evaluation on generated expressions.

A generated expression is sum_i c_i P_i ln(Q_i) with rational c_i, polynomials P_i in two
positive symbols and Q_i products and quotients of positive factors; half are identities by
construction (ln(AB) - ln A - ln B, ln(A/B) - ln A + ln B, ln(A^2) - 2 ln A, times a
polynomial), half those plus a perturbation. Soundness: a residue 0 means the expression is 0 at
exact rational points (mpmath at 60 digits, well below its size). Completeness on the
constructed identities: the residue is 0. A factor not positive by construction is refused."""

import importlib.util
from pathlib import Path

import mpmath
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.errors import Undecided

ROOT = Path(__file__).resolve().parents[2]
_SPEC = importlib.util.spec_from_file_location(
    "cy_common_for_tests", ROOT / "theorems" / "cuff_yu" / "_cy_common.py"
)
assert _SPEC is not None and _SPEC.loader is not None
COMMON = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(COMMON)

A, B = sympy.symbols("a b", positive=True)
FACTORS = (A, B, A + B, 1 + A, A + 2 * B, A * B + 1)
POLYS = (sympy.Integer(1), A, B, A * B, A + B, A**2)
POINTS = (
    (sympy.Rational(1, 3), sympy.Rational(2, 7)),
    (sympy.Rational(5, 2), sympy.Rational(3, 11)),
)

coefficient = st.fractions(min_value=-3, max_value=3, max_denominator=4).map(sympy.Rational)
factor = st.sampled_from(FACTORS)
poly = st.sampled_from(POLYS)


@st.composite
def identity(draw):
    """A sum of terms each identically 0 (a logarithm rule times a polynomial)."""
    total = sympy.Integer(0)
    for _ in range(draw(st.integers(1, 3))):
        f, g, p, c = draw(factor), draw(factor), draw(poly), draw(coefficient)
        rule = draw(st.sampled_from(("product", "quotient", "square")))
        if rule == "product":
            zero = sympy.log(f * g) - sympy.log(f) - sympy.log(g)
        elif rule == "quotient":
            zero = sympy.log(f / g) - sympy.log(f) + sympy.log(g)
        else:
            zero = sympy.log(f**2) - 2 * sympy.log(f)
        total += c * p * zero
    return total


def value(expr, point) -> mpmath.mpf:
    with mpmath.workdps(60):
        return mpmath.mpf(sympy.N(expr.subs({A: point[0], B: point[1]}), 60))


@settings(max_examples=40, deadline=None)
@given(identity(), st.booleans(), coefficient, poly, factor)
def test_a_residue_0_is_0_at_exact_points_and_constructed_identities_are_found(
    expr, perturb, c, p, f
):
    if perturb:
        expr = expr + c * p * sympy.log(f)
    residue = COMMON.log_identity(expr, {})
    values = [value(expr, point) for point in POINTS]
    if residue == 0:
        assert all(abs(v) < mpmath.mpf(10) ** -40 for v in values)
    if any(abs(v) > mpmath.mpf(10) ** -20 for v in values):
        assert residue != 0
    if not perturb or c == 0:
        assert residue == 0


def test_constraints_rewrite_the_split_form():
    """ln(pi c + pibar c) - ln c = ln(pi + pibar) = 0 only under pibar = 1 - pi."""
    pi, pibar, c = sympy.symbols("pi pibar c", positive=True)
    expr = sympy.log(pi * c + pibar * c) - sympy.log(c)
    assert COMMON.log_identity(expr, {}) != 0
    assert COMMON.log_identity(expr, {pibar: 1 - pi}) == 0


def test_a_factor_not_positive_by_construction_is_refused():
    with pytest.raises(Undecided):
        COMMON.log_identity(sympy.log(A - B) - sympy.log(A), {})
