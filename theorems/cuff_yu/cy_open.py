"""Cuff & Yu (seed 001): the remaining claims. A few scalar ones are decided here; the others are
stated with the reason they are not decided yet (verdict unknown, with what would decide them).
"""

import sympy
from _cy_common import RECONSTRUCTED, cite
from sympy import Abs, And, Eq, Interval, log, oo

from dpproofs.claim import exact_fact
from dpproofs.errors import Undecided
from dpproofs.symbolic import holds
from dpproofs.theorem import theorem

p = sympy.Symbol("p", nonnegative=True)
q = sympy.Symbol("q", nonnegative=True)
delta = sympy.Symbol("delta", positive=True)
m = sympy.Symbol("m", positive=True)
K = sympy.Symbol("K", positive=True)


def _tv2(r0, r1):
    """TV between two binary rows (a, 1 - a), (b, 1 - b): |a - b|."""
    return Abs(r0[0] - r1[0])


@theorem(
    source=cite("CY-AppC(97)", "Appendix C (91)-(97)"),
    expect="proved",
    id="cuffyu.appc_eq97",
    note=RECONSTRUCTED + "Every p, q in [0, 1].",
)
def complement_and_mixture_same_tv():
    """The channel (p, q), its complement and the BSC((p + q)/2) have rows at TV |1 - p - q|."""
    w = ((1 - p, p), (q, 1 - q))
    comp = ((1 - q, q), (p, 1 - p))
    s = (p + q) / 2
    bsc = ((1 - s, s), (s, 1 - s))
    target = Abs(1 - p - q)
    return holds(
        And(Eq(_tv2(*w), target), Eq(_tv2(*comp), target), Eq(_tv2(*bsc), target)),
        where={p: Interval(0, 1), q: Interval(0, 1)},
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
        return value == 2, {"limit": value}

    return exact_fact("lim_{K->oo} ratio = 2", check)


def _open(reason: str):
    def check():
        raise Undecided(reason)

    return exact_fact("not decided", check)


OPEN = {
    "thm1_A": (
        ("CY-Thm1(A)",),
        "eps-DP succeq KL-DP (Theorem 1 (A)); follows from CY-Lemma1(21) "
        "with alpha = beta: needs the KL-over-all-distributions proof of Property 1.",
    ),
    "thm1_B": (
        ("CY-Thm1(B)",),
        "KL-DP succeq MI-DP; follows from CY-Lemma1(22): needs a "
        "convexity (Jensen) proof over all priors (a derivation file).",
    ),
    "thm1_C": (
        ("CY-Thm1(C)",),
        "MI-DP succeq delta-DP; follows from CY-Lemma2(27) with "
        "alpha = beta^2/2: needs MI-DP (a sup over priors) in the search.",
    ),
    "thm1_18": (
        ("CY-Thm1(18)",),
        "delta-DP succeq MI-DP for bounded K via CY-Lemma3(35): needs "
        "Lemma 3 over all mechanisms (capacities in the search).",
    ),
    "thm1_strict": (
        ("CY-Thm1-strict(A)", "CY-Thm1-strict(B)"),
        "Non-implications: need a "
        "parametric family with KL -> 0 while eps stays large, decided by limits.",
    ),
    "lemma1": (
        ("CY-Lemma1(21)", "CY-Lemma1(22)", "CY-Lemma1(23)", "CY-Lemma9(67)"),
        "KL and MI bounds over all mechanisms and priors: logs in the search, or the "
        "derivation of Appendix A / (24)-(26) as a steps file.",
    ),
    "lemma2": (
        ("CY-Lemma2(27)", "CY-Lemma2(28)", "CY-Lemma2-tight", "CY-Lemma2(30)", "CY-Lemma2(33)"),
        "MI-DP to delta-DP: needs capacities of all binary channels "
        "(AppC reduction to the BSC) decided over the parameter, not on instances.",
    ),
    "appc": (
        ("CY-AppC-convex", "CY-AppC-BSC", "CY-AppC(98)"),
        "Capacity of all binary "
        "channels: certified capacities over a parametric family (not yet in dpproofs).",
    ),
    "lemma3": (
        ("CY-Lemma3(105)", "CY-Lemma3(126)", "CY-Lemma11(110)"),
        "Entropy continuity "
        "bounds over all distributions: logs in the search or the proof (111)-(125).",
    ),
    "ex4_1": (
        ("CY-Ex4.1(i)", "CY-Ex4.1(ii)", "CY-Ex4.1(iii)"),
        "Laplace noise on the sample "
        "mean: continuous outputs; the MI limit n -> oo needs the Laplace calculus with "
        "mutual information.",
    ),
    "composition": (
        ("CY-Cor5(43)", "CY-Cor6", "CY-Cor7(44)", "CY-Cor8(54)", "CY-sec5(53)"),
        "Composition of MI-DP: sup over priors of conditional MI of composed "
        "mechanisms (mi_dp_bounds on compositions) over all mechanisms.",
    ),
    "ex4_3": (
        ("CY-Ex4.3(i)", "CY-Ex4.3(ii)"),
        "One-time pad mechanism: a concrete exact check "
        "with mi_dp_bounds and pure_epsilon (to be written).",
    ),
    "misc": (
        ("CY-Ex5.1(50)", "CY-sec6.3(61)", "CY-sibson-alpha1"),
        "Continuous alphabets "
        "(50), the Bayesian-DP implication for a fixed prior (61), and the alpha -> 1 limit "
        "of Sibson's information: need logs over all distributions and limits.",
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
        timeout=10,
        note=reason,
    )(claim)


for _key, (_ids, _reason) in OPEN.items():
    _declare(_key, _ids, _reason)
