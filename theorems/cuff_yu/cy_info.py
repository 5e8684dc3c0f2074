"""Cuff & Yu (seed 001): information inequalities, checked exactly on every joint distribution of
a finite grid.

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
    cmi,
    fact_eq,
    fact_le,
    grid_fact,
    h,
    ln,
    marginal,
    simplex_grid,
)

from dpproofs.algebra import EXACT
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
    expect="verified-bounded",
    id="cuffyu.property6_chain_rule",
    reading=(
        "Binary X, Y, Z; every joint with masses in (1/3) Z; I and conditional I from the "
        "vocabulary's KL-based definition; natural log."
    ),
    note="Each side from the vocabulary's definition of mutual information (sum_x P(x) "
    "D(P_{Y|x} || P_Y), and I(X; Z | Y) as the P(y)-average of the conditional laws' mutual "
    "information), so the identity is not one of a definition by entropies. Exact on every "
    "joint distribution of (X, Y, Z) on {0,1}^3 with masses in (1/3) Z (120 joints); a grid "
    "check, not a proof for all distributions.",
    quote=("I(X; Y, Z) = I(X; Y) + I(X; Z | Y)."),
)
def chain_rule():
    """I(X; Y, Z) = I(X; Y) + I(X; Z | Y)."""

    def one(j):
        whole = _mi(j, X, Y + Z)
        parts = _mi(j, X, Y) + _conditional_mi(j, X, Z, Y)
        return fact_eq(sympy.expand_log(whole - parts, force=True), 0), {}

    return grid_fact("I(X;YZ) = I(X;Y) + I(X;Z|Y) on the grid", GRID3, one)


def _binary_channels(denominator: int, inputs: int):
    rows = [
        (sympy.Rational(k, denominator), 1 - sympy.Rational(k, denominator))
        for k in range(denominator + 1)
    ]
    return list(product(rows, repeat=inputs))


HALVES = [(sympy.Rational(k, 2), 1 - sympy.Rational(k, 2)) for k in range(3)]
MARGINS = [(sympy.Rational(k, 3), 1 - sympy.Rational(k, 3)) for k in range(4)]


def _independent_joints(margins=MARGINS):
    """P(x) P(z) P(y | x, z) with P_X, P_Z in ``margins`` and channel entries in (1/2) Z."""
    joints = []
    for px, pz, w in product(margins, margins, _binary_channels(2, 4)):
        chan = dict(zip(product((0, 1), repeat=2), w, strict=True))
        joints.append({(x, y, z): px[x] * pz[z] * chan[(x, z)][y] for x, y, z in CELLS3})
    return joints


def _markov_joints():
    """P(x) P(y | x) P(z | y), entries in (1/3) Z."""
    joints = []
    chans = _binary_channels(3, 2)
    for px, wy, wz in product(MARGINS, chans, chans):
        joints.append({(x, y, z): px[x] * wy[x][y] * wz[y][z] for x, y, z in CELLS3})
    return joints


@theorem(
    source=cite("CY-Prop4(39)", "Property 4"),
    expect="verified-bounded",
    id="cuffyu.property4",
    reading=(
        "Binary X, Y, Z; independence of X and Z as a product law with a channel P_{Y|XZ}; "
        "masses on a grid; natural log."
    ),
    note="Exact on every P_X P_Z P_{Y|XZ} over binary X, Y, Z with P_X, P_Z in (1/2) Z and "
    "channel entries in (1/2) Z (729 joints); a grid check, not a proof for all distributions.",
    quote=("If X and Z are independent, then I(X; Y) <= I(X; Y | Z)."),
)
def independent_conditioning_increases_mi():
    """X independent of Z implies I(X; Y) <= I(X; Y | Z)."""
    return grid_fact(
        "I(X;Y) <= I(X;Y|Z) on the grid",
        _independent_joints(HALVES),
        lambda j: (fact_le(cmi(j, X, Y), cmi(j, X, Y, Z)), {}),
    )


@theorem(
    source=cite("CY-Prop5(40)", "Property 5, data processing"),
    expect="verified-bounded",
    id="cuffyu.property5",
    reading=("Binary X, Y, Z; the Markov chain as P_X P_{Y|X} P_{Z|Y} on a grid; natural log."),
    note="Exact on every Markov chain P_X P_{Y|X} P_{Z|Y} over binary alphabets with entries in "
    "(1/3) Z (1024 joints); a grid check, not a proof for all distributions.",
    quote=(
        "If X - Y - Z is a Markov chain (X and Z conditionally independent given Y), then I(X; Z)"
        " <= I(X; Y)."
    ),
)
def data_processing():
    """X - Y - Z Markov implies I(X; Z) <= I(X; Y)."""
    return grid_fact(
        "I(X;Z) <= I(X;Y) on the grid",
        _markov_joints(),
        lambda j: (fact_le(cmi(j, X, Z), cmi(j, X, Y)), {}),
    )


@theorem(
    source=cite("CY-Cor4(42)", "Corollary 4, independent data"),
    expect="verified-bounded",
    id="cuffyu.corollary4",
    reading=(
        "n = 2 binary entries, independence of X_1, X_2 as a product prior; eps-MI-DP read as "
        "I(X_i; Y | X^{-i}) <= eps at this prior (implied by the sup of Definition 2), so the "
        "per-prior inequality I(X_i; Y) <= I(X_i; Y | X^{-i}) is checked; natural log."
    ),
    note="n = 2 binary entries, independent X_1, X_2 (marginals in (1/2) Z), binary mechanism "
    "rows in (1/2) Z. Checked: I(X_i; Y) <= I(X_i; Y | X^{-i}) for i = 1, 2, which is <= eps by "
    "Definition 2 for an eps-MI-DP mechanism (the proof's only step). A grid check.",
    quote=(
        "If X_1, ..., X_n are mutually independent and P_{Y|X^n} is eps-MI-DP, then I(X_i; Y) <= "
        "eps for every i."
    ),
)
def corollary4():
    """Independent X_1, X_2 and eps-MI-DP imply I(X_i; Y) <= eps (via I(X_i;Y) <= I(X_i;Y|X^-i))."""
    x1, y, x2 = (0,), (1,), (2,)
    return grid_fact(
        "I(X_i;Y) <= I(X_i;Y|X^-i), i = 1, 2",
        _independent_joints(HALVES),
        lambda j: (
            fact_le(cmi(j, x1, y), cmi(j, x1, y, x2)) and fact_le(cmi(j, x2, y), cmi(j, x2, y, x1)),
            {},
        ),
    )


@theorem(
    source=cite("CY-sec6.2(59)", "sec 6.2 eq. (59)"),
    expect="verified-bounded",
    id="cuffyu.sec6_2",
    reading=(
        "n = 2 entries, Y binary, every joint on a grid; checked as I(X_S; Y | X_T) <= I(X^n; "
        "Y) at the same prior (stronger than needed), all disjoint S (nonempty) and T."
    ),
    note=RECONSTRUCTED + "n = 2 entries and Y binary, every joint on {0,1}^3 with masses in "
    "(1/3) Z: I(X_S; Y | X_T) <= I(X^n; Y) for all disjoint S (nonempty), T, which with (58) "
    "gives (59). A grid check.",
    quote=(
        "If sup over P_{X^n} of I(X^n; Y) <= eps (58), then I(X_S; Y | X_T) <= eps for every "
        "P_{X^n} and all disjoint S, T subset of [n]."
    ),
)
def free_lunch_chain_rule():
    """I(X_S; Y | X_T) <= I(X^n; Y) for all disjoint S, T of [n]."""
    y, xs = (1,), (0, 2)
    splits = [((0,), ()), ((2,), ()), ((0,), (2,)), ((2,), (0,)), ((0, 2), ())]
    return grid_fact(
        "I(X_S;Y|X_T) <= I(X^n;Y)",
        GRID3,
        lambda j: (all(fact_le(cmi(j, s, y, t), cmi(j, xs, y)) for s, t in splits), {}),
    )


@theorem(
    source=cite("CY-sec6.3(62)", "sec 6.3 eqs. (62)-(63)"),
    expect="verified-bounded",
    id="cuffyu.sec6_3_eq62",
    reading=(
        "n = 2, Y binary, joints on a grid; eps is the largest I(X_i; Y | X_K); for n = 2 the "
        "only S with |S| >= 2 is [n], so I(X^n; Y) <= n eps is the check (|S| = 1 is (61) "
        "itself)."
    ),
    note=RECONSTRUCTED + "n = 2, Y binary, every joint on {0,1}^3 with masses in (1/3) Z; eps "
    "is the largest I(X_i; Y | X_K) (the tightest eps for which (61) holds). A grid check.",
    quote=(
        "If (61) holds for all i and K, then I(X_S; Y | X_T) <= abs(S) eps for all disjoint S, T "
        "subset of [n], and I(X^n; Y) <= n eps."
    ),
)
def bayesian_chain_rule():
    """If I(X_i; Y | X_K) <= eps for all i, K, then I(X^n; Y) <= n eps."""
    y = (1,)

    def one(j):
        e = sympy.Max(
            *(cmi(j, i, y, k) for i, k in [((0,), ()), ((2,), ()), ((0,), (2,)), ((2,), (0,))])
        )
        return fact_le(cmi(j, (0, 2), y), 2 * e), {}

    return grid_fact("I(X^2;Y) <= 2 max I(X_i;Y|X_K)", GRID3, one)


@theorem(
    source=cite("CY-sec6.4(65)", "sec 6.4 eqs. (64)-(65)"),
    expect="verified-bounded",
    id="cuffyu.sec6_4",
    reading=(
        "n = 1 binary entry, Y binary, joints on a grid; (64) in ratio form, eps its tightest "
        "value (largest ln P(x|y)/P(x) over positive cells); natural log."
    ),
    note=RECONSTRUCTED + "X_i binary, Y binary, every joint with masses in (1/3) Z; eps is the "
    "largest ln(P(x|y)/P(x)) over P(y) > 0, P(x) > 0 (the tightest eps in (64)). A grid check.",
    quote=(
        "If P_{X_i|Y=y}(x_i)/P_{X_i}(x_i) <= e^eps for all i, x_i, y (adversarial privacy (64), "
        "in log form), then I(X_i; Y) <= eps for all i."
    ),
)
def adversarial_privacy_bounds_mi():
    """P_{X|Y=y}(x)/P_X(x) <= e^eps for all x, y implies I(X; Y) <= eps."""
    cells = list(product((0, 1), repeat=2))
    joints = [dict(zip(cells, m, strict=True)) for m in simplex_grid(4, 3)]

    def one(j):
        px = {x: j[(x, 0)] + j[(x, 1)] for x in (0, 1)}
        py = {y: j[(0, y)] + j[(1, y)] for y in (0, 1)}
        ratios = [j[(x, y)] / (px[x] * py[y]) for x in (0, 1) for y in (0, 1) if j[(x, y)] != 0]
        return fact_le(cmi(j, (0,), (1,)), ln(max(ratios))), {}

    return grid_fact("I(X;Y) <= max ln P(x|y)/P(x)", joints, one)


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
