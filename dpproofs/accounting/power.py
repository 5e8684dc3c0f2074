"""k-fold and heterogeneous products of PLDs as powers of Laurent polynomials (python-flint).

A factor is a PLD written over shared generators g_1..g_n: atom j has exponent vector c_j (its
ratio is prod_i g_i^(c_ji)) and P-mass m_j. Its polynomial is F(z) = sum_j m_j z^(c_j); the PLD of
F_1^k_1 ... F_t^k_t is read off the product: the coefficient of z^c is the P-mass of the ratio
prod_i g_i^(c_i). The n variables are packed into one by Kronecker substitution (z_i = z^(s_i),
strides wide enough that no exponent carries), so one univariate fmpz_poly product does it all.

Two arithmetics, both sound:

* exact: coefficients are integers over the common denominator D = prod_t d_t^k_t;
* fixed point: coefficients are integers over D = 2^s, computed twice, rounding every product
  down (floor) and up (ceil) by the explicit directed rounding of
  :mod:`dpproofs.accounting.rounding`. All coefficients are >= 0, so rounding is monotone and
  the two results bracket every true mass: lo_c / D <= m_c <= hi_c / D.

The infinite atoms compose separately: m_inf = 1 - prod_t (1 - m_inf,t)^k_t (exact).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from flint import fmpz_poly

from dpproofs.accounting.rounding import ceil_div, floor_div, poly_shift

#: Above this many (coefficient bits x coefficients), the exact arithmetic gives way to fixed point.
EXACT_BUDGET_BITS = 1 << 22
#: The exact infinite mass of a composition may take at most this many bits.
INFINITY_BITS = 1 << 24
#: Fixed-point precision (bits below the binary point) of the first attempt.
FIXED_POINT_BITS = 128


@dataclass(frozen=True, slots=True)
class Factor:
    """One PLD over the shared generators, taken ``times`` times."""

    exponents: tuple[tuple[int, ...], ...]
    masses: tuple[Fraction, ...]
    infinity_mass: Fraction
    times: int


@dataclass(frozen=True, slots=True)
class Layout:
    """Where exponent vectors sit in the univariate (Kronecker) polynomial."""

    low: tuple[int, ...]
    width: tuple[int, ...]

    @property
    def length(self) -> int:
        return math.prod(self.width)

    def decode(self, index: int) -> tuple[int, ...]:
        out = []
        for lo, w in zip(self.low, self.width, strict=True):
            index, digit = divmod(index, w)
            out.append(digit + lo)
        return tuple(out)


@dataclass(frozen=True, slots=True)
class Atoms:
    """The composed finite atoms: Kronecker indices with bracketed masses lo/D <= m <= hi/D."""

    layout: Layout
    indices: tuple[int, ...]
    lo: tuple[int, ...]
    hi: tuple[int, ...]
    denominator: int
    infinity_mass: Fraction
    exact: bool


def layout_of(factors: Sequence[Factor], dimension: int) -> Layout:
    low, width = [], []
    for i in range(dimension):
        lo = sum(f.times * min((c[i] for c in f.exponents), default=0) for f in factors)
        hi = sum(f.times * max((c[i] for c in f.exponents), default=0) for f in factors)
        low.append(lo)
        width.append(hi - lo + 1)
    return Layout(tuple(low), tuple(width))


def _power(
    base: fmpz_poly, k: int, product: Callable[[fmpz_poly, fmpz_poly], fmpz_poly]
) -> fmpz_poly:
    result: fmpz_poly | None = None
    while True:
        if k & 1:
            result = base if result is None else product(result, base)
        k >>= 1
        if not k:
            break
        base = product(base, base)
    assert result is not None
    return result


def _exact_size(factors: Sequence[Factor], layout: Layout) -> int:
    bits = sum(
        f.times * max(m.denominator for m in f.masses).bit_length() for f in factors if f.masses
    )
    return bits * layout.length


def _infinity_mass(factors: Sequence[Factor]) -> Fraction:
    """m_inf = 1 - prod_t (1 - m_inf,t)^k_t exactly; refused (ArithmeticError) when the power
    would take more than INFINITY_BITS bits (K = 10^23 with m_inf,t = 1/2: 2^(10^23))."""
    size = sum(
        f.times * (1 - f.infinity_mass).denominator.bit_length()
        for f in factors
        if 0 < f.infinity_mass < 1
    )
    if size > INFINITY_BITS:
        raise ArithmeticError(
            f"too large: the infinite atom's exact mass 1 - prod (1 - m)^k has about {size} bits"
        )
    return 1 - math.prod(((1 - f.infinity_mass) ** f.times for f in factors), start=Fraction(1))


def compose(factors: Sequence[Factor], dimension: int, bits: int | None = None) -> Atoms:
    """The product PLD of the factors (each to its power), exactly when small, else bracketed.

    ``bits`` forces fixed point with that many fractional bits (None: exact if within budget)."""
    layout = layout_of(factors, dimension)
    strides = [math.prod(layout.width[:i]) for i in range(dimension)]
    live = [f for f in factors if f.masses and f.times > 0]
    exact = bits is None and _exact_size(live, layout) <= EXACT_BUDGET_BITS
    scale_bits = bits or FIXED_POINT_BITS
    denominators = [math.lcm(*(m.denominator for m in f.masses)) for f in live]
    if exact:
        denominator = math.prod(d**f.times for d, f in zip(denominators, live, strict=True))
    else:
        denominator = 1 << scale_bits

    def polynomial(f: Factor, d: int, up: bool) -> fmpz_poly:
        mins = [min(c[i] for c in f.exponents) for i in range(dimension)]
        coeffs: dict[int, int] = {}
        for c, m in zip(f.exponents, f.masses, strict=True):
            index = sum((c[i] - mins[i]) * strides[i] for i in range(dimension))
            if exact:
                value = m.numerator * (d // m.denominator)
            else:
                scaled = m.numerator << scale_bits
                value = ceil_div(scaled, m.denominator) if up else floor_div(scaled, m.denominator)
            coeffs[index] = coeffs.get(index, 0) + value
        top = max(coeffs, default=0)
        return fmpz_poly([coeffs.get(i, 0) for i in range(top + 1)])

    def run(up: bool) -> list[int]:
        def product(a: fmpz_poly, b: fmpz_poly) -> fmpz_poly:
            if exact:
                return a * b
            return poly_shift(a * b, scale_bits, up)

        total: fmpz_poly | None = None
        for f, d in zip(live, denominators, strict=True):
            power = _power(polynomial(f, d, up), f.times, product)
            total = power if total is None else product(total, power)
        if total is None:
            return [1 if exact else 1 << scale_bits]
        return [int(v) for v in total.coeffs()]

    # A factor with no finite atom (all its P-mass infinite) leaves no finite product atom.
    empty = any(not f.masses for f in factors if f.times > 0)
    lo = [] if empty else run(False)
    hi = lo if exact or empty else run(True)
    # Exponent offset of the product: sum of each factor's own minimum, relative to layout.low.
    shift = sum(
        (sum(f.times * min(c[i] for c in f.exponents) for f in live) - layout.low[i]) * strides[i]
        for i in range(dimension)
    )
    length = max(len(lo), len(hi))
    lo = lo + [0] * (length - len(lo))
    hi = hi + [0] * (length - len(hi))
    keep = [i for i in range(length) if hi[i]]
    infinity = _infinity_mass(factors)
    return Atoms(
        layout,
        tuple(i + shift for i in keep),
        tuple(lo[i] for i in keep),
        tuple(hi[i] for i in keep),
        denominator,
        infinity,
        exact,
    )
