"""Directed rounding of integers and integer polynomials by a power of two, stated exactly.

For an integer n and s >= 0, with D = 2^s:

    floor_shift(n, s) = floor(n / D) = n >> s           (Python's >> is floor for every sign)
    ceil_shift(n, s)  = ceil(n / D)  = -((-n) >> s)     (ceil(x) = -floor(-x))

so floor_shift(n, s) * D <= n <= ceil_shift(n, s) * D, and the two differ by at most one.
The polynomial versions apply these to every coefficient with Python integers; they never rely
on a library's own integer division of polynomials (python-flint's ``fmpz_poly // int``
truncates toward zero, which is the ceiling, not the floor, of a negative quotient).
``floor_div`` / ``ceil_div`` do the same for a positive integer divisor d (Python's // is floor).
"""

from __future__ import annotations

from flint import fmpz_poly


def floor_div(n: int, d: int) -> int:
    """floor(n / d) for a positive integer d."""
    if d <= 0:
        raise ValueError(f"a divisor for directed rounding is positive, got {d}")
    return n // d


def ceil_div(n: int, d: int) -> int:
    """ceil(n / d) for a positive integer d: -floor(-n / d)."""
    if d <= 0:
        raise ValueError(f"a divisor for directed rounding is positive, got {d}")
    return -((-n) // d)


def floor_shift(n: int, s: int) -> int:
    """floor(n / 2^s)."""
    return n >> s


def ceil_shift(n: int, s: int) -> int:
    """ceil(n / 2^s)."""
    return -((-n) >> s)


def poly_shift(poly: fmpz_poly, s: int, up: bool) -> fmpz_poly:
    """Every coefficient c of ``poly`` rounded to ceil(c / 2^s) (up) or floor(c / 2^s)."""
    if up:
        return fmpz_poly([-((-int(c)) >> s) for c in poly.coeffs()])
    return fmpz_poly([int(c) >> s for c in poly.coeffs()])
