"""The exact privacy profile of the Gaussian mechanism, for the Kasiviswanathan & Smith theorem
files (Appendix A, proof of Theorem A.2).

A(x) = f(x) + N(0, s^2) with f of sensitivity 1 (f(x) = sum_i x_i on {0, 1}^n: Hamming neighbours
have |f(x) - f(y)| <= 1, and = 1 for some pair). The worst neighbour pair compares P = N(1, s^2)
with Q = N(0, s^2) (the pair N(0, s^2), N(1, s^2) is its mirror image, and equal means give 0).
Their densities have ratio p(t)/q(t) = exp((2t - 1)/(2 s^2)), increasing in t, so the set
{p > e^eps q} is {t > t*} with t* = 1/2 + eps s^2, and the hockey-stick divergence is

    delta(eps) = sup_S P(S) - e^eps Q(S) = P(t > t*) - e^eps Q(t > t*)
               = Phi(1/(2s) - eps s) - e^eps Phi(-1/(2s) - eps s),

with Phi the standard normal CDF, Phi(z) = (1 + erf(z / sqrt 2)) / 2. A is (eps, delta)-DP iff
delta(eps) <= delta. (tests/quality/test_ks_gauss.py re-derives this by exact integration.)

The text reader of ``holds`` has no erf, so these build sympy expressions (every term here is
defined wherever s > 0 and the arguments of log and sqrt are positive, which the domains give).
"""

import sympy


def normal_cdf(z: sympy.Expr) -> sympy.Expr:
    """Phi(z) = (1 + erf(z / sqrt(2))) / 2."""
    return (1 + sympy.erf(z / sympy.sqrt(2))) / 2


def gaussian_hockey_stick(eps: sympy.Expr, s: sympy.Expr) -> sympy.Expr:
    """delta(eps) = Phi(1/(2s) - eps s) - e^eps Phi(-1/(2s) - eps s) for N(1, s^2) against
    N(0, s^2) (sensitivity 1)."""
    return normal_cdf(1 / (2 * s) - eps * s) - sympy.exp(eps) * normal_cdf(-1 / (2 * s) - eps * s)


def calibrated_sigma(eps: sympy.Expr, delta: sympy.Expr, c: sympy.Expr = sympy.S.One) -> sympy.Expr:
    """sigma = sqrt(c log(1/delta)) / eps, i.e. sigma^2 = c log(1/delta) / eps^2 (K&S: c = 1)."""
    return sympy.sqrt(c * sympy.log(1 / delta)) / eps
