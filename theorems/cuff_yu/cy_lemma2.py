"""Cuff & Yu (seed 001): Lemma 2 and Appendix C (MI-DP to delta-DP through binary channels).

A mechanism is (0, delta)-DP iff every section (the rows of x_i in X_i with x^{-i} fixed) has
its rows pairwise within TV delta, and its MI-DP level is the largest section capacity; the
claims are therefore decided section by section, for binary X_i: (27) and (28) through
C(W) >= I(uniform; W) = JS(W_0, W_1) by rule DG and Lemmas DP and C (docs/design/diagonal.md)
for every pair of rows on every finite alphabet, the BSC's capacity symbolically for every
delta, (30) by Shannon-type steps.
"""

import sympy
from _cy_common import (
    RECONSTRUCTED,
    cite,
    fact_eq,
    h,
    log_identity,
    stated_check,
)

from dpproofs.claim import all_of, exact_fact
from dpproofs.entropic import (
    H,
    I,
    equal,
    for_all_joint_distributions,
    function_of,
    parameter,
    random_variables,
)
from dpproofs.symbolic import holds
from dpproofs.symbolic.diagonal_forms import bsc_below_js, tv_below_js
from dpproofs.theorem import theorem

R = sympy.Rational
LN2 = sympy.log(2)


def _bsc_floor(delta):
    """ln 2 - h((1 - delta)/2): the capacity of the BSC whose rows are at TV delta."""
    return LN2 - h((1 - delta) / 2)


@theorem(
    source=cite("CY-Lemma2(27)", "CY-Thm1(C)", "Lemma 2 eq. (27); Theorem 1 (C)"),
    expect="proved",
    id="cuffyu.lemma2_eq27",
    reading=(
        "MI-DP level of a binary-input section is its capacity, bounded below by I(uniform; "
        "W) = JS(W_0, W_1); (0, delta)-DP checked on binary-input sections (neighbours differ "
        "in one entry, so every neighbour pair is such a section); every pair of rows on every "
        "finite output alphabet; (C) read with alpha = beta^2/2."
    ),
    timeout=60,
    note=RECONSTRUCTED + "Decided: delta^2 <= 2 I(uniform; W) = 2 JS(W_0, W_1) (<= 2 C(W)), "
    "delta the TV of the rows, for every pair of rows on every finite alphabet, so an "
    "eps-MI-DP mechanism (C <= eps) is (0, sqrt(2 eps))-DP. Rule DG of order 2 "
    "(docs/design/diagonal.md) in the midpoint coordinates of 2-outcome rows (the second "
    "q-derivative is (1/(a(1 - a)) + 1/(q(1 - q)))/2 - 4 >= 0), Lemma C for rows with a zero "
    "mass, Lemma DP (data processing of I(X; Y) by the indicator of {y : W_0(y) > W_1(y)}) "
    "for every output alphabet. No longer the grid of 141 sections on 2-3 outputs. Theorem 1 "
    "(C) (MI-DP succeq delta-DP) follows with alpha = beta^2/2.",
    quote=(
        "CY-Lemma2(27): eps-MI-DP implies (0, sqrt(2 eps))-DP. CY-Thm1(C): MI-DP succeq delta-DP."
    ),
)
def lemma2_sqrt():
    """eps-MI-DP implies (0, sqrt(2 eps))-DP: TV(W_0, W_1)^2 <= 2 I(uniform; W)."""
    t = sympy.Symbol("t", real=True)
    return tv_below_js("TV(W_0, W_1)^2 / 2 <= I(uniform; W) = JS(W_0, W_1)", t**2 / 2, t)


@theorem(
    source=cite(
        "CY-Lemma2(28)", "CY-AppC-BSC", "Lemma 2 eq. (28); Appendix C, the BSC is the extreme"
    ),
    expect="proved",
    id="cuffyu.lemma2_eq28",
    reading=(
        "MI-DP level of a binary-input section is its capacity C, bounded below by I(uniform; "
        "W) = JS(W_0, W_1); (0, delta)-DP checked on binary-input sections (neighbours differ "
        "in one entry); every pair of rows on every finite output alphabet (AppC-BSC on a "
        "superset of the binary-output channels); h^{-1} the inverse of the increasing branch, "
        "so (28) is C(W) >= ln 2 - h((1 - TV)/2) for eps = C <= ln 2; natural log."
    ),
    timeout=90,
    note=RECONSTRUCTED + "Decided: JS(W_0, W_1) >= ln 2 - h((1 - delta)/2), delta the TV of "
    "the rows, for every pair of rows on every finite alphabet; with C(W) >= I(uniform; W) = "
    "JS this is C(W) >= ln 2 - h((1 - delta)/2), the capacity of the BSC at the same TV "
    "(Appendix C, cuffyu.lemma2_tight). Since h is increasing on [0, 1/2] and (1 - delta)/2 "
    "lies there, C <= eps <= ln 2 gives delta <= 1 - 2 h^{-1}(ln 2 - eps), i.e. (28). Rule DG "
    "of order 2 (docs/design/diagonal.md) in the midpoint coordinates of 2-outcome rows (the "
    "second q-derivative is (1/(a(1 - a)) + 1/(q(1 - q)))/2 - 4/(1 - 4 (q - p)^2) >= 0, "
    "equality at p = 1/2: the BSC), Lemma C for rows with a zero mass, Lemma DP for every "
    "output alphabet. No longer the grid of 81 sections on 2-3 outputs.",
    quote=(
        "CY-Lemma2(28): For 0 <= eps <= ln 2: eps-MI-DP implies (0, delta)-DP with delta = 1 - 2 "
        "h^{-1}(ln 2 - eps). CY-AppC-BSC: Among binary-input binary-output channels whose two "
        "rows are at total variation delta, the BSC with crossover (1 - delta)/2 has the smallest"
        " capacity."
    ),
)
def lemma2_binary_entropy_form():
    """For eps <= ln 2, eps-MI-DP implies (0, 1 - 2 h^{-1}(ln 2 - eps))-DP; the BSC has the
    least capacity among binary channels at a given TV: C(W) >= JS(W_0, W_1) >= ln 2 -
    h((1 - TV)/2)."""
    return bsc_below_js("ln 2 - h((1 - TV(W_0, W_1))/2) <= I(uniform; W) = JS(W_0, W_1)")


def _bsc_is_tight():
    """For every delta in [0, 1], the BSC with crossover c = (1 - delta)/2: TV = delta, and
    capacity sup_pi I(pi; BSC) = ln 2 - h(c), attained at pi = 1/2."""
    d = sympy.Symbol("delta")
    upper, lower = ((1 + d) / 2, (1 - d) / 2), ((1 - d) / 2, (1 + d) / 2)
    tv = sum(sympy.Max(x - y, 0) for x, y in zip(upper, lower, strict=True))
    s = sympy.Symbol("s", positive=True)
    # 0 <= delta < 1: c, cbar = 1 - c, pi, pibar = 1 - pi positive symbols (0 < pi < 1).
    pi, pibar, c, cbar = sympy.symbols("pi pibar c cbar", positive=True)
    back = {pibar: 1 - pi, cbar: 1 - c}
    rows = ((cbar, c), (c, cbar))
    prior = (pi, pibar)
    out = [prior[0] * rows[0][y] + prior[1] * rows[1][y] for y in range(2)]

    def info(prior, rows, out):
        return sum(
            prior[x] * rows[x][y] * sympy.log(rows[x][y] / out[y])
            for x in range(2)
            for y in range(2)
            if prior[x] * rows[x][y] != 0
        )

    def hb(a, b):
        return -a * sympy.log(a) - b * sympy.log(b)

    def check():
        # I(pi; BSC) = h(u) - h(c), u = pi cbar + pibar c the output law's first mass.
        as_entropies = log_identity(info(prior, rows, out) - (hb(*out) - hb(c, cbar)), back)
        # pi = 1/2: u = 1/2, I = ln 2 - h(c); pi in {0, 1}: I = 0 (both terms 0).
        half = (sympy.Rational(1, 2), sympy.Rational(1, 2))
        attained = log_identity(
            info(half, rows, [sum(half[x] * rows[x][y] for x in range(2)) for y in range(2)])
            - (LN2 - hb(c, cbar)),
            back,
        )
        at_vertex = info((1, 0), rows, rows[0]) + info((0, 1), rows, rows[1])
        # delta = 1 (c = 0): the identity channel, I(pi) = h(pi), ln 2 at pi = 1/2: capacity
        # ln 2 = ln 2 - h(0).
        identity = ((1, 0), (0, 1))
        at_one = log_identity(info(prior, identity, prior) - hb(pi, pibar), back)
        ends = (_bsc_floor(sympy.Integer(0)), _bsc_floor(sympy.Integer(1)))
        ok = (
            fact_eq(as_entropies, 0)
            and fact_eq(attained, 0)
            and fact_eq(at_vertex, 0)
            and fact_eq(at_one, 0)
            and fact_eq(info(half, identity, half), LN2)
            and fact_eq(ends[0], 0)
            and fact_eq(ends[1], LN2)
        )
        return ok, {"eps at delta = 0, 1": ends}

    h_s = -s * sympy.log(s) - (1 - s) * sympy.log(1 - s)
    return all_of(
        exact_fact(
            "I(pi; BSC) = h(u) - h(c); I(1/2; BSC) = ln 2 - h(c); eps(0) = 0, eps(1) = ln 2",
            stated_check(check),
        ),
        holds(sympy.Eq(tv, d), where={d: sympy.Interval(0, 1)}),
        # h(u) <= ln 2 for every u in (0, 1) (and h(0) = h(1) = 0): sup_pi I = ln 2 - h(c).
        holds(h_s <= LN2, where={s: sympy.Interval.open(0, 1)}),
        # u = pi (1 - c) + (1 - pi) c lies in (0, 1) for pi in (0, 1) and c in (0, 1/2].
        holds(
            sympy.And(pi * (1 - c) + (1 - pi) * c > 0, pi * (1 - c) + (1 - pi) * c < 1),
            where={pi: sympy.Interval.open(0, 1), c: sympy.Interval.Lopen(0, sympy.Rational(1, 2))},
        ),
    )


@theorem(
    source=cite("CY-Lemma2-tight", "CY-AppC(98)", "Lemma 2 tightness; Appendix C eq. (98)"),
    expect="proved",
    id="cuffyu.lemma2_tight",
    reading=(
        "The BSC with crossover (1 - delta)/2 as the mechanism (n = 1), every delta in [0, 1]: "
        "eps = ln 2 - h((1 - delta)/2) is continuous in delta, 0 at delta = 0 and ln 2 at "
        "delta = 1, so it takes every eps in [0, ln 2]; h^{-1} the increasing branch, so "
        "1 - 2 h^{-1}(ln 2 - eps) = delta; natural log."
    ),
    timeout=60,
    note=RECONSTRUCTED + "For every delta in [0, 1] (symbolic): the BSC with crossover "
    "c = (1 - delta)/2 has rows at TV exactly delta (so it is (0, d)-DP for no d < delta); for "
    "every prior pi in (0, 1), I(pi; BSC) = h(u) - h(c) with u = pi (1 - c) + (1 - pi) c in "
    "(0, 1) (logarithms of positive terms split, the coefficients reduced by pi + pibar = 1, "
    "c + cbar = 1), h(u) <= ln 2 (the scalar decider), I = 0 at pi in {0, 1}, and pi = 1/2 "
    "attains ln 2 - h(c); delta = 1 (c = 0) apart: I(pi) = h(pi). So the capacity is exactly "
    "ln 2 - h(c) = eps. Was a grid of 11 values of delta.",
    quote=(
        "CY-Lemma2-tight: For every eps in [0, ln 2], some eps-MI-DP mechanism (a binary "
        "symmetric channel) is not (0, d)-DP for any d < 1 - 2 h^{-1}(ln 2 - eps). CY-AppC(98): "
        "The BSC with crossover (1 - delta)/2 (rows at total variation delta) has capacity ln 2 -"
        " h((1 - delta)/2) nats."
    ),
)
def bsc_is_tight():
    """The BSC with rows at TV delta is eps-MI-DP for eps = ln 2 - h((1 - delta)/2) and not
    (0, d)-DP for any d < delta = 1 - 2 h^{-1}(ln 2 - eps)."""
    return _bsc_is_tight()


@theorem(
    source=cite("CY-Lemma2(30)", "proof of Lemma 2 eq. (30), steps (a)-(c)"),
    expect="proved",
    id="cuffyu.lemma2_eq30",
    reading=(
        "Every n, prior on two neighbours differing at j, mechanism and set A; Z = 1_A(Y) read "
        "as H(Z | Y) = 0; eps-MI-DP read at the prior at hand (implied by the sup of "
        "Definition 2); natural log."
    ),
    timeout=60,
    note=RECONSTRUCTED + "For every n, prior on two neighbours that differ at j, mechanism and "
    "set A: W = X^{-j} is one random variable, constant under that prior (H(W) = 0), Z = 1_A(Y) "
    "a function of Y (H(Z | Y) = 0), and Definition 2 (a sup over priors) gives "
    "I(X_j; Y | W) <= eps at this prior. Steps (a) data processing, (b) the equality, (c) the "
    "bound are Shannon-type, each proved for every joint distribution on every finite alphabet "
    "(docs/design/shannon.md). Was a grid of binary-input sections at n = 2.",
    quote=(
        "Let the mechanism be eps-MI-DP, let P_{X^n} be supported on two neighbours that differ "
        "at position j, and let Z = 1_A(Y) for a measurable A. Then I(X_j; Z) <= I(X_j; Y) = "
        "I(X_j; Y | X^{-j}) <= eps."
    ),
)
def lemma2_steps():
    """I(X_j; Z) <= I(X_j; Y) = I(X_j; Y | X^{-j}) <= eps for Z = 1_A(Y)."""
    xj, w, y, z = random_variables("X_j X_rest Y Z")
    eps = parameter("eps")
    given = [function_of(z, y), equal(H(w), 0), I(xj, y, given=w) <= eps]
    return all_of(
        for_all_joint_distributions(I(xj, z) <= I(xj, y), given=given),
        for_all_joint_distributions(equal(I(xj, y), I(xj, y, given=w)), given=given),
        for_all_joint_distributions(I(xj, y, given=w) <= eps, given=given),
    )
