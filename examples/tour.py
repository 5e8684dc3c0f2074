"""The README's tour: one true claim and two false ones, decided by dpproofs.

Run with:  .venv/bin/dpproofs verify examples/tour.py
"""

import sympy
from sympy import exp

from dpproofs import FiniteMechanism, is_dp, pure_epsilon_is, theorem
from dpproofs.symbolic import holds

RR = FiniteMechanism.from_rows(
    [["3/4", "1/4"], ["1/4", "3/4"]], inputs=["+", "-"], outputs=["Y", "N"], name="RR"
)
eps = sympy.Symbol("eps")


@theorem(id="tour.rr_ln3", source="003_87c8c5658751411a.txt, Proposition 8", expect="proved")
def randomized_response_is_ln3_dp():
    """Randomized response with a fair coin is (ln 3, 0)-DP."""
    return pure_epsilon_is(RR, "log(3)")


@theorem(id="tour.rr_one", source="a tempting mistake", expect="refuted")
def randomized_response_is_1_dp_with_tiny_delta():
    """Randomized response is (1, 1/100)-DP (false: delta(1) = (3 - e)/4 ~ 0.07)."""
    return is_dp(RR, "1", "1/100")


@theorem(id="tour.exp_taylor", source="a tempting mistake", expect="refuted")
def exp_below_its_second_order_taylor_polynomial():
    """e^eps <= 1 + eps + eps^2/2 for all eps > 0 (false: the cubic term is missing)."""
    return holds(exp(eps) <= 1 + eps + eps**2 / 2, where={eps: "(0, oo)"})
