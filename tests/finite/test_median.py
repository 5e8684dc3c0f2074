"""The median witness rule (docs/design/median.md) against brute force over every neighbour
pair of {0, 1/2, 1}^n, n = 1..6."""

import itertools
from fractions import Fraction

import pytest
import sympy

from dpproofs.deadline import Deadline
from dpproofs.finite.median import median, median_sensitivity_at_least, witness
from dpproofs.recheck.median import agrees
from dpproofs.soundness.mutate import enumerate_mutants
from dpproofs.verdict import Status

GRID = (Fraction(0), Fraction(1, 2), Fraction(1))
R = sympy.Symbol("R", positive=True)


def _worst(size: int) -> Fraction:
    return max(
        abs(median(x) - median((*x[:i], v, *x[i + 1 :])))
        for x in itertools.product(GRID, repeat=size)
        for i in range(size)
        for v in GRID
    )


@pytest.mark.parametrize("size", range(1, 7))
def test_the_witness_gives_the_rule_value_and_brute_force_at_least_that(size):
    x, y = witness(size, Fraction(0), Fraction(1))
    assert sum(a != b for a, b in zip(x, y, strict=True)) == 1
    gap = abs(median(x) - median(y))
    # hi - lo = 1 at odd n, 1/2 at even n.
    assert gap == (1 if size % 2 else Fraction(1, 2))
    assert _worst(size) >= gap


def test_the_median_bound_is_proved_and_its_witness_reaches_it():
    claim = median_sensitivity_at_least(0, R, R / 2, {R: "(0, oo)"})
    assert claim.decide(Deadline(60)).status is Status.PROVED
    assert agrees(claim, "proved")[0]


def test_a_bound_above_the_even_witness_is_not_proved():
    # (R - 0)/2 >= 3R/4 is false: not proved, and the witness falls short at even n.
    claim = median_sensitivity_at_least(0, R, 3 * R / 4, {R: "(0, oo)"})
    assert claim.decide(Deadline(60)).status is Status.UNKNOWN
    assert not agrees(claim, "proved")[0]
    ids = [m.id for m in enumerate_mutants(claim, "t").mutants]
    assert ids == ["t/bound*11/10", "t/bound*2", "t/swap"]
