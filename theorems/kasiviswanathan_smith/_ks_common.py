"""Shared constants for the Kasiviswanathan & Smith theorem files (seed
004_b0aca88671cf8a62.txt): the seed name, parameter ranges and database spaces. The joint law of
(X, A(X)) and the push-forward G(X) are the vocabulary's ``joint_law`` and ``mixture``."""

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
