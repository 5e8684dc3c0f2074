"""Mutants of a posterior shift claim (rule PS, docs/design/posterior_shift.md,
:mod:`dpproofs.finite.posterior_shift`).

Each mutant is the claim rebuilt from edited data, so its obligations are derived again:

* ``eps'-1/100``: eps' -> eps' - 1/100 (GOOD fails near eps = 0, delta = 0: A = A', C = C' = 0,
  lambda = e^a gives (e^a - 1)/2, above e^{3 eps} - 1 - 1/100 there);
* ``delta'/2``: delta' -> delta'/2 (D1 fails: the rule's constant is only met with its factor);
* ``drop kappa``: delta' -> delta' / (1 + kappa) under (eps, delta)-closeness (the bad outputs
  of Lemma BAD forgotten: D1 fails);
* ``delta'=0``: no breach at all allowed (false: the brute force finds breach mass > 0).

The judge is the brute force of :mod:`dpproofs.recheck.posterior_shift`: a PROVED mutant it
contradicts is UNSOUND. a = eps under (eps, delta)-closeness is no mutant here: the builder
refuses it (Lemma BAD needs a > eps), tests/finite/test_posterior_shift.py checks that.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

import sympy

Edit = tuple[str, str, str, Callable[[], Any]]


def edits(claim: Any) -> Iterator[Edit]:
    """The edits of the module docstring, in that order."""
    from dpproofs.finite.posterior_shift import Closeness, posterior_shift_claim

    def rebuilt(eps_prime: Any, delta_prime: Any, shift: int) -> Callable[[], Any]:
        return functools.partial(
            posterior_shift_claim,
            claim.eps,
            claim.delta,
            claim.n,
            eps_prime,
            delta_prime,
            claim.closeness,
            shift,
        )

    e, d, k = claim.eps_prime, claim.delta_prime, claim.shift
    smaller = e - sympy.Rational(1, 100)
    yield "eps'-1/100", "constant", f"{e} -> {smaller}", rebuilt(smaller, d, k)
    yield "delta'/2", "constant", f"{d} -> {d / 2}", rebuilt(e, d / 2, k)
    if claim.closeness is Closeness.APPROXIMATE:
        y = sympy.exp(claim.eps)
        kappa = (1 + y**k) / (y**k - y)
        yield "drop kappa", "constant", f"{d} -> {d}/(1 + kappa)", rebuilt(e, d / (1 + kappa), k)
    yield "delta'=0", "constant", f"{d} -> 0", rebuilt(e, sympy.Integer(0) * claim.n, k)
