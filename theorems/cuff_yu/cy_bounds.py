"""Cuff & Yu (seed 001): Properties 1 and 2 (exact grid checks over pairs of distributions), their
irreversibility and the tightness of Pinsker's inequality (proved for every parameter value).
"""

import sympy
from _cy_common import (
    RECONSTRUCTED,
    cite,
    fact_eq,
    fact_le,
    fact_lt,
    grid_fact,
    infinite_ratio,
    kl,
    ln,
    max_ratio,
    simplex_grid,
    tanh_bound,
)
from sympy import And, Eq, Interval, exp, log, oo, sqrt

from dpproofs.symbolic import holds
from dpproofs.theorem import theorem

eps = sympy.Symbol("eps", positive=True)
eta = sympy.Symbol("eta", positive=True)


def kl2(a: sympy.Expr, b: sympy.Expr) -> sympy.Expr:
    """D((a, 1 - a) || (b, 1 - b)) for a, b in (0, 1), in nats."""
    return a * log(a / b) + (1 - a) * log((1 - a) / (1 - b))


def _pairs():
    """Every pair of distributions on 2 outcomes in (1/8) Z and on 3 outcomes in (1/4) Z."""
    out = []
    for k, d in ((2, 8), (3, 4)):
        pts = simplex_grid(k, d)
        out += [(a, b) for a in pts for b in pts]
    return out


PAIRS_NOTE = (
    "Checked exactly on every pair of distributions on 2 outcomes with masses in (1/8) Z and on "
    "3 outcomes in (1/4) Z (eps is the pair's exact closeness level, e^eps rational; pairs "
    "close for no finite eps are vacuous). A grid check, not a proof for all distributions: "
    "binary forms over all p, q are tight on a curve, where interval branch and bound cannot "
    "close them; a derivation (Appendix A, (77)-(81)) would prove them."
)


@theorem(
    source=cite("CY-Prop1(10)", "CY-Def4(9)", "Property 1 eq. (10); Definition 4 eq. (9)"),
    expect="verified-bounded",
    id="cuffyu.property1",
    timeout=60,
    note=RECONSTRUCTED + PAIRS_NOTE,
)
def property1():
    """(eps, 0)-close P, Q have D(P||Q) <= eps tanh(eps/2) (10), hence D(P||Q) <= eps (9)."""

    def one(pair):
        a, b = pair
        r = max_ratio(a, b)
        if r is None:
            return infinite_ratio(a, b), {}
        bound = tanh_bound(r)
        return fact_le(kl(a, b), bound) and fact_le(bound, ln(r)), {"pair": str(pair)}

    return grid_fact("D(P||Q) <= eps tanh(eps/2) <= eps", _pairs(), one)


@theorem(
    source=cite("CY-Prop2(12)", "Property 2 eq. (12), Pinsker"),
    expect="verified-bounded",
    id="cuffyu.property2",
    timeout=60,
    note="Checked as 2 TV(P, Q)^2 <= D(P||Q) (so D <= eps gives TV <= sqrt(eps/2)) on every "
    "pair with D finite, on the grid of cuffyu.property1. A grid check.",
)
def property2():
    """D(P||Q) <= eps implies (0, sqrt(eps/2))-closeness."""

    def one(pair):
        a, b = pair
        if any(x != 0 and y == 0 for x, y in zip(a, b, strict=True)):
            # D(P||Q) = oo: the hypothesis D <= eps fails (stated, and decided, at that outcome).
            y = next(i for i, (x, z) in enumerate(zip(a, b, strict=True)) if x != 0 and z == 0)
            return fact_eq(b[y], 0) and fact_lt(0, a[y]), {}
        tv = sum(max(x - y, 0) for x, y in zip(a, b, strict=True))
        return fact_le(2 * tv**2, kl(a, b)), {"pair": str(pair)}

    return grid_fact("2 TV^2 <= D", _pairs(), one)


@theorem(
    source=cite("CY-Prop1-irreversible", "CY-Prop2-irreversible", "sec 2.2 reverse implications"),
    expect="proved",
    id="cuffyu.irreversible",
    note="The pairs are the evident ones: P = (1, 0), Q = (e^-eta, 1 - e^-eta) has D(P||Q) = eta "
    "while Q(y_2) > 0 = e^eps P(y_2) for every finite eps; P' = (1 - eta', eta'), Q' = (1, 0) with "
    "eta' = min(eta, 1)/2 has TV = eta' <= eta and D(P'||Q') = oo (P'(y_2) > 0 = Q'(y_2)).",
)
def reverse_implications_fail():
    """For every eta > 0: some P, Q have D(P||Q) <= eta but are (eps, 0)-close for no finite eps;
    some P', Q' have TV <= eta and D(P'||Q') = infinity."""
    q2 = 1 - exp(-eta)
    d = -log(exp(-eta))  # D(P||Q) = 1 * ln(1 / e^-eta)
    small = sympy.Min(eta, 1) / 2
    return holds(
        And(d <= eta, q2 > 0, small <= eta, small > 0, small < 1), where={eta: Interval.open(0, oo)}
    )


@theorem(
    source=cite("CY-Prop2-tight", "sec 2.2 Pinsker tight up to a constant"),
    expect="proved",
    id="cuffyu.property2_tight",
    note="Explicit constants c = 1/2, eps_0 = 2, with the symmetric binary pair of the claim "
    "(proved for every eps in (0, 2]).",
)
def pinsker_tight_up_to_constant():
    """For eps in (0, 2], P = ((1 + u)/2, (1 - u)/2), Q = ((1 - u)/2, (1 + u)/2),
    u = sqrt(eps)/2, has D(P||Q) = u ln((1 + u)/(1 - u)) <= eps and TV = u = (1/2) sqrt(eps)."""
    uu = sqrt(eps) / 2
    P = (1 + uu) / 2
    Q = (1 - uu) / 2
    return holds(And(kl2(P, Q) <= eps, Eq(P - Q, sqrt(eps) / 2)), where={eps: Interval.Lopen(0, 2)})
