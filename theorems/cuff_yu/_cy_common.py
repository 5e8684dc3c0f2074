"""Shared helpers for the Cuff & Yu theorem files (seed 001_bbdd7f031c172a3e.txt).

Formulas of the seed were lost in extraction; the statements encoded in these files follow the
reconstruction the project made of them, and each theorem's note says so.
"""

from fractions import Fraction as F

import sympy

from dpproofs.algebra import implies
from dpproofs.exact.rigorous import compare
from dpproofs.vocabulary import nonempty_subsets

SEED = "001_bbdd7f031c172a3e.txt"
RECONSTRUCTED = "The formula is the project's reconstruction of the lost statement. "


def cite(*ids: str) -> str:
    """The citation: seed file, claim IDs of CLAIMS.md and the statement they name."""
    return f"{SEED}, " + ", ".join(ids)


def iff(alg, a, b):
    """a <=> b in the algebra."""
    return alg.all([implies(alg, a, b), implies(alg, b, a)])


def set_mass(alg, p, t):
    """P(T) for a set T of outcome indices."""
    return alg.total(p[y] for y in t)


def all_sets(size: int) -> list[tuple[int, ...]]:
    """Every subset of range(size), the empty set included."""
    return [(), *nonempty_subsets(size)]


def h(d: sympy.Expr) -> sympy.Expr:
    """Binary entropy in nats, with 0 ln 0 = 0 (exact inputs)."""
    if compare(d, 0) == 0 or compare(d, 1) == 0:
        return sympy.Integer(0)
    return -d * sympy.log(d) - (1 - d) * sympy.log(1 - d)


def grid(denominator: int) -> list[sympy.Rational]:
    """The rationals k/denominator in [0, 1]."""
    return [sympy.Rational(k, denominator) for k in range(denominator + 1)]


def binary_rows(p: sympy.Expr, q: sympy.Expr) -> list[list[sympy.Expr]]:
    """The binary channel with P(Y=1|X=0) = p and P(Y=0|X=1) = q."""
    return [[1 - p, p], [q, 1 - q]]


def fractions(denominator: int) -> list[F]:
    """Fractions k/denominator in (0, 1)."""
    return [F(k, denominator) for k in range(1, denominator)]
