"""Shared constants for the Kasiviswanathan & Smith theorem files (seed
004_b0aca88671cf8a62.txt): the seed name, parameter ranges and database spaces. The joint law of
(X, A(X)) and the push-forward G(X) are the vocabulary's ``joint_law`` and ``mixture``."""

from fractions import Fraction as F

import sympy

from dpproofs.finite.posterior_shift import posterior_shift_claim
from dpproofs.search import DatabaseSpace, Interval, log_of
from dpproofs.symbolic import holds

SEED = "004_b0aca88671cf8a62.txt"
EPS = Interval(F(1, 100), 2)
DELTA = Interval(0, F(1, 2))
#: eps = ln(3/2) makes e^eps rational, so products e^eps * q stay linear: larger alphabets.
LOG_EPS = log_of(F(3, 2))
SPACE_1 = DatabaseSpace(domain=2, n=1)
SPACE_2 = DatabaseSpace(domain=2, n=2)
SPACE_3 = DatabaseSpace(domain=2, n=3)


def laplace_step():
    """Corollary 5.2's Laplace step: |a - b| <= s implies exp(-eps |t - a|/s) <= e^eps
    exp(-eps |t - b|/s) for every t, eps > 0, s > 0 (so x with LS_f(x) <= s is in Theorem
    5.1's E at d = 0)."""
    return holds(
        "exp(-eps*Abs(t - a)/s) <= exp(eps)*exp(-eps*Abs(t - b)/s)",
        where={
            "eps": "(0, oo)",
            "s": "(0, oo)",
            "t": "(-oo, oo)",
            "a": "(-oo, oo)",
            "b": "(-oo, oo)",
        },
        assuming=["Abs(a - b) <= s"],
    )


def ps_claim(closeness, shift, rate):
    """Rule PS's claim (docs/design/posterior_shift.md) with eps' = e^{3 eps} - 1 + 2
    sqrt(delta) as stated and delta' = n sqrt(delta) ``rate``: for every n, finite D and output
    space, b[E] >= 1 - delta gives Pr[exists i: SD(b0[.|t], bi[.|t]) > eps'] <= delta'."""
    eps = sympy.Symbol("eps", positive=True)
    delta = sympy.Symbol("delta", nonnegative=True)
    n = sympy.Symbol("n", positive=True, integer=True)
    return posterior_shift_claim(
        eps, delta, n, "exp(3*eps) - 1 + 2*sqrt(delta)", f"n*sqrt(delta)*({rate})", closeness, shift
    )
