"""The DP vocabulary: every definition written once, for any :class:`~dpproofs.algebra.Algebra`.

Notation: p, q are distributions on a finite set of outcomes, given as sequences of values;
``gamma`` and ``E`` are values that stand for e^eps (the caller supplies e^eps in the algebra's
terms: an exact sympy exp, a float, or a z3 variable tied to eps). ``(x)^+ = max(x, 0)``.

Quantities (values):

    hockey_stick(p, q, gamma)       = sum_y (p_y - gamma q_y)^+  = max_S P(S) - gamma Q(S)
    statistical_difference(p, q)    = sum_y (p_y - q_y)^+        = max_S |P(S) - Q(S)|
    max_divergence(p, q)            = max_y ln(p_y / q_y)        (+oo if p_y > 0 = q_y)
    kl_divergence(p, q)             = sum_{p_y > 0} p_y ln(p_y / q_y)
    renyi_divergence(p, q, a)       = 1/(a - 1) ln sum_y p_y^a q_y^(1 - a)

Predicates (truth values of the algebra):

    max_divergence_at_most(p, q, E)         : p_y <= E q_y for every y          (D_inf(p||q) <= eps)
    one_sided_close(p, q, E, d)             : P(S) <= E Q(S) + d for every S    (hockey_stick <= d)
    indistinguishable(p, q, E, d)           : one_sided_close both ways (K&S Def 3.1, Cuff-Yu Def 4)
    pointwise_indistinguishable(p, q, E, d) : P(Bad) <= d and Q(Bad) <= d where
                                              Bad = {a : p_a > E q_a or q_a > E p_a}  (K&S Def 3.2)
    mechanism_dp(rows, pairs, E, d)         : one_sided_close(rows[x], rows[x'], E, d) for every
                                              ordered neighbour pair (x, x')

Derived laws (:mod:`dpproofs.laws`), for a law w of fixed size and rows r_i over the outcomes:

    mixture(w, r)    : y -> sum_i w_i r_i(y)       (push-forward, output law)
    joint_law(w, r)  : (i, y) -> w_i r_i(y)        (the law of (I, A(I)))

Sets S are never enumerated: the positive part of p_y - gamma q_y selects the maximising set.

Sums over outcomes and conditions on every outcome are written with the binders of
:mod:`dpproofs.outcomes` (``outcome_total``, ``every_outcome``), so that a claim built from these
notions is one formula for every alphabet size (:mod:`dpproofs.formula`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dpproofs.algebra import Algebra
from dpproofs.gaussian import gaussian_delta as gaussian_delta  # re-exported: a notion
from dpproofs.laws import joint_law as joint_law  # re-exported: the vocabulary's notions
from dpproofs.laws import mixture as mixture
from dpproofs.outcomes import every_event, every_outcome, outcome_total

Dist = Sequence[Any]


def hockey_stick(alg: Algebra, p: Dist, q: Dist, gamma: Any) -> Any:
    """E_gamma(P||Q) = sum_y (p_y - gamma q_y)^+ = max over sets S of P(S) - gamma Q(S)."""
    return outcome_total(alg, (p, q), lambda py, qy: alg.pos(py - gamma * qy))


def statistical_difference(alg: Algebra, p: Dist, q: Dist) -> Any:
    """SD(P, Q) = max_S |P(S) - Q(S)| = sum_y (p_y - q_y)^+ (total variation distance)."""
    return hockey_stick(alg, p, q, alg.const(1))


def max_divergence_at_most(alg: Algebra, p: Dist, q: Dist, e_eps: Any) -> Any:
    """D_inf(P||Q) <= eps  <=>  p_y <= e^eps q_y for every outcome y (Vadhan section 2)."""
    return every_outcome(alg, (p, q), lambda py, qy: alg.le(py, e_eps * qy))


def one_sided_close(alg: Algebra, p: Dist, q: Dist, e_eps: Any, delta: Any) -> Any:
    """P(S) <= e^eps Q(S) + delta for all S  <=>  hockey_stick(p, q, e^eps) <= delta."""
    return alg.le(hockey_stick(alg, p, q, e_eps), delta)


def indistinguishable(alg: Algebra, p: Dist, q: Dist, e_eps: Any, delta: Any) -> Any:
    """(eps, delta)-indistinguishable (K&S Def 3.1; Cuff-Yu's (eps, delta)-closeness, Def 4)."""
    return alg.all(
        [one_sided_close(alg, p, q, e_eps, delta), one_sided_close(alg, q, p, e_eps, delta)]
    )


def pointwise_bad(alg: Algebra, pa: Any, qa: Any, e_eps: Any) -> Any:
    """The truth value of "outcome a is bad": p_a > e^eps q_a or q_a > e^eps p_a."""
    return alg.any([alg.lt(e_eps * qa, pa), alg.lt(e_eps * pa, qa)])


def pointwise_bad_mass(alg: Algebra, p: Dist, q: Dist, e_eps: Any) -> tuple[Any, Any]:
    """(P(Bad), Q(Bad)) for Bad = {a : e^-eps q_a <= p_a <= e^eps q_a fails}."""
    zero = alg.const(0)

    def mass(first: bool) -> Any:
        return outcome_total(
            alg,
            (p, q),
            lambda pa, qa: alg.ite(pointwise_bad(alg, pa, qa, e_eps), pa if first else qa, zero),
        )

    return mass(True), mass(False)


def pointwise_indistinguishable(alg: Algebra, p: Dist, q: Dist, e_eps: Any, delta: Any) -> Any:
    """Point-wise (eps, delta)-indistinguishable (K&S Def 3.2): the bad set has mass <= delta
    under p and under q ("with probability at least 1 - delta over a drawn from either X or Y")."""
    mass_p, mass_q = pointwise_bad_mass(alg, p, q, e_eps)
    return alg.all([alg.le(mass_p, delta), alg.le(mass_q, delta)])


def mechanism_dp(
    alg: Algebra,
    rows: Sequence[Dist],
    pairs: Sequence[tuple[int, int]],
    e_eps: Any,
    delta: Any,
) -> Any:
    """(eps, delta)-DP: P(M(x) in S) <= e^eps P(M(x') in S) + delta for every ordered neighbour
    pair (x, x') and every set S (Cummings Def 1, K&S Def 1.2, Cuff-Yu Def 1)."""
    return alg.all(one_sided_close(alg, rows[a], rows[b], e_eps, delta) for a, b in pairs)


def mechanism_pure_dp(
    alg: Algebra, rows: Sequence[Dist], pairs: Sequence[tuple[int, int]], e_eps: Any
) -> Any:
    """eps-DP: D_inf(M(x) || M(x')) <= eps for every ordered neighbour pair (Vadhan section 2)."""
    return alg.all(max_divergence_at_most(alg, rows[a], rows[b], e_eps) for a, b in pairs)


def max_divergence(alg: Algebra, p: Dist, q: Dist) -> Any:
    """D_inf(P||Q) = max_y ln(p_y / q_y) over outcomes with p_y > 0; +oo when p_y > 0 = q_y."""
    logs = [alg.log(alg.div(py, qy)) for py, qy in _support(p, q)]
    return alg.maximum(logs) if logs else alg.log(alg.const(0))


def kl_divergence(alg: Algebra, p: Dist, q: Dist) -> Any:
    """D(P||Q) = sum_{p_y > 0} p_y ln(p_y / q_y); +oo when p_y > 0 = q_y for some y."""
    return alg.total(py * alg.log(alg.div(py, qy)) for py, qy in _support(p, q))


def renyi_divergence(alg: Algebra, p: Dist, q: Dist, order: Any) -> Any:
    """D_a(P||Q) = 1/(a - 1) ln sum_y p_y^a q_y^(1 - a), for an order a > 0, a != 1.

    Terms with p_y = 0 vanish. A term with p_y > 0 = q_y makes the divergence +oo when a > 1 and
    vanishes when a < 1. Orders 1 and infinity are kl_divergence and max_divergence.
    """
    one = alg.const(1)
    terms = []
    for py, qy in _support(p, q):
        if _is_structural_zero(qy):
            if order > 1:
                return -alg.log(alg.const(0))
            continue
        terms.append(py**order * qy ** (1 - order))
    return alg.div(alg.log(alg.total(terms)), order - one)


def _is_structural_zero(x: Any) -> bool:
    """True when x is literally 0 (sympy's canonical zero or 0.0); exact values are canonical."""
    return bool((x == 0) is True)


def _support(p: Dist, q: Dist) -> list[tuple[Any, Any]]:
    """Pairs (p_y, q_y) with p_y != 0: terms with p_y = 0 contribute nothing to divergences of P."""
    return [(py, qy) for py, qy in zip(p, q, strict=True) if not _is_structural_zero(py)]


def posterior(alg: Algebra, prior: Dist, likelihood: Dist) -> list[Any]:
    """Bayes' rule: b[x | t] = L[x] b[x] / sum_y L[y] b[y], where L[x] = Pr[A(x) = t].

    The caller guarantees sum_y L[y] b[y] > 0 (t is a possible transcript)."""
    weights = [lx * bx for lx, bx in zip(likelihood, prior, strict=True)]
    evidence = alg.total(weights)
    return [alg.div(w, evidence) for w in weights]


def posteriors_close(
    alg: Algebra, prior: Dist, likelihood_0: Dist, likelihood_i: Dist, eps: Any
) -> Any:
    """SD(b_0[. | t], b_i[. | t]) <= eps with denominators cleared (no division, so z3 can take it).

    With w0[x] = L0[x] b[x], wi[x] = Li[x] b[x], Z0 = sum w0, Zi = sum wi (both > 0):
        SD = sum_x (w0[x]/Z0 - wi[x]/Zi)^+ <= eps  <=>  sum_x (w0[x] Zi - wi[x] Z0)^+ <= eps Z0 Zi.
    When Zi = 0 < Z0 (t is possible in Game 0 but impossible in Game i) the posterior b_i is
    undefined and the transcript counts as a breach: the formula is false.
    """
    w0 = [lx * bx for lx, bx in zip(likelihood_0, prior, strict=True)]
    wi = [lx * bx for lx, bx in zip(likelihood_i, prior, strict=True)]
    z0, zi = alg.total(w0), alg.total(wi)
    gap = alg.total(alg.pos(a * zi - b * z0) for a, b in zip(w0, wi, strict=True))
    return alg.all([alg.lt(alg.const(0), zi), alg.le(gap, eps * z0 * zi)])


# --- Sets, simulation, Bayesian semantics (Vadhan; Kasiviswanathan & Smith) -------------------
#
# Mechanisms over databases D^n are given as ``rows`` (rows[x] is the output distribution of the
# database with index x) together with index structures computed once by the caller
# (dpproofs.search.databases.DatabaseSpace):
#   groups : for each (i, x_{-i}), the indices of the databases that agree off position i
#            (x_i ranges over D);
#   games  : for each position i, games[i][x] = index of x_{-i} (x with position i replaced by the
#            fixed default value of D, as in K&S section 2).


def nonempty_subsets(size: int) -> list[tuple[int, ...]]:
    """Every nonempty subset of range(size), as sorted tuples (2^size - 1 of them)."""
    return [tuple(y for y in range(size) if mask >> y & 1) for mask in range(1, 1 << size)]


def max_divergence_at_most_over_sets(alg: Algebra, p: Dist, q: Dist, e_eps: Any) -> Any:
    """max_T ln(P(T)/Q(T)) <= eps, stated over sets: P(T) <= e^eps Q(T) for every event T (the
    empty set, where both sides are 0, included).

    This is Vadhan's *set* form of D_inf (section 2); ``max_divergence_at_most`` is the point form.
    Decided over every event (exponential in the number of outcomes) on purpose: comparing the
    two is the point of the claim.
    """
    return every_event(alg, (p, q), lambda pt, qt: alg.le(pt, e_eps * qt))


def simulation_dp(
    alg: Algebra, rows: Sequence[Dist], groups: Sequence[Sequence[int]], e_eps: Any
) -> Any:
    """eps-simulation-DP (Vadhan Definition 2) of a finite mechanism, in closed form.

    A simulator distribution s = S(x_{-i}) must satisfy, for every x_i in the group and output y,
    e^-eps M(x)[y] <= s_y <= e^eps M(x)[y]. With hi_y = max_{x_i} M(x)[y], lo_y = min_{x_i} M(x)[y]
    such an s with sum_y s_y = 1 exists iff every interval [e^-eps hi_y, e^eps lo_y] is nonempty
    and sum of lower ends <= 1 <= sum of upper ends, i.e.
        hi_y <= e^{2 eps} lo_y for all y,   sum_y hi_y <= e^eps,   e^eps sum_y lo_y >= 1.
    """
    conditions: list[Any] = []
    for group in groups:
        members = [rows[x] for x in group]
        conditions.append(
            every_outcome(
                alg,
                members,
                lambda *col: alg.le(alg.maximum(col), e_eps * e_eps * alg.minimum(col)),
            )
        )
        conditions.append(alg.le(outcome_total(alg, members, lambda *col: alg.maximum(col)), e_eps))
        conditions.append(
            alg.le(alg.const(1), e_eps * outcome_total(alg, members, lambda *col: alg.minimum(col)))
        )
    return alg.all(conditions)


def prior_posterior_max_divergence_close(
    alg: Algebra, prior: Dist, likelihood: Dist, e_eps: Any
) -> Any:
    """D_inf(X || X|y) <= eps and D_inf(X|y || X) <= eps (Vadhan Proposition 1), for Z > 0.

    X|y has mass L[a] pi[a] / Z with Z = sum_b L[b] pi[b]. Clearing the positive Z:
        pi[a] <= e^eps post[a]  <=>  pi[a] Z <= e^eps L[a] pi[a],
        post[a] <= e^eps pi[a]  <=>  L[a] pi[a] <= e^eps pi[a] Z.
    The formula also asserts Z > 0 (the conditional distribution exists).
    """
    z = alg.total(la * pa for la, pa in zip(likelihood, prior, strict=True))
    conditions = [alg.lt(alg.const(0), z)]
    for la, pa in zip(likelihood, prior, strict=True):
        conditions.append(alg.le(pa * z, e_eps * la * pa))
        conditions.append(alg.le(la * pa, e_eps * pa * z))
    return alg.all(conditions)


def sup_reweighted_sd_at_most(alg: Algebra, l0: Dist, l1: Dist, c: Any) -> Any:
    """sup_b SD(b0, b1) <= c, where b0[x] ~ l0[x] b[x], b1[x] ~ l1[x] b[x], over all priors b
    for which both normalisers are positive. Closed form (no quantifier over b):

    With lam(x) = l1[x] / l0[x] and R = max lam / min lam, the supremum is (sqrt R - 1)/(sqrt R + 1)
    (1 when R is infinite). Derivation: for a set S and a prior b, with r0 = b0(S^c)/b0(S) and
    r1 = b1(S^c)/b1(S) = rho r0, SD >= b0(S) - b1(S) = 1/(1 + r0) - 1/(1 + rho r0); rho <= R
    because ratios of sums lie between the extreme ratios of terms, and the maximum over r0 of
    the right side is (sqrt rho - 1)/(sqrt rho + 1), attained by a prior on the two extreme points.
    For c < 1 the bound reads R <= ((1 + c)/(1 - c))^2, i.e. with denominators cleared
        (1 - c)^2 l1[x'] l0[x] <= (1 + c)^2 l1[x] l0[x']   for all x, x',
    which also covers zeros (lam = 0 or +oo). For c >= 1 it always holds (SD <= 1).
    """
    one = alg.const(1)
    size = range(len(l0))
    cross = alg.all(
        alg.le((one - c) * (one - c) * l1[b] * l0[a], (one + c) * (one + c) * l1[a] * l0[b])
        for a in size
        for b in size
        if a != b
    )
    return alg.any([alg.le(one, c), cross])


def _game_likelihood(column: Sequence[Any], game: Sequence[int]) -> list[Any]:
    """Li at a transcript t, from the column L0[x] = Pr[A(x) = t]: Li[x] = Pr[A(x_{-i}) = t]."""
    return [column[game[x]] for x in range(len(column))]


def semantic_privacy_at(
    alg: Algebra, prior: Dist, rows: Sequence[Dist], games: Sequence[Sequence[int]], c: Any
) -> Any:
    """c-semantic privacy (K&S Definition 2.1) for ONE belief distribution b = ``prior``:
    for every possible transcript t (Z0 = sum_x Pr[A(x) = t] b[x] > 0) and every i,
    SD(b0[.|t], bi[.|t]) <= c (``posteriors_close``; an undefined bi counts as a breach)."""
    zero = alg.const(0)

    def private_at(*l0: Any) -> Any:
        z0 = alg.total(a * b for a, b in zip(l0, prior, strict=True))
        return alg.any(
            [
                alg.le(z0, zero),
                alg.all(
                    posteriors_close(alg, prior, l0, _game_likelihood(l0, game), c)
                    for game in games
                ),
            ]
        )

    return every_outcome(alg, rows, private_at)


def semantic_privacy(
    alg: Algebra, rows: Sequence[Dist], games: Sequence[Sequence[int]], c: Any
) -> Any:
    """c-semantic privacy (K&S Definition 2.1) for ALL belief distributions b, in closed form.

    For each i and t, "for all b" splits into (a) no prior makes t possible in Game 0 and
    impossible in Game i (the breach of ``posteriors_close``): L0[x] > 0 implies Li[x] > 0 for
    every x (take b the point mass on x); and (b) ``sup_reweighted_sd_at_most(L0, Li, c)``.
    """
    zero = alg.const(0)

    def private_at(*l0: Any) -> Any:
        conditions: list[Any] = []
        for game in games:
            li = _game_likelihood(l0, game)
            conditions.extend(
                alg.any([alg.le(a, zero), alg.lt(zero, b)]) for a, b in zip(l0, li, strict=True)
            )
            conditions.append(sup_reweighted_sd_at_most(alg, list(l0), li, c))
        return alg.all(conditions)

    return every_outcome(alg, rows, private_at)


def semantic_breach_mass(
    alg: Algebra, prior: Dist, rows: Sequence[Dist], games: Sequence[Sequence[int]], c: Any
) -> Any:
    """Pr over (x, t), x ~ b and t ~ A(x), that SD(b0[.|t], bi[.|t]) > c for some i.

    SD does not depend on x, so this is sum_t Z0(t) [t breaches for some i] with
    Z0(t) = sum_x Pr[A(x) = t] b[x]."""
    zero = alg.const(0)

    def breach_mass(*l0: Any) -> Any:
        breach = [
            alg.not_(posteriors_close(alg, prior, l0, _game_likelihood(l0, game), c))
            for game in games
        ]
        z0 = alg.total(a * b for a, b in zip(l0, prior, strict=True))
        return alg.ite(alg.all([alg.lt(zero, z0), alg.any(breach)]), z0, zero)

    return outcome_total(alg, rows, breach_mass)


def semantic_privacy_dd_at(
    alg: Algebra,
    prior: Dist,
    rows: Sequence[Dist],
    games: Sequence[Sequence[int]],
    c: Any,
    delta: Any,
) -> Any:
    """(c, delta)-semantic privacy (K&S Definition 2.3) for ONE belief distribution b: with
    probability at least 1 - delta over (x, t), for all i, SD(b0[.|t], bi[.|t]) <= c."""
    return alg.le(semantic_breach_mass(alg, prior, rows, games, c), delta)


def mass_where(alg: Algebra, rows: Sequence[Dist], k: int, phi: Any) -> Any:
    """Pr over y ~ rows[k] that phi holds at y: sum_y rows[k][y] [phi(rows[0][y], ...)].

    "With probability at least 1 - delta over y ~ M(x), phi(y)" is ``alg.le(1 - delta,
    mass_where(...))``. phi sees one outcome's entries of every row (a sum over outcomes, so
    the claim stays one formula for every alphabet)."""
    zero = alg.const(0)
    return outcome_total(alg, rows, lambda *column: alg.ite(phi(*column), column[k], zero))


def with_probability_at_least(
    alg: Algebra, weights: Dist, truths: Sequence[Any], level: Any
) -> Any:
    """ "With probability at least ``level`` over a ~ weights, truths[a] holds".

    Written as: some set T of outcomes has weight >= level and truths[a] holds on all of T.
    This equals sum_a weights[a] [truths[a]] >= level (take T = {a : truths[a]}; any other T
    satisfying the condition is a subset of it), and keeps the truths in positive position
    (no if-then-else), which the solver handles far better. Exponential in len(weights): for
    the small alphabets of a search only."""
    return alg.any(
        alg.all([alg.le(level, alg.total(weights[a] for a in t)), *(truths[a] for a in t)])
        for t in [(), *nonempty_subsets(len(weights))]
    )


# --- Cuff & Yu notions ------------------------------------------------------------------------
#
# Information measures in nats for a finite channel ``rows`` (rows[x] = P_{Y|X=x}) and an input
# law ``prior``. They use ``alg.log``, so they are interpreted exactly (sympy), numerically
# (floats) and by Arb balls, but not by z3 (which has no polynomial encoding of log).


def binary_entropy(alg: Algebra, d: Any) -> Any:
    """h(d) = -d ln d - (1 - d) ln(1 - d), with 0 ln 0 = 0 (terms with a literal 0 vanish)."""
    one = alg.const(1)
    return alg.total(-x * alg.log(x) for x in (d, one - d) if not _is_structural_zero(x))


def output_law(alg: Algebra, prior: Dist, rows: Sequence[Dist]) -> Any:
    """P_Y(y) = sum_x prior[x] rows[x][y]: the mixture of the rows by the prior
    (:func:`dpproofs.laws.mixture`; a list on concrete rows)."""
    return mixture(alg, prior, rows)


def mutual_information(alg: Algebra, prior: Dist, rows: Sequence[Dist]) -> Any:
    """I(X; Y) = sum_x prior[x] D(rows[x] || P_Y) for X ~ prior and Y | X = x ~ rows[x]
    (Cuff-Yu Def 2's quantity for one section). Inputs with a literal 0 prior mass vanish."""
    py = output_law(alg, prior, rows)
    return alg.total(
        px * kl_divergence(alg, row, py)
        for px, row in zip(prior, rows, strict=True)
        if not _is_structural_zero(px)
    )


def kl_dp(alg: Algebra, rows: Sequence[Dist], pairs: Sequence[tuple[int, int]], eps: Any) -> Any:
    """eps-KL-DP (Cuff-Yu Def 7): D(rows[x] || rows[x']) <= eps for every ordered neighbour
    pair (x, x'). Here eps is the level itself, not e^eps."""
    return alg.all(alg.le(kl_divergence(alg, rows[a], rows[b]), eps) for a, b in pairs)
