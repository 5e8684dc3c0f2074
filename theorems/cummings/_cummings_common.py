"""Shared helpers for the Cummings theorem files (seed 003_87c8c5658751411a.txt): the seed name
exact Laplace moments and tails, and databases in X^n with the neighbour relations of
Definition 2."""

import itertools
from collections.abc import Callable, Iterable
from fractions import Fraction

import sympy
from sympy import oo

from dpproofs import FiniteMechanism
from dpproofs.symbolic.densities import laplace_density

SEED = "003_87c8c5658751411a.txt"


def laplace_moment(k: int, scale: sympy.Expr) -> sympy.Expr:
    """E[Y^k] for Y ~ Lap(scale), by integrating y^k exp(-|y|/scale)/(2 scale) over (-oo, 0] and
    [0, oo) separately (on each piece |y| is -y, resp. y)."""
    below = sympy.Symbol("y", negative=True)
    above = sympy.Symbol("y", positive=True)
    left = sympy.integrate(below**k * laplace_density(below, scale), (below, -oo, 0))
    right = sympy.integrate(above**k * laplace_density(above, scale), (above, 0, oo))
    return sympy.simplify(left + right)


def laplace_tail(threshold: sympy.Expr, scale: sympy.Expr) -> sympy.Expr:
    """Pr[|Y| >= threshold] for Y ~ Lap(scale) and threshold >= 0, by integrating the density over
    (-oo, -threshold] and [threshold, oo) (on each piece |y| is -y, resp. y)."""
    below = sympy.Symbol("y", negative=True)
    above = sympy.Symbol("y", positive=True)
    left = sympy.integrate(laplace_density(below, scale), (below, -oo, -threshold))
    right = sympy.integrate(laplace_density(above, scale), (above, threshold, oo))
    return left + right


def databases(domain: int, n: int) -> list[tuple[int, ...]]:
    """X^n with X = {0, ..., domain - 1}."""
    return list(itertools.product(range(domain), repeat=n))


def change_pairs(domain: int, n: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Definition 2, change one entry: ordered pairs in X^n that differ in exactly one position."""
    xs = databases(domain, n)
    return [(x, y) for x in xs for y in xs if sum(a != b for a, b in zip(x, y, strict=True)) == 1]


def add_remove_pairs(domain: int, n: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Definition 2, add/remove: x in X^n and x with one entry removed, in both orders."""
    pairs = []
    for x in databases(domain, n):
        for i in range(n):
            y = x[:i] + x[i + 1 :]
            pairs += [(x, y), (y, x)]
    return pairs


def sensitivity(f: Callable[[tuple[int, ...]], Fraction], pairs: Iterable[tuple]) -> Fraction:
    """Delta f = max over the given neighbour pairs of |f(x) - f(y)| (Definition 3), exactly."""
    return max(abs(f(x) - f(y)) for x, y in pairs)


FAIR = sympy.Rational(1, 2)


def randomized_response(coin: sympy.Expr = FAIR) -> FiniteMechanism:
    """Warner's procedure with first-coin heads probability ``coin`` (second coin fair)."""

    def answer(truth: str, response: str) -> sympy.Expr:
        truthful = (1 - coin) * (1 if (truth == "+") == (response == "Y") else 0)
        random_answer = coin * FAIR
        return truthful + random_answer

    return FiniteMechanism.from_rows(
        [[answer(t, r) for r in ("Y", "N")] for t in ("+", "-")],
        inputs=["+", "-"],
        outputs=["Y", "N"],
        name="randomized response",
    )
