"""Cuff & Yu (seed 001): the remaining claims. A few scalar ones are decided here; the others are
stated with the reason they are not decided yet (verdict unknown, with what would decide them).
"""

import sympy
from _cy_common import RECONSTRUCTED, cite, fact_eq, stated_check
from sympy import Interval, log, oo

from dpproofs.claim import exact_fact
from dpproofs.errors import Undecided
from dpproofs.symbolic import holds
from dpproofs.theorem import theorem

p = sympy.Symbol("p", nonnegative=True)
q = sympy.Symbol("q", nonnegative=True)
delta = sympy.Symbol("delta", positive=True)
m = sympy.Symbol("m", positive=True)
K = sympy.Symbol("K", positive=True)


@theorem(
    source=cite("CY-AppC(97)", "Appendix C (91)-(97)"),
    expect="proved",
    id="cuffyu.appc_eq97",
    reading=(
        "Binary channel with rows (1 - p, p), (q, 1 - q), every p, q in [0, 1]; TV of two "
        "binary rows is the absolute difference of their first entries; the mixture is the "
        "equal one."
    ),
    note=RECONSTRUCTED + "Every p, q in [0, 1].",
    quote=(
        "For a binary channel with P(Y=1|X=0) = p and P(Y=0|X=1) = q, its complement (X -> X+1, Y"
        " -> Y+1 mod 2) and the equal mixture of the two (a BSC with crossover (p+q)/2) all have "
        "the same total variation abs(1 - p - q) between their two rows."
    ),
)
def complement_and_mixture_same_tv():
    """The channel (p, q), its complement and the BSC((p + q)/2) have rows at TV |1 - p - q|."""
    # TV of binary rows (a, 1 - a), (b, 1 - b) is |a - b|. As a string, so that sympy does not
    # evaluate the equalities before dpproofs reads them: the rows of W are (1 - p, p), (q, 1 - q);
    # of its complement (1 - q, q), (p, 1 - p); of the BSC (1 - s, s), (s, 1 - s), s = (p + q)/2.
    return holds(
        "And(Eq(Abs((1 - p) - q), Abs(1 - p - q)), Eq(Abs((1 - q) - p), Abs(1 - p - q)),"
        " Eq(Abs((1 - (p + q)/2) - (p + q)/2), Abs(1 - p - q)))",
        where={"p": "[0, 1]", "q": "[0, 1]"},
    )


@theorem(
    source=cite("CY-Lemma11-monotone", "Appendix D, proof of Lemma 11"),
    expect="proved",
    id="cuffyu.lemma11_monotone",
    reading=(
        "Shown by the sign of the derivative on delta in (0, 1) for every real m >= 1 "
        "(integers included); the end points follow by continuity; natural log."
    ),
    note=RECONSTRUCTED + "Shown through the derivative in delta, for every real m >= 1 (so every "
    "integer m >= 1) and delta in (0, 1).",
    quote=(
        "For every integer m >= 1, delta -> 2 lambda ln m + 2 h(lambda) with lambda = delta/(1 + "
        "delta) is non-decreasing on [0, 1]."
    ),
)
def lemma11_bound_is_monotone():
    """d/d delta [2 lambda ln m + 2 h(lambda)] >= 0, lambda = delta/(1 + delta), delta in (0, 1)."""
    lam = delta / (1 + delta)
    f = 2 * lam * log(m) + 2 * (-lam * log(lam) - (1 - lam) * log(1 - lam))
    return holds(sympy.diff(f, delta) >= 0, where={delta: Interval.open(0, 1), m: Interval(1, oo)})


@theorem(
    source=cite("CY-Lemma3-factor2", "sec 3.3 after Lemma 3"),
    expect="proved",
    id="cuffyu.lemma3_factor2",
    reading=(
        "Fixed delta in (0, 1) symbolic, K -> oo as a real limit (delta = 1 gives ratio 2 for "
        "every K); natural log."
    ),
    note=RECONSTRUCTED + "The limit is computed by sympy's exact limit for a symbolic delta "
    "in (0, 1) (delta = 1: h = 0 and the ratio is 2 for every K).",
    quote=(
        "For fixed delta in (0, 1], (2 delta ln K + 2 h(delta))/(delta ln K) -> 2 as K -> "
        "infinity. Here delta ln K is the capacity of the K-ary erasure channel of Example 3.3, "
        "which is (0, delta)-DP."
    ),
)
def lemma3_factor_two():
    """(2 delta ln K + 2 h(delta)) / (delta ln K) -> 2 as K -> infinity, for delta in (0, 1)."""
    d = sympy.Symbol("d", positive=True)
    ratio = (2 * d * log(K) + 2 * (-d * log(d) - (1 - d) * log(1 - d))) / (d * log(K))

    def check():
        value = sympy.limit(ratio, K, oo)
        return fact_eq(value, 2), {"limit": value}

    return exact_fact("lim_{K->oo} ratio = 2", stated_check(check))


def _open(reason: str):
    def check():
        raise Undecided(reason)

    return exact_fact("not decided", stated_check(check))


OPEN = {
    "lemma2": (
        ("CY-Lemma2(33)",),
        "(33) quantifies over all implications (eps', delta') with a threshold t(eps) and a "
        "limit: needs MI-DP levels over all mechanisms in the search.",
    ),
    "appc_convex": (
        ("CY-AppC-convex",),
        "Convexity of capacity in the channel matrix over all channels: certified capacities "
        "are brackets, so midpoint convexity is undecidable where it is tight; needs a proof "
        "(capacity is a max of functions convex in W).",
    ),
    "ex4_1_limit": (
        ("CY-Ex4.1(ii)",),
        "I(X_i; Y) -> ln 2 as n -> oo with Laplace noise of scale 1/(n eps): mutual information "
        "with continuous outputs and a limit in n; not in the calculus yet.",
    ),
    "sequential": (
        ("CY-Cor8(54)",),
        "Cor 8 (group MI bound with K_S; form reconstructed): needs MI-DP levels (sups over "
        "priors) of composed mechanisms over all mechanisms. (Cor 6 is cuffyu.corollary6.)",
    ),
    "continuous": (
        ("CY-Ex5.1(50)",),
        "(50) needs a continuous X_1 (I = oo): mutual information of continuous laws is beyond "
        "finite exact evaluation (the finite analogue (51) grows like ln |X_1|: "
        "cuffyu.example5_1_eq51).",
    ),
}


#: The source's sentence of each stub (the claims checklist's statement).
QUOTES = {
    "CY-Lemma2(33)": (
        "For each eps > 0 there is a threshold t(eps) > 0 such that whenever eps-MI-DP "
        "implies (eps', delta')-DP, delta' > t(eps); and the least such eps' tends to "
        "infinity as delta' decreases to t(eps)."
    ),
    "CY-AppC-convex": (
        "Capacity C(W) = max over P_X of I(P_X; W) is a convex function of the channel matrix"
        " W, and a binary channel and its complement have the same capacity."
    ),
    "CY-Ex4.1(ii)": (
        "With X_1 ~ Bernoulli(1/2) and X_i = X_1 for all i, I(X_i; Y) -> ln 2 nats (1 bit) as"
        " n -> infinity."
    ),
    "CY-Cor8(54)": (
        "Suppose the mechanism is eps-MI-DP with eps < ln 2, and let delta = 1 - 2 h^{-1}(ln "
        "2 - eps). For S subset of [n] with abs(S) = k and k delta <= 1, let K_S = "
        "min{prod_{i in S} abs(X_i), abs(Y)}. Then sup over P_{X^n} of I(X_S; Y | X_{S^c}) <="
        " 2 k delta ln K_S + 2 h(k delta)."
    ),
    "CY-Ex5.1(50)": (
        "For the Example 5.1 mechanism with X_1 continuous and X_2 = X_1, I(X_1, X_2; Y) = "
        "infinity. So eps-MI-DP bounds no I(X_S; Y | X_{S^c}) with abs(S) >= 2: MI-DP has no "
        "analogue of Properties 7-9."
    ),
}


def _declare(key: str, ids: tuple[str, ...], reason: str) -> None:
    def claim():
        return _open(reason)

    claim.__doc__ = f"{', '.join(ids)}: stated in CLAIMS.md; not decided yet."
    claim.__name__ = f"open_{key}"
    globals()[claim.__name__] = theorem(
        source=cite(*ids, "see CLAIMS.md"),
        expect="unknown",
        id=f"cuffyu.open.{key}",
        role="stub",
        timeout=10,
        note=reason,
        quote=" ".join(QUOTES[i] for i in ids),
    )(claim)


for _key, (_ids, _reason) in OPEN.items():
    _declare(_key, _ids, _reason)
