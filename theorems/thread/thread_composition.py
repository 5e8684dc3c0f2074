"""The differential-privacy thread (seed 002_60fe2a2436f5aea5.txt), post [5/n]: post-processing,
composition and adaptive composition, searched over all mechanisms on Z^m (|Z| = 2) and all
randomized post-processing maps."""

from fractions import Fraction as F

from _thread_common import LOG_POINTS, ONE_ROW, SEED

from dpproofs.algebra import implies
from dpproofs.claim import all_of
from dpproofs.search import channel, for_all, for_all_mechanisms, mechanism
from dpproofs.theorem import theorem
from dpproofs.vocabulary import mechanism_dp


def _compose(alg, rows1, rows2):
    """The rows of x -> (M_1(x), M_2(x)) with independent coins."""
    return [[a * b for a in r1 for b in r2] for r1, r2 in zip(rows1, rows2, strict=True)]


@theorem(
    source=f"{SEED}, T-5-postprocessing, post [5/n]",
    expect="verified-bounded",
    id="thread.postprocessing",
    note="All randomized maps g to 2 outputs (row-stochastic matrices) after all mechanisms on "
    "Z^1 with 2 outputs, eps = ln(3/2), delta in {0, 1/10} (on Z^2, or with eps or delta "
    "ranging, z3 times out; ks.claim3_3.part5 covers one neighbour pair with eps ranging).",
)
def postprocessing():
    """If M is (eps, delta)-DP then g(M(x)) is (eps, delta)-DP for every randomized g."""

    def predicate(alg, M, G, E, delta):
        outputs = range(len(G[0]))
        post = [
            [alg.total(row[y] * G[y][z] for y in range(len(row))) for z in outputs]
            for row in M.rows
        ]
        return implies(
            alg,
            mechanism_dp(alg, M.rows, M.pairs, E, delta),
            mechanism_dp(alg, post, M.pairs, E, delta),
        )

    says = "(eps, delta)-DP => g(M) (eps, delta)-DP"
    extra = {"G": channel(outputs=2)}
    return all_of(
        *(
            for_all_mechanisms(space, range(2, 3), extra=extra, eps=e, delta=d).claim(
                predicate, says=says
            )
            for space in (ONE_ROW,)
            for e in LOG_POINTS[1:2]
            for d in (F(0), F(1, 10))
        ),
    )


#: (eps_1, eps_2, delta_1, delta_2): products M_1 M_2 are nonlinear; z3 decides these in time.
POINTS = (
    (LOG_POINTS[1], LOG_POINTS[0], F(0), F(0)),
    (LOG_POINTS[1], LOG_POINTS[0], F(1, 10), F(1, 10)),
)


def _composition_claims(space, predicate, objects, says, points=None):
    return all_of(
        *(
            for_all(
                objects(space),
                range(2, 3),
                size_name="outputs",
                what=f"pairs of mechanisms on {space}",
                eps1=e1,
                eps2=e2,
                delta1=d1,
                delta2=d2,
            ).claim(predicate, says=says)
            for e1, e2, d1, d2 in points or POINTS
        )
    )


@theorem(
    source=f"{SEED}, T-5-composition, post [5/n]",
    expect="verified-bounded",
    id="thread.composition",
    timeout=420,
    note="m = 2 mechanisms on Z^1 (one neighbour pair: the claim is about each pair) with 2 "
    "outputs each; (eps_1, eps_2) = (ln(3/2), ln(11/10)), delta_1 = delta_2 in {0, 1/10} (with a "
    "parameter ranging, or on Z^2, the products M_1 M_2 are beyond z3 in the time limit). The "
    "function of (M_1, M_2) is the identity; every other function is "
    "its post-processing (thread.postprocessing).",
)
def composition():
    """If M_i is (eps_i, delta_i)-DP (i = 1, 2), (M_1, M_2) is (sum eps_i, sum delta_i)-DP."""

    def predicate(alg, M1, M2, exp_eps1, exp_eps2, delta1, delta2):
        return implies(
            alg,
            alg.all(
                [
                    mechanism_dp(alg, M1.rows, M1.pairs, exp_eps1, delta1),
                    mechanism_dp(alg, M2.rows, M2.pairs, exp_eps2, delta2),
                ]
            ),
            mechanism_dp(
                alg, _compose(alg, M1.rows, M2.rows), M1.pairs, exp_eps1 * exp_eps2, delta1 + delta2
            ),
        )

    says = "(eps_i, delta_i)-DP for i = 1, 2 => (M_1, M_2) is (sum eps, sum delta)-DP"
    return all_of(
        *(
            _composition_claims(
                space, predicate, lambda s: {"M1": mechanism(s), "M2": mechanism(s)}, says
            )
            for space in (ONE_ROW,)
        )
    )


@theorem(
    source=f"{SEED}, T-5-adaptive-composition, post [5/n]",
    expect="verified-bounded",
    id="thread.adaptive_composition",
    timeout=90,
    note="M_2 is chosen by the output y_1 of M_1: a mechanism M_2[y_1] for each of the 2 outputs "
    "of M_1, each (eps_2, delta_2)-DP. Datasets in Z^1, 2 outputs each; (eps_1, eps_2) = "
    "(ln(3/2), ln(11/10)), delta_1 = delta_2 = 0 (delta > 0: z3 times out).",
)
def adaptive_composition():
    """Adaptive choice of M_2 by the output of M_1 keeps (eps_1 + eps_2, delta_1 + delta_2)-DP."""

    def predicate(alg, M1, M2, exp_eps1, exp_eps2, delta1, delta2):
        count = len(M1.rows)
        chosen = [M2[y * count : (y + 1) * count] for y in range(2)]  # rows of M_2[y_1]
        joint = [
            [M1.rows[x][y] * chosen[y][x][z] for y in range(2) for z in range(2)]
            for x in range(count)
        ]
        hypothesis = alg.all(
            [
                mechanism_dp(alg, M1.rows, M1.pairs, exp_eps1, delta1),
                *(mechanism_dp(alg, rows, M1.pairs, exp_eps2, delta2) for rows in chosen),
            ]
        )
        conclusion = mechanism_dp(alg, joint, M1.pairs, exp_eps1 * exp_eps2, delta1 + delta2)
        return implies(alg, hypothesis, conclusion)

    says = "adaptive (eps_i, delta_i)-DP steps => (sum eps, sum delta)-DP"
    return all_of(
        *(
            _composition_claims(
                space,
                predicate,
                lambda s: {"M1": mechanism(s), "M2": channel(inputs=2 * s.count, outputs=2)},
                says,
                POINTS[:1],
            )
            for space in (ONE_ROW,)
        )
    )
