"""Rigorous enclosures of exact real expressions with Arb ball arithmetic (python-flint).

``enclose(expr)`` returns a ball [m - r, m + r] guaranteed to contain the exact value of ``expr``
(Arb rounds every operation outward). From such balls:

* ``sign(expr)`` is -1, 0 or 1, decided only when the ball excludes 0, or when symbolic
  simplification reduces ``expr`` to exactly 0; otherwise :class:`Undecided` is raised.
* ``rational_bracket(expr)`` gives rationals lo <= expr <= hi (lo rounded down, hi rounded up).
* ``float_value(expr)`` is a float within 1e-15 relative error (for display and search, never for
  deciding).

Free symbols may be bound to balls (``env``) so that an expression is enclosed over a whole box;
this is how interval branch-and-bound provers use it.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from typing import Any

import sympy
from flint import arb, ctx, fmpq

from dpproofs.errors import Undecided

#: Working precisions (bits) tried in turn before a sign is declared undecidable.
PRECISIONS = (64, 128, 256, 512, 1024, 4096)

Env = Mapping[sympy.Symbol, arb]


@contextlib.contextmanager
def precision(bits: int) -> Iterator[None]:
    """Temporarily set Arb's working precision (python-flint keeps it in a global context)."""
    saved = ctx.prec
    ctx.prec = bits
    try:
        yield
    finally:
        ctx.prec = saved


def arb_from_fraction(value: Fraction) -> arb:
    """The exact ball {value} (radius 0 when the value is dyadic; else a tight rounded ball)."""
    return arb(fmpq(value.numerator, value.denominator))


def arb_interval(lo: Fraction, hi: Fraction) -> arb:
    """A ball containing the closed interval [lo, hi]."""
    return arb_from_fraction(lo).union(arb_from_fraction(hi))


def fraction_of(exact_arb: arb) -> Fraction:
    """The rational value of an Arb number with radius 0 (such as ``ball.lower()``)."""
    mantissa, exponent = exact_arb.man_exp()
    m, e = int(mantissa), int(exponent)
    return Fraction(m * 2**e) if e >= 0 else Fraction(m, 2**-e)


def _pow(base: arb, exponent: sympy.Expr, env: Env) -> arb:
    if exponent.is_Integer:
        k = int(exponent)
        return base**k if k >= 0 else 1 / base ** (-k)
    if exponent == sympy.Rational(1, 2):
        return base.sqrt()
    if exponent == sympy.Rational(-1, 2):
        return base.rsqrt()
    # General power: defined here only for positive bases (exp(e * log b)).
    return (_enclose(exponent, env) * base.log()).exp()


def _enclose(expr: sympy.Expr, env: Env) -> arb:
    if expr.is_Rational:
        return arb(fmpq(int(expr.p), int(expr.q)))
    if expr.is_Float:
        return arb_from_fraction(Fraction(sympy.Rational(expr).p, sympy.Rational(expr).q))
    if expr.is_Symbol:
        if expr in env:
            return env[expr]
        raise Undecided(f"cannot enclose {_show(expr)}: the symbol has no value")
    if expr is sympy.E:
        return arb(1).exp()
    if expr is sympy.pi:
        return arb.pi()
    if (
        expr is sympy.oo
        or expr is sympy.zoo
        or expr is sympy.nan
        or expr is sympy.S.NegativeInfinity
    ):
        raise Undecided(f"cannot enclose the non-finite value {_show(expr)}")
    args = expr.args
    if expr.is_Add:
        total = _enclose(args[0], env)
        for a in args[1:]:
            total = total + _enclose(a, env)
        return total
    if expr.is_Mul:
        product = _enclose(args[0], env)
        for a in args[1:]:
            product = product * _enclose(a, env)
        return product
    if expr.is_Pow:
        return _pow(_enclose(args[0], env), args[1], env)
    func = expr.func
    if func in _UNARY:
        return _UNARY[func](_enclose(args[0], env))
    if func is sympy.Max or func is sympy.Min:
        balls = [_enclose(a, env) for a in args]
        acc = balls[0]
        for b in balls[1:]:
            acc = acc.max(b) if func is sympy.Max else acc.min(b)
        return acc
    raise Undecided(f"no rigorous enclosure for {func.__name__} in {_show(expr)}")


_UNARY: dict[Any, Callable[[arb], arb]] = {
    sympy.exp: arb.exp,
    sympy.log: arb.log,
    sympy.tanh: arb.tanh,
    sympy.sinh: arb.sinh,
    sympy.cosh: arb.cosh,
    sympy.Abs: abs,
    sympy.atan: arb.atan,
    sympy.erf: arb.erf,
    sympy.erfc: arb.erfc,
}


def enclose(expr: sympy.Expr | int | Fraction, env: Env | None = None, bits: int = 128) -> arb:
    """A ball containing the value of ``expr`` (symbols bound by ``env``), at ``bits`` precision.

    Raises Undecided when the value is not finite or not defined on the box (log of a ball that
    reaches 0, say).
    """
    if isinstance(expr, Fraction | int):
        expr = sympy.Rational(expr)
    with precision(bits):
        try:
            ball = _enclose(sympy.sympify(expr), env or {})
        except (ZeroDivisionError, ValueError, TypeError, OverflowError) as exc:
            # sympy or flint refusing an operation (e.g. an exact division by zero met while
            # converting a constant) means the value is not a finite real here: undecided.
            raise Undecided(
                f"{_show(expr)} cannot be enclosed: {type(exc).__name__}: {exc}"
            ) from exc
    if not ball.is_finite() or ball.is_nan():
        raise Undecided(f"{_show(expr)} is not finite or not defined on the given box")
    return ball


def _show(expr: object) -> str:
    """``expr`` for an error message; printing must never fail (sympy's printer can evaluate
    subterms, and an undefined one raises)."""
    try:
        return str(expr)[:300]
    except Exception:  # printing is best effort: the message matters, not the rendering
        return f"<{type(expr).__name__} that cannot be printed>"


def is_exact_rational(expr: object) -> bool:
    return isinstance(expr, int | Fraction) or (
        isinstance(expr, sympy.Expr) and bool(expr.is_Rational)
    )


def sign(expr: sympy.Expr | int | Fraction) -> int:
    """The sign (-1, 0, 1) of an exact constant expression, decided rigorously.

    Rationals are decided exactly. Otherwise the expression is enclosed at increasing precision
    until the ball excludes 0. If it never does, the expression must simplify to exactly 0 for the
    answer 0; anything else raises Undecided (never a guess).
    """
    if isinstance(expr, int | Fraction):
        return (expr > 0) - (expr < 0)
    expr = sympy.sympify(expr)
    if expr.is_Rational:
        return int(sympy.sign(expr))
    if expr is sympy.oo:
        return 1
    if expr is sympy.S.NegativeInfinity:
        return -1
    if expr.free_symbols:
        raise Undecided(f"sign of {_show(expr)} depends on {sorted(map(str, expr.free_symbols))}")
    for bits in PRECISIONS:
        # A non-finite enclosure means a denominator or a log argument may be 0 (or the value is
        # not real): the expression may be undefined, so no simplification may declare it 0.
        # Conversely, a finite ball certifies every subterm is defined, which is what makes the
        # exact-zero tests below sound.
        ball = enclose(expr, bits=bits)
        if ball > 0:
            return 1
        if ball < 0:
            return -1
        if ball.is_exact() and ball.is_zero():
            return 0
        if bits == PRECISIONS[0] and _cancels_to_zero(expr):
            # Cheap exact test first: most values that straddle 0 are rational-function identities.
            return 0
    if _simplifies_to_zero(expr):
        return 0
    raise Undecided(
        f"cannot decide the sign of {_show(expr)}: every enclosure up to 4096 bits contains 0"
    )


def _cancels_to_zero(expr: sympy.Expr) -> bool:
    """True when rational-function normalisation (exact) reduces expr to 0.

    A failure inside sympy or python-flint (OverflowError from flint on huge exponents,
    PolynomialError, RecursionError, ...) only means no zero was shown: False, never a guess."""
    try:
        return bool(sympy.cancel(sympy.together(expr)) == 0)
    except Exception:  # any fault inside the zero test: not shown to be zero
        return False


def _simplifies_to_zero(expr: sympy.Expr) -> bool:
    """True when sympy.simplify reduces expr to exactly 0 (False when sympy faults)."""
    try:
        return bool(sympy.simplify(expr) == 0)
    except Exception:  # any fault inside simplify: not shown to be zero
        return False


def compare(a: sympy.Expr | int | Fraction, b: sympy.Expr | int | Fraction) -> int:
    """sign(a - b), rigorously; exact rationals are compared without sympy. In the extended
    reals +oo = +oo and -oo = -oo (a - b is undefined there, the order is not)."""
    if is_exact_rational(a) and is_exact_rational(b):
        fa, fb = _as_fraction(a), _as_fraction(b)
        return (fa > fb) - (fa < fb)
    x, y = sympy.sympify(a), sympy.sympify(b)
    infinities = (sympy.oo, sympy.S.NegativeInfinity)
    if x in infinities and y in infinities:
        return (x is sympy.oo) - (y is sympy.oo)
    return sign(x - y)


def _as_fraction(x: object) -> Fraction:
    if isinstance(x, Fraction):
        return x
    if isinstance(x, int):
        return Fraction(x)
    assert isinstance(x, sympy.Rational)
    return Fraction(int(x.p), int(x.q))


def rational_bracket(
    expr: sympy.Expr | int | Fraction, bits: int = 64, env: Env | None = None
) -> tuple[Fraction, Fraction]:
    """Exact rationals (lo, hi) with lo <= expr <= hi; lo rounds down and hi rounds up.

    The width is about 2^-bits relative to the value. Rationals bracket themselves exactly.
    """
    if is_exact_rational(expr) and not env:
        f = _as_fraction(expr)
        return f, f
    ball = enclose(expr, env, bits=bits + 10)
    return ball_endpoints(ball)


def ball_endpoints(ball: arb) -> tuple[Fraction, Fraction]:
    """The exact rational endpoints (m - r, m + r) of a ball.

    The midpoint m and radius r of an Arb ball are exact binary numbers, so these endpoints
    involve no rounding at all (``ball.lower()`` would round them again at the ambient precision,
    which is sound but can be far looser than the ball).
    """
    mid, rad = fraction_of(ball.mid()), fraction_of(ball.rad())
    return mid - rad, mid + rad


def float_value(expr: sympy.Expr | int | Fraction) -> float:
    """A float within 1e-15 relative error of the exact value (+-inf for sympy's infinities),
    saturating: a finite value beyond the largest double (10^309 as written) is +-inf, one below
    the smallest is 0.0 (+-).

    For display and numeric search only: dpproofs never decides anything from this number.
    """
    try:
        return _float_value(expr)
    except OverflowError:  # a finite value too large for a double: only its sign is kept
        return math.inf if _sign_of(expr) > 0 else -math.inf


def _sign_of(expr: sympy.Expr | int | Fraction) -> int:
    if isinstance(expr, int | Fraction):
        return 1 if expr > 0 else -1
    return 1 if sympy.sympify(expr).is_positive else -1


def _float_value(expr: sympy.Expr | int | Fraction) -> float:
    if isinstance(expr, int | Fraction):
        return float(expr)
    expr = sympy.sympify(expr)
    if expr is sympy.oo:
        return float("inf")
    if expr is sympy.S.NegativeInfinity:
        return float("-inf")
    if expr.is_Rational:
        return int(expr.p) / int(expr.q)
    ball = enclose(expr, bits=128)
    return float(ball.mid())
