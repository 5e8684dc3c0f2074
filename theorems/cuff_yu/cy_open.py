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
    note=RECONSTRUCTED + "Every p, q in [0, 1].",
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
    note=RECONSTRUCTED + "Shown through the derivative in delta, for every real m >= 1 (so every "
    "integer m >= 1) and delta in (0, 1).",
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
    note=RECONSTRUCTED + "The limit is computed by sympy's exact limit for a symbolic delta "
    "in (0, 1) (delta = 1: h = 0 and the ratio is 2 for every K).",
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
    )(claim)


for _key, (_ids, _reason) in OPEN.items():
    _declare(_key, _ids, _reason)
