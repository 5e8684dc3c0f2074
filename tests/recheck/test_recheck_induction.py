"""The brute force behind an induction claim in ``dpproofs recheck`` (docs/design/induction.md)."""

import sympy

from dpproofs.recheck.induction import agrees, violations
from dpproofs.symbolic.induction import induction, running_sum

n = sympy.Symbol("n", positive=True)
v = sympy.Symbol("v", real=True)


def _claim(bound: sympy.Expr):
    s = running_sum("S", v)
    return induction(n, 1, s.symbol <= bound, s.symbol <= bound, [s], each={v: (0, 1)})


def test_a_true_claim_has_no_violation():
    # S(n) = v_1 + .. + v_n <= n for v_j in [0, 1]; points: v in {0, 1, 1/2}, n in 1..3:
    # 3 + 9 + 27 = 39 points.
    checked, undecided, found = violations(_claim(n))
    assert (checked, undecided, found) == (39, 0, "")
    assert agrees(_claim(n), "proved")[0]


def test_a_false_claim_reported_proved_fails():
    # S(n) <= n - 1/2 is false at n = 1, v_1 = 1 (S = 1 > 1/2).
    ok, said = agrees(_claim(n - sympy.Rational(1, 2)), "proved")
    assert not ok
    assert "false at n = 1" in said
