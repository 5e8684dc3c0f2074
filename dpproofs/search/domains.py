"""Parameter domains of a search claim: a fixed exact rational, a closed rational interval, or
the logarithm of a rational.

A parameter such as eps or delta is either pinned (``Fraction(1, 2)``) or ranges over an
``Interval(lo, hi)`` with rational ends (``hi=None`` means unbounded above). The search treats a
pinned value as the degenerate interval [v, v], so one code path serves both.

``log_of(r)`` pins eps = ln r for a rational r > 0: then e^eps = r is rational and products
e^eps * q stay linear for the solver, while eps itself is the (irrational) exact value ln r. Its
Interval is a rational bracket [lo, hi] of ln r (lo rounded down, hi rounded up), so facts about
the parameter variable remain true of ln r.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction

from dpproofs import lifted as lifted_text
from dpproofs.errors import InvalidClaim

Rational = Fraction | int


@dataclass(frozen=True, slots=True)
class Interval:
    """The closed interval [lo, hi] of rationals (hi = None: [lo, +oo)); ``lo_open`` excludes lo."""

    lo: Fraction
    hi: Fraction | None = None
    lo_open: bool = False
    exp_value: Fraction | None = None  # set by log_of: the parameter is ln(exp_value)
    #: > 0: decide by branch and bound over boxes of this parameter, starting from ``split``
    #: boxes (dpproofs.search.epsboxes); the claim is still about the whole interval.
    split: int = 0

    def __init__(
        self,
        lo: Rational,
        hi: Rational | None = None,
        lo_open: bool = False,
        exp_value: Fraction | None = None,
        split: int = 0,
    ) -> None:
        for end in (lo, hi):
            if end is not None and (isinstance(end, bool) or not isinstance(end, Fraction | int)):
                # Fraction(0.1) is 3602879701896397/36028797018963968, not 1/10: refuse floats.
                raise InvalidClaim(f"an interval end must be an exact rational, not {end!r}")
        object.__setattr__(self, "lo", Fraction(lo))
        object.__setattr__(self, "hi", None if hi is None else Fraction(hi))
        object.__setattr__(self, "lo_open", lo_open)
        object.__setattr__(self, "exp_value", exp_value)
        if isinstance(split, bool) or not isinstance(split, int) or split < 0:
            raise InvalidClaim(f"split must be a nonnegative number of boxes, not {split!r}")
        if split and (hi is None or exp_value is not None or Fraction(lo) == Fraction(hi)):
            raise InvalidClaim("split needs a bounded interval that is not a single point")
        object.__setattr__(self, "split", split)
        if self.hi is not None and (self.hi < self.lo or (lo_open and self.hi == self.lo)):
            raise InvalidClaim(f"empty interval {self}")
        if exp_value is not None and (lo_open or (self.lo, self.hi) != _log_bracket(exp_value)):
            # The search reads e^x = exp_value and x in [lo, hi]: a bracket other than log_of's
            # would decide x and e^x at values that are not ln r and r (Interval(5, 5,
            # exp_value=2) reads "eps = ln(2)" but was searched at eps = 5, e^eps = 2).
            raise InvalidClaim(
                f"exp_value {exp_value} goes only with log_of's bracket of ln({exp_value})"
            )

    @property
    def pinned(self) -> bool:
        return self.hi is not None and self.hi == self.lo

    def contains(self, value: Fraction) -> bool:
        above = value > self.lo if self.lo_open else value >= self.lo
        return above and (self.hi is None or value <= self.hi)

    def __str__(self) -> str:
        if self.exp_value is not None:
            return f"ln({self.exp_value})"
        if self.pinned:
            return str(self.lo)
        left = "(" if self.lo_open else "["
        right = "+oo)" if self.hi is None else f"{self.hi}]"
        return f"{left}{self.lo}, {right}"


def log_of(r: Rational) -> Interval:
    """The pinned parameter value ln r (r > 0 rational): e^param = r exactly."""
    r = Fraction(r)
    lo, hi = _log_bracket(r)
    return Interval(lo, hi, exp_value=r)


@functools.lru_cache(maxsize=256)
def _log_bracket(r: Rational) -> tuple[Fraction, Fraction]:
    """The rational bracket [lo, hi] of ln r (r > 0 rational) that :func:`log_of` pins."""
    import sympy

    from dpproofs.exact.rigorous import rational_bracket

    if isinstance(r, bool) or not isinstance(r, Fraction | int):
        raise InvalidClaim(f"ln({r!r}): exp_value must be an exact rational")
    r = Fraction(r)
    if r <= 0:
        raise InvalidClaim(f"ln({r}) is not a real number")
    lo, hi = rational_bracket(sympy.log(sympy.Rational(r.numerator, r.denominator)))
    return Fraction(lo), Fraction(hi)


def as_domain(value: Interval | Rational) -> Interval:
    """A parameter domain from an Interval or a pinned rational (floats are refused: inexact)."""
    if isinstance(value, Interval):
        return value
    if isinstance(value, bool) or not isinstance(value, Fraction | int):
        raise InvalidClaim(f"a parameter must be an exact rational or an Interval, not {value!r}")
    return Interval(value, value)


def describe_domain(name: str, domain: Interval) -> str:
    """'eps in [1/100, 3]' or 'eps = 1/2' (the text is :func:`dpproofs.lifted.describe_domain`,
    which ``dpproofs recheck`` compares with a report)."""
    return lifted_text.describe_domain(name, domain)
