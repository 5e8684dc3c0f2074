"""P. Cuff and L. Yu, "Differential Privacy as a Mutual Information Constraint" (seed
001_bbdd7f031c172a3e.txt): the statements about capacities of concrete finite mechanisms.

The seed text lost every formula in extraction. The formulas encoded here are the project's
reconstruction from the surrounding prose; each theorem's ``note`` says how firm it is.

Notation (nats): h(d) = -d ln d - (1 - d) ln(1 - d); C(W) = max_p I(p; W). For a mechanism on
databases x^n in X_1 x ... x X_n, MI-DP(M) = sup_{i, P_{X^n}} I(X_i; Y | X^{-i}) (Definition 2),
which for finite alphabets is the largest capacity of a section x_i -> Y with x^{-i} fixed
(dpproofs.finite.information). Capacities are certified brackets or exact closed forms, never
floats.
"""

import sympy

from dpproofs import theorem
from dpproofs.claim import all_of
from dpproofs.finite.erasure import (
    ErasedFunction,
    ErasureValue,
    erasure_channel,
    erasure_value_is,
)

# --- Example 3.3 ---------------------------------------------------------------------------------

log = sympy.log


@theorem(
    id="cuffyu.example3_3",
    reading=(
        "K-ary erasure channel with n = 1, every integer K >= 2 and every delta in [0, 1]; TV "
        "of rows as the total variation of every two distinct rows; capacity as max over input "
        "laws of I(X; Y); natural log."
    ),
    source="001_bbdd7f031c172a3e.txt, CY-Ex3.3(36), CY-Ex3.3(37), Example 3.3",
    expect="proved",
    note="Formulas (36)-(38) are the reconstruction (anchored: the erasure capacity is standard). "
    "Decided for every K >= 2 and every delta in [0, 1] at once by the K-ary erasure channel "
    "rule (docs/design/erasure.md): every two rows at TV delta, and I(p; W) = delta H(p) for "
    "every input law p, so the capacity is delta ln K, attained by the uniform input. (Before "
    "issue 30: checked exactly for K in 2..8 and delta in {0, 1/20, 1/5, 1/2, 9/10, 1}.)",
    quote=(
        "CY-Ex3.3(36): The K-ary erasure channel (n = 1, X = {1, ..., K}, Y = X union {e}, P(Y = "
        "x | X = x) = delta, P(Y = e | X = x) = 1 - delta) has every pair of rows at total "
        "variation exactly delta, so it is (0, delta)-DP. CY-Ex3.3(37): The K-ary erasure channel"
        " has capacity delta ln K nats, and the uniform input attains it: I(X; Y) = delta ln K "
        "when X is uniform."
    ),
)
def erasure_channel_capacity():
    """K-ary erasure is (0, delta)-DP with capacity delta ln K, attained by uniform X."""
    k = sympy.Symbol("K", positive=True)
    delta = sympy.Symbol("delta", nonnegative=True)
    channel = erasure_channel(k, delta, {delta: "[0, 1]"}, "the K-ary erasure channel")
    return all_of(
        erasure_value_is(channel, ErasureValue.ROW_DISTANCE, delta),
        erasure_value_is(channel, ErasureValue.CAPACITY, delta * log(k)),
        erasure_value_is(channel, ErasureValue.UNIFORM_INFORMATION, delta * log(k)),
    )


# --- Example 5.1 ---------------------------------------------------------------------------------

A = sympy.Symbol("a", positive=True)
M = sympy.Symbol("m", positive=True)
#: (48)-(49) on X_1 = X_2 = {1..m}: w.p. a show x_1 if x_1 = x_2 and * otherwise, else e.
EXAMPLE_5_1 = erasure_channel(
    M, A, {A: "(0, 1]"}, "the Example 5.1 mechanism", ErasedFunction.AGREEMENT
)


@theorem(
    id="cuffyu.example5_1",
    reading=(
        "Real entries replaced by finite alphabets X_1 = X_2 = {1..m}, every m >= 2; every a = "
        "eps/ln 2 in (0, 1]; MI-DP level as the largest section capacity (both i = 1 and i = "
        "2); natural log."
    ),
    restricted="finite alphabets X_1 = X_2 = {1..m}, every m >= 2; the source: real entries",
    source="001_bbdd7f031c172a3e.txt, CY-Ex5.1(i), Example 5.1, (48)-(49)",
    expect="proved",
    note="Formulas (48)-(49) are the reconstruction (anchored; the erasure probability "
    "1 - eps/ln 2 is forced by the prose). Decided for every m >= 2 and every a in (0, 1] at "
    "once by the erased-function channel rule (docs/design/erasure.md): each section x_i -> Y "
    "(the other entry fixed at c) shows c or * w.p. a, else e: a binary erasure channel on "
    "[x_i = c] of capacity a ln 2 = eps, so every section has capacity eps and the mechanism is "
    "eps-MI-DP. Real-valued entries (the source) are not encoded: the continuous case is "
    "cuffyu.example5_1_continuous. (Before issue 30: m in 2..4, a in {1/10, 1/2, 1}.)",
    quote=(
        "Let n = 2 with real entries and a = eps/ln 2 <= 1. If X_1 = X_2, Y = X_1 w.p. a and Y = "
        "e w.p. 1 - a; if X_1 != X_2, Y = * w.p. a and Y = e w.p. 1 - a. For each fixed x_2 the "
        "channel from X_1 is a binary erasure channel on [X_1 = x_2] with erasure probability 1 -"
        " eps/ln 2 and capacity eps, and by symmetry for fixed x_1, so the mechanism is "
        "eps-MI-DP."
    ),
)
def example_5_1_is_eps_mi_dp():
    """Example 5.1: each channel x_1 -> Y (x_2 fixed) has capacity eps, so M is eps-MI-DP."""
    eps = A * log(2)  # a = eps / ln 2
    return erasure_value_is(EXAMPLE_5_1, ErasureValue.SECTION_CAPACITY, eps)


@theorem(
    id="cuffyu.example5_1_eq51",
    reading=(
        "Equal finite domains X_1 = X_2 = {1..m} of every size m >= 2, every a = eps/ln 2 in "
        "(0, 1]; the sup over P_{X_1 X_2} is the capacity of the whole mechanism; natural log."
    ),
    restricted="every m = |X_1| >= 2; the source: every finite |X_1| (at |X_1| = 1 the "
    "mechanism has one input, so sup I = 0, while (51) reads a ln 2)",
    source="001_bbdd7f031c172a3e.txt, CY-Ex5.1(51), Example 5.1, (51)",
    expect="proved",
    note="(51) is the reconstruction: sup_{P_{X1X2}} I(X1,X2;Y) = (eps/ln 2) ln(|X_1| + 1) for "
    "finite X_1 = X_2. Decided for every m >= 2 and every a in (0, 1] at once by the "
    "erased-function channel rule (docs/design/erasure.md): Y shows f(x_1, x_2) (x_1 if equal, "
    "else *) w.p. a, so I = a H(f(X)) and the sup is a ln(m + 1), f taking m + 1 values. "
    "(Before issue 30: |X| in 2..4, a in {1/10, 1/2, 1}.)",
    quote=(
        "For the Example 5.1 mechanism with equal finite domains X_1 = X_2: sup over P_{X_1 X_2} "
        "of I(X_1, X_2; Y) = (eps/ln 2) ln(abs(X_1) + 1)."
    ),
)
def example_5_1_group_leakage():
    """Example 5.1 on finite alphabets: sup_{P_{X1 X2}} I(X1, X2; Y) = (eps/ln 2) ln(|X| + 1)."""
    eps = A * log(2)
    return erasure_value_is(EXAMPLE_5_1, ErasureValue.CAPACITY, eps / log(2) * log(M + 1))
