"""The scalar pieces of Cuff & Yu (seed 001): Property 1, Property 3 with eps' = 0, and (99).

The formulas come from the reconstruction in cuff_yu_statements.md (sections 9, 11 and 15), not
from the seed text itself; each theorem's note says so.
"""

import sympy
from sympy import And, Eq, Interval, Rational, exp, log, oo, tanh

from dpproofs.claim import all_of
from dpproofs.symbolic import holds
from dpproofs.theorem import theorem

SOURCE = "001_bbdd7f031c172a3e.txt"
RECONSTRUCTED = (
    "Formula reconstructed in cuff_yu_statements.md, section {}; not read from the seed."
)

eps = sympy.Symbol("eps", nonnegative=True)
delta = sympy.Symbol("delta", nonnegative=True)
p = sympy.Symbol("p", positive=True)


def kl(first: tuple[sympy.Expr, ...], second: tuple[sympy.Expr, ...]) -> sympy.Expr:
    """D(P || Q) = sum_i P_i ln(P_i / Q_i) in nats."""
    return sum((a * log(a / c) for a, c in zip(first, second, strict=True)), sympy.Integer(0))


def binary_entropy(q: sympy.Expr) -> sympy.Expr:
    """h(q) = -q ln q - (1 - q) ln(1 - q) in nats."""
    return -q * log(q) - (1 - q) * log(1 - q)


@theorem(
    source=f"{SOURCE}, CY-Prop1(11), Property 1, eq. (11)",
    expect="proved",
    id="cuffyu.property1_relaxation",
    reading=(
        "Every eps >= 0 symbolic; the implication for D follows from Property 1 (cuffyu.property1)."
    ),
    note=RECONSTRUCTED.format(9),
    quote=(
        "eps tanh(eps/2) <= eps^2/2 for all eps >= 0, so (eps, 0)-closeness implies D(P||Q) <= "
        "eps^2/2."
    ),
)
def tanh_bound_is_at_most_quadratic():
    """For eps >= 0: eps tanh(eps/2) <= eps^2 / 2."""
    return holds(eps * tanh(eps / 2) <= eps**2 / 2, where={eps: Interval(0, oo)})


@theorem(
    source=f"{SOURCE}, CY-Prop1-tight, Property 1, eq. (10) tightness (Appendix A)",
    expect="proved",
    id="cuffyu.property1_binary_extreme",
    reading=(
        "Every eps >= 0 symbolic; (eps, 0)-closeness checked as the two likelihood ratios "
        "e^eps and e^-eps, and both divergences equal to eps tanh(eps/2); natural log."
    ),
    note=RECONSTRUCTED.format(9),
    quote=(
        "For every eps >= 0, P = (e^eps/(1+e^eps), 1/(1+e^eps)) and Q = (1/(1+e^eps), "
        "e^eps/(1+e^eps)) are (eps, 0)-close and D(P||Q) = D(Q||P) = eps tanh(eps/2)."
    ),
)
def symmetric_binary_pair_attains_the_bound():
    """The symmetric binary pair P = (e^eps/(1+e^eps), 1/(1+e^eps)), Q reversed, is (eps, 0)-close
    (its likelihood ratios P_y/Q_y are e^eps and e^-eps, both in [e^-eps, e^eps]) and has
    D(P||Q) = D(Q||P) = eps tanh(eps/2)."""
    P = (exp(eps) / (1 + exp(eps)), 1 / (1 + exp(eps)))
    Q = (P[1], P[0])
    close = [
        part for a, b in zip(P, Q, strict=True) for part in (exp(-eps) * b <= a, a <= exp(eps) * b)
    ]
    return holds(
        And(*close, Eq(kl(P, Q), eps * tanh(eps / 2)), Eq(kl(Q, P), eps * tanh(eps / 2))),
        where={eps: Interval(0, oo)},
    )


@theorem(
    source=f"{SOURCE}, CY-Ex1(ii), Property 3, eq. (13) with eps' = 0",
    expect="proved",
    id="cuffyu.property3_eps0",
    reading=(
        "Every eps >= 0 and delta in [0, 1] symbolic; 'delta' -> 0' read as the bound delta' "
        "<= eps/2 + delta, which tends to 0 with eps and delta."
    ),
    role="special-case",
    note=RECONSTRUCTED.format(11),
    quote=(
        "(eps, delta)-DP implies delta'-DP with delta' = (e^eps - 1 + 2 delta)/(e^eps + 1), which"
        " is Property 3 with eps' = 0, and delta' -> 0 as eps, delta -> 0. Hence (eps, delta)-DP "
        "succeq delta-DP."
    ),
)
def property3_at_eps_prime_zero():
    """delta + (1 - delta) tanh(eps/2) = (e^eps - 1 + 2 delta) / (e^eps + 1) =: delta', and
    delta' <= eps/2 + delta, so delta' -> 0 as eps, delta -> 0."""
    delta_prime = (exp(eps) - 1 + 2 * delta) / (exp(eps) + 1)
    where = {eps: Interval(0, oo), delta: Interval(0, 1)}
    return all_of(
        holds(Eq(delta + (1 - delta) * tanh(eps / 2), delta_prime), where=where),
        # delta' = delta + (1 - delta) tanh(eps/2) <= tanh(eps/2) + delta <= eps/2 + delta.
        holds(delta + (1 - delta) * tanh(eps / 2) <= tanh(eps / 2) + delta, where=where),
        holds(tanh(eps / 2) <= eps / 2, where={eps: Interval(0, oo)}),
    )


@theorem(
    source=f"{SOURCE}, CY-AppC(99), Lemma 2, eq. (99)",
    expect="proved",
    id="cuffyu.lemma2_eq99",
    reading=(
        "p in (0, 1) symbolically, and the end points p = 0, 1 (h = 0 there) separately; h in nats."
    ),
    note=RECONSTRUCTED.format(15) + " h is the binary entropy in nats.",
    quote=("For p in [0, 1]: h(p) <= ln 2 - 2 (p - 1/2)^2."),
)
def binary_entropy_quadratic_bound():
    """For p in (0, 1): h(p) <= ln 2 - 2 (p - 1/2)^2; at p = 0 and p = 1 (h = 0 there, 0 ln 0 = 0)
    it reads 0 <= ln 2 - 1/2."""
    bound = log(2) - 2 * (p - Rational(1, 2)) ** 2
    return all_of(
        holds(binary_entropy(p) <= bound, where={p: Interval.open(0, 1)}),
        # As strings: sympy would evaluate the numeric comparison before dpproofs reads it.
        *(holds(f"0 <= {bound.subs(p, end)}") for end in (0, 1)),
    )
