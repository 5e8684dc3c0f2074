"""Shared constants for the thread theorem files (seed 002_60fe2a2436f5aea5.txt): datasets in
Z^m with |Z| = 2, neighbours at Hamming distance d(x, x') = 1."""

from fractions import Fraction as F

from dpproofs.search import DatabaseSpace, Interval, log_of

SEED = "002_60fe2a2436f5aea5.txt"
EPS = Interval(F(1, 100), 2)
DELTA = Interval(0, F(1, 2))
LOG_POINTS = (log_of(F(11, 10)), log_of(F(3, 2)), log_of(3))
ONE_ROW = DatabaseSpace(domain=2, n=1)
TWO_ROWS = DatabaseSpace(domain=2, n=2)
