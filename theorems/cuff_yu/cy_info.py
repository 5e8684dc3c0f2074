"""Cuff & Yu (seed 001): information inequalities.

Those that are linear inequalities of entropies and mutual informations under linear hypotheses
(independence, Markov chains, bounds by eps) are Shannon-type and proved for every joint
distribution on every finite alphabet (dpproofs.entropic, docs/design/shannon.md): Properties 4
and 5, Corollary 4, sec 6.2 (59) and, for n <= 4 entries, sec 6.3 (62). Sec 6.4 (65) is proved
for every finite alphabet by induction on the number of cells. The others below are grid checks:

The deciders cannot search over distributions with logarithms in the predicate, so these claims
("for all distributions") are checked on EVERY distribution whose masses lie in a stated grid
(1/d) Z, exactly: logs of rationals are sums of logs of primes, identities collapse to an exact
0, inequalities go to a rigorous Arb sign. This is a bounded check on a grid, not a proof for all
distributions; each note says so. A proof would need a derivation (theorems/derivations/).
"""

from itertools import product

import sympy
from _cy_common import (
    RECONSTRUCTED,
    cite,
    fact_eq,
    fact_le,
    grid_fact,
    h,
    ln,
    log_identity,
    marginal,
    simplex_grid,
    stated_check,
)

from dpproofs.algebra import EXACT
from dpproofs.claim import all_of, exact_fact
from dpproofs.entropic import (
    I,
    for_all_joint_distributions,
    independent,
    markov,
    parameter,
    random_variables,
)
from dpproofs.entropic.induction import sequence_induction
from dpproofs.symbolic.induction import induction, running_sum
from dpproofs.theorem import theorem
from dpproofs.vocabulary import mutual_information

CELLS3 = list(product((0, 1), repeat=3))
GRID3 = [dict(zip(CELLS3, masses, strict=True)) for masses in simplex_grid(8, 3)]
X, Y, Z = (0,), (1,), (2,)


def _channel(joint, given, of):
    """(P_given, rows P_{of | given}) of a joint law: the prior and channel the vocabulary's
    mutual information takes (rows of a zero-mass input are never read)."""
    prior_law = marginal(joint, given)
    pair_law = marginal(joint, given + of)
    inputs = sorted(prior_law)
    outputs = sorted({cell[len(given) :] for cell in pair_law})
    zero = sympy.Integer(0)
    rows = [
        [pair_law.get(x + y, zero) / prior_law[x] if prior_law[x] else zero for y in outputs]
        for x in inputs
    ]
    return [prior_law[x] for x in inputs], rows


def _mi(joint, given, of):
    """I(given; of) = sum_x P(x) D(P_{of|x} || P_of): the vocabulary's definition (Cuff-Yu
    Def 2's quantity), not an entropy identity."""
    return mutual_information(EXACT, *_channel(joint, given, of))


def _conditional_mi(joint, a, b, c):
    """I(a; b | c) = sum_z P(c = z) I(a; b)_{P | c = z}: the conditional law's mutual information,
    averaged (the definition, not H(ac) + H(bc) - H(abc) - H(c))."""
    total = sympy.Integer(0)
    for value, mass in marginal(joint, c).items():
        if mass:
            sub: dict = {}
            for cell, m in joint.items():
                if tuple(cell[k] for k in c) == value:
                    key = tuple(cell[k] for k in a + b)
                    sub[key] = sub.get(key, sympy.Integer(0)) + m / mass
            total += mass * _mi(sub, tuple(range(len(a))), tuple(range(len(a), len(a + b))))
    return total


@theorem(
    source=cite("CY-Prop6(41)", "Property 6, chain rule"),
    expect="proved",
    id="cuffyu.property6_chain_rule",
    restricted=(
        "binary X, Y, Z, joints with positive masses; the source: every joint law on finite "
        "alphabets"
    ),
    reading=(
        "Binary X, Y, Z; every joint law with positive masses (symbolic); I and conditional I "
        "from the vocabulary's KL-based definition; natural log."
    ),
    note="Each side from the vocabulary's definition of mutual information (sum_x P(x) "
    "D(P_{Y|x} || P_Y), and I(X; Z | Y) as the P(y)-average of the conditional laws' mutual "
    "information), so the identity is not one of a definition by entropies. For every joint "
    "law of (X, Y, Z) on {0,1}^3 with positive masses (eight positive symbols): each logarithm "
    "split into logarithms of positive irreducible factors, every coefficient reduced to 0 "
    "(log_identity). Joints with a zero mass are not covered (both sides are continuous on the "
    "closed simplex, but that step is not checked). Was a grid of 120 joints in (1/3) Z.",
    quote=("I(X; Y, Z) = I(X; Y) + I(X; Z | Y)."),
)
def chain_rule():
    """I(X; Y, Z) = I(X; Y) + I(X; Z | Y)."""
    masses = sympy.symbols("m0:8", positive=True)
    joint = dict(zip(CELLS3, masses, strict=True))

    def check():
        whole = _mi(joint, X, Y + Z)
        parts = _mi(joint, X, Y) + _conditional_mi(joint, X, Z, Y)
        gap = log_identity(whole - parts, {})
        return fact_eq(gap, 0), {"I(X;YZ) - I(X;Y) - I(X;Z|Y)": gap}

    return all_of(exact_fact("I(X;YZ) = I(X;Y) + I(X;Z|Y), positive masses", stated_check(check)))


@theorem(
    source=cite("CY-Prop4(39)", "Property 4"),
    expect="proved",
    id="cuffyu.property4",
    reading=(
        "Every joint law of (X, Y, Z) on finite alphabets; independence read as I(X; Z) = 0; "
        "natural log (the inequality holds in every base)."
    ),
    note="For every joint distribution of (X, Y, Z) on every finite alphabet: a Shannon-type "
    "certificate (I(X;Y|Z) - I(X;Y) = I(X;Z|Y) - I(X;Z), with I(X;Z) = 0 and I(X;Z|Y) >= 0), "
    "checked exactly. Was a grid of 729 binary joints.",
    quote=("If X and Z are independent, then I(X; Y) <= I(X; Y | Z)."),
)
def independent_conditioning_increases_mi():
    """X independent of Z implies I(X; Y) <= I(X; Y | Z)."""
    x, y, z = random_variables("X Y Z")
    return for_all_joint_distributions(I(x, y) <= I(x, y, given=z), given=[independent(x, z)])


@theorem(
    source=cite("CY-Prop5(40)", "Property 5, data processing"),
    expect="proved",
    id="cuffyu.property5",
    reading=(
        "Every joint law of (X, Y, Z) on finite alphabets; the Markov chain X - Y - Z read as "
        "I(X; Z | Y) = 0; natural log."
    ),
    note="For every joint distribution of (X, Y, Z) on every finite alphabet with X - Y - Z "
    "Markov (I(X; Z | Y) = 0): a Shannon-type certificate checked exactly. Was a grid of 1024 "
    "binary Markov chains.",
    quote=(
        "If X - Y - Z is a Markov chain (X and Z conditionally independent given Y), then I(X; Z)"
        " <= I(X; Y)."
    ),
)
def data_processing():
    """X - Y - Z Markov implies I(X; Z) <= I(X; Y)."""
    x, y, z = random_variables("X Y Z")
    return for_all_joint_distributions(I(x, z) <= I(x, y), given=[markov(x, y, z)])


@theorem(
    source=cite("CY-Cor4(42)", "Corollary 4, independent data"),
    expect="proved",
    id="cuffyu.corollary4",
    reading=(
        "Every n, i and prior: mutual independence used only as X_i independent of W = X^{-i} "
        "(grouped into one variable); eps-MI-DP read as I(X_i; Y | W) <= eps at the prior at "
        "hand (implied by the sup of Definition 2); natural log."
    ),
    note="For every n, i, prior and mechanism, by two reductions (docs/design/shannon.md): W = "
    "X^{-i} is one random variable on the product alphabet, and mutual independence of X_1..X_n "
    "gives X_i independent of W (all the proof uses); Definition 2 (sup over priors of "
    "I(X_i; Y | X^{-i}) <= eps) gives I(X_i; Y | W) <= eps at the prior at hand, and every joint "
    "law of (X^n, Y) is a prior times a mechanism. The three-variable claim is Shannon-type, "
    "proved for every joint distribution on every finite alphabet. Was a grid at n = 2.",
    quote=(
        "If X_1, ..., X_n are mutually independent and P_{Y|X^n} is eps-MI-DP, then I(X_i; Y) <= "
        "eps for every i."
    ),
)
def corollary4():
    """Independent X_1..X_n and eps-MI-DP imply I(X_i; Y) <= eps (via I(X_i;Y) <= I(X_i;Y|X^-i))."""
    xi, w, y = random_variables("X_i X_rest Y")
    eps = parameter("eps")
    return for_all_joint_distributions(
        I(xi, y) <= eps, given=[independent(xi, w), I(xi, y, given=w) <= eps]
    )


@theorem(
    source=cite("CY-sec6.2(59)", "sec 6.2 eq. (59)"),
    expect="proved",
    id="cuffyu.sec6_2",
    reading=(
        "Every n, disjoint S (non-empty) and T, grouped into three variables; (58) read at the "
        "prior at hand (implied by its sup over priors); natural log."
    ),
    note=RECONSTRUCTED + "For every n, disjoint S (non-empty) and T, prior and mechanism, by "
    "grouping (docs/design/shannon.md): A = X_S, B = X_T, C = the other entries are random "
    "variables on product alphabets (T empty or S u T = [n]: B or C constant, instances of the "
    "claim); (58), a sup over priors, gives I(A, B, C; Y) <= eps at the prior at hand. Both "
    "claims are Shannon-type, proved for every joint distribution on every finite alphabet. "
    "Was a grid at n = 2.",
    quote=(
        "If sup over P_{X^n} of I(X^n; Y) <= eps (58), then I(X_S; Y | X_T) <= eps for every "
        "P_{X^n} and all disjoint S, T subset of [n]."
    ),
)
def free_lunch_chain_rule():
    """I(X_S; Y | X_T) <= I(X^n; Y) for all disjoint S, T of [n], hence (59) under (58)."""
    a, b, c, y = random_variables("X_S X_T X_other Y")
    eps = parameter("eps")
    whole = I((a, b, c), y)
    return all_of(
        for_all_joint_distributions(I(a, y, given=b) <= whole),
        for_all_joint_distributions(I(a, y, given=b) <= eps, given=[whole <= eps]),
    )


@theorem(
    source=cite("CY-sec6.3(62)", "sec 6.3 eqs. (62)-(63)"),
    expect="proved",
    id="cuffyu.sec6_3_eq62",
    reading=(
        "Every n, every joint law on finite alphabets; (61) as a hypothesis for every i and K at "
        "the prior at hand; eps a free parameter; natural log. Read through grouping: C = X_T, "
        "the entries of S in any order as Y_1..Y_k (k = |S|), (61) at K = T with the earlier "
        "entries of S as each stage's hypothesis."
    ),
    note=RECONSTRUCTED + "For every n and all disjoint S (non-empty), T of [n]: by induction on "
    "|S| over the entries of S (docs/design/induction.md, sequence induction): with C = X_T "
    "grouped (docs/design/shannon.md) and A the entries of S taken so far, the base and the "
    "step (I(A; Y | C) <= E and I(B; Y | C, A) <= e imply I(A, B; Y | C) <= E + e) are "
    "Shannon-type certificates checked exactly; every e_j = eps gives |S| eps, and S = [n], "
    "T empty gives I(X^n; Y) <= n eps. Was n = 2, 3, 4 (and a grid at n = 2 before that).",
    quote=(
        "If (61) holds for all i and K, then I(X_S; Y | X_T) <= abs(S) eps for all disjoint S, T "
        "subset of [n], and I(X^n; Y) <= n eps."
    ),
)
def bayesian_chain_rule():
    """If I(X_i; Y | X_K) <= eps for all i, K, then I(X_S; Y | X_T) <= |S| eps and
    I(X^n; Y) <= n eps."""
    y, c, a, b = random_variables("Y X_T A B")
    total, each = parameter("E"), parameter("e")
    return sequence_induction(
        I(a, y, given=c) <= total,
        [I(b, y, given=(c, a)) <= each],
        text="for every k = |S| >= 1: I(X_S; Y | X_T) <= e_1 + .. + e_k (= |S| eps at e_j = eps) "
        "when I(X_{s_j}; Y | X_T, X_{s_1}, .., X_{s_(j-1)}) <= e_j at every j ((61) at K = T "
        "and the earlier entries of S)",
    )


@theorem(
    source=cite("CY-sec6.4(65)", "sec 6.4 eqs. (64)-(65)"),
    expect="proved",
    id="cuffyu.sec6_4",
    reading=(
        "Every n, every i, every joint law of (X_i, Y) on finite alphabets; (64) in ratio form "
        "at the cells of positive mass (the others carry no weight in I, 0 ln 0 = 0); eps any "
        "real; natural log."
    ),
    note=RECONSTRUCTED + "For every n, i and joint law of (X_i, Y) on finite alphabets: "
    "I(X_i; Y) is, by its definition, the sum over the k >= 1 cells (x, y) of positive mass "
    "a = P(x, y) (whose masses add up to 1, with P(x), P(y) > 0) of a r, r = ln(P(x|y)/P(x)) "
    "= ln(a/(P(x) P(y))) real, and (64) in log form says r <= eps at each such cell. So "
    "I(X_i; Y) <= eps is the claim: for every k >= 1 and a_j in (0, 1], real r_j <= eps, "
    "sum a_j = 1 implies sum a_j r_j <= eps, decided for every k by induction on k "
    "(docs/design/induction.md) with the invariant sum a_j r_j <= eps sum a_j, sum a_j > 0 "
    "(a mean of log-ratios is at most their bound). Was a grid of 20 binary joints at n = 1.",
    quote=(
        "If P_{X_i|Y=y}(x_i)/P_{X_i}(x_i) <= e^eps for all i, x_i, y (adversarial privacy (64), "
        "in log form), then I(X_i; Y) <= eps for all i."
    ),
)
def adversarial_privacy_bounds_mi():
    """P_{X|Y=y}(x)/P_X(x) <= e^eps for all x, y implies I(X; Y) <= eps: I(X; Y) = sum over
    the k positive cells of a r (a = P(x, y), r = ln(P(x|y)/P(x)) <= eps), every k."""
    k = sympy.Symbol("k", positive=True)
    a = sympy.Symbol("a", positive=True)
    r, eps = sympy.symbols("r eps", real=True)
    info = running_sum("I", a * r)
    mass = running_sum("W", a)
    total, weight = info.symbol, mass.symbol
    return induction(
        k,
        1,
        sympy.Implies(sympy.Eq(weight, 1), total <= eps),
        sympy.And(total <= eps * weight, weight > 0),
        [info, mass],
        each={a: sympy.Interval.Lopen(0, 1), r: sympy.Interval(-sympy.oo, sympy.oo)},
        each_assuming=[r <= eps],
        where={eps: sympy.Interval(-sympy.oo, sympy.oo)},
    )


def _tv(p, q):
    return sum(max(a - b, 0) for a, b in zip(p, q, strict=True))


@theorem(
    source=cite("CY-Zhang", "Appendix D, entropy continuity of [27]"),
    expect="verified-bounded",
    id="cuffyu.zhang",
    reading=(
        "m = 2, 3 outcomes, pairs on a grid with TV <= 1 - 1/m; TV = delta exactly (the "
        "pair's TV); natural log."
    ),
    note="Every pair of distributions on m = 2, 3 outcomes with masses in (1/6) Z (m = 2) or "
    "(1/4) Z (m = 3) with TV <= 1 - 1/m. A grid check.",
    quote=(
        "For distributions P, Q on a set of m < infinity elements with TV(P, Q) = delta <= 1 - "
        "1/m: abs(H(P) - H(Q)) <= delta ln(m - 1) + h(delta)."
    ),
)
def entropy_continuity():
    """|H(P) - H(Q)| <= delta ln(m - 1) + h(delta) for TV(P, Q) = delta <= 1 - 1/m."""
    pairs = []
    for m, d in ((2, 6), (3, 4)):
        pts = simplex_grid(m, d)
        pairs += [(m, a, b) for a in pts for b in pts if _tv(a, b) <= 1 - sympy.Rational(1, m)]

    def one(pair):
        m, a, b = pair
        ha = sympy.Add(*(-x * ln(x) for x in a if x))
        hb = sympy.Add(*(-x * ln(x) for x in b if x))
        d = _tv(a, b)
        bound = d * ln(m - 1) + h(d) if m > 2 else h(d)
        return fact_le(abs(ha - hb), bound), {"m": m, "P": str(a), "Q": str(b)}

    return grid_fact("Zhang's continuity bound", pairs, one)
