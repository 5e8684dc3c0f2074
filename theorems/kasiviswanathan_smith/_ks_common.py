"""Shared constants and helpers for the Kasiviswanathan & Smith theorem files (seed
004_b0aca88671cf8a62.txt): the seed name, parameter ranges, database spaces, and the joint and
push-forward distributions of (X, A(X)) and G(X)."""

from fractions import Fraction as F

from dpproofs.search import DatabaseSpace, Interval, log_of

SEED = "004_b0aca88671cf8a62.txt"
EPS = Interval(F(1, 100), 2)
DELTA = Interval(0, F(1, 2))
#: eps = ln(3/2) makes e^eps rational, so products e^eps * q stay linear: larger alphabets.
LOG_EPS = log_of(F(3, 2))
SPACE_1 = DatabaseSpace(domain=2, n=1)
SPACE_2 = DatabaseSpace(domain=2, n=2)
SPACE_3 = DatabaseSpace(domain=2, n=3)


def joint(x, a):
    """The distribution of (X, A(X)) on D x E: Pr[(a, b)] = X[a] A(a)[b]."""
    return [x[i] * a[i][j] for i in range(len(x)) for j in range(len(a[i]))]


def push_forward(alg, x, g):
    """The distribution of G(X): Pr[G(X) = j] = sum_i X[i] G[i][j]."""
    return [alg.total(x[i] * g[i][j] for i in range(len(x))) for j in range(len(g[0]))]
