"""The exact Gaussian privacy profile used by the K&S Appendix A theorems
(theorems/kasiviswanathan_smith/_ks_gauss.py) and the vocabulary's gaussian_delta, re-derived by
exact integration.

P = N(1, s^2), Q = N(0, s^2). p(t)/q(t) = exp((2t - 1)/(2 s^2)) is increasing, equal to e^eps at
t* = 1/2 + eps s^2, so sup_S P(S) - e^eps Q(S) = int_{t*}^oo (p - e^eps q) dt, which must equal
Phi(1/(2s) - eps s) - e^eps Phi(-1/(2s) - eps s).
"""

import importlib.util
from pathlib import Path

import sympy
from sympy import Rational as R

from dpproofs.exact import compare
from dpproofs.recheck.continuum import SympyTerms
from dpproofs.vocabulary import gaussian_delta

HELPER = Path(__file__).resolve().parents[2] / "theorems/kasiviswanathan_smith/_ks_gauss.py"
_spec = importlib.util.spec_from_file_location("_ks_gauss", HELPER)
assert _spec is not None and _spec.loader is not None
gauss = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gauss)

t = sympy.Symbol("t", real=True)
s, eps = sympy.symbols("s eps", positive=True)


def density(mean):
    return sympy.exp(-((t - mean) ** 2) / (2 * s**2)) / (s * sympy.sqrt(2 * sympy.pi))


def test_threshold_is_where_the_likelihood_ratio_is_e_eps():
    star = R(1, 2) + eps * s**2
    ratio = sympy.simplify(density(1) / density(0))
    assert sympy.simplify(ratio - sympy.exp((2 * t - 1) / (2 * s**2))) == 0
    assert sympy.simplify(ratio.subs(t, star) - sympy.exp(eps)) == 0


def test_profile_is_the_integral_above_the_threshold():
    star = R(1, 2) + eps * s**2
    integral = sympy.integrate(density(1) - sympy.exp(eps) * density(0), (t, star, sympy.oo))
    closed = gauss.gaussian_hockey_stick(eps, s)
    assert sympy.simplify((integral - closed).rewrite(sympy.erf)) == 0


def test_exact_values():
    # eps = 0: the profile is SD(P, Q) = Phi(1/(2s)) - Phi(-1/(2s)) = erf(1/(2 sqrt(2) s)).
    at_zero = gauss.gaussian_hockey_stick(sympy.S.Zero, s)
    assert sympy.simplify(at_zero - sympy.erf(1 / (2 * sympy.sqrt(2) * s))) == 0
    # Phi(0) = 1/2; sigma(eps = 1, delta = e^-1, c = 1) = sqrt(log e) = 1.
    assert gauss.normal_cdf(sympy.S.Zero) == R(1, 2)
    assert gauss.calibrated_sigma(sympy.S.One, sympy.exp(-1)) == 1
    # sigma^2 = 2 log(1/delta)/eps^2 at eps = 1/2, delta = 1/e^2: sigma = sqrt(2 * 2) / (1/2) = 4.
    assert gauss.calibrated_sigma(R(1, 2), sympy.exp(-2), sympy.Integer(2)) == 4


def test_profile_decides_rigorously_at_a_point():
    # eps = 1, delta = 10^-6, c = 1: delta(eps) ~ 1.06e-5 > 10^-6 (K&S's calibration fails);
    # c = 2: delta(eps) ~ 4.1e-9 < 10^-6.
    delta = R(1, 10**6)
    one = sympy.S.One
    loose = gauss.gaussian_hockey_stick(one, gauss.calibrated_sigma(one, delta))
    right = gauss.gaussian_hockey_stick(one, gauss.calibrated_sigma(one, delta, sympy.Integer(2)))
    assert compare(loose, delta) == 1
    assert compare(right, delta) == -1


def test_the_vocabulary_curve_is_this_integral():
    # The vocabulary's gaussian_delta (read with the rechecker's sympy algebra: Phi as erfc) at
    # ratio = 1/s, eps_sigma = eps s is the integral's closed form above, symbolically.
    read = gaussian_delta(SympyTerms(), eps, 1 / s, eps * s)
    closed = gauss.gaussian_hockey_stick(eps, s)
    assert sympy.simplify((read - closed).rewrite(sympy.erf)) == 0
