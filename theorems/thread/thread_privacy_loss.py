"""The differential-privacy thread (seed 002_60fe2a2436f5aea5.txt), post [3/n]: the privacy loss
L = log(P(M(x) = xi)/P(M(x') = xi)), xi ~ M(x)."""

import sympy
from _thread_common import DELTA, EPS, SEED, TWO_ROWS

from dpproofs.algebra import implies
from dpproofs.search import for_all_mechanisms
from dpproofs.symbolic.induction import induction, running_sum
from dpproofs.theorem import theorem
from dpproofs.vocabulary import mass_where, mechanism_dp


@theorem(
    source=f"{SEED}, T-3-loss-tail, post [3/n]",
    expect="proved",
    id="thread.loss_tail_implies_dp",
    restricted=(
        "Z^2 with |Z| = 2, eps in [1/100, 2], delta in [0, 1/2]; the source: every "
        "domain, eps, delta"
    ),
    reading="L = +oo where P(M(x') = xi) = 0 < P(M(x) = xi); natural log; finite mechanisms on "
    "Z^2 with |Z| = 2 and any number of outputs; every ordered pair at distance 1; eps "
    "in [1/100, 2], delta in [0, 1/2].",
    note="L <= eps at the output xi iff P(M(x) = xi) <= e^eps P(M(x') = xi) (L = +oo when "
    "P(M(x') = xi) = 0 < P(M(x) = xi)). All mechanisms on Z^2 (|Z| = 2, 4 rows) with 2-3 "
    "outputs, eps in [1/100, 2], delta in [0, 1/2], every ordered pair at distance 1; every "
    "finite number of outputs by the small-model theorem with localised hypotheses (each "
    "pair's conclusion keeps its pair's tail conditions: 2 rows, 3 sums, N* = 5).",
    quote=(
        "Let L = log(P(M(x) = xi)/P(M(x') = xi)) with xi ~ M(x). If P(L <= eps) >= 1 - delta for "
        "all x, x' in Z^m with d(x, x') = 1, then M is (eps, delta)-DP."
    ),
)
def loss_tail_implies_dp():
    """If P(L <= eps) >= 1 - delta for all neighbours x, x', then M is (eps, delta)-DP."""

    def predicate(alg, M, E, delta):
        hypothesis = alg.all(
            alg.le(
                1 - delta,
                mass_where(alg, (M.rows[a], M.rows[b]), 0, lambda pa, pb: alg.le(pa, E * pb)),
            )
            for a, b in M.pairs
        )
        return implies(alg, hypothesis, mechanism_dp(alg, M.rows, M.pairs, E, delta))

    return for_all_mechanisms(TWO_ROWS, range(2, 4), eps=EPS, delta=DELTA).claim(
        predicate, says="P_{xi ~ M(x)}(L <= eps) >= 1 - delta => (eps, delta)-DP"
    )


def _mean_loss_is_kl():
    """sum_{xi=1..k} p ln(p/q) = sum p ln(1/q) - sum p ln(1/p) (KL as cross-entropy minus
    entropy), for every number k of outputs."""
    k = sympy.Symbol("k", positive=True)
    p, q = sympy.symbols("p q", positive=True)
    mean_loss = running_sum("L", p * sympy.log(p / q))
    cross = running_sum("H_PQ", p * sympy.log(1 / q))
    entropy = running_sum("H_P", p * sympy.log(1 / p))
    L, H_PQ, H_P = mean_loss.symbol, cross.symbol, entropy.symbol
    claim = sympy.Eq(L, H_PQ - H_P, evaluate=False)
    return induction(
        k,
        1,
        claim,
        claim,  # the identity is its own induction hypothesis
        [mean_loss, cross, entropy],
        each={p: sympy.Interval.open(0, 1), q: sympy.Interval.open(0, 1)},
    )


@theorem(
    source=f"{SEED}, T-3-loss-mean-KL, post [3/n]",
    expect="proved",
    role="identity",
    id="thread.mean_loss_is_kl",
    reading="An identity: KL is defined as the mean privacy loss; P(M(x) = xi) > 0 and P(M(x') "
    "= xi) > 0 on every finite number k >= 1 of outputs; natural log.",
    note="An identity of the definitions: D(P||Q) is defined as E_{xi ~ P}[log(P(xi)/Q(xi))], "
    "the mean privacy loss, so no check of it could fail; shown, not counted as decided. "
    "Outputs with P(M(x) = xi) > 0 (others carry no weight), P(M(x') = xi) > 0 (else both "
    "sides are +oo); KL written as cross-entropy minus entropy; every integer k >= 1 of outputs "
    "by induction on k (docs/design/induction.md).",
    quote=(
        "For x, x' with d(x, x') = 1 and xi ~ M(x): E[log(P(M(x) = xi)/P(M(x') = xi))] = "
        "D(M(x)||M(x'))."
    ),
)
def mean_loss_is_kl():
    """E_{xi ~ M(x)}[log(P(M(x) = xi)/P(M(x') = xi))] = D(M(x)||M(x'))."""
    return _mean_loss_is_kl()
