"""S. P. Kasiviswanathan and A. Smith, A Note on Differential Privacy: Defining Resistance to
Arbitrary Side Information (seed 004_b0aca88671cf8a62.txt), section 3: Claim 3.3, facts about
(eps, delta)-indistinguishability (Definitions 3.1-3.2), over distributions on small alphabets.
Every claim is searched for a counterexample with z3 and either refuted (exact, replayable) or
verified up to the stated sizes.
"""

from _ks_common import DELTA, EPS, LOG_EPS, SEED

from dpproofs.algebra import implies
from dpproofs.claim import all_of
from dpproofs.search import channel, distribution, for_all, for_all_distributions
from dpproofs.theorem import theorem
from dpproofs.vocabulary import (
    indistinguishable,
    joint_law,
    mixture,
    pointwise_bad_mass,
    pointwise_indistinguishable,
    statistical_difference,
    with_probability_at_least,
)

OUTCOMES = range(2, 7)
#: Nonlinear claims (products of unknowns with e^eps) are harder for z3: smaller alphabets.
SMALL_OUTCOMES = range(2, 3)
ALPHABET = 2  # |D| for the random variable X of parts 3-4
PAIR_OUTPUTS = range(2, 3)  # outputs of the algorithms A, A' in parts 3-4
LOG_OUTCOMES = range(2, 4)


@theorem(
    source=f"{SEED}, KS-Claim3.3(1), Claim 3.3 part 1",
    expect="proved",
    id="ks.claim3_3.part1",
    restricted=("eps in [1/100, 2], delta in [0, 1/2]; the source: every eps, delta"),
    reading="Distributions on any finite number of outcomes; point-wise means the bad set has "
    "mass <= delta under X and under Y ('drawn from either'); eps in [1/100, 2], delta "
    "in [0, 1/2].",
    quote=(
        "If X, Y are point-wise (eps, delta)-indistinguishable (KS-Def3.2), then they are (eps, "
        "delta)-indistinguishable (KS-Def3.1)."
    ),
)
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
    source=f"{SEED}, KS-Claim3.3(2), Claim 3.3 part 2",
    expect="refuted",
    refutation="substantive",
    id="ks.claim3_3.part2",
    reading="2 delta/(eps e^eps) as the proof computes it (the extracted '2 "
    "delta/e^{eps_eps}'); point-wise for both X and Y ('drawn from either'); any finite"
    " number of outcomes, eps in [1/100, 2], delta in [0, 1/2].",
    note="The extracted statement reads '2 delta / e^{eps_eps}'; the proof computes "
    "2 delta / (eps e^eps), which is encoded. The proof bounds Pr[Y in Bad] only, not "
    "Pr[X in Bad].",
    quote=(
        "If X, Y are (eps, delta)-indistinguishable, then they are point-wise (2 eps, 2 "
        "delta/(eps e^eps))-indistinguishable."
    ),
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
    source=f"{SEED}, KS-Claim3.3(2), Claim 3.3 part 2 (corrected)",
    expect="verified-bounded",
    id="ks.claim3_3.part2_corrected",
    reading="The point-wise delta corrected to delta (1 + 1/eps + 1/(eps e^eps)) (from the "
    "proof's own steps), for both P(Bad) and Q(Bad); 2 outcomes with eps in [1/100, 2],"
    " 2-3 outcomes at eps = ln(3/2); delta in [0, 1/2].",
    corrects="ks.claim3_3.part2",
    note="Corrected statement, from the proof's own steps: for S = {a : p_a > e^2eps q_a}, "
    "Q(S) <= delta/(eps e^eps) and P(S) <= e^eps Q(S) + delta <= delta/eps + delta; symmetrically "
    "for S' = {a : q_a > e^2eps p_a}. Hence both P(Bad) and Q(Bad) are at most "
    "delta (1 + 1/eps + 1/(eps e^eps)).",
    quote=(
        "If X, Y are (eps, delta)-indistinguishable, then they are point-wise (2 eps, 2 "
        "delta/(eps e^eps))-indistinguishable."
    ),
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
    source=f"{SEED}, KS-Claim3.3(3), Claim 3.3 part 3",
    expect="verified-bounded",
    id="ks.claim3_3.part3",
    reading="X on |D| = 2 points; A and A' row-stochastic with 2 outputs; the pairs are the "
    "joint laws of (X, A(X)) and (X, A'(X)); eps in [1/100, 2], delta in [0, 1/2].",
    note="X is a distribution on |D| = 2 points; A and A' are row-stochastic matrices with "
    "2 outputs (3 outputs time out in z3).",
    quote=(
        "Let X be a random variable on D, and A, A' randomized algorithms such that A(a) and "
        "A'(a) are (eps, delta)-indistinguishable for every a in D. Then (X, A(X)) and (X, A'(X))"
        " are (eps, delta)-indistinguishable."
    ),
)
def claim3_3_part3():
    """If A(a), A'(a) are (eps, delta)-indistinguishable for every a, then so are the pairs
    (X, A(X)) and (X, A'(X))."""
    return _pairs_claim(
        lambda alg, X, A, B, E, delta: implies(
            alg,
            alg.all(indistinguishable(alg, A[a], B[a], E, delta) for a in range(len(X))),
            indistinguishable(alg, joint_law(alg, X, A), joint_law(alg, X, B), E, delta),
        ),
        says="A(a) ~ A'(a) for all a => (X, A(X)) ~ (X, A'(X)), both (eps, delta)",
        eps=EPS,
    )


@theorem(
    source=f"{SEED}, KS-Claim3.3(4), Claim 3.3 part 4",
    expect="verified-bounded",
    id="ks.claim3_3.part4",
    reading="X on |D| = 2 points; A, A' with 2 outputs; 'with probability >= 1 - delta over a "
    "<- X' means the good a have X-mass >= 1 - delta; eps = ln(3/2), delta in [0, 1/2].",
    note="X is a distribution on |D| = 2 points; A and A' are row-stochastic matrices. "
    "Only eps = ln(3/2) is covered: with eps ranging z3 times out already on 2 outputs.",
    quote=(
        "If, with probability at least 1 - delta over a <- X, A(a) and A'(a) are (eps, "
        "delta)-indistinguishable, then (X, A(X)) and (X, A'(X)) are (eps, 2 "
        "delta)-indistinguishable."
    ),
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
            indistinguishable(alg, joint_law(alg, X, A), joint_law(alg, X, B), E, 2 * delta),
        ),
        says="Pr_{a<-X}[A(a) ~ A'(a) fails] <= delta => (X, A(X)) ~ (X, A'(X)) at (eps, 2delta)",
        eps=LOG_EPS,
    )


@theorem(
    source=f"{SEED}, KS-Claim3.3(5), Claim 3.3 part 5",
    expect="verified-bounded",
    id="ks.claim3_3.part5",
    reading="G a randomized map (row-stochastic matrix) to 2 outputs, the same for X and Y; X, "
    "Y on 2 outcomes; eps in [1/100, 2], delta in [0, 1/2].",
    note="G is a randomized map from the outcomes to 2 outputs (a row-stochastic matrix).",
    quote=(
        "If X, Y are (eps, delta)-indistinguishable and G is a randomized algorithm (G(X) = g(X, "
        "R) with R independent of X), then G(X) and G(Y) are (eps, delta)-indistinguishable."
    ),
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
            indistinguishable(alg, mixture(alg, X, G), mixture(alg, Y, G), E, delta),
        )

    says = "X ~ Y => G(X) ~ G(Y), both (eps, delta)-indistinguishable"
    return quantifier(range(2, 3), EPS).claim(predicate, says=says)


@theorem(
    source=f"{SEED}, KS-Claim3.3(6), Claim 3.3 part 6",
    expect="proved",
    id="ks.claim3_3.part6",
    restricted=("eps in [1/100, 2], delta in [0, 1/2]; the source: every eps, delta"),
    reading="Distributions on any finite number of outcomes; SD as the maximum over sets; eps-"
    "bar = e^eps - 1; eps in [1/100, 2], delta in [0, 1/2].",
    quote=(
        "If X, Y are (eps, delta)-indistinguishable, then SD(X, Y) <= eps-bar + delta, where "
        "eps-bar = e^eps - 1."
    ),
)
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
