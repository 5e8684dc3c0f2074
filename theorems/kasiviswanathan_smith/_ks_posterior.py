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
prior[y] = b[y_j] if y agrees with x off j, else 0. The informed-belief helpers below (and the
parts of the informed-belief reduction) are the library's, dpproofs.search.informed_parts.

    reality_oblivious_breach_mass(prior, rows, games, x, c)
        = Pr over t <- A(x) that SD(bbar_0[.|t], bbar_i[.|t]) > c for some i
          (an undefined posterior counts as a breach).
"""

from dpproofs.search.informed_parts import (  # noqa: F401 (the K&S helpers, built by the library)
    informed_prior,
    reality_oblivious_breach_mass,
    some_two_point_belief_breaches,
)
from dpproofs.vocabulary import posteriors_close


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
