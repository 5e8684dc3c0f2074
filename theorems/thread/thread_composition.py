"""The differential-privacy thread (seed 002_60fe2a2436f5aea5.txt), post [5/n]: post-processing,
composition and adaptive composition, over all mechanisms on Z^n and all randomized
post-processing maps. Each statement is 'DP on every neighbour pair => DP on every neighbour
pair' with conditions that read only the two neighbours' rows: by the neighbour-pair reduction
(dpproofs.search.pairs, docs/design/neighbours.md) its two-row claim decides it for every n and
every |Z| >= 2."""

from fractions import Fraction as F

from _thread_common import LOG_POINTS, SEED

from dpproofs.claim import all_of
from dpproofs.search import Interval, channel
from dpproofs.search.pairs import for_all_neighbour_pairs
from dpproofs.theorem import theorem
from dpproofs.vocabulary import one_sided_close


def _post(alg, row, G):
    """The row of g(M(x)): sum_y M(x)(y) G(y, z)."""
    return [alg.total(row[y] * G[y][z] for y in range(len(row))) for z in range(len(G[0]))]


def _product(row1, row2):
    """The row of (M_1(x), M_2(x)) with independent coins."""
    return [a * b for a in row1 for b in row2]


@theorem(
    source=f"{SEED}, T-5-postprocessing, post [5/n]",
    expect="verified-bounded",
    id="thread.postprocessing",
    reading="g a randomized map (row-stochastic matrix) from 2 outputs to 2; M on Z^n with 2 "
    "outputs, every n and |Z| >= 2 (neighbour-pair reduction); gamma = e^eps quantified as a "
    "real in [1, 100] (every eps in [0, ln 100]), every delta in [0, 1].",
    note="All randomized maps g to 2 outputs (row-stochastic matrices) after all mechanisms on "
    "Z^n with 2 outputs, every n >= 1 and |Z| >= 2 (neighbour-pair reduction; before: Z^1, "
    "|Z| = 2 only), every eps in [0, ln 100] and delta in [0, 1]: the search quantifies over "
    "gamma = e^eps itself (a real in [1, 100], a bijection with eps), so no e^x term is needed. "
    "Before issue 30: eps = ln(3/2), delta in {0, 1/10} only (with e^eps over a range, z3 timed "
    "out). Still bounded: M with 2 outputs and g to 2 (3 outputs: z3 unknown in 250 s; "
    "gamma unbounded: 69 s, too close to the limit under load).",
    quote=(
        "If M is (eps, delta)-DP then g(M(x)) is (eps, delta)-DP for every (possibly randomized) "
        "function g."
    ),
)
def postprocessing():
    """If M is (eps, delta)-DP then g(M(x)) is (eps, delta)-DP for every randomized g."""

    def hypothesis(alg, x, y, gamma, delta):
        return one_sided_close(alg, x[0], y[0], gamma, delta)

    def conclusion(alg, x, y, G, gamma, delta):
        return one_sided_close(alg, _post(alg, x[0], G), _post(alg, y[0], G), gamma, delta)

    return for_all_neighbour_pairs(
        ("M",),
        range(2, 3),
        hypothesis,
        conclusion,
        says="(eps, delta)-DP => g(M) (eps, delta)-DP, gamma = e^eps",
        shared={"G": channel(outputs=2)},
        gamma=Interval(1, 100),
        delta=Interval(0, 1),
    )


#: gamma_i = e^{eps_i} quantified as reals: pure DP for every eps_1, eps_2 >= 0 (gamma_i in
#: [1, +oo)). With delta_i > 0 the products M_1 M_2 are beyond z3 with gamma ranging (unknown in
#: 200 s at delta_i = 1/10), so that case stays at the point (ln(3/2), ln(11/10)), e^eps exact.
EVERY_GAMMA = Interval(1)
APPROXIMATE = (LOG_POINTS[1], LOG_POINTS[0], F(1, 10), F(1, 10))


def _composition_claims(mechanisms, hypothesis, conclusion, says, approximate=True):
    """The pure part for every gamma_1, gamma_2 >= 1 (``hypothesis`` and ``conclusion`` take
    (alg, x, y, g1, g2, d1, d2)), and with ``approximate`` the point APPROXIMATE."""
    pure = for_all_neighbour_pairs(
        mechanisms,
        range(2, 3),
        lambda alg, x, y, gamma1, gamma2, delta1, delta2: hypothesis(
            alg, x, y, gamma1, gamma2, delta1, delta2
        ),
        lambda alg, x, y, gamma1, gamma2, delta1, delta2: conclusion(
            alg, x, y, gamma1, gamma2, delta1, delta2
        ),
        says=says + " (pure, gamma_i = e^{eps_i})",
        gamma1=EVERY_GAMMA,
        gamma2=EVERY_GAMMA,
        delta1=F(0),
        delta2=F(0),
    )
    if not approximate:
        return pure
    e1, e2, d1, d2 = APPROXIMATE
    at_point = for_all_neighbour_pairs(
        mechanisms,
        range(2, 3),
        lambda alg, x, y, exp_eps1, exp_eps2, delta1, delta2: hypothesis(
            alg, x, y, exp_eps1, exp_eps2, delta1, delta2
        ),
        lambda alg, x, y, exp_eps1, exp_eps2, delta1, delta2: conclusion(
            alg, x, y, exp_eps1, exp_eps2, delta1, delta2
        ),
        says=says,
        eps1=e1,
        eps2=e2,
        delta1=d1,
        delta2=d2,
    )
    return all_of(pure, at_point)


@theorem(
    source=f"{SEED}, T-5-composition, post [5/n]",
    expect="verified-bounded",
    id="thread.composition",
    reading="m = 2 with independent coins (the product of the rows); 'any function' as the pair"
    " itself (other functions are its post-processing); 2 outputs each; gamma_i = e^{eps_i} "
    "quantified as reals: every eps_1, eps_2 >= 0 with delta_1 = delta_2 = 0, and (eps_1, "
    "eps_2) = (ln(3/2), ln(11/10)) with delta_1 = delta_2 = 1/10.",
    timeout=420,
    note="m = 2 mechanisms on Z^n with 2 outputs each, every n >= 1 and |Z| >= 2 (neighbour-pair "
    "reduction: the claim reads each pair's rows only; before: Z^1, |Z| = 2 only); pure DP "
    "for every eps_1, eps_2 >= 0 (gamma_i = e^{eps_i} in [1, +oo) as z3 reals; before issue "
    "30: at (ln(3/2), ln(11/10)) only), and delta_1 = delta_2 = 1/10 at (ln(3/2), ln(11/10)) "
    "(with a delta ranging, or gamma ranging at delta = 1/10, z3 is unknown in 200 s). The "
    "function of (M_1, M_2) is the identity; every other function is "
    "its post-processing (thread.postprocessing).",
    quote=(
        "If M_1, ..., M_m are (eps_1, delta_1)-, ..., (eps_m, delta_m)-DP respectively, then "
        "every function of (M_1(x), ..., M_m(x)) is (sum_i eps_i, sum_i delta_i)-DP."
    ),
)
def composition():
    """If M_i is (eps_i, delta_i)-DP (i = 1, 2), (M_1, M_2) is (sum eps_i, sum delta_i)-DP."""

    def hypothesis(alg, x, y, gamma1, gamma2, delta1, delta2):
        return alg.all(
            [
                one_sided_close(alg, x[0], y[0], gamma1, delta1),
                one_sided_close(alg, x[1], y[1], gamma2, delta2),
            ]
        )

    def conclusion(alg, x, y, gamma1, gamma2, delta1, delta2):
        # e^{eps_1 + eps_2} = gamma_1 gamma_2
        return one_sided_close(
            alg, _product(x[0], x[1]), _product(y[0], y[1]), gamma1 * gamma2, delta1 + delta2
        )

    says = "(eps_i, delta_i)-DP for i = 1, 2 => (M_1, M_2) is (sum eps, sum delta)-DP"
    return _composition_claims(("M1", "M2"), hypothesis, conclusion, says)


@theorem(
    source=f"{SEED}, T-5-adaptive-composition, post [5/n]",
    expect="verified-bounded",
    id="thread.adaptive_composition",
    reading="m = 2: M_2 chosen by M_1's output y_1 among two mechanisms, each (eps_2, "
    "delta_2)-DP; 2 outputs each; gamma_i = e^{eps_i} quantified as reals: every eps_1, "
    "eps_2 >= 0, delta_1 = delta_2 = 0.",
    timeout=90,
    note="M_2 is chosen by the output y_1 of M_1: a mechanism M_2[y_1] for each of the 2 outputs "
    "of M_1, each (eps_2, delta_2)-DP. Datasets in Z^n, every n >= 1 and |Z| >= 2 "
    "(neighbour-pair reduction; before: Z^1 only), 2 outputs each; every eps_1, eps_2 >= 0 "
    "(gamma_i = e^{eps_i} in [1, +oo) as z3 reals; before issue 30: (ln(3/2), ln(11/10)) "
    "only), delta_1 = delta_2 = 0 (delta > 0: z3 times out).",
    quote=(
        "The conclusion of T-5-composition also holds when each M_{i+1} is chosen depending on "
        "the outputs of M_1, ..., M_i, provided every possible choice of M_{i+1} is (eps_{i+1}, "
        "delta_{i+1})-DP."
    ),
)
def adaptive_composition():
    """Adaptive choice of M_2 by the output of M_1 keeps (eps_1 + eps_2, delta_1 + delta_2)-DP."""

    def hypothesis(alg, x, y, gamma1, gamma2, delta1, delta2):
        return alg.all(
            [
                one_sided_close(alg, x[0], y[0], gamma1, delta1),
                *(one_sided_close(alg, x[k], y[k], gamma2, delta2) for k in (1, 2)),
            ]
        )

    def joint(row):
        """Row of (y_1, y_2): M_1(x)(y_1) M_2[y_1](x)(y_2); row[1 + y_1] is M_2[y_1](x)."""
        return [row[0][y1] * row[1 + y1][y2] for y1 in range(2) for y2 in range(2)]

    def conclusion(alg, x, y, gamma1, gamma2, delta1, delta2):
        return one_sided_close(alg, joint(x), joint(y), gamma1 * gamma2, delta1 + delta2)

    says = "adaptive (eps_i, delta_i)-DP steps => (sum eps, sum delta)-DP"
    return _composition_claims(("M1", "M2_0", "M2_1"), hypothesis, conclusion, says, False)
