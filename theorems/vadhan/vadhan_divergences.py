"""S. Vadhan (seed 000_ab6863cc5677b341.txt), sections 1.1-2: the hybrid argument for statistical
difference, the multiplicative constraint versus statistical difference, and max-divergence
versus the set definition and KL, searched over all finite distributions and mechanisms on
X^n with |X| = 2 (neighbours: Hamming distance 1)."""

from fractions import Fraction as F

import sympy
from _vadhan_common import EPS, SEED, THREE_ROWS, TWO_ROWS

from dpproofs.algebra import implies
from dpproofs.claim import all_of
from dpproofs.search import Interval, for_all_distributions, for_all_mechanisms
from dpproofs.symbolic.induction import induction, running_sum
from dpproofs.theorem import theorem
from dpproofs.vocabulary import (
    max_divergence_at_most_over_sets,
    mechanism_pure_dp,
    statistical_difference,
)

eps = sympy.Symbol("eps", positive=True)
k = sympy.Symbol("k", positive=True)


def _hybrid(conclusion, says):
    """For all mechanisms on X^2 (2-3 outputs) and X^3 (2 outputs), eps in (0, 1/(10n)]: SD <= eps
    between neighbours => conclusion(alg, M, x, eps) for every database x against 0^n."""

    def claim(space, outputs):
        def predicate(alg, M, eps):
            hypothesis = alg.all(
                alg.le(statistical_difference(alg, M.rows[a], M.rows[b]), eps) for a, b in M.pairs
            )
            zero = space.index((0,) * space.n)
            return implies(
                alg,
                hypothesis,
                alg.all(conclusion(alg, M, x, zero, eps, space.n) for x in range(space.count)),
            )

        eps = Interval(0, F(1, 10 * space.n), lo_open=True)
        return for_all_mechanisms(space, outputs, eps=eps).claim(predicate, says=says)

    return all_of(claim(TWO_ROWS, range(2, 4)), claim(THREE_ROWS, range(2, 3)))


@theorem(
    source=f"{SEED}, V-sd-hybrid, section 1.1 Case 1",
    expect="refuted",
    refutation="notational",
    id="vadhan.sd_hybrid",
    reading="As stated, with the strict '< 0.1'; 0^n the all-zero database; X^2 (2-3 outputs) "
    "and X^3 (2 outputs) with |X| = 2; eps in (0, 1/(10n)].",
    timeout=60,
    note="As stated: eps <= 1/(10n) and the strict '< 0.1'. n = 2 (2-3 outputs) and n = 3 "
    "(2 outputs).",
    quote=(
        "Let eps <= 1/(10n). If SD(M(x,q), M(x',q)) <= eps for all q and all x, x' in X^n "
        "differing in one row, then for every q and every x in X^n: SD(M(x,q), M(0^n,q)) < 0.1."
    ),
)
def sd_hybrid():
    """If eps <= 1/(10n) and SD(M(x), M(x')) <= eps for neighbours, then SD(M(x), M(0^n)) < 0.1."""
    return _hybrid(
        lambda alg, M, x, zero, eps, n: alg.lt(
            statistical_difference(alg, M.rows[x], M.rows[zero]), alg.const(F(1, 10))
        ),
        "SD <= eps <= 1/(10n) between neighbours => SD(M(x), M(0^n)) < 1/10",
    )


@theorem(
    source=f"{SEED}, V-sd-hybrid, section 1.1 Case 1 (corrected)",
    expect="proved",
    id="vadhan.sd_hybrid_corrected",
    reading="'< 0.1' read as '<= 0.1' (n eps <= 1/10); X^2 (2-3 outputs) and X^3 (2 outputs), "
    "every finite number of outputs; 0^n the all-zero database.",
    corrects="vadhan.sd_hybrid",
    timeout=60,
    note="The hybrid argument gives SD(M(x), M(0^n)) <= d(x, 0^n) eps <= n eps <= 0.1: the "
    "bound is <= 0.1, not < 0.1 (n eps = 1/10 is attained at eps = 1/(10n)). Every finite "
    "number of outputs by the small-model theorem, each conjunct localised to a path of "
    "neighbours from x to 0^n.",
    quote=(
        "Let eps <= 1/(10n). If SD(M(x,q), M(x',q)) <= eps for all q and all x, x' in X^n "
        "differing in one row, then for every q and every x in X^n: SD(M(x,q), M(0^n,q)) < 0.1."
    ),
)
def sd_hybrid_corrected():
    """If SD <= eps between neighbours, SD(M(x), M(0^n)) <= n eps (<= 0.1 at eps <= 1/(10n))."""
    return _hybrid(
        lambda alg, M, x, zero, eps, n: alg.le(
            statistical_difference(alg, M.rows[x], M.rows[zero]), n * eps
        ),
        "SD <= eps between neighbours => SD(M(x), M(0^n)) <= n eps",
    )


@theorem(
    source=f"{SEED}, V-mult-implies-sd, section 1.2",
    expect="proved",
    id="vadhan.mult_implies_sd",
    reading="The constant c given explicitly, c = 1; every pair of distributions on any finite "
    "number of outcomes; eps in (0, 1]; SD as the maximum over sets.",
    note="O(eps) with the explicit constant c = 1, the tightest: the largest SD under "
    "Pr[A in T] <= e^eps Pr[B in T] for all T is 1 - e^-eps, and (1 - e^-eps)/eps -> 1 as "
    "eps -> 0. All pairs of distributions on 2..3 outcomes, eps in (0, 1]; every finite "
    "number of outcomes by the small-model theorem (N* = 3).",
    quote=(
        "There is a constant c such that for all eps in (0, 1] and all distributions A, B on Y: "
        "if Pr[A in T] <= e^eps Pr[B in T] for every T subset of Y, then SD(A, B) <= c eps."
    ),
)
def mult_implies_sd():
    """If Pr[A in T] <= e^eps Pr[B in T] for all T (eps in (0, 1]), then SD(A, B) <= eps."""
    return for_all_distributions(range(2, 4), eps=Interval(0, 1, lo_open=True)).claim(
        lambda alg, p, q, E, eps: implies(
            alg,
            max_divergence_at_most_over_sets(alg, p, q, E),
            alg.le(statistical_difference(alg, p, q), eps),
        ),
        says="Pr[A in T] <= e^eps Pr[B in T] for all T => SD(A, B) <= eps",
    )


@theorem(
    source=f"{SEED}, V-dp-iff-Dinf, section 2",
    expect="proved",
    id="vadhan.dp_iff_max_divergence",
    restricted=("X^2 with |X| = 2, eps in [1/100, 2]; the source: every X^n and eps"),
    reading="Finite mechanisms on X^2 with |X| = 2 and any number of outputs, one query at a "
    "time; every set T of outputs; eps in [1/100, 2]; natural log.",
    note="All mechanisms on X^2 with 2-3 outputs, eps in [1/100, 2]: the section 1.2 condition "
    "over all sets T, for every ordered neighbour pair, iff max_y ln(M(x)[y]/M(x')[y]) <= eps. "
    "Every finite number of outputs by the small-model theorem (merging: N* = 2).",
    quote=(
        "M satisfies the sec 1.2 condition (Pr[M(x,q) in T] <= e^eps Pr[M(x',q) in T] for all T) "
        "for all q and neighbours x, x' iff D_inf(M(x,q)||M(x',q)) <= eps for all q and all x, x'"
        " in X^n differing on 1 row."
    ),
)
def dp_iff_max_divergence():
    """M is eps-DP (sets) iff D_inf(M(x) || M(x')) <= eps for all neighbours."""

    def predicate(alg, M, E):
        sets = alg.all(
            max_divergence_at_most_over_sets(alg, M.rows[a], M.rows[b], E) for a, b in M.pairs
        )
        points = mechanism_pure_dp(alg, M.rows, M.pairs, E)
        return alg.all([implies(alg, sets, points), implies(alg, points, sets)])

    return for_all_mechanisms(TWO_ROWS, range(2, 4), eps=EPS).claim(
        predicate, says="sec 1.2 condition over sets <=> D_inf <= eps"
    )


def _kl_at_most():
    """sum_{y=1..k} p_y ln(p_y/q_y) <= eps when every p_y <= e^eps q_y, sum p = 1, sum q <= 1."""
    p, q = sympy.symbols("p q", positive=True)
    kl = running_sum("D", p * sympy.log(p / q))
    mass_a, mass_b = running_sum("P", p), running_sum("Q", q)
    D, P, Q = kl.symbol, mass_a.symbol, mass_b.symbol
    return induction(
        k,
        1,
        eps >= D,
        eps * P >= D,  # the induction hypothesis: each outcome adds at most eps p_y
        [kl, mass_a, mass_b],
        each={p: sympy.Interval.Lopen(0, 1), q: sympy.Interval.Lopen(0, 1)},
        each_assuming=[p <= sympy.exp(eps) * q],
        where={eps: sympy.Interval.open(0, sympy.oo)},
        assuming=[sympy.Eq(P, 1), Q <= 1],
    )


@theorem(
    source=f"{SEED}, V-KL-le-Dinf, section 2",
    expect="proved",
    id="vadhan.kl_at_most_max_divergence",
    reading="A with full support on every finite number k of outcomes (outcomes with A = 0 "
    "add nothing; B = 0 < A makes D_inf infinite); natural log; stated as D_inf <= eps => D <= "
    "eps for every eps > 0.",
    note="Stated with a threshold: D_inf(A||B) <= eps implies D(A||B) <= eps, for every eps > 0 "
    "and A, B on k outcomes where A has full support (outcomes with A = 0 add 0 to both "
    "divergences; B = 0 < A makes D_inf infinite), by induction on k "
    "(docs/design/induction.md; invariant: the running sum D <= eps times the running mass of "
    "A). Decided for all real masses (sympy/z3) in (0, 1], so k = 1 (A a point mass, where "
    "D = D_inf = ln(1/q)) is included (before: masses in (0, 1), which left k = 1 vacuous).",
    quote=(
        "For distributions A, B on Y: D(A||B) = E_{y ~ A}[ln(Pr[A=y]/Pr[B=y])] <= max_y "
        "ln(Pr[A=y]/Pr[B=y]) = D_inf(A||B)."
    ),
)
def kl_at_most_max_divergence():
    """D(A||B) <= D_inf(A||B): if D_inf(A||B) <= eps then D(A||B) <= eps."""
    return _kl_at_most()
