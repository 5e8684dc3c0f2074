"""Two tiny scalar theorems for the sweep's tests (their mutants are listed in test_sweep)."""

from dpproofs import theorem
from dpproofs.symbolic import holds


@theorem(id="tiny.square", source="000_ab6863cc5677b341.txt, a test fixture", expect="proved")
def square_below():
    """x^2 <= x on [0, 1]."""
    return holds("x**2 <= x", where={"x": "[0, 1]"})


@theorem(id="tiny.below_two", source="000_ab6863cc5677b341.txt, a test fixture", expect="proved")
def below_two():
    """x <= 2 on [0, 1]."""
    return holds("x <= 2", where={"x": "[0, 1]"})
