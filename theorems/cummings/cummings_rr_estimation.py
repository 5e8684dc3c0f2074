"""Cummings (seed 003_87c8c5658751411a.txt), section 3 after Proposition 8: estimating the
fraction p of '+' answers from n randomized responses (Definition 7, fair coins). The response
probabilities are read off the mechanism itself (Pr[Yes | +] = 3/4, Pr[Yes | -] = 1/4); #Y is
Binomial(n, q) with q = p Pr[Yes | +] + (1 - p) Pr[Yes | -]."""

import sympy
from _cummings_common import SEED, randomized_response
from sympy import Interval, oo

from dpproofs import all_of
from dpproofs.symbolic import holds
from dpproofs.theorem import theorem

p = sympy.Symbol("p", nonnegative=True)
n = sympy.Symbol("n", positive=True)
count = sympy.Symbol("Y", real=True)  # the observed number #Y of Yes reports
r = sympy.Symbol("r", positive=True)  # #Y / n
_RR = randomized_response()
YES_GIVEN_PLUS = _RR.rows[0][0]
YES_GIVEN_MINUS = _RR.rows[1][0]
q = p * YES_GIVEN_PLUS + (1 - p) * YES_GIVEN_MINUS  # Pr[one report is Yes]
P_HAT = 2 * (count / n - sympy.Rational(1, 4))
DOMAIN = {p: Interval(0, 1), n: Interval(1, oo)}


@theorem(
    source=f"{SEED}, C-RR-expected-count, section 3 display",
    expect="proved",
    id="cummings.rr_expected_count",
    reading="The n reports are independent; Pr[Yes | +] and Pr[Yes | -] are read off the "
    "mechanism (fair coins); a fraction p in [0, 1] has truth '+'; the expectation by "
    "linearity; n >= 1 real.",
    quote=(
        "If n participants answer by randomized response with fair coins and a fraction p of them"
        " have truth '+' (yes), then E[#Yes reports | p] = n/4 + n p/2."
    ),
)
def expected_yes_count():
    """E[#Yes reports | p] = n q = n/4 + n p/2 for n randomized responses."""
    expectation = n * q  # linearity: n independent reports, each Yes with probability q
    return holds(sympy.Eq(expectation, n / 4 + n * p / 2, evaluate=False), where=DOMAIN)


@theorem(
    source=f"{SEED}, C-RR-solve, section 3",
    expect="proved",
    id="cummings.rr_solve",
    reading="E[p-hat | p] by linearity from E[#Y | p] = n/4 + n p/2; p in [0, 1], n >= 1 real.",
    quote=(
        "p-hat = 2 (#Y/n - 1/4) is the solution p of #Y = n/4 + n p/2, so E[p-hat | p] = p (p-hat"
        " is unbiased)."
    ),
)
def estimator_solves_and_is_unbiased():
    """p-hat = 2(#Y/n - 1/4) solves #Y = n/4 + n p/2, and E[p-hat | p] = p."""
    solves = holds(sympy.Eq(n / 4 + n * P_HAT / 2, count, evaluate=False), where=DOMAIN)
    unbiased = holds(
        sympy.Eq(P_HAT.subs(count, n * q), p, evaluate=False), where=DOMAIN
    )  # E[p-hat] = 2(E[#Y]/n - 1/4) by linearity
    return all_of(solves, unbiased)


@theorem(
    source=f"{SEED}, C-RR-mle, section 3",
    expect="proved",
    id="cummings.rr_mle",
    reading="The unconstrained MLE over p (q = 1/4 + p/2 in (0, 1)) for 0 < #Y < n; 'is the "
    "MLE' read as the unique maximiser of the Binomial log-likelihood (its stationary "
    "point, strict concavity).",
    note="Read as the unconstrained MLE over p with q = 1/4 + p/2 in (0, 1) and 0 < #Y < n: the "
    "log-likelihood #Y ln q + (n - #Y) ln(1 - q), divided by n, is strictly concave in p (second "
    "derivative < 0) and its derivative vanishes at p-hat (q = r = #Y/n), so p-hat is its unique "
    "maximiser. (Constrained to p in [0, 1], the MLE clips p-hat to [0, 1]: the other reading.)",
    quote=(
        "Given the observed number #Y of Yes reports (#Y ~ Binomial(n, 1/4 + p/2)), p-hat = 2 "
        "(#Y/n - 1/4) is the maximum likelihood estimator of p."
    ),
)
def estimator_is_mle():
    """p-hat = 2(#Y/n - 1/4) maximises the likelihood of #Y ~ Binomial(n, 1/4 + p/2)."""
    pp = sympy.Symbol("pp", real=True)
    qq = sympy.Rational(1, 4) + pp / 2
    loglik = r * sympy.log(qq) + (1 - r) * sympy.log(1 - qq)
    first = sympy.diff(loglik, pp)
    second = sympy.diff(loglik, pp, 2)
    p_hat = 2 * (r - sympy.Rational(1, 4))
    where = {r: Interval.open(0, 1), pp: Interval.open(-sympy.Rational(1, 2), sympy.Rational(3, 2))}
    return all_of(
        holds(sympy.Eq(first.subs(pp, p_hat), 0, evaluate=False), where={r: Interval.open(0, 1)}),
        holds(second < 0, where=where),
    )


@theorem(
    source=f"{SEED}, C-RR-variance, section 3",
    expect="proved",
    id="cummings.rr_variance",
    reading="#Y ~ Binomial(n, q) as the claims checklist states it (each truth '+' with "
    "probability p independently), so Var[#Y] = n q (1 - q), q from the mechanism's rows; "
    "with a fixed fraction p of '+' instead, Var[#Y] = 3n/16 and the conclusion is the same. "
    "'Large for small n' read as strictly decreasing in n and at most 1/n (so it tends to 0).",
    note="Var[p-hat | p] = 4 Var[#Y]/n^2 = 4 q (1 - q)/n (binomial variance). 'Large when n is "
    "small' is read as: strictly decreasing in n and at most 1/n (so it tends to 0).",
    quote=(
        "Var[p-hat | p] decreases in n and tends to 0 as n -> infinity, so it is large for small n."
    ),
)
def estimator_variance_decreases():
    """Var[p-hat | p] = 4 q (1 - q)/n decreases in n and tends to 0."""
    variance = 4 * q * (1 - q) / n
    return all_of(
        holds(variance.subs(n, n + 1) < variance, where=DOMAIN),
        holds(variance <= 1 / n, where=DOMAIN),
    )
