"""Exact numbers: parsing strings exactly, and rigorous enclosures of exact real expressions.

Nothing here ever decides a comparison from a float. Comparisons go through ball arithmetic (Arb,
via python-flint) whose enclosures are guaranteed to contain the true value; when an enclosure
cannot separate a value from 0 even at high precision, the value is shown to be exactly 0 by
symbolic simplification or the question is :class:`~dpproofs.errors.Undecided`.

Layer: exact arithmetic, below the core. May import only the leaves (:mod:`dpproofs.errors`).
"""

from dpproofs.exact.parse import parse_exact, to_fraction
from dpproofs.exact.rigorous import (
    compare,
    enclose,
    float_value,
    is_exact_rational,
    rational_bracket,
    sign,
)

__all__ = [
    "compare",
    "enclose",
    "float_value",
    "is_exact_rational",
    "parse_exact",
    "rational_bracket",
    "sign",
    "to_fraction",
]
