"""S. P. Kasiviswanathan and A. Smith, A Note on Differential Privacy: Defining Resistance to
Arbitrary Side Information (seed 004_b0aca88671cf8a62.txt).

Claim 3.3 (facts about (eps, delta)-indistinguishability, Definitions 3.1-3.2) over distributions
on small alphabets; Theorems 2.2 and 2.4 (semantic privacy, Definitions 2.1 and 2.3) over
mechanisms on D^n with |D| = 2, n <= 2. Every claim is searched for a counterexample with z3 and
either refuted (exact, replayable) or verified up to the stated sizes. O() constants are replaced
by the explicit constants of the paper's proofs; each theorem says which in its note.
"""

from fractions import Fraction as F

from dpproofs.algebra import implies
from dpproofs.claim import all_of
from dpproofs.search import (
    DatabaseSpace,
    ForAllHypothesis,
    Interval,
    channel,
    distribution,
    for_all,
    for_all_distributions,
    for_all_mechanisms,
    log_of,
)
from dpproofs.theorem import theorem
from dpproofs.vocabulary import (
    indistinguishable,
    mechanism_dp,
    mechanism_pure_dp,
    pointwise_bad_mass,
    pointwise_indistinguishable,
    semantic_privacy,
    semantic_privacy_at,
    semantic_privacy_dd_at,
    statistical_difference,
    with_probability_at_least,
)

SEED = "004_b0aca88671cf8a62.txt"
EPS = Interval(F(1, 100), 2)
DELTA = Interval(0, F(1, 2))
OUTCOMES = range(2, 7)
#: Nonlinear claims (products of unknowns with e^eps) are harder for z3: smaller alphabets.
SMALL_OUTCOMES = range(2, 3)
ALPHABET = 2  # |D| for the random variable X of parts 3-4
PAIR_OUTPUTS = range(2, 3)  # outputs of the algorithms A, A' in parts 3-4
#: eps = ln(3/2) makes e^eps rational, so products e^eps * q stay linear: larger alphabets.
LOG_EPS = log_of(F(3, 2))
LOG_OUTCOMES = range(2, 4)
SPACE_1 = DatabaseSpace(domain=2, n=1)
SPACE_2 = DatabaseSpace(domain=2, n=2)


def joint(x, a):
    """The distribution of (X, A(X)) on D x E: Pr[(a, b)] = X[a] A(a)[b]."""
    return [x[i] * a[i][j] for i in range(len(x)) for j in range(len(a[i]))]


def push_forward(alg, x, g):
    """The distribution of G(X): Pr[G(X) = j] = sum_i X[i] G[i][j]."""
    return [alg.total(x[i] * g[i][j] for i in range(len(x))) for j in range(len(g[0]))]


@theorem(source=f"{SEED}, Claim 3.3 part 1", expect="verified-bounded", id="ks.claim3_3.part1")
def claim3_3_part1():
    """Point-wise (eps, delta)-indistinguishable implies (eps, delta)-indistinguishable."""
    return for_all_distributions(OUTCOMES, eps=EPS, delta=DELTA).claim(
        lambda alg, p, q, E, delta: implies(
            alg,
            pointwise_indistinguishable(alg, p, q, E, delta),
            indistinguishable(alg, p, q, E, delta),
        ),
        says="point-wise (eps, delta)-indistinguishable => (eps, delta)-indistinguishable",
    )


@theorem(
    source=f"{SEED}, Claim 3.3 part 2",
    expect="refuted",
    id="ks.claim3_3.part2",
    note="The extracted statement reads '2 delta / e^{eps_eps}'; the proof computes "
    "2 delta / (eps e^eps), which is encoded. The proof bounds Pr[Y in Bad] only, not "
    "Pr[X in Bad].",
)
def claim3_3_part2():
    """(eps, delta)-indistinguishable implies point-wise
    (2 eps, 2 delta/(eps e^eps))-indistinguishable."""
    return for_all_distributions(OUTCOMES, eps=EPS, delta=DELTA).claim(
        lambda alg, p, q, E, eps, delta: implies(
            alg,
            indistinguishable(alg, p, q, E, delta),
            pointwise_indistinguishable(alg, p, q, E * E, alg.div(2 * delta, eps * E)),
        ),
        says="(eps, delta)-indistinguishable => "
        "point-wise (2eps, 2delta/(eps e^eps))-indistinguishable",
    )


@theorem(
    source=f"{SEED}, Claim 3.3 part 2 (corrected)",
    expect="verified-bounded",
    id="ks.claim3_3.part2_corrected",
    note="Corrected statement, from the proof's own steps: for S = {a : p_a > e^2eps q_a}, "
    "Q(S) <= delta/(eps e^eps) and P(S) <= e^eps Q(S) + delta <= delta/eps + delta; symmetrically "
    "for S' = {a : q_a > e^2eps p_a}. Hence both P(Bad) and Q(Bad) are at most "
    "delta (1 + 1/eps + 1/(eps e^eps)).",
)
def claim3_3_part2_corrected():
    """(eps, delta)-indistinguishable implies point-wise
    (2eps, delta (1 + 1/eps + 1/(eps e^eps)))-indistinguishable."""

    def predicate(alg, p, q, E, eps, delta):
        # P(Bad), Q(Bad) <= delta (1 + 1/eps + 1/(eps e^eps)), multiplied by eps e^eps > 0:
        return implies(
            alg,
            indistinguishable(alg, p, q, E, delta),
            alg.all(
                alg.le(eps * E * mass, delta * (eps * E + E + 1))
                for mass in pointwise_bad_mass(alg, p, q, E * E)
            ),
        )

    says = "(eps, delta)-indistinguishable => point-wise (2eps, delta (1 + 1/eps + 1/(eps e^eps)))"
    return all_of(
        for_all_distributions(SMALL_OUTCOMES, eps=EPS, delta=DELTA).claim(predicate, says=says),
        for_all_distributions(LOG_OUTCOMES, eps=LOG_EPS, delta=DELTA).claim(predicate, says=says),
    )


def _pairs_claim(predicate, says, eps):
    """The claim over X on D and algorithms A, A' (named B) with 2 outputs (3 outputs time out)."""
    return for_all(
        {"X": distribution(ALPHABET), "A": channel(inputs=ALPHABET), "B": channel(inputs=ALPHABET)},
        PAIR_OUTPUTS,
        size_name="outputs",
        what=f"X on |D| = {ALPHABET} and algorithms A, A' (= B) from D",
        symmetric=True,  # relabelling the outputs of A and A' jointly changes nothing
        eps=eps,
        delta=DELTA,
    ).claim(predicate, says=says)


@theorem(
    source=f"{SEED}, Claim 3.3 part 3",
    expect="verified-bounded",
    id="ks.claim3_3.part3",
    note="X is a distribution on |D| = 2 points; A and A' are row-stochastic matrices with "
    "2 outputs (3 outputs time out in z3).",
)
def claim3_3_part3():
    """If A(a), A'(a) are (eps, delta)-indistinguishable for every a, then so are the pairs
    (X, A(X)) and (X, A'(X))."""
    return _pairs_claim(
        lambda alg, X, A, B, E, delta: implies(
            alg,
            alg.all(indistinguishable(alg, A[a], B[a], E, delta) for a in range(len(X))),
            indistinguishable(alg, joint(X, A), joint(X, B), E, delta),
        ),
        says="A(a) ~ A'(a) for all a => (X, A(X)) ~ (X, A'(X)), both (eps, delta)",
        eps=EPS,
    )


@theorem(
    source=f"{SEED}, Claim 3.3 part 4",
    expect="verified-bounded",
    id="ks.claim3_3.part4",
    note="X is a distribution on |D| = 2 points; A and A' are row-stochastic matrices. "
    "Only eps = ln(3/2) is covered: with eps ranging z3 times out already on 2 outputs.",
)
def claim3_3_part4():
    """If A(a), A'(a) are (eps, delta)-indistinguishable w.p. >= 1 - delta over a <- X, then
    (X, A(X)) and (X, A'(X)) are (eps, 2 delta)-indistinguishable."""
    return _pairs_claim(
        lambda alg, X, A, B, E, delta: implies(
            alg,
            with_probability_at_least(
                alg,
                X,
                [indistinguishable(alg, A[a], B[a], E, delta) for a in range(len(X))],
                1 - delta,
            ),
            indistinguishable(alg, joint(X, A), joint(X, B), E, 2 * delta),
        ),
        says="Pr_{a<-X}[A(a) ~ A'(a) fails] <= delta => (X, A(X)) ~ (X, A'(X)) at (eps, 2delta)",
        eps=LOG_EPS,
    )


@theorem(
    source=f"{SEED}, Claim 3.3 part 5",
    expect="verified-bounded",
    id="ks.claim3_3.part5",
    note="G is a randomized map from the outcomes to 2 outputs (a row-stochastic matrix).",
)
def claim3_3_part5():
    """If X, Y are (eps, delta)-indistinguishable then so are G(X), G(Y) for any randomized G."""

    def quantifier(outcomes, eps):
        return for_all(
            {"X": distribution(), "Y": distribution(), "G": channel(outputs=2)},
            outcomes,
            what="pairs of distributions and randomized maps G to 2 outputs",
            symmetric=True,  # relabelling outcomes of X, Y and inputs of G jointly changes nothing
            eps=eps,
            delta=DELTA,
        )

    def predicate(alg, X, Y, G, E, delta):
        return implies(
            alg,
            indistinguishable(alg, X, Y, E, delta),
            indistinguishable(alg, push_forward(alg, X, G), push_forward(alg, Y, G), E, delta),
        )

    says = "X ~ Y => G(X) ~ G(Y), both (eps, delta)-indistinguishable"
    return quantifier(range(2, 3), EPS).claim(predicate, says=says)


@theorem(source=f"{SEED}, Claim 3.3 part 6", expect="verified-bounded", id="ks.claim3_3.part6")
def claim3_3_part6():
    """If X, Y are (eps, delta)-indistinguishable then SD(X, Y) <= e^eps - 1 + delta."""
    return for_all_distributions(OUTCOMES, eps=EPS, delta=DELTA).claim(
        lambda alg, p, q, E, delta: implies(
            alg,
            indistinguishable(alg, p, q, E, delta),
            alg.le(statistical_difference(alg, p, q), E - 1 + delta),
        ),
        says="(eps, delta)-indistinguishable => SD <= e^eps - 1 + delta",
    )


# --- Theorems 2.2 and 2.4: semantic privacy (Definitions 2.1 and 2.3) -----------------------

SEMANTIC_EPS = Interval(F(1, 100), 1)
#: Where beliefs are searched objects, eps ranging is beyond z3 in the time limit: these points.
LOG_POINTS = (log_of(F(11, 10)), log_of(F(3, 2)), log_of(F(3)))
SEMANTIC_NOTE = (
    "Mechanisms on D^n with |D| = 2, x_{-i} = x with position i set to the default value 0. "
)


def _with_prior(space, outputs, eps, **params):
    return for_all_mechanisms(
        space, outputs, extra={"b": distribution(space.count)}, eps=eps, **params
    )


@theorem(
    source=f"{SEED}, Theorem 2.2 (first sentence)",
    expect="verified-bounded",
    id="ks.theorem2_2.part1",
    note=SEMANTIC_NOTE + "The belief b ranges over all distributions on D^n (a searched object); "
    "n = 1 and eps in {ln(11/10), ln(3/2), ln 3} (e^eps rational), where z3 finishes in time.",
)
def theorem2_2_part1():
    """eps-differential privacy implies (e^eps - 1)-semantic privacy."""

    def predicate(alg, M, b, E):
        return implies(
            alg,
            mechanism_pure_dp(alg, M.rows, M.pairs, E),
            semantic_privacy_at(alg, b, M.rows, M.games, E - 1),
        )

    says = "eps-DP => (e^eps - 1)-semantic privacy for the belief b"
    return all_of(
        *(_with_prior(SPACE_1, range(2, 4), eps).claim(predicate, says=says) for eps in LOG_POINTS)
    )


def _semantic_to_dp(conclusion_ratio, says, eps_values=(SEMANTIC_EPS,)):
    """'(e^eps - 1)/2-semantic privacy (for all beliefs, closed form) => DP with ratio'."""

    def predicate(alg, M, E):
        c = alg.div(E - 1, alg.const(2))
        return implies(
            alg,
            semantic_privacy(alg, M.rows, M.games, c),
            mechanism_pure_dp(alg, M.rows, M.pairs, conclusion_ratio(alg, E)),
        )

    return all_of(
        *(
            for_all_mechanisms(space, outputs, eps=eps).claim(predicate, says=says)
            for eps in eps_values
            for space, outputs in ((SPACE_1, range(2, 5)), (SPACE_2, range(2, 4)))
        )
    )


@theorem(
    source=f"{SEED}, Theorem 2.2 (second sentence)",
    expect="refuted",
    id="ks.theorem2_2.part2",
    note=SEMANTIC_NOTE + "'For all beliefs b' in the hypothesis is decided in closed form "
    "(vocabulary.semantic_privacy: the supremum over b of SD is (sqrt R - 1)/(sqrt R + 1)).",
)
def theorem2_2_part2():
    """(e^eps - 1)/2-semantic privacy implies 2eps-differential privacy."""
    return _semantic_to_dp(lambda alg, E: E * E, "(e^eps - 1)/2-semantic privacy => 2eps-DP")


@theorem(
    source=f"{SEED}, Theorem 2.2 (second sentence, corrected)",
    expect="verified-bounded",
    id="ks.theorem2_2.part2_corrected",
    note=SEMANTIC_NOTE + "Corrected constant: c-semantic privacy bounds every likelihood ratio "
    "of neighbours by ((1 + c)/(1 - c))^2 (the two-point belief at the optimal weights, not the "
    "uniform one of the proof); with c = (e^eps - 1)/2 that is ((1 + e^eps)/(3 - e^eps))^2, "
    "i.e. 2 ln((1 + e^eps)/(3 - e^eps))-DP, for e^eps < 3. Covered at e^eps in "
    "{11/10, 3/2, 2, 5/2} (eps ranging: z3 unknown in the time limit).",
)
def theorem2_2_part2_corrected():
    """(e^eps - 1)/2-semantic privacy implies 2 ln((1 + e^eps)/(3 - e^eps))-DP (e^eps < 3)."""

    def ratio(alg, E):
        r = alg.div(1 + E, 3 - E)
        return r * r

    return _semantic_to_dp(
        ratio,
        "(e^eps - 1)/2-semantic privacy => 2 ln((1+e^eps)/(3-e^eps))-DP",
        eps_values=tuple(log_of(r) for r in (F(11, 10), F(3, 2), F(2), F(5, 2))),
    )


@theorem(
    source=f"{SEED}, Theorem 2.4 (first sentence)",
    expect="verified-bounded",
    id="ks.theorem2_4.part1",
    note=SEMANTIC_NOTE + "O() replaced by the explicit constants of the proof (Lemma 4.1): "
    "delta'' = sqrt(delta) + 2 delta/(eps e^eps), delta' = n delta''. The belief b is a "
    "searched object; Definition 2.3 is vocabulary.semantic_privacy_dd_at. Covered: n = 1, "
    "eps in {ln(11/10), ln(3/2), ln 3}, delta in {1/100, 1/10000} (with delta ranging too, z3 "
    "answers unknown within the limit).",
)
def theorem2_4_part1():
    """(eps, delta)-DP implies (e^{3eps} - 1 + 2 sqrt(delta), n delta'')-semantic privacy."""

    def predicate(alg, M, b, E, eps, delta, sqrt_delta):
        n = len(M.games)
        semantic_eps = E * E * E - 1 + 2 * sqrt_delta
        delta_prime = n * (sqrt_delta + alg.div(2 * delta, eps * E))
        return implies(
            alg,
            mechanism_dp(alg, M.rows, M.pairs, E, delta),
            semantic_privacy_dd_at(alg, b, M.rows, M.games, semantic_eps, delta_prime),
        )

    says = "(eps, delta)-DP => (eps', delta')-semantic privacy for the belief b"
    return all_of(
        *(
            _with_prior(SPACE_1, range(2, 4), eps, delta=delta).claim(predicate, says=says)
            for eps in LOG_POINTS
            for delta in (F(1, 100), F(1, 10000))
        )
    )


def _semantic_dd_hypothesis(alg, M, b, E, delta):
    """((e^eps - 1)/2, delta)-semantic privacy at the belief b (Definition 2.3)."""
    return semantic_privacy_dd_at(alg, b, M.rows, M.games, alg.div(E - 1, alg.const(2)), delta)


def _theorem2_4_part2(conclusion, says, eps_values):
    return all_of(
        *(
            ForAllHypothesis(
                for_all_mechanisms(SPACE_1, range(2, 4), eps=eps, delta=Interval(0, F(1, 10))),
                (("b", distribution(SPACE_1.count)),),
                _semantic_dd_hypothesis,
                conclusion,
                says,
            )
            for eps in eps_values
        )
    )


@theorem(
    source=f"{SEED}, Theorem 2.4 (second sentence)",
    expect="refuted",
    id="ks.theorem2_4.part2",
    note=SEMANTIC_NOTE + "'For all beliefs b' in the hypothesis is decided by counterexample-"
    "guided refinement (dpproofs.search.cegar): a counterexample's hypothesis is certified for "
    "every b by z3 at the exact point. n = 1, delta in [0, 1/10].",
)
def theorem2_4_part2():
    """((e^eps - 1)/2, delta)-semantic privacy implies (2eps, 2delta)-differential privacy."""

    def conclusion(alg, M, E, delta):
        return mechanism_dp(alg, M.rows, M.pairs, E * E, 2 * delta)

    return _theorem2_4_part2(
        conclusion, "((e^eps - 1)/2, delta)-semantic => (2eps, 2delta)-DP", (SEMANTIC_EPS,)
    )


@theorem(
    source=f"{SEED}, Theorem 2.4 (second sentence, corrected)",
    expect="verified-bounded",
    id="ks.theorem2_4.part2_corrected",
    note=SEMANTIC_NOTE + "Corrected as Theorem 2.2's second sentence: ratio "
    "((1 + e^eps)/(3 - e^eps))^2 instead of e^{2 eps}, delta unchanged. Decided by refinement "
    "over beliefs; n = 1, delta in [0, 1/10], eps in {ln(11/10), ln(3/2)} (at ln 2 the "
    "refinement does not converge in time).",
)
def theorem2_4_part2_corrected():
    """((e^eps - 1)/2, delta)-semantic privacy implies
    (2 ln((1 + e^eps)/(3 - e^eps)), 2 delta)-DP."""

    def conclusion(alg, M, E, delta):
        ratio = alg.div(1 + E, 3 - E)
        return mechanism_dp(alg, M.rows, M.pairs, ratio * ratio, 2 * delta)

    return _theorem2_4_part2(
        conclusion,
        "((e^eps - 1)/2, delta)-semantic => (2 ln((1+e^eps)/(3-e^eps)), 2delta)-DP",
        (log_of(F(11, 10)), log_of(F(3, 2))),
    )
