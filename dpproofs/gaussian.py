"""The Gaussian mechanism's (eps, delta) curve, a notion of the vocabulary
(:mod:`dpproofs.vocabulary` re-exports it).

The Gaussian mechanism f(x) + N(0, sigma^2), f of sensitivity Delta > 0. The worst neighbour
pair compares P = N(Delta, sigma^2) with Q = N(0, sigma^2); p/q = exp((2t - Delta) Delta /
(2 sigma^2)) increases in t, so {p > e^eps q} = {t > Delta/2 + eps sigma^2/Delta} and the
hockey-stick divergence (the (eps, delta) curve) is

    delta(eps) = Phi(Delta/(2 sigma) - eps sigma/Delta)
                 - e^eps Phi(-Delta/(2 sigma) - eps sigma/Delta)

with Phi the standard normal CDF (``alg.normal_cdf``: the continuum decider's algebras).
"""

from __future__ import annotations

from typing import Any, Protocol

from dpproofs.algebra import Algebra


class ContinuousAlgebra(Algebra, Protocol):
    """An algebra with e^x and Phi (the continuum decider's, and its rechecker's)."""

    def exp(self, x: Any) -> Any: ...
    def normal_cdf(self, x: Any) -> Any: ...


def gaussian_delta(alg: ContinuousAlgebra, eps: Any, ratio: Any, eps_sigma: Any) -> Any:
    """delta(eps) of the Gaussian mechanism, from ratio = Delta/sigma and eps_sigma =
    eps sigma/Delta (given apart so that a reading may simplify eps sigma, e.g. sigma =
    c/eps): Phi(ratio/2 - eps_sigma) - e^eps Phi(-ratio/2 - eps_sigma)."""
    half = ratio / 2
    return alg.normal_cdf(half - eps_sigma) - alg.exp(eps) * alg.normal_cdf(-half - eps_sigma)
