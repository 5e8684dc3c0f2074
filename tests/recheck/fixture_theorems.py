"""Small, fast theorems of every evidence kind, for the tests of ``dpproofs recheck``.

Written into a temporary folder by the tests (``conftest.theorem_file``) and decided there.
"""

from fractions import Fraction as F

import sympy

from dpproofs import (
    FiniteMechanism,
    all_of,
    exact_fact,
    for_each,
    is_dp,
    pure_epsilon_is,
    theorem,
    total_variation_at_most,
)
from dpproofs.algebra import implies
from dpproofs.search import Interval, for_all_distributions, log_of
from dpproofs.steps import derivation
from dpproofs.symbolic import holds
from dpproofs.vocabulary import hockey_stick, max_divergence_at_most

RR = FiniteMechanism.from_rows([["3/4", "1/4"], ["1/4", "3/4"]], name="RR")
x = sympy.Symbol("x")


@theorem(id="fx.pure_implies_approx", source="fixture", expect="proved")
def pure_implies_approximate():
    """eps-DP implies (eps, 0)-DP on every finite alphabet (lifted: small-model theorem)."""
    return for_all_distributions(range(2, 4), eps=Interval(F(1, 100), 2)).claim(
        lambda alg, p, q, E: implies(
            alg, max_divergence_at_most(alg, p, q, E), alg.le(hockey_stick(alg, p, q, E), 0)
        )
    )


@theorem(id="fx.hockey_small", source="fixture", expect="refuted")
def hockey_stick_is_small():
    """delta(eps) <= 1/10 for every pair of distributions, eps in [1/2, 1] (false)."""
    return for_all_distributions([2], eps=Interval(F(1, 2), 1)).claim(
        lambda alg, p, q, E: alg.le(hockey_stick(alg, p, q, E), F(1, 10))
    )


@theorem(id="fx.ln2", source="fixture", expect="refuted")
def ln_two_is_small():
    """At eps = ln 2: Pr[p] <= e^eps Pr[q] + 1/10 for all pairs on 2 outcomes (false)."""
    return for_all_distributions([2], eps=log_of(2)).claim(
        lambda alg, p, q, E: alg.le(hockey_stick(alg, p, q, E), F(1, 10))
    )


@theorem(id="fx.pair", source="fixture", expect="proved")
def randomized_response_facts():
    """RR is ln 3-DP, and its statistical difference is at most 1/2."""
    return all_of(pure_epsilon_is(RR, "log(3)"), total_variation_at_most(RR, "1/2"))


@theorem(id="fx.taylor", source="fixture", expect="refuted")
def exp_below_first_order():
    """e^x <= 1 + x + x^2/2 for x > 0 (false)."""
    return holds(sympy.exp(x) <= 1 + x + x**2 / 2, where={x: "(0, oo)"})


def _coin(k):
    return FiniteMechanism.from_rows([["1/2", "1/2"], [f"1/{k}", f"{k - 1}/{k}"]], name=f"coin {k}")


@theorem(id="fx.family", source="fixture", expect="verified-bounded")
def coins_are_close():
    """For k in {2, 3}: SD((1/2, 1/2), (1/k, 1 - 1/k)) <= 1/2."""
    return for_each("k in {2, 3}", [(2,), (3,)], lambda k: total_variation_at_most(_coin(k), "1/2"))


@theorem(id="fx.steps", source="fixture", expect="refuted")
def a_wrong_step():
    """x^2 + 1 >= 2x >= 2x - 1, the first link written strictly (false at x = 1)."""
    return derivation(r"x^2 + 1 > 2 x \ge 2 x - 1", {}, where={"x": "(-oo, oo)"})


def _log_facts(facts):
    """ln 4 = 2 ln 2 (an identity of logarithms), ln 2 <= 7/10 and 2/3 < ln 2 (by balls)."""
    facts.equal("ln 4", sympy.log(4), 2 * sympy.log(2))
    facts.at_most("ln 2", sympy.log(2), sympy.Rational(7, 10))
    facts.less_than("2/3", sympy.Rational(2, 3), sympy.log(2))


@theorem(id="fx.facts", source="fixture", expect="proved")
def logarithm_facts():
    """ln 4 = 2 ln 2 and 2/3 < ln 2 <= 7/10."""
    return exact_fact("ln 4 = 2 ln 2 and 2/3 < ln 2 <= 7/10", _log_facts)


@theorem(id="fx.chain", source="fixture", expect="proved")
def a_right_chain():
    """x^2 + 1 >= 2x >= 2x - 1 for every real x (AM-GM, then 0 >= -1)."""
    return derivation(r"x^2 + 1 \ge 2 x \ge 2 x - 1", {}, where={"x": "(-oo, oo)"})


@theorem(id="fx.amgm_false", source="fixture", expect="refuted")
def x_plus_inverse_three():
    """x + 1/x >= 3 for x > 0 (false at x = 1)."""
    return holds(x + 1 / x >= 3, where={x: "(0, oo)"})


@theorem(id="fx.amgm", source="fixture", expect="proved")
def x_plus_inverse_two():
    """x + 1/x >= 2 for x > 0 (AM-GM)."""
    return holds(x + 1 / x >= 2, where={x: "(0, oo)"})


@theorem(id="fx.rr_one", source="fixture", expect="refuted")
def rr_is_one_dp():
    """RR is (1, 1/100)-DP (false: delta(1) = (3 - e)/4)."""
    return is_dp(RR, "1", "1/100")


@theorem(id="fx.vouched", source="fixture", expect="unknown")
def an_author_vouched_check():
    """A check that computes its own truth value: dpproofs decides nothing (unknown)."""
    return exact_fact("1 < 2, says the author", lambda: (True, {}))
