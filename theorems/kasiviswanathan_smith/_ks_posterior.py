"""Conditional distributions and posterior breaches for the Kasiviswanathan & Smith theorem files
(seed 004_b0aca88671cf8a62.txt, Corollary 4.2, Theorem 5.1 and Theorem A.3).

Joint laws (Corollary 4.2). The pair (X, A(X)) on D x T is given by its joint law p, flattened as
p[x * m + t] = Pr[X = x, A(X) = t] (|D| = d, |T| = m); every pair (X, A) gives such a law, and
every law on D x T is the law of (X, A(X)) for X its D-marginal and A(x) = p(. | x) (rows with
X[x] = 0 do not matter). So "for all X on D and all A, A'" is "for all joint laws p, q on D x T
with the same D-marginal". At an output t, X|_{A(X)=t} has mass p[x, t] / Pr[A(X) = t].

    Pr over t <- A(X) of a breach = sum_t Pr[A(X) = t] [SD(X|_{A(X)=t}, X|_{A'(X)=t}) > c].

A t with Pr[A(X) = t] > 0 = Pr[A'(X) = t] has no second conditional and counts as a breach.
SD is compared with ``vocabulary.posteriors_close`` (prior all ones, likelihoods the joint
masses: denominators cleared).

Split on the breach set. "P(B) <= bound for the breach set B" holds iff "every set S of outputs
that all breach has P(S) <= bound" (S = B is one of them; a subset S of B has P(S) <= P(B)).
When the claim quantifies over all laws, relabelling the outputs jointly in p and q maps laws to
laws, so it suffices to take S = {0, ..., k - 1} for each k. ``breach_of_first(p, q, d, k, c)``
says the first k outputs all breach and ``mass_of_first(p, d, k)`` is their mass: each k gives a
claim without if-then-else terms, which z3 decides where the indicator sum times out.

Informed beliefs (Theorem A.3). Given the real database x and the free coordinate j, an informed
belief is b on D for coordinate j, with every other coordinate fixed to x's value:
prior[y] = b[y_j] if y agrees with x off j, else 0.

    reality_oblivious_breach_mass(prior, rows, games, x, c)
        = Pr over t <- A(x) that SD(bbar_0[.|t], bbar_i[.|t]) > c for some i
          (an undefined posterior counts as a breach).
"""

import itertools

from dpproofs.algebra import implies
from dpproofs.outcomes import outcome_total
from dpproofs.search import DatabaseSpace, for_all_mechanisms
from dpproofs.vocabulary import mechanism_dp, posteriors_close, sup_reweighted_sd_at_most


def marginals_agree(alg, p, q, d):
    """The D-marginals of the joint laws p and q (flattened d x m) are equal."""
    m = len(p) // d
    return alg.all(
        alg.eq(alg.total(p[x * m : (x + 1) * m]), alg.total(q[x * m : (x + 1) * m]))
        for x in range(d)
    )


def breach_of_first(alg, p, q, d, k, c):
    """Each of the first k outputs t breaches: SD(X|_{A(X)=t}, X|_{A'(X)=t}) > c, or the second
    conditional is undefined (an output of mass 0 under p adds nothing to the mass)."""
    m = len(p) // d
    ones = [alg.const(1)] * d

    def column(law, t):
        return [law[x * m + t] for x in range(d)]

    return alg.all(
        alg.not_(posteriors_close(alg, ones, column(p, t), column(q, t), c)) for t in range(k)
    )


def mass_of_first(alg, p, d, k):
    """Pr[A(X) in {0, ..., k - 1}] for the joint law p (flattened d x m)."""
    m = len(p) // d
    return alg.total(p[x * m + t] for x in range(d) for t in range(k))


def informed_prior(alg, space, b, x, j):
    """The informed belief for the real database number x with free coordinate j: b on the
    values of coordinate j, the other coordinates fixed to x's."""
    real = space.databases[x]
    zero = alg.const(0)
    return [
        b[y[j]] if all(y[k] == real[k] for k in range(space.n) if k != j) else zero
        for y in space.databases
    ]


def reality_oblivious_breach_mass(alg, prior, rows, games, x, c):
    """Pr over t <- A(x) that SD(bbar_0[.|t], bbar_i[.|t]) > c for some i (K&S Definition A.1's
    failure event); rows[y] = A(y), games[i][y] = index of y_{-i}."""
    zero = alg.const(0)

    def breach(*column):
        games_at_t = [[column[g[y]] for y in range(len(column))] for g in games]
        close = alg.all(posteriors_close(alg, prior, list(column), li, c) for li in games_at_t)
        return alg.ite(close, zero, column[x])

    return outcome_total(alg, rows, breach)


def some_two_point_belief_breaches(alg, l0, li, c):
    """Some belief b = (w, 1 - w) on two databases makes ``posteriors_close(b, l0, li, c)``
    false (l0, li: the two databases' likelihoods of one transcript in Game 0 and Game i).

    w = 1 (w = 0) gives Zi = li[0] (li[1]): false iff that likelihood is 0 (the gap is 0 there).
    For w in (0, 1): Zi = 0 needs li = (0, 0), covered by the first case; otherwise the formula
    is false iff SD > c, and the supremum over such w of SD is at most c iff
    ``sup_reweighted_sd_at_most(l0, li, c)`` (vocabulary; with l0 = (0, 0), Z0 = 0 and the gap
    is 0 at every w, and the closed form holds too). So: li[0] = 0 or li[1] = 0 or not sup <= c.
    (A supremum above c is exceeded at some w, a supremum <= c at none: the breach is strict.)
    """
    zero = alg.const(0)
    return alg.any(
        [
            alg.le(li[0], zero),
            alg.le(li[1], zero),
            alg.not_(sup_reweighted_sd_at_most(alg, l0, li, c)),
        ]
    )


def informed_square(eps, delta, breaching, mixed=False):
    """Part (S) of the informed-belief reduction (docs/design/neighbours.md) on D^2, positions
    (j, i), split on the breach set: if the outputs ``breaching`` all breach game 2 for some
    belief on {(0, 1), (1, 1)} (coordinate 2 fixed to 1), their mass is <= delta'' =
    sqrt(delta) + 2 delta/(eps e^eps) under A(x) for both x = (0, 1), (1, 1); with ``mixed``
    (Theorem 2.4 part 1, t drawn from A(b)), under every mixture: sum over t of A(u_t)[t] for
    every choice of u_t (Z0(t) is at most the larger of A(0, 1)[t], A(1, 1)[t]). Over the
    nonempty subsets of the outputs this bounds the breach mass of game 2 for every belief: the
    breach set B of one belief is such a subset, and a subset of B has no more mass. Each
    output may breach for a different belief (``some_two_point_belief_breaches``): the claim
    is at least as strong as part (S)."""

    def predicate(alg, M, E, eps, delta, sqrt_delta):
        c = E * E * E - 1 + 2 * sqrt_delta
        # D^2 databases (0, 0), (0, 1), (1, 0), (1, 1): Game 0 reads (u, 1), game 2 (u, 0).
        breach = alg.all(
            some_two_point_belief_breaches(
                alg, [M.rows[1][t], M.rows[3][t]], [M.rows[0][t], M.rows[2][t]], c
            )
            for t in breaching
        )
        if mixed:
            choices = itertools.product((1, 3), repeat=len(breaching))
        else:
            choices = ((x,) * len(breaching) for x in (1, 3))
        masses = [
            alg.total(M.rows[x][t] for x, t in zip(u, breaching, strict=True)) for u in choices
        ]
        bound = eps * E * sqrt_delta + 2 * delta
        return implies(
            alg,
            alg.all([mechanism_dp(alg, M.rows, M.pairs, E, delta), breach]),
            alg.all(alg.le(eps * E * m, bound) for m in masses),
        )

    square = DatabaseSpace(domain=2, n=2)
    return for_all_mechanisms(square, (2,), eps=eps, delta=delta).claim(
        predicate, says=f"outputs {set(breaching)} breach game 2 of the square => mass <= delta''"
    )
