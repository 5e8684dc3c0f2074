"""Concrete mechanisms of Cuff & Yu (seed 001) shared by its capacity theorem files."""

import sympy
from _cy_common import h

from dpproofs import FiniteMechanism, Hamming
from dpproofs.finite.capacity import CapacityBounds
from dpproofs.finite.information import MIDPBounds

R = sympy.Rational
log = sympy.log

KS = range(2, 9)
DELTAS = (R(0), R(1, 20), R(1, 5), R(1, 2), R(9, 10), R(1))
ERASE_KEEP = (R(1, 10), R(1, 2), R(1))  # a = eps / ln 2, a probability (so eps <= ln 2)
EPSILONS = (R(1, 2), R(1), R(2))


def erasure(k: int, delta: sympy.Expr) -> FiniteMechanism:
    """(36): X = {1..k}, Y = X u {e}; keep x with probability delta, else output e."""
    values = range(1, k + 1)
    rows = [[delta if y == x else 0 for y in values] + [1 - delta] for x in values]
    return FiniteMechanism.from_rows(
        rows, inputs=values, outputs=[*values, "e"], name=f"erasure(K={k}, delta={delta})"
    )


def example_5_1(m: int, a: sympy.Expr) -> FiniteMechanism:
    """(48)-(49) on X_1 = X_2 = {1..m}: w.p. a output x_1 if x_1 = x_2 and * otherwise; else e."""
    values = range(1, m + 1)
    outputs = [*values, "e", "*"]
    databases = [(x1, x2) for x1 in values for x2 in values]

    def row(x1: int, x2: int) -> list[sympy.Expr]:
        shown = x1 if x1 == x2 else "*"
        return [a if y == shown else (1 - a if y == "e" else sympy.Integer(0)) for y in outputs]

    return FiniteMechanism.from_rows(
        [row(*d) for d in databases],
        inputs=databases,
        outputs=outputs,
        neighbours=Hamming(2),
        name=f"Example 5.1 (|X| = {m}, a = {a})",
    )


def randomized_response(k: int, eps: sympy.Expr) -> FiniteMechanism:
    """k-ary randomized response: keep w.p. e^eps / (e^eps + k - 1), else each other value."""
    e = sympy.exp(eps)
    rows = [[e / (e + k - 1) if i == j else 1 / (e + k - 1) for j in range(k)] for i in range(k)]
    return FiniteMechanism.from_rows(rows, name=f"{k}-ary randomized response (eps={eps})")


def two_bit_randomized_response(eps: sympy.Expr) -> FiniteMechanism:
    """Binary randomized response applied to each of two bits: Y = (RR(x_1), RR(x_2))."""
    e = sympy.exp(eps)
    flip = {True: e / (e + 1), False: 1 / (e + 1)}
    databases = [(a, b) for a in (0, 1) for b in (0, 1)]
    rows = [[flip[a == u] * flip[b == v] for u in (0, 1) for v in (0, 1)] for a, b in databases]
    return FiniteMechanism.from_rows(
        rows,
        inputs=databases,
        neighbours=Hamming(2),
        name=f"two-bit randomized response (eps={eps})",
    )


def shown(bounds: CapacityBounds | MIDPBounds) -> object:
    """The exact value when known, else the certified bracket."""
    return bounds.exact if bounds.exact is not None else f"in [{bounds.lower}, {bounds.upper}]"


__all__ = [
    "DELTAS",
    "EPSILONS",
    "ERASE_KEEP",
    "KS",
    "R",
    "erasure",
    "example_5_1",
    "h",
    "randomized_response",
    "shown",
    "two_bit_randomized_response",
]
