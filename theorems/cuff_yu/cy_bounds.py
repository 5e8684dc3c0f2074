"""Cuff & Yu (seed 001): Properties 1 and 2 (Lemma CM and rule DG, every finite alphabet), their
irreversibility and the tightness of Pinsker's inequality (proved for every parameter value).
"""

import sympy
from _cy_common import (
    RECONSTRUCTED,
    cite,
    fact_eq,
    stated_check,
)
from sympy import And, Eq, Interval, log, oo, sqrt

from dpproofs import all_of, exact_fact
from dpproofs import vocabulary as V
from dpproofs.algebra import EXACT
from dpproofs.symbolic import holds
from dpproofs.symbolic.chord import ChordClaim
from dpproofs.symbolic.diagonal_forms import tv_below_kl
from dpproofs.theorem import theorem

eps = sympy.Symbol("eps", positive=True)
eta = sympy.Symbol("eta", positive=True)


def kl2(a: sympy.Expr, b: sympy.Expr) -> sympy.Expr:
    """D((a, 1 - a) || (b, 1 - b)) for a, b in (0, 1), in nats."""
    return a * log(a / b) + (1 - a) * log((1 - a) / (1 - b))


@theorem(
    source=cite("CY-Prop1(10)", "CY-Def4(9)", "Property 1 eq. (10); Definition 4 eq. (9)"),
    expect="proved",
    id="cuffyu.property1",
    reading=(
        "Every eps > 0 and every pair of distributions P, Q on every finite alphabet that are "
        "(eps, 0)-close (P(y) <= e^eps Q(y) and Q(y) <= e^eps P(y) for every y, so Q(y) = 0 "
        "forces P(y) = 0); D is the vocabulary's KL divergence; natural log."
    ),
    timeout=60,
    note=RECONSTRUCTED
    + "Lemma CM (docs/design/chord.md): with r = P(y)/Q(y) under Q, D(P||Q) = E_Q r ln r, "
    "E_Q r = 1 and closeness puts r in [e^-eps, e^eps]; r ln r is convex (its second "
    "derivative 1/r > 0, decided by z3), so below its chord there, and the chord value, "
    "computed from r ln r at the two ends, equals eps tanh(eps/2) exactly (B - C cancels to 0 "
    "in s = e^(eps/2)). eps tanh(eps/2) <= eps by the scalar decider. No longer the grid of "
    "pairs on 2-3 outcomes with masses in (1/8) Z and (1/4) Z.",
    quote=(
        "CY-Prop1(10): If P and Q are (eps, 0)-close, then D(P||Q) <= eps tanh(eps/2). "
        "CY-Def4(9): If P and Q are (eps, 0)-close, then D(P||Q) <= eps."
    ),
)
def property1():
    """(eps, 0)-close P, Q have D(P||Q) <= eps tanh(eps/2) (10), hence D(P||Q) <= eps (9)."""
    bound = eps * sympy.tanh(eps / 2)
    return all_of(
        ChordClaim("D(P||Q) <= eps tanh(eps/2) for (eps, 0)-close P, Q", eps, bound),
        holds(bound <= eps, where={eps: Interval.open(0, oo)}),
    )


@theorem(
    source=cite("CY-Prop2(12)", "Property 2 eq. (12), Pinsker"),
    expect="proved",
    id="cuffyu.property2",
    reading=(
        "Decided as 2 TV^2 <= D (D <= eps then gives TV <= sqrt(eps/2)); every pair of "
        "distributions on every finite alphabet with D(P||Q) finite (D = oo fails the "
        "hypothesis D <= eps); TV = sup_A |P(A) - Q(A)|; natural log."
    ),
    timeout=60,
    note="Rule DG (docs/design/diagonal.md) on the three 2-outcome cases (p, q in (0, 1); "
    "p = 0, q in [0, 1); p = 1, q in (0, 1], 0 ln 0 = 0): F = d(p, q) - 2 (p - q)^2 is 0 on "
    "the diagonal and (q - p) dF/dq = (q - p)^2 (2q - 1)^2 / (q (1 - q)) >= 0, decided by z3 "
    "on the odd factors; Lemma DP (data processing to the indicator of {y : P(y) > Q(y)}) "
    "lifts it to every finite alphabet. No longer the grid of 306 pairs on 2-3 outcomes.",
    quote=("If D(P||Q) <= eps, then P and Q are (0, sqrt(eps/2))-close."),
)
def property2():
    """D(P||Q) <= eps implies (0, sqrt(eps/2))-closeness: 2 TV^2 <= D on every alphabet."""
    t = sympy.Symbol("t", real=True)
    return tv_below_kl("2 TV(P, Q)^2 <= D(P||Q)", 2 * t**2, t)


#: eta values of the irreversibility check: small, moderate and large (a rational and a log).
def _irreversible():
    """For every eta > 0 (symbolic): P = (1, 0), Q = (1/(1 + eta), eta/(1 + eta)) and
    P' = (1 - eta', eta'), Q' = (1, 0) with eta' = eta/(2 (1 + eta)), every quantity from the
    vocabulary's definitions."""
    eta = sympy.Symbol("eta", positive=True)
    one, zero = sympy.Integer(1), sympy.Integer(0)
    p, q = (one, zero), (1 / (1 + eta), eta / (1 + eta))
    small = eta / (2 * (1 + eta))
    p2, q2 = (1 - small, small), (one, zero)

    def check():
        close_for_none = fact_eq(V.max_divergence(EXACT, q, p), oo)  # (eps, 0)-close for no eps
        infinite = fact_eq(V.kl_divergence(EXACT, p2, q2), oo)  # D(P'||Q') = oo
        return close_for_none and infinite, {}

    positive = {eta: Interval.open(0, oo)}
    return all_of(
        exact_fact("D_inf(Q||P) = oo and D(P'||Q') = oo for every eta > 0", stated_check(check)),
        holds(V.kl_divergence(EXACT, p, q) <= eta, where=positive),  # D(P||Q) <= eta
        holds(V.statistical_difference(EXACT, p2, q2) <= eta, where=positive),  # TV <= eta
    )


@theorem(
    source=cite("CY-Prop1-irreversible", "CY-Prop2-irreversible", "sec 2.2 reverse implications"),
    expect="proved",
    id="cuffyu.irreversible",
    reading=(
        "For each eta > 0 an explicit binary pair; 'not (eps, 0)-close for any finite eps' as "
        "infinite max-divergence; every eta > 0 (symbolic)."
    ),
    note="For every eta > 0 (eta symbolic): P = (1, 0), Q = (1/(1 + eta), eta/(1 + eta)) has "
    "D(P||Q) = ln(1 + eta) <= eta (the scalar decider) while Q(y_2) > 0 = e^eps P(y_2) for every "
    "finite eps (D_inf(Q||P) = oo); P' = (1 - eta', eta'), Q' = (1, 0) with eta' = eta/(2 (1 + "
    "eta)) has TV = eta' <= eta and D(P'||Q') = oo (P'(y_2) > 0 = Q'(y_2)). D, D_inf and TV are "
    "the vocabulary's (kl_divergence, max_divergence, statistical_difference) computed on the "
    "symbolic pairs. Was eta at seven values (with Q = (e^-eta, 1 - e^-eta), whose sign the "
    "exact algebra cannot decide for symbolic eta; before that: a symbolic claim in which "
    "D(P||Q) <= eta was typed as eta <= eta).",
    quote=(
        "CY-Prop1-irreversible: For every eta > 0 there are P, Q with D(P||Q) <= eta that are not"
        " (eps, 0)-close for any finite eps. CY-Prop2-irreversible: For every eta > 0 there are "
        "P, Q with TV(P, Q) <= eta and D(P||Q) = infinity."
    ),
)
def reverse_implications_fail():
    """For every eta > 0: some P, Q have D(P||Q) <= eta but are (eps, 0)-close for no finite eps;
    some P', Q' have TV <= eta and D(P'||Q') = infinity."""
    return _irreversible()


@theorem(
    source=cite("CY-Prop2-tight", "sec 2.2 Pinsker tight up to a constant"),
    expect="proved",
    id="cuffyu.property2_tight",
    reading=(
        "Constants chosen: c = 1/2, eps_0 = 2; the symmetric binary pair with TV sqrt(eps)/2; "
        "natural log."
    ),
    note="Explicit constants c = 1/2, eps_0 = 2, with the symmetric binary pair of the claim "
    "(proved for every eps in (0, 2]).",
    quote=(
        "There are constants c > 0 and eps_0 > 0 such that for every eps in (0, eps_0] some P, Q "
        "have D(P||Q) <= eps and TV(P, Q) >= c sqrt(eps)."
    ),
)
def pinsker_tight_up_to_constant():
    """For eps in (0, 2], P = ((1 + u)/2, (1 - u)/2), Q = ((1 - u)/2, (1 + u)/2),
    u = sqrt(eps)/2, has D(P||Q) = u ln((1 + u)/(1 - u)) <= eps and TV = u = (1/2) sqrt(eps)."""
    uu = sqrt(eps) / 2
    P = (1 + uu) / 2
    Q = (1 - uu) / 2
    return holds(And(kl2(P, Q) <= eps, Eq(P - Q, sqrt(eps) / 2)), where={eps: Interval.Lopen(0, 2)})
