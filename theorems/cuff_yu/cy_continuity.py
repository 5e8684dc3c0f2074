"""Cuff & Yu (seed 001): continuity bounds of Lemma 3 / Lemma 11, the Bayesian-DP implication
(61), and Example 4.1, checked exactly on grids or proved for every parameter; (61) is proved
for every n, prior and finite alphabet by induction (docs/design/induction.md).

Grid checks are bounded (every distribution with masses in the stated grid, exactly), not proofs
for all distributions; each note says so.
"""

from itertools import product

import sympy
from _cy_common import (
    RECONSTRUCTED,
    cite,
    cmi,
    entropy,
    fact_eq,
    fact_le,
    grid_fact,
    h,
    ln,
    log_identity,
    mean_at_most,
    mi_in,
    simplex_grid,
    stated_check,
)
from sympy import Abs, Interval, exp, oo

from dpproofs.claim import all_of, exact_fact
from dpproofs.continuum import continuum
from dpproofs.symbolic import holds
from dpproofs.symbolic.induction import induction, running_sum
from dpproofs.theorem import theorem

R = sympy.Rational
CELLS2 = list(product((0, 1), repeat=2))
CELLS3 = list(product((0, 1), repeat=3))


def _tv(a, b):
    return sum(max(x - y, 0) for x, y in zip(a, b, strict=True))


def _sections_with_priors():
    out = []
    for k, d in ((2, 6), (3, 3)):
        pts = simplex_grid(k, d)
        pairs = [(a, b) for i, a in enumerate(pts) for b in pts[i + 1 :]]
        out += [(k, a, b, pi) for a, b in pairs for pi in simplex_grid(2, 4)]
    return out


def _mi(pi, a, b):
    rows = (a, b)
    return cmi({(x, y): pi[x] * rows[x][y] for x in range(2) for y in range(len(a))}, (0,), (1,))


@theorem(
    source=cite("CY-Lemma3(105)", "Appendix D (104)-(106)"),
    expect="verified-bounded",
    id="cuffyu.lemma3_eq105",
    reading=(
        "Binary X, |Y| in {2, 3}, rows and priors on grids; delta is the rows' TV; the first "
        "bound only where delta <= 1 - 1/|Y|; natural log."
    ),
    timeout=90,
    note=RECONSTRUCTED + "Binary X, |Y| in {2, 3}, rows on 2 outcomes in (1/6) Z or on 3 in "
    "(1/3) Z, priors in (1/4) Z; delta is the rows' TV. Both bounds checked (the first where "
    "delta <= 1 - 1/|Y|). A grid check.",
    quote=(
        "If abs(Y) < infinity and all rows P_{Y|X=x} are pairwise within total variation delta, "
        "then I(X; Y) <= delta ln(abs(Y) - 1) + h(delta) for delta <= 1 - 1/abs(Y), and I(X; Y) "
        "<= delta ln abs(Y) + h(delta) for every delta."
    ),
)
def mi_bounded_by_output_cardinality():
    """Rows within TV delta: I(X;Y) <= delta ln(|Y| - 1) + h(delta) (delta <= 1 - 1/|Y|) and
    I(X;Y) <= delta ln |Y| + h(delta)."""

    def one(member):
        k, a, b, pi = member
        d = _tv(a, b)
        info = _mi(pi, a, b)
        first = d > 1 - R(1, k) or fact_le(info, d * ln(k - 1) + h(d))
        return first and fact_le(info, d * ln(k) + h(d)), {"member": str(member)}

    return grid_fact("I(X;Y) <= delta ln(|Y|-1) + h(delta)", _sections_with_priors(), one)


def _lemma11_bound(delta, size):
    lam = delta / (1 + delta)
    return 2 * lam * ln(size) + 2 * h(lam)


@theorem(
    source=cite("CY-Lemma11(110)", "Lemma 11 eq. (110)"),
    expect="verified-bounded",
    id="cuffyu.lemma11",
    reading=(
        "|X| = |Y| = 2, every pair of joints with masses in (1/4) Z; delta is the pair's TV "
        "(the bound is monotone in delta); natural log."
    ),
    timeout=90,
    note=RECONSTRUCTED + "(constant reconstructed) Every pair of joint distributions on "
    "{0,1} x {0,1} with masses in (1/4) Z; delta is their TV (the bound is non-decreasing in "
    "delta: cuffyu.lemma11_monotone). A grid check.",
    quote=(
        "If P_{XY} and Q_{XY} are distributions on X x Y with abs(X) < infinity and TV(P, Q) <= "
        "delta, then abs(H_P(X|Y) - H_Q(X|Y)) <= 2 lambda ln abs(X) + 2 h(lambda), where lambda ="
        " delta/(1 + delta)."
    ),
)
def conditional_entropy_continuity():
    """TV(P, Q) <= delta implies |H_P(X|Y) - H_Q(X|Y)| <= 2 lambda ln |X| + 2 h(lambda)."""
    joints = [dict(zip(CELLS2, m, strict=True)) for m in simplex_grid(4, 4)]
    members = [(i, j) for i in range(len(joints)) for j in range(i + 1, len(joints))]

    def cond(jt):
        return entropy(jt, (0, 1)) - entropy(jt, (1,))

    def one(member):
        P, Q = joints[member[0]], joints[member[1]]
        d = _tv([P[c] for c in CELLS2], [Q[c] for c in CELLS2])
        return fact_le(abs(cond(P) - cond(Q)), _lemma11_bound(d, 2)), {
            "P": str(P),
            "Q": str(Q),
        }

    return grid_fact("|H_P(X|Y) - H_Q(X|Y)| <= 2 lambda ln|X| + 2 h(lambda)", members, one)


@theorem(
    source=cite("CY-Lemma3(126)", "Appendix D (126)-(127)"),
    expect="verified-bounded",
    id="cuffyu.lemma3_eq126",
    reading=(
        "Binary X_i (|X_i| = 2), sections and priors on grids; delta is the rows' TV; both "
        "bounds checked; natural log."
    ),
    timeout=90,
    note=RECONSTRUCTED + "Binary X_i (|X_i| = 2), sections and priors as in "
    "cuffyu.lemma3_eq105; delta is the rows' TV. A grid check.",
    quote=(
        "If abs(X_i) < infinity and all rows are pairwise within total variation delta, then "
        "I(X_i; Y | X^{-i} = x^{-i}) <= 2 lambda ln abs(X_i) + 2 h(lambda) with lambda = delta/(1"
        " + delta), and <= 2 delta ln abs(X_i) + 2 h(delta)."
    ),
)
def lemma3_input_cardinality():
    """Rows within TV delta: I(X_i; Y | x^{-i}) <= 2 lambda ln |X_i| + 2 h(lambda), and also
    <= 2 delta ln |X_i| + 2 h(delta) (neither bound dominates the other: at delta = 1 the first
    is 3 ln 2, the second 2 ln 2)."""

    def one(member):
        _, a, b, pi = member
        d = _tv(a, b)
        info = _mi(pi, a, b)
        tight = _lemma11_bound(d, 2)
        return fact_le(info, tight) and fact_le(info, 2 * d * ln(2) + 2 * h(d)), {
            "member": str(member)
        }

    return grid_fact("I <= 2 lambda ln 2 + 2 h(lambda)", _sections_with_priors(), one)


@theorem(
    source=cite("CY-sec6.3(61)", "sec 6.3 eqs. (60)-(61)"),
    expect="proved",
    id="cuffyu.sec6_3_eq61",
    reading=(
        "Every n, i, K and prior on finite alphabets; (eps, 0)-close read pointwise "
        "(P <= e^eps P~ at every y, both ways), eps >= 0; cells of positive mass only (0 ln 0 "
        "= 0); natural log."
    ),
    timeout=60,
    note=RECONSTRUCTED + "For every n, i, K and prior on finite alphabets: I(X_i; Y | X_K) is "
    "the sum over the cells (x_K, x_i, y) of positive mass c of c ln(P(y|x_i, x_K)/P(y|x_K)), "
    "the masses c adding up to 1. Three parts, (1) and (3) for every size by induction "
    "(docs/design/induction.md): (1) P(y|x_K) = sum_j w_j P(y|x_j, x_K), a mixture over the "
    "values x_j of positive weight w_j = P(x_j|x_K) (adding up to 1), each P(y|x_j, x_K) >= "
    "e^-eps P(y|x_i, x_K) by (60) (x_j = x_i too, as e^eps >= 1), so P(y|x_i, x_K) <= e^eps "
    "P(y|x_K); (2) so ln(P(y|x_i, x_K)/P(y|x_K)) <= ln e^eps = eps; (3) a mean of terms "
    "<= eps with weights adding up to 1 is <= eps. Was a grid of joints at n = 2 binary entries.",
    quote=(
        "For a fixed prior P_{X^n}, assume P_{Y|X_i=x_i, X_K=x_K} and P_{Y|X_i=xt_i, X_K=x_K} are"
        " (eps, 0)-close for all i, all K subset of [n] minus {i} and all values ((60), "
        "eps-Bayesian DP). Then I(X_i; Y | X_K) <= eps for all i and K (61)."
    ),
)
def bayesian_dp_bounds_conditional_mi():
    """eps-Bayesian DP for a prior implies I(X_i; Y | X_K) <= eps for all i, K.

    Every conditional P(y|x_i, x_K) is within e^eps of the mixture P(y|x_K), and I is a mean
    of their log-ratios."""
    m = sympy.Symbol("m", positive=True)
    w, b, a, big = sympy.symbols("w b a E", positive=True)
    mixture, mass = running_sum("M", w * b), running_sum("W", w)
    mix, weight = mixture.symbol, mass.symbol
    # (1) a <= E b_j for every j and sum w_j = 1 imply a <= E sum w_j b_j (E = e^eps >= 1).
    within_mixture = induction(
        m,
        1,
        sympy.Implies(sympy.Eq(weight, 1), a <= big * mix),
        sympy.And(a * weight <= big * mix, weight > 0),
        [mixture, mass],
        each={w: Interval.Lopen(0, 1), b: Interval.open(0, oo)},
        each_assuming=[a <= big * b],
        where={a: Interval.open(0, oo), big: Interval(1, oo)},
    )
    # (2) x = P(y|x_i, x_K)/P(y|x_K) <= E gives ln x <= ln E = eps.
    x = sympy.Symbol("x", positive=True)
    log_ratio = holds(
        sympy.Implies(x <= big, sympy.log(x) <= sympy.log(big)),
        where={x: Interval.open(0, oo), big: Interval(1, oo)},
    )
    # (3) I(X_i; Y | X_K), the mean of those log-ratios over the positive cells, is <= eps.
    return all_of(within_mixture, log_ratio, mean_at_most("I", sympy.Symbol("eps", real=True)))


n = sympy.Symbol("n", positive=True)
eps = sympy.Symbol("eps", positive=True)
y, a, b = sympy.symbols("y a b", real=True)


@theorem(
    source=cite("CY-Ex4.1(i)", "Example 4.1, Laplace on the sample mean"),
    expect="proved",
    id="cuffyu.example4_1_laplace",
    reading=(
        "Neighbours: binary databases differing in one entry, so the sample mean moves by at "
        "most 1/n; eps-DP read as the pointwise density-ratio bound e^eps for every output y, "
        "every real n >= 1 and eps > 0; the 'hence eps-MI-DP' is Lemma 1 (cited, bounded in "
        "cuffyu.lemma1_eq22_23)."
    ),
    note="Neighbouring binary databases move the sample mean by at most 1/n; the Laplace "
    "density with scale 1/(n eps) at y changes by at most e^eps (every y, every n >= 1, eps > 0), "
    "so the mechanism is eps-DP (and eps-MI-DP by Lemma 1: cuffyu.lemma1_eq22_23).",
    quote=(
        "For binary entries, Y = (1/n) sum_i X_i + N with N ~ Lap(1/(n eps)) is eps-DP, and hence"
        " eps-MI-DP."
    ),
)
def laplace_mean_is_dp():
    """Y = mean + Lap(1/(n eps)) is eps-DP: density ratio <= e^eps when |a - b| <= 1/n."""
    return holds(
        exp(-n * eps * Abs(y - a)) <= exp(eps) * exp(-n * eps * Abs(y - b)),
        where={n: Interval(1, oo), eps: Interval.open(0, oo)},
        assuming=[n * Abs(a - b) <= 1],
    )


@theorem(
    source=cite("CY-Ex4.1(iii)", "Example 4.1, X_i = X_1"),
    expect="proved",
    id="cuffyu.example4_1_iii",
    reading=(
        "n = 2 (X_2 = X_1), every law of X_1 on {0, 1} and every mechanism with 2 outputs, "
        "not only the Laplace one (the source's claim holds for every channel since X_i is a "
        "function of X^{-i}); natural log."
    ),
    timeout=60,
    note="n = 2 (X_2 = X_1 ~ w): for every law w of X_1 on {0,1} and every mechanism on "
    "{0,1}^2 with 2 outputs (the continuum, no longer the 625 mechanisms with entries in "
    "(1/4) Z and w = (1/2, 1/2); the claim holds for every channel, the Laplace one included, "
    "since X_i is determined by X^{-i}). I(X_i; Y | X^{-i}) is a sum of entropies of "
    "marginals that cancels to the zero polynomial (rule ID, docs/design/branch-and-bound.md). "
    "Still bounded: n = 2 and binary outputs.",
    quote=("In the same setting, I(X_i; Y | X^{-i}) = 0 for every i and n."),
)
def conditional_mi_vanishes():
    """With X_i = X_1 for all i: I(X_i; Y | X^{-i}) = 0."""
    dbs = list(product((0, 1), repeat=2))

    def predicate(alg, w, mech):
        # The joint law of (X_1, X_2, Y) lives on the cells with x_1 = x_2.
        joint = {(a, a, y): w[a] * mech[dbs.index((a, a))][y] for a in (0, 1) for y in (0, 1)}
        return alg.all(
            [
                alg.eq(mi_in(alg, joint, (0,), (2,), (1,)), 0),
                alg.eq(mi_in(alg, joint, (1,), (2,), (0,)), 0),
            ]
        )

    return continuum(
        "I(X_i;Y|X^-i) = 0 when X_2 = X_1",
        predicate,
        {"w": 2, "M": (4, 2)},
        labels={
            "w": "every law of X_1 = X_2 on {0,1}",
            "M": "every mechanism on {0,1}^2 with 2 outputs",
        },
    )


@theorem(
    source=cite("CY-Thm1(18)", "Theorem 1 eqs. (18)-(19)"),
    expect="proved",
    id="cuffyu.theorem1_eq18",
    reading=(
        "K symbolic; the limit delta -> 0+ of the Lemma 3 bound (the step that supplies alpha "
        "for each beta); not the theorem."
    ),
    role="proof",
    note=RECONSTRUCTED + "The step that makes delta-DP succeq MI-DP for bounded K: the Lemma 3 "
    "bound 2 delta ln K + 2 h(delta) tends to 0 as delta -> 0+ for every K (sympy's exact "
    "limit), so for each beta some alpha > 0 has bound <= beta. Lemma 3 itself is checked "
    "only on instances (cuffyu.lemma3); the statement is cuffyu.theorem1_eq18_statement.",
    quote=(
        "If K < infinity, then delta-DP succeq MI-DP (the alpha in Def 8 depends on K), so MI-DP "
        "equiv delta-DP equiv (eps, delta)-DP."
    ),
)
def delta_dp_dominates_mi_dp():
    """For every K >= 2: 2 delta ln K + 2 h(delta) -> 0 as delta -> 0+."""
    d = sympy.Symbol("d", positive=True)
    k = sympy.Symbol("K", positive=True)

    def check():
        bound = 2 * d * sympy.log(k) + 2 * (-d * sympy.log(d) - (1 - d) * sympy.log(1 - d))
        value = sympy.limit(bound, d, 0, "+")
        return fact_eq(value, 0), {"limit": value}

    return all_of(exact_fact("limit of the Lemma 3 bound", stated_check(check)))


#: (inputs, outputs) of the channels of cuffyu.sibson_alpha1.
SIBSON_SHAPES = ((2, 2), (2, 3), (3, 2))


def _sibson_limit(inputs: int, outputs: int):
    """lim_{alpha -> 1} I_alpha = I(X; Y) for every prior and channel with positive entries of
    this shape. L(alpha) = ln sum_y (sum_x P(x) W(y|x)^alpha)^(1/alpha) is differentiable at
    alpha = 1 (every base positive) with L(1) = ln sum_{x,y} P(x) W(y|x) = ln 1 = 0, so
    alpha/(alpha - 1) L(alpha) -> 1 * L'(1); the check: L(1) = 0 and L'(1) = I(X; Y)."""
    alpha = sympy.Symbol("alpha", positive=True)
    prior = list(sympy.symbols(f"P0:{inputs}", positive=True))
    rows = [list(sympy.symbols(f"W{x}_0:{outputs}", positive=True)) for x in range(inputs)]
    # The last mass of each law is 1 minus the others (positive: masses in (0, 1)).
    constraints = {prior[-1]: 1 - sum(prior[:-1])}
    constraints.update({row[-1]: 1 - sum(row[:-1]) for row in rows})

    def check():
        inner = [sum(prior[x] * rows[x][y] ** alpha for x in range(inputs)) for y in range(outputs)]
        at_one = [sum(prior[x] * rows[x][y] for x in range(inputs)) for y in range(outputs)]
        slope = sympy.diff(sympy.log(sum(v ** (1 / alpha) for v in inner)), alpha).subs(alpha, 1)
        shannon = sum(
            prior[x] * rows[x][y] * sympy.log(rows[x][y] / at_one[y])
            for x in range(inputs)
            for y in range(outputs)
        )
        total = sympy.expand(sum(at_one).subs(constraints))
        gap = log_identity(slope - shannon, constraints)
        return fact_eq(total, 1) and fact_eq(gap, 0), {"sum P W": total, "L'(1) - I": gap}

    return exact_fact(f"lim I_alpha = I, {inputs} inputs, {outputs} outputs", stated_check(check))


@theorem(
    source=cite("CY-sibson-alpha1", "sec 7 after (66)"),
    expect="proved",
    id="cuffyu.sibson_alpha1",
    restricted=(
        "channels with positive entries, 2 x 2, 2 x 3 and 3 x 2; the source: every channel and "
        "prior"
    ),
    reading=(
        "Every prior and every channel with positive entries, 2 x 2, 2 x 3 and 3 x 2 (inputs x "
        "outputs); Sibson's closed form; the limit alpha -> 1 as the derivative of its "
        "logarithm at alpha = 1; natural log."
    ),
    timeout=60,
    note=RECONSTRUCTED + "For every prior and channel with positive entries of 2 x 2, 2 x 3 and "
    "3 x 2 (symbolic masses, the last of each law 1 minus the others): Sibson's closed form "
    "I_alpha = alpha/(alpha - 1) L(alpha), L(alpha) = ln sum_y (sum_x P(x) W(y|x)^alpha)^(1/alpha),"
    " has L(1) = 0, so its limit at alpha = 1 is L'(1) (L is differentiable there: every base is "
    "positive), and L'(1) equals the Shannon I(X; Y) (logarithms of positive terms split, the "
    "coefficients reduced by the masses' sums). Zero entries and larger alphabets are not "
    "covered. Was one instance (P_X = (1/3, 2/3), rows (1/2, 1/2), (1/4, 3/4)).",
    quote=(
        "Sibson's I_alpha(X; Y) of (66) tends to the Shannon mutual information I(X; Y) as alpha "
        "-> 1."
    ),
)
def sibson_tends_to_shannon():
    """I_alpha(X; Y) -> I(X; Y) as alpha -> 1."""
    return all_of(*(_sibson_limit(k, m) for k, m in SIBSON_SHAPES))
