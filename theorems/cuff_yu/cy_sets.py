"""Cuff & Yu (seed 001): facts about (eps, delta)-closeness stated over sets, decided by search.

Each claim quantifies over ALL pairs of distributions on a finite set (searched up to the stated
number of outcomes) and over parameter domains. "For every set A" is ``every_event`` (decided
over all 2^n sets at n outcomes), so these claims compare the set forms of the paper with the
vocabulary's point forms, as one formula for every alphabet.
"""

from fractions import Fraction as F

import sympy
from _cy_common import RECONSTRUCTED, cite, iff

from dpproofs.algebra import implies
from dpproofs.finite.convexity import MixtureForm, mixture_tv_claim
from dpproofs.outcomes import every_event, every_outcome, some_event
from dpproofs.search import Interval, distribution, for_all, for_all_distributions
from dpproofs.theorem import theorem
from dpproofs.vocabulary import (
    hockey_stick,
    indistinguishable,
    statistical_difference,
)

EPS = Interval(F(1, 100), 3)
DELTA = Interval(0, 1)
LEMMA3_DELTA = sympy.Symbol("delta", real=True)
OUTCOMES = range(2, 6)


@theorem(
    source=cite("CY-Egamma", "sec 3.2 E_gamma equivalence"),
    expect="proved",
    id="cuffyu.egamma",
    restricted=("eps in [1/100, 3]; the source: every eps"),
    reading=(
        "Finite outcome sets; gamma = e^eps with eps in [1/100, 3], delta in [0, 1]; the sup "
        "over A is a max over every subset."
    ),
    timeout=60,
    note="E_gamma(P||Q) = sup_A [P(A) - gamma Q(A)] is taken over every set A (sup <= delta: "
    "every A is <= delta), gamma = e^eps, eps in [1/100, 3], delta in [0, 1], up to 5 outcomes. "
    "Every finite number of outcomes by the small-model theorem; its reading of 'every A' in "
    "the hypothesis is the separable maximum max_A sum_{x in A} l_x = sum_x (l_x)^+, which is "
    "this claim's content: the lifting rests on that one-line lemma (docs/search.md).",
    quote=(
        "P and Q are (eps, delta)-close iff E_{e^eps}(P||Q) <= delta and E_{e^eps}(Q||P) <= "
        "delta, where E_gamma(P||Q) = sup_A [P(A) - gamma Q(A)]."
    ),
)
def egamma_equivalence():
    """(eps, delta)-close iff E_{e^eps}(P||Q) <= delta and E_{e^eps}(Q||P) <= delta."""

    def predicate(alg, p, q, E, delta):
        # sup_A [P(A) - e^eps Q(A)] <= delta: every set A has P(A) - e^eps Q(A) <= delta.
        e_pq = every_event(alg, (p, q), lambda pa, qa: alg.le(pa - E * qa, delta))
        e_qp = every_event(alg, (p, q), lambda pa, qa: alg.le(qa - E * pa, delta))
        return iff(
            alg,
            indistinguishable(alg, p, q, E, delta),
            alg.all([e_pq, e_qp]),
        )

    return for_all_distributions(OUTCOMES, eps=EPS, delta=DELTA).claim(
        predicate, says="(eps, delta)-close <=> sup_A P(A) - e^eps Q(A) <= delta both ways"
    )


@theorem(
    source=cite("CY-TV-testing", "sec 2.2 binary testing"),
    expect="proved",
    id="cuffyu.tv_testing",
    reading=(
        "Finite outcome sets (every size by the small-model theorem); the min over A stated "
        "as: every A has error >= 1 - TV and some A attains it."
    ),
    timeout=60,
    note="The minimum over every set A is stated as: every A has error >= 1 - TV, and some A "
    "has error <= 1 - TV. Every finite number of outcomes by the small-model theorem.",
    quote=(
        "For distributions P, Q on the same space: min over sets A of [P(A^c) + Q(A)] = 1 - TV(P,"
        " Q)."
    ),
)
def tv_is_testing_error():
    """min_A [P(A^c) + Q(A)] = 1 - TV(P, Q)."""

    def predicate(alg, p, q):
        one = alg.const(1)
        target = one - statistical_difference(alg, p, q)

        def error(pa, qa):  # P(A^c) + Q(A) for the test that says "Q" on A
            return one - pa + qa

        return alg.all(
            [
                every_event(alg, (p, q), lambda pa, qa: alg.le(target, error(pa, qa))),
                some_event(alg, (p, q), lambda pa, qa: alg.le(error(pa, qa), target)),
            ]
        )

    return for_all_distributions(OUTCOMES).claim(
        predicate, says="min_A P(A^c) + Q(A) = 1 - TV(P, Q)"
    )


@theorem(
    source=cite("CY-KOV-region", "sec 2.2 error region of [17]"),
    expect="proved",
    id="cuffyu.kov_region",
    restricted=("eps in [1/100, 3]; the source: every eps"),
    reading=(
        "Finite outcome sets (every size by the small-model theorem, N* = 4); every set A; "
        "eps in [1/100, 3], delta in [0, 1]."
    ),
    timeout=60,
    note="Every set A; eps in [1/100, 3], delta in [0, 1], up to 4 outcomes (z3 times out at 5). "
    "Every finite number of outcomes by the small-model theorem (N* = 4).",
    quote=(
        "P and Q are (eps, delta)-close iff every set A, with alpha = P(A) and beta = Q(A^c), "
        "satisfies alpha + e^eps beta >= 1 - delta and e^eps alpha + beta >= 1 - delta."
    ),
)
def closeness_is_error_region():
    """(eps, delta)-close iff every A (alpha = P(A), beta = Q(A^c)) has alpha + e^eps beta >=
    1 - delta and e^eps alpha + beta >= 1 - delta."""

    def predicate(alg, p, q, E, delta):
        one = alg.const(1)

        def in_region(pa, qa):
            alpha, beta = pa, one - qa
            return alg.all(
                [alg.le(one - delta, alpha + E * beta), alg.le(one - delta, E * alpha + beta)]
            )

        return iff(alg, indistinguishable(alg, p, q, E, delta), every_event(alg, (p, q), in_region))

    return for_all_distributions(range(2, 5), eps=EPS, delta=DELTA).claim(
        predicate, says="(eps, delta)-close <=> the error region of every test is as stated"
    )


@theorem(
    source=cite("CY-bayes-factor", "sec 2.2 log posterior odds"),
    expect="proved",
    id="cuffyu.bayes_factor",
    restricted=("prior in [1/100, 99/100], eps in [1/100, 3]; the source: every prior and eps"),
    reading=(
        "Finite outcome sets (every size by the small-model theorem); the prior Pr[P] ranges "
        "over [1/100, 99/100] and eps over [1/100, 3]; log odds compared without logs (odds "
        "move by a factor at most e^eps); an observation impossible under one hypothesis "
        "counts as a violation."
    ),
    timeout=60,
    note="Prior pi = Pr[P] in (0, 1) ranges; every observation y with positive probability. "
    "The log odds bound is written without logs: post odds <= e^eps prior odds and back. "
    "An observation impossible under one hypothesis (infinite log odds) counts as a violation. "
    "Every finite number of outcomes by the small-model theorem (two hockey-stick sums and one "
    "per-outcome condition: N* = 5, searched up to 5).",
    quote=(
        "If P and Q are (eps, 0)-close, then for every prior on the hypotheses {P, Q} and every "
        "observation y, abs(ln(posterior odds of P vs Q) - ln(prior odds)) <= eps."
    ),
)
def log_posterior_odds_move_at_most_eps():
    """(eps, 0)-close => |ln posterior odds - ln prior odds| <= eps for every prior and y."""

    def predicate(alg, p, q, E, pi):
        one, zero = alg.const(1), alg.const(0)

        def odds_move_at_most_eps(py, qy):
            a, b = pi * py, (one - pi) * qy  # posterior weights of P and Q (unnormalised)
            bounded = alg.all(
                [
                    alg.lt(zero, a),
                    alg.lt(zero, b),
                    alg.le(a * (one - pi), E * b * pi),
                    alg.le(b * pi, E * a * (one - pi)),
                ]
            )
            return alg.any([alg.le(a + b, zero), bounded])

        return implies(
            alg,
            indistinguishable(alg, p, q, E, zero),
            every_outcome(alg, (p, q), odds_move_at_most_eps),
        )

    return for_all_distributions(OUTCOMES, eps=EPS, pi=Interval(F(1, 100), F(99, 100))).claim(
        predicate, says="(eps, 0)-close => log posterior odds move by at most eps"
    )


def _tight_witnesses(alg, E, E2, delta):
    """The two pairs of Appendix B: binary (a, 1-a) vs (1-a, a) with a = (e^eps + delta)/(1 +
    e^eps), and the floor pair (delta, 1 - delta, 0) vs (0, 1 - delta, delta)."""
    one, zero = alg.const(1), alg.const(0)
    a = alg.div(E + delta, one + E)
    return [
        ([a, one - a, zero], [one - a, a, zero]),
        ([delta, one - delta, zero], [zero, one - delta, delta]),
    ]


def _delta_prime(alg, E, E2, delta):
    one = alg.const(1)
    return delta + (one - delta) * alg.div(alg.pos(E - E2), one + E)


def _attains(alg, pair, E, E2, target, delta):
    p, q = pair
    return alg.all(
        [
            indistinguishable(alg, p, q, E, delta),
            alg.le(target, alg.maximum([hockey_stick(alg, p, q, E2), hockey_stick(alg, q, p, E2)])),
        ]
    )


@theorem(
    source=cite("CY-Prop3-tight", "Property 3 tightness, Appendix B"),
    expect="proved",
    id="cuffyu.property3_tight",
    restricted=("eps in [1/100, 3], eps' in [0, 3]; the source: every eps, eps'"),
    reading=(
        "Every eps in [1/100, 3], eps' in [0, 3], delta in [0, 1]; the two pairs of Appendix "
        "B as witnesses; 'not (eps', d)-close for d < delta'' as max(E_{e^eps'}(P||Q), "
        "E_{e^eps'}(Q||P)) >= delta'."
    ),
    timeout=90,
    note=RECONSTRUCTED + "'Some pair exists' is shown by the pairs the paper's proof names "
    "(Appendix B), checked for ALL eps in [1/100, 3], eps' in [0, 3], delta in [0, 1]: one of "
    "them is (eps, delta)-close with max(E_{e^eps'}(P||Q), E_{e^eps'}(Q||P)) >= delta', so it "
    "is (eps', d)-close for no d < delta'. (The quantified p, q are unused.)",
    quote=(
        "For all eps, eps' >= 0 and delta in [0, 1], some (eps, delta)-close pair P, Q is not "
        "(eps', d)-close for any d < delta' (delta' as in CY-Prop3(13))."
    ),
)
def property3_is_tight():
    """Some (eps, delta)-close pair is not (eps', d)-close for any d < delta'."""

    def predicate(alg, p, E, exp_eps2, delta):
        target = _delta_prime(alg, E, exp_eps2, delta)
        return alg.any(
            _attains(alg, pair, E, exp_eps2, target, delta)
            for pair in _tight_witnesses(alg, E, exp_eps2, delta)
        )

    return for_all({"p": distribution()}, [2], eps=EPS, eps2=Interval(0, 3), delta=DELTA).claim(
        predicate, says="a named pair attains delta' at eps'"
    )


@theorem(
    source=cite("CY-Prop3-floor", "sec 2.2 delta' >= delta"),
    expect="proved",
    id="cuffyu.property3_floor",
    restricted=("eps in [1/100, 3], eps' in [0, 3]; the source: every eps, eps'"),
    reading=(
        "Every eps in [1/100, 3], eps' in [0, 3] and delta in [0, 1] (not every finite eps'); "
        "the floor pair of Appendix B as the witness; 'not (eps', d)-close for d < delta' as "
        "the larger E_{e^eps'} being >= delta."
    ),
    timeout=90,
    note="delta' >= delta, and the floor pair (delta, 1-delta, 0) vs (0, 1-delta, delta) of "
    "Appendix B is (eps, delta)-close but (eps', d)-close for no d < delta, for ALL eps in "
    "[1/100, 3], eps' in [0, 3], delta in [0, 1].",
    quote=(
        "delta' >= delta. Moreover, for all eps, delta and every finite eps', some (eps, "
        "delta)-close pair P, Q is not (eps', d)-close for any d < delta."
    ),
)
def property3_floor():
    """delta' >= delta; and some (eps, delta)-close pair is (eps', d)-close for no d < delta."""

    def predicate(alg, p, E, exp_eps2, delta):
        floor = _tight_witnesses(alg, E, exp_eps2, delta)[1]
        return alg.all(
            [
                alg.le(delta, _delta_prime(alg, E, exp_eps2, delta)),
                _attains(alg, floor, E, exp_eps2, delta, delta),
            ]
        )

    return for_all({"p": distribution()}, [2], eps=EPS, eps2=Interval(0, 3), delta=DELTA).claim(
        predicate, says="delta' >= delta and the floor pair attains delta at every eps'"
    )


@theorem(
    source=cite("CY-Lemma3(102)", "Appendix D (102)-(103)"),
    expect="proved",
    id="cuffyu.lemma3_eq102",
    reading=(
        "Channels x -> Y with every finite number of inputs and outputs, every prior P_X, "
        "delta in [0, 1]; TV(P, Q) = (1/2) sum_y |P(y) - Q(y)|."
    ),
    note=RECONSTRUCTED + "Proved for every number of inputs and outputs by the convexity rule "
    "CV-TV (docs/design/convexity.md): TV(W_x, sum_b pi_b W_b) <= sum_b pi_b TV(W_x, W_b) <= "
    "delta, the rule's obligations decided as scalar claims over the reals. Verified-bounded "
    "until issue 30 (a z3 search at 2-3 inputs, lifted over outputs only).",
    quote=(
        "Fix x^{-i} and write P_{Y|X=x} = P_{Y|X^n=(x, x^{-i})}. If TV(P_{Y|X=x}, P_{Y|X=x'}) <= "
        "delta for all x, x', then TV(P_{Y|X=x}, P_Y) <= delta for every x and every P_X."
    ),
)
def rows_close_to_output_marginal():
    """Rows pairwise within TV delta => TV(P_{Y|X=x}, P_Y) <= delta for every x and P_X."""
    return mixture_tv_claim(MixtureForm.ROWS, LEMMA3_DELTA, LEMMA3_DELTA, {LEMMA3_DELTA: "[0, 1]"})


@theorem(
    source=cite("CY-Lemma3(107)", "Appendix D (107)-(108)"),
    expect="proved",
    id="cuffyu.lemma3_eq107",
    reading=(
        "Channels with every finite number of inputs and outputs, every prior, delta in [0, 1]; "
        "both the equality (108), for every channel and prior, and the bound."
    ),
    note=RECONSTRUCTED + "Proved for every number of inputs and outputs by the convexity rule "
    "CV-TV (docs/design/convexity.md): (108) cell by cell from |t a - t b| = t |a - b| (t = "
    "P_X(x) >= 0), the bound from (102). Verified-bounded until issue 30 (a z3 search at 2 "
    "inputs, z3 unknown at 5 outputs).",
    quote=(
        "Under the hypothesis of CY-Lemma3(102): TV(P_{XY}, P_X P_Y) = sum_x P_X(x) TV(P_{Y|X=x},"
        " P_Y) <= delta."
    ),
)
def joint_close_to_product():
    """TV(P_XY, P_X P_Y) = sum_x P_X(x) TV(P_{Y|X=x}, P_Y) <= delta under (102)'s hypothesis."""
    return mixture_tv_claim(MixtureForm.JOINT, LEMMA3_DELTA, LEMMA3_DELTA, {LEMMA3_DELTA: "[0, 1]"})
