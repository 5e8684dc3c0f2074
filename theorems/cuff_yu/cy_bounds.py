"""Cuff & Yu (seed 001): scalar statements and binary-alphabet forms, decided by the symbolic
deciders for every parameter value of the stated domain.

The divergence claims quantify over all pairs of distributions; the bounded search cannot take
logarithms, so their faithful encodings here are the binary-alphabet forms (two outcomes, every
p, q in (0, 1)), which the notes say. Where a bound is tight along a curve, interval branch and
bound cannot close it and the verdict is unknown; the note says what would decide it.
"""

import sympy
from _cy_common import RECONSTRUCTED, cite
from sympy import And, Eq, Interval, Rational, exp, log, oo, sqrt, tanh

from dpproofs.symbolic import holds
from dpproofs.theorem import theorem

eps = sympy.Symbol("eps", positive=True)
eta = sympy.Symbol("eta", positive=True)
delta = sympy.Symbol("delta", positive=True)
p = sympy.Symbol("p", positive=True)
q = sympy.Symbol("q", positive=True)
u = sympy.Symbol("u", positive=True)
m = sympy.Symbol("m", positive=True)
OPEN01 = Interval.open(0, 1)


def kl2(a: sympy.Expr, b: sympy.Expr) -> sympy.Expr:
    """D((a, 1 - a) || (b, 1 - b)) for a, b in (0, 1), in nats."""
    return a * log(a / b) + (1 - a) * log((1 - a) / (1 - b))


def close0(a: sympy.Expr, b: sympy.Expr) -> list[sympy.Basic]:
    """(eps, 0)-closeness of (a, 1 - a) and (b, 1 - b) (Def 4 with delta = 0, point form)."""
    return [
        a <= exp(eps) * b,
        b <= exp(eps) * a,
        1 - a <= exp(eps) * (1 - b),
        1 - b <= exp(eps) * (1 - a),
    ]


@theorem(
    source=cite("CY-Prop1(10)", "Property 1 eq. (10)"),
    expect="unknown",
    id="cuffyu.property1_binary",
    timeout=5,
    note=RECONSTRUCTED + "Binary alphabets only (the search cannot take logs), eps in (0, 3]. "
    "The bound is attained by the symmetric pair for every eps (cuffyu.property1_binary_extreme), "
    "so branch and bound cannot close it: a convexity or derivation proof (Appendix A, (77)-(81), "
    "a steps file) would decide it.",
)
def property1_binary():
    """(eps, 0)-close binary P, Q have D(P||Q) <= eps tanh(eps/2)."""
    return holds(
        kl2(p, q) <= eps * tanh(eps / 2),
        where={p: OPEN01, q: OPEN01, eps: Interval.Lopen(0, 3)},
        assuming=close0(p, q),
    )


@theorem(
    source=cite("CY-Def4(9)", "Definition 4, eq. (9)"),
    expect="unknown",
    id="cuffyu.def4_eq9_binary",
    timeout=5,
    note=RECONSTRUCTED + "Binary alphabets, eps in [1/10, 3]. The slack eps - eps tanh(eps/2) "
    "vanishes on no box, but branch and bound still meets the curve p = q; a proof from "
    "Property 1 (a steps file) would decide it.",
)
def def4_eq9_binary():
    """(eps, 0)-close binary P, Q have D(P||Q) <= eps."""
    return holds(
        kl2(p, q) <= eps,
        where={p: OPEN01, q: OPEN01, eps: Interval(Rational(1, 10), 3)},
        assuming=close0(p, q),
    )


@theorem(
    source=cite("CY-Prop2(12)", "Property 2 eq. (12), Pinsker"),
    expect="unknown",
    id="cuffyu.property2_binary",
    timeout=5,
    note="Binary alphabets: D(P||Q) <= eps implies TV(P, Q) = |p - q| <= sqrt(eps/2), i.e. "
    "Pinsker 2 (p - q)^2 <= D. Tight at p = q, so branch and bound cannot close it; a "
    "second-derivative (convexity) argument would decide it.",
)
def property2_binary():
    """D(P||Q) <= eps implies (0, sqrt(eps/2))-closeness (binary form: 2 (p - q)^2 <= D)."""
    return holds(2 * (p - q) ** 2 <= kl2(p, q), where={p: OPEN01, q: OPEN01})


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
