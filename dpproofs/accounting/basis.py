"""A multiplicative basis for the likelihood ratios of a set of privacy-loss distributions.

Every finite ratio r = p_y / q_y of a rational mechanism is a positive rational, so it factors
over primes: r = prod_p p^(v_p). The exponent vectors v span a lattice L in Z^primes; a basis
b_1..b_n of L (the non-zero rows of its Hermite normal form) gives generators g_i = prod_p p^(b_i)
and each ratio is r = prod_i g_i^(c_i) for a unique integer vector c. Then a product of ratios is
a sum of integer vectors: a k-fold composition is the k-th power of the Laurent polynomial
sum_y p_y z^(c_y), one variable per generator (binary randomized response: one generator, so the
k-fold PLD has k + 1 atoms).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from flint import fmpq_mat, fmpz, fmpz_mat


def _prime_exponents(value: int) -> dict[int, int]:
    if value == 1:
        return {}
    return {int(p): int(e) for p, e in fmpz(value).factor()}


def multiplicative_basis(
    ratios: Sequence[Fraction],
) -> tuple[tuple[Fraction, ...], tuple[tuple[int, ...], ...]]:
    """(generators, coordinates): ratios[i] = prod_j generators[j] ** coordinates[i][j]."""
    vectors: list[dict[int, int]] = []
    for r in ratios:
        if r <= 0:
            raise ValueError(f"a likelihood ratio must be positive, got {r}")
        v = _prime_exponents(r.numerator)
        for p, e in _prime_exponents(r.denominator).items():
            v[p] = v.get(p, 0) - e
        vectors.append(v)
    primes = sorted({p for v in vectors for p in v})
    if not primes:
        return (), tuple(() for _ in ratios)
    matrix = fmpz_mat([[v.get(p, 0) for p in primes] for v in vectors])
    hnf = matrix.hnf()
    rows = [[int(hnf[i, j]) for j in range(len(primes))] for i in range(hnf.nrows())]
    basis = [row for row in rows if any(row)]
    pivots = [next(j for j, x in enumerate(row) if x) for row in basis]
    # Coordinates c with c . B = v: solve on the pivot columns (B is upper triangular there).
    square = fmpq_mat([[row[j] for j in pivots] for row in basis])
    inverse = square.inv()
    coordinates = []
    for v in vectors:
        target = fmpq_mat([[v.get(primes[j], 0) for j in pivots]])
        c = target * inverse
        coords = []
        for j in range(len(basis)):
            entry = Fraction(int(c[0, j].p), int(c[0, j].q))
            if entry.denominator != 1:
                raise AssertionError("a lattice vector has integer coordinates in a basis")
            coords.append(int(entry))
        coordinates.append(tuple(coords))
    generators = []
    for row in basis:
        g = Fraction(1)
        for p, e in zip(primes, row, strict=True):
            g *= Fraction(p) ** e
        generators.append(g)
    return tuple(generators), tuple(coordinates)
