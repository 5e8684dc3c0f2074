"""P. Cuff and L. Yu, Differential Privacy as a Mutual Information Constraint (seed
001_bbdd7f031c172a3e.txt): the closeness statements with polynomial encodings.

The seed lost every formula in extraction; the statements encoded here are the project's
reconstruction of them (Definition 4 eqs. (7)-(8), Property 3 eq. (13), Example 1, Properties
7-9 eqs. (45)-(47)). Each theorem's note says so. (eps, delta)-closeness is Definition 4:
P(A) <= e^eps Q(A) + delta and Q(A) <= e^eps P(A) + delta for all A (vocabulary.indistinguishable).
"""

from fractions import Fraction as F

from dpproofs.algebra import implies
from dpproofs.claim import all_of
from dpproofs.outcomes import every_outcome
from dpproofs.search import (
    DatabaseSpace,
    Interval,
    for_all_distributions,
    for_all_mechanisms,
    log_of,
)
from dpproofs.theorem import theorem
from dpproofs.vocabulary import (
    indistinguishable,
    mechanism_dp,
    mechanism_pure_dp,
    statistical_difference,
)

SEED = "001_bbdd7f031c172a3e.txt"
RECONSTRUCTED = "The formula is the project's reconstruction of the lost statement. "
EPS = Interval(F(1, 100), 3)
DELTA = Interval(0, 1)
#: eps with e^eps rational (products with e^eps stay linear), where eps ranging is too hard.
LOG_POINTS = (log_of(F(11, 10)), log_of(F(3, 2)), log_of(3))
OUTCOMES = range(2, 7)
SPACE = DatabaseSpace(domain=2, n=2)


def _iff(alg, a, b):
    return alg.all([implies(alg, a, b), implies(alg, b, a)])


@theorem(
    source=f"{SEED}, CY-Def4(7), Definition 4 eq. (7)",
    expect="proved",
    id="cuffyu.def4.eq7",
    restricted=("eps in [1/100, 3]; the source: every eps"),
    reading=(
        "Finite outcome sets (dP/dQ is the ratio of masses; mutual absolute continuity is "
        "implied by the two-sided ratio bound); every set A; eps in [1/100, 3]."
    ),
    note=RECONSTRUCTED,
    quote=(
        "P and Q are (eps, 0)-close iff P and Q are mutually absolutely continuous and e^{-eps} "
        "<= dP/dQ(y) <= e^eps for Q-almost every y."
    ),
)
def definition4_eq7():
    """P and Q are (eps, 0)-close iff e^-eps <= dP/dQ(y) <= e^eps at every outcome."""
    return for_all_distributions(OUTCOMES, eps=EPS).claim(
        lambda alg, p, q, E: _iff(
            alg,
            indistinguishable(alg, p, q, E, alg.const(0)),
            every_outcome(alg, (p, q), lambda a, b: alg.all([alg.le(a, E * b), alg.le(b, E * a)])),
        ),
        says="(eps, 0)-close <=> e^-eps q_y <= p_y <= e^eps q_y for all y",
    )


@theorem(
    source=f"{SEED}, CY-Def4(8), Definition 4 eq. (8)",
    expect="proved",
    id="cuffyu.def4.eq8",
    reading=("Finite outcome sets; TV(P, Q) = sup_A |P(A) - Q(A)|; every set A; delta in [0, 1]."),
    note=RECONSTRUCTED,
    quote=("P and Q are (0, delta)-close iff TV(P, Q) <= delta."),
)
def definition4_eq8():
    """P and Q are (0, delta)-close iff their total variation distance is at most delta."""
    return for_all_distributions(OUTCOMES, delta=DELTA).claim(
        lambda alg, p, q, delta: _iff(
            alg,
            indistinguishable(alg, p, q, alg.const(1), delta),
            alg.le(statistical_difference(alg, p, q), delta),
        ),
        says="(0, delta)-close <=> ||P - Q||_TV <= delta",
    )


def _property3(alg, p, q, E, exp_eps2, delta):
    one = alg.const(1)
    delta2 = delta + (one - delta) * alg.div(alg.pos(E - exp_eps2), one + E)
    return implies(
        alg, indistinguishable(alg, p, q, E, delta), indistinguishable(alg, p, q, exp_eps2, delta2)
    )


@theorem(
    source=f"{SEED}, CY-Prop3(13), Property 3 eq. (13)",
    expect="verified-bounded",
    id="cuffyu.property3",
    reading=(
        "Finite outcome sets: 2-3 outcomes with eps in [1/100, 3] and eps' in [0, 3] ranging, "
        "up to 5 outcomes at eps = ln 3 with eps' in {ln(3/2), ln 2}; delta in [0, 1]; delta' "
        "as reconstructed."
    ),
    note=RECONSTRUCTED + "delta' = delta + (1 - delta)(e^eps - e^eps')^+/(1 + e^eps). "
    "Both exponents ranging is nonlinear: the ranging part has <= 3 outcomes; at "
    "eps = ln 3, eps' in {ln(3/2), ln 2} (e^eps rational) it goes to 5 outcomes.",
    quote=(
        "For eps' >= 0 let delta' = delta + (1 - delta) (e^eps - e^eps')^+/(1 + e^eps). If P and "
        "Q are (eps, delta)-close, then they are (eps', delta')-close."
    ),
)
def property3():
    """(eps, delta)-close implies (eps', delta')-close with delta' as reconstructed."""
    says = "(eps, delta)-close => (eps', delta')-close"
    parts = [
        for_all_distributions(range(2, 4), eps=EPS, eps2=Interval(0, 3), delta=DELTA).claim(
            _property3, says=says
        )
    ]
    parts.extend(
        for_all_distributions(range(2, 6), eps=log_of(3), eps2=log_of(r), delta=DELTA).claim(
            _property3, says=says
        )
        for r in (F(3, 2), F(2))
    )
    return all_of(*parts)


@theorem(
    source=f"{SEED}, CY-Ex1(i), CY-Ex1(ii), CY-Thm1(D), Example 1",
    expect="verified-bounded",
    id="cuffyu.example1",
    reading=(
        "Mechanisms on D^2 with |D| = 2 and 2-3 outputs, neighbours differ in one entry; "
        "eps-DP = (eps, 0)-DP, delta-DP = (0, delta)-DP; 'succeq' read through the explicit "
        "parameter maps (alpha = beta, delta' of Property 3 at eps' = 0) at eps in "
        "{ln(11/10), ln(3/2), ln 3}; the limit delta' -> 0 is cuffyu.property3_eps0."
    ),
    note=RECONSTRUCTED + "The three orderings, on mechanisms over D^2 with |D| = 2, "
    "eps in {ln(11/10), ln(3/2), ln 3}: with eps ranging z3 times out on 2 outputs.",
    quote=(
        "CY-Ex1(i): eps-DP implies (eps, delta)-DP for every delta >= 0, and delta-DP implies "
        "(eps, delta)-DP for every eps >= 0. Hence eps-DP succeq (eps, delta)-DP and delta-DP "
        "succeq (eps, delta)-DP. CY-Ex1(ii): (eps, delta)-DP implies delta'-DP with delta' = "
        "(e^eps - 1 + 2 delta)/(e^eps + 1), which is Property 3 with eps' = 0, and delta' -> 0 as"
        " eps, delta -> 0. Hence (eps, delta)-DP succeq delta-DP. CY-Thm1(D): delta-DP equiv "
        "(eps, delta)-DP."
    ),
)
def example1():
    """eps-DP and delta-DP each imply (eps, delta)-DP, and (eps, delta)-DP implies delta'-DP with
    delta' = (e^eps - 1 + 2 delta)/(e^eps + 1) (Property 3 with eps' = 0)."""

    def orderings(alg, M, E, delta):
        unit = alg.const(1)
        return alg.all(
            [
                implies(
                    alg,
                    mechanism_pure_dp(alg, M.rows, M.pairs, E),
                    mechanism_dp(alg, M.rows, M.pairs, E, delta),
                ),
                implies(
                    alg,
                    mechanism_dp(alg, M.rows, M.pairs, unit, delta),
                    mechanism_dp(alg, M.rows, M.pairs, E, delta),
                ),
                implies(
                    alg,
                    mechanism_dp(alg, M.rows, M.pairs, E, delta),
                    mechanism_dp(
                        alg, M.rows, M.pairs, unit, alg.div(E - unit + 2 * delta, E + unit)
                    ),
                ),
            ]
        )

    says = "eps-DP, delta-DP => (eps, delta)-DP => delta'-DP"
    return all_of(
        *(
            for_all_mechanisms(SPACE, range(2, 4), eps=eps, delta=DELTA).claim(orderings, says=says)
            for eps in LOG_POINTS
        )
    )


K = 2  # databases differing in at most k = 2 entries (n = 2)


def _within_k(alg, M, hypothesis, conclusion):
    """M is (e^eps, delta)-DP at the levels ``hypothesis`` => every two databases differing in at
    most K entries are close at the levels ``conclusion`` (each level a pair (e^eps, delta))."""
    return implies(
        alg,
        mechanism_dp(alg, M.rows, M.pairs, *hypothesis),
        alg.all(
            indistinguishable(alg, M.rows[a], M.rows[b], *conclusion) for a, b in M.pairs_within(K)
        ),
    )


@theorem(
    source=f"{SEED}, CY-Prop7(45), CY-sec5(52), Property 7 eq. (45)",
    expect="proved",
    id="cuffyu.property7",
    restricted=("n = 2, k = 2, eps in [1/100, 3]; the source: every n, k and eps"),
    reading=(
        "n = 2 entries over {0, 1}, k = 2 changed entries (so (52) with n = 2 too); eps in "
        "[1/100, 3]; every finite number of outputs by the small-model theorem."
    ),
    note=RECONSTRUCTED + "n = 2, k = 2 changed entries; eps-DP is (eps, 0)-DP. Every finite "
    "number of outputs by the small-model theorem (a zero hockey-stick sum is a condition on "
    "every output: merging, N* = 2).",
    quote=(
        "CY-Prop7(45): If the mechanism is eps-DP and x^n, xt^n differ in at most k entries, then"
        " P_{Y|X^n=x^n} and P_{Y|X^n=xt^n} are (k eps, 0)-close. CY-sec5(52): If the mechanism is"
        " eps-DP, then P_{Y|X^n=x^n} and P_{Y|X^n=xt^n} are (n eps, 0)-close for all x^n, xt^n."
    ),
)
def property7():
    """eps-DP implies (k eps, 0)-closeness for databases differing in at most k entries."""

    def predicate(alg, M, E):
        zero = alg.const(0)
        return _within_k(alg, M, (E, zero), (E**K, zero))

    return for_all_mechanisms(SPACE, range(2, 4), eps=EPS).claim(
        predicate, says="eps-DP => (k eps, 0)-close at distance <= k"
    )


@theorem(
    source=f"{SEED}, CY-Prop8(46), Property 8 eq. (46)",
    expect="proved",
    id="cuffyu.property8",
    restricted=("n = 2, k = 2; the source: every n and k"),
    reading=(
        "n = 2 entries over {0, 1}, k = 2 changed entries; delta in [0, 1]; every finite "
        "number of outputs by the small-model theorem."
    ),
    note=RECONSTRUCTED + "n = 2, k = 2 changed entries; delta-DP is (0, delta)-DP. Every finite "
    "number of outputs by the small-model theorem (a conjunct two steps apart keeps the "
    "hypotheses about a middle database: localised, N* = 5).",
    quote=(
        "If the mechanism is delta-DP and x^n, xt^n differ in at most k entries, then "
        "P_{Y|X^n=x^n} and P_{Y|X^n=xt^n} are (0, k delta)-close."
    ),
)
def property8():
    """delta-DP implies (0, k delta)-closeness for databases differing in at most k entries."""

    def predicate(alg, M, delta):
        one = alg.const(1)
        return _within_k(alg, M, (one, delta), (one, K * delta))

    return for_all_mechanisms(SPACE, range(2, 4), delta=DELTA).claim(
        predicate, says="delta-DP => (0, k delta)-close at distance <= k"
    )


@theorem(
    source=f"{SEED}, CY-Prop9(47), Property 9 eq. (47)",
    expect="verified-bounded",
    id="cuffyu.property9",
    reading=(
        "n = 2 entries over {0, 1}, k = 2 changed entries, 2-3 outputs; eps in {ln(11/10), "
        "ln(3/2), ln 3}, delta in [0, 1]; the delta term as reconstructed."
    ),
    note=RECONSTRUCTED + "n = 2, k = 2 changed entries; the delta-term delta sum_{j<k} "
    "e^{j eps} is the reconstruction. eps in {ln(11/10), ln(3/2), ln 3}: with eps ranging "
    "z3 times out on 2 outputs.",
    quote=(
        "If the mechanism is (eps, delta)-DP and x^n, xt^n differ in at most k entries, then "
        "P_{Y|X^n=x^n} and P_{Y|X^n=xt^n} are (k eps, delta sum_{j=0}^{k-1} e^{j eps})-close."
    ),
)
def property9():
    """(eps, delta)-DP implies (k eps, delta sum_{j<k} e^{j eps})-closeness at distance <= k."""

    def predicate(alg, M, E, delta):
        return _within_k(alg, M, (E, delta), (E**K, delta * alg.total(E**j for j in range(K))))

    says = "(eps, delta)-DP => (k eps, delta sum_{j<k} e^{j eps})-close at distance <= k"
    return all_of(
        *(
            for_all_mechanisms(SPACE, range(2, 4), eps=eps, delta=DELTA).claim(predicate, says=says)
            for eps in LOG_POINTS
        )
    )
