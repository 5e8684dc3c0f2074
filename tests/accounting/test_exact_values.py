"""Exact values of composed PLDs, each with its derivation."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
import sympy

from dpproofs.accounting import (
    Composition,
    PrivacyLoss,
    delta_for_epsilon,
    epsilon_for_delta,
    pure_epsilon,
    total_variation,
)
from dpproofs.accounting.basis import multiplicative_basis
from dpproofs.accounting.certified import Path
from dpproofs.finite import FiniteMechanism

F = Fraction
RR34 = FiniteMechanism.from_rows([["3/4", "1/4"], ["1/4", "3/4"]], inputs=["+", "-"])
RR1121 = FiniteMechanism.from_rows([["11/21", "10/21"], ["10/21", "11/21"]], inputs=["+", "-"])


def test_pld_of_randomized_response():
    # P = (3/4, 1/4), Q = (1/4, 3/4): ratios 1/3 (mass 1/4) and 3 (mass 3/4), no infinite atom.
    pld = PrivacyLoss.of((F(3, 4), F(1, 4)), (F(1, 4), F(3, 4)))
    assert pld.ratios == (F(1, 3), F(3))
    assert pld.masses == (F(1, 4), F(3, 4))
    assert pld.infinity_mass == 0


def test_pld_groups_equal_ratios_and_the_infinite_atom():
    # P = (1/2, 1/4, 1/4, 0), Q = (1/4, 1/8, 0, 5/8): outputs 0 and 1 share the ratio 2 (mass
    # 3/4), output 2 has Q = 0 (infinite atom 1/4), output 3 has P = 0 and drops out.
    pld = PrivacyLoss.of((F(1, 2), F(1, 4), F(1, 4), F(0)), (F(1, 4), F(1, 8), F(0), F(5, 8)))
    assert (pld.ratios, pld.masses, pld.infinity_mass) == ((F(2),), (F(3, 4),), F(1, 4))


def test_basis_of_two_incommensurable_ratios():
    # 11/10 and 10/11 span one lattice direction; 2 and 3 two (log 2 / log 3 is irrational).
    assert multiplicative_basis([F(11, 10), F(10, 11)]) == ((F(10, 11),), ((-1,), (1,)))
    generators, coords = multiplicative_basis([F(3), F(2), F(1, 6)])
    assert len(generators) == 2
    for r, c in zip([F(3), F(2), F(1, 6)], coords, strict=True):
        assert math.prod(g**e for g, e in zip(generators, c, strict=True)) == r


def test_twofold_randomized_response_by_hand():
    # RR 3/4 twice, + vs -: ratios 9 (mass 9/16), 1 (mass 6/16), 1/9 (mass 1/16).
    # delta(log 2) = (9/16)(1 - 2/9) = 7/16; TV = delta(0) = 9/16 (1 - 1/9) = 1/2;
    # eps(1/4): on the top piece H(g) = 9/16 - g/16 = 1/4 at g = 5, so eps = log 5.
    c = RR34**2
    d = delta_for_epsilon(c, "log(2)")
    assert d.value.exact == sympy.Rational(7, 16) and d.value.path is Path.EXACT
    assert d.attained == ("+", "-")
    assert total_variation(c).value.exact == sympy.Rational(1, 2)
    e = epsilon_for_delta(c, "1/4")
    assert e.value.exact == sympy.log(5)
    assert e.value.lower <= math.log(5) <= e.value.upper
    assert pure_epsilon(c).value.exact == sympy.log(9)


def _binomial_delta(k: int, eps: float) -> float:
    """delta(eps) of RR 11/21 composed k times, by the binomial formula in Fractions: j keeps
    out of k give the ratio (11/10)^(2j - k) with P-mass C(k, j) 11^j 10^(k-j) / 21^k."""
    total = Fraction(0)
    for j in range(k + 1):
        if (2 * j - k) * math.log(11 / 10) > eps:
            p = Fraction(math.comb(k, j) * 11**j * 10 ** (k - j), 21**k)
            q = Fraction(math.comb(k, j) * 10**j * 11 ** (k - j), 21**k)
            total += p - Fraction(math.exp(eps)) * q
    return float(total)


@pytest.mark.parametrize("budget", [1 << 30, 0])
def test_rr_composed_200_times_matches_the_binomial_formula(budget, monkeypatch):
    from dpproofs.accounting import power

    monkeypatch.setattr(power, "EXACT_BUDGET_BITS", budget)  # 0: bracketed fixed point
    got = delta_for_epsilon(RR1121**200, "1/2").value
    assert got.path is (Path.EXACT if budget else Path.BRACKETED)
    want = _binomial_delta(200, 0.5)
    assert got.lower <= want * (1 + 1e-12) and want * (1 - 1e-12) <= got.upper
    assert got.upper - got.lower <= 1e-12 * want


def test_bracketed_and_grid_paths_enclose_the_exact_value(monkeypatch):
    c = RR34**6
    exact = delta_for_epsilon(c, "1").value
    assert exact.path is Path.EXACT
    from dpproofs.accounting import compose, grid

    monkeypatch.setattr(compose, "SUPPORT_LIMIT", 1)  # forces the grid fallback
    monkeypatch.setattr(grid, "GRID_SLOTS", 1024)
    grid = delta_for_epsilon(RR34**6, "1").value
    assert grid.path is Path.GRID
    assert grid.lower <= exact.value <= grid.upper
    eps = epsilon_for_delta(RR34**6, "1/10").value
    monkeypatch.undo()
    want = epsilon_for_delta(RR34**6, "1/10").value
    assert eps.path is Path.GRID and eps.lower <= want.value <= eps.upper


def test_infinite_atom_composes():
    # P = (1/2, 1/2, 0), Q = (1/2, 0, 1/2): infinite atom 1/2; k = 3 gives 1 - (1/2)^3 = 7/8,
    # so delta(eps) >= 7/8 for every eps, eps(delta) = +oo for delta < 7/8, and pure eps = +oo.
    m = FiniteMechanism.from_rows([["1/2", "1/2", "0"], ["1/2", "0", "1/2"]])
    c = m**3
    assert delta_for_epsilon(c, "5").value.exact == sympy.Rational(7, 8)
    assert math.isinf(epsilon_for_delta(c, "1/2").value.value)
    assert math.isinf(pure_epsilon(c).value.value)


def test_different_inputs_use_a_dominating_pair():
    other = FiniteMechanism.from_rows([["2/3", "1/3"], ["1/3", "2/3"]], inputs=["a", "b"])
    c = Composition.of((RR34, 1), (other, 1))
    assert c.matching == "dominating pairs"
    # Ratios 3*2, 3/2, 2/3, 1/6 with masses 1/2, 1/4, 1/6, 1/12: pure eps = log 6.
    assert pure_epsilon(c).value.exact == sympy.log(6)
    assert pure_epsilon(c).attained is None
