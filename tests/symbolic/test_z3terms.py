"""dpproofs/symbolic/z3terms.py: a polynomial with rational coefficients becomes the same
polynomial as a z3 term (checked against exact Fraction evaluation at rational points), anything
else is refused with NotCertified; rules DG and CM/CV share this one translation (before, chord.py
imported diagonal.py's private ``_z3``)."""

import ast
from fractions import Fraction
from pathlib import Path

import pytest
import sympy
import z3
from hypothesis import given
from hypothesis import strategies as st

from dpproofs.symbolic import z3terms
from dpproofs.symbolic.z3terms import NotCertified

ROOT = Path(__file__).resolve().parents[2]
p, q = sympy.symbols("p q", real=True)
rationals = st.fractions(min_value=-50, max_value=50, max_denominator=12)


def _z3_value(term: z3.ArithRef, at: dict[str, Fraction]) -> Fraction:
    """``term`` with its z3 reals replaced by ``at``, simplified to a rational by z3."""
    pairs = [
        (z3.Real(name), z3.RealVal(f"{v.numerator}/{v.denominator}")) for name, v in at.items()
    ]
    value = z3.simplify(z3.substitute(term, *pairs))
    assert z3.is_rational_value(value), value
    return Fraction(value.numerator_as_long(), value.denominator_as_long())


@given(
    st.lists(st.tuples(rationals, st.integers(0, 4), st.integers(0, 4)), min_size=1, max_size=5),
    rationals,
    rationals,
)
def test_a_polynomial_is_the_same_polynomial_in_z3(terms, at_p, at_q):
    """P = sum c p^i q^j (c rational): z3's term at (at_p, at_q) equals P there exactly."""
    expr = sum(
        (sympy.Rational(c.numerator, c.denominator) * p**i * q**j for c, i, j in terms),
        sympy.Integer(0),
    )
    term = z3terms.polynomial(expr, {p: z3.Real("p"), q: z3.Real("q")})
    exact = sum((c * at_p**i * at_q**j for c, i, j in terms), Fraction(0))
    assert _z3_value(term, {"p": at_p, "q": at_q}) == exact


@given(rationals)
def test_a_rational_is_exact(value):
    term = z3terms.rational(sympy.Rational(value.numerator, value.denominator))
    assert _z3_value(term, {}) == value


@pytest.mark.parametrize(
    "expr",
    [sympy.log(p), 1 / q, p / (q + 1), sympy.sqrt(2) * p, sympy.Symbol("r") * p, sympy.exp(q)],
    ids=["log", "1/q", "a quotient", "an irrational coefficient", "another symbol", "exp"],
)
def test_anything_else_is_not_certified(expr):
    with pytest.raises(NotCertified):
        z3terms.polynomial(expr, {p: z3.Real("p"), q: z3.Real("q")})


def _imports(module: str) -> list[tuple[str, str]]:
    tree = ast.parse((ROOT / "dpproofs" / "symbolic" / f"{module}.py").read_text())
    return [
        (node.module or "", alias.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    ]


@pytest.mark.parametrize("module", ["chord", "diagonal"])
def test_the_certifying_rules_share_the_translation_and_import_no_private_name(module):
    imported = _imports(module)
    assert ("dpproofs.symbolic", "z3terms") in imported
    private = [(m, n) for m, n in imported if m.startswith("dpproofs") and n.startswith("_")]
    assert private == []
    source = (ROOT / "dpproofs" / "symbolic" / f"{module}.py").read_text()
    assert "sympy.Poly(" not in source, "a second polynomial-to-z3 translation"
