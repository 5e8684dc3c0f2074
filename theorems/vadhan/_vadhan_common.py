"""Shared constants for the Vadhan theorem files (seed 000_ab6863cc5677b341.txt)."""

from fractions import Fraction as F

from dpproofs.search import DatabaseSpace, Interval, log_of

SEED = "000_ab6863cc5677b341.txt"
EPS = Interval(F(1, 100), 2)
#: eps values with e^eps rational (products with e^eps stay linear for z3).
LOG_POINTS = (log_of(F(11, 10)), log_of(F(3, 2)), log_of(3))
ONE_ROW = DatabaseSpace(domain=2, n=1)
TWO_ROWS = DatabaseSpace(domain=2, n=2)
THREE_ROWS = DatabaseSpace(domain=2, n=3)
