"""Lemma CM (the chord bound): D(P||Q) <= B(eps) for every pair P, Q on every finite alphabet
that is (c eps, 0)-close, decided for every eps > 0 (docs/design/chord.md).

With r = P(y)/Q(y) under Q, D(P||Q) = E_Q phi(r), phi(r) = r ln r, E_Q r = 1, and
(c eps, 0)-closeness is exactly r in [a, b] = [e^(-c eps), e^(c eps)] (Q(y) = 0 forces
P(y) = 0). phi is convex on (0, oo), so phi lies below its chord on [a, b] and

    D(P||Q) <= C(eps) = ((b - 1) phi(a) + (1 - a) phi(b)) / (b - a).

The claim holds when B(eps) - C(eps) >= 0 for every eps > 0. The decider

1. computes phi'' (sympy) and decides phi'' > 0 on r > 0 (z3, on num * den of phi'');
2. computes C from phi, a and b (never read from the author);
3. rewrites B - C with exp only, puts s = e^(eps/m) (m the least common denominator of the
   exponents' eps coefficients) and cancels it to N/D, a rational function of s and eps:
   N = 0 proves B = C; otherwise z3 deciding N D >= 0 for every s > 1, eps > 0 (s and eps
   independent: a relaxation, so a proof stays a proof) proves B >= C.

Anything else (a bound outside the whitelist, a log left after the rewrite, z3 not unsat)
is UNKNOWN. The rule never refutes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce
from math import lcm

import sympy
import z3

from dpproofs import vocabulary as V
from dpproofs.algebra import EXACT
from dpproofs.chord_certificate import ChordCertificate
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.symbolic.diagonal import NotCertified
from dpproofs.symbolic.diagonal import _z3 as _term  # a polynomial as a z3 term, exactly
from dpproofs.verdict import Status, Verdict

METHOD = "chord rule (Lemma CM: r ln r below its chord on [e^-eps, e^eps], z3)"
#: The functions a bound may use: each rewrites to exp.
FUNCTIONS = (sympy.exp, sympy.tanh, sympy.sinh, sympy.cosh)
R = sympy.Symbol("r", positive=True)
S = sympy.Symbol("s", positive=True)
ONE = sympy.Integer(1)


@dataclass(frozen=True, slots=True)
class ChordClaim:
    """For every eps > 0 and every pair P, Q of distributions on any finite alphabet that is
    (level * eps, 0)-close: D(P||Q) <= bound (nats)."""

    statement: str
    eps: sympy.Symbol
    bound: sympy.Expr
    #: c: the hypothesis is (c eps, 0)-closeness, c a positive rational.
    level: sympy.Rational = ONE
    seconds: float = 20.0

    def __post_init__(self) -> None:
        if not isinstance(self.eps, sympy.Symbol) or self.eps.is_positive is not True:
            raise InvalidClaim("the chord rule's parameter is a symbol declared positive")
        if not isinstance(self.level, sympy.Rational) or not self.level > 0:
            raise InvalidClaim(f"the closeness level {self.level} is not a positive rational")
        _whitelist(self.bound, self.eps)

    @property
    def coverage(self) -> str:
        c = "" if self.level == 1 else f"{self.level} "
        return (
            f"every eps > 0 and every pair P, Q of distributions on every finite alphabet that "
            f"is ({c}eps, 0)-close (Lemma CM: r = P/Q lies in [e^-{c}eps, e^{c}eps] and r ln r "
            "is below its chord there, and closeness is symmetric, so D(Q||P) is bounded too)"
        )

    def describe(self) -> str:
        return self.statement

    def decide(self, deadline: Deadline) -> Verdict:
        seconds = min(self.seconds, deadline.remaining())
        try:
            record = certify(self, seconds)
        except NotCertified as exc:
            return Verdict.unknown(METHOD, str(exc))
        return Verdict(
            Status.PROVED,
            METHOD,
            # no "; " (the rechecker reads a reason's parts split there)
            reason=f"for {self.coverage} (cases: phi'' > 0 for r > 0, B - C >= 0 for eps > 0): "
            "every case certified",
            certificate=(
                f"phi(r) = r ln r, phi''(r) = {record.second} > 0 for r > 0 (z3)",
                f"chord C(eps) = {record.chord}",
                f"B - C = ({record.numerator})/({record.denominator}) at s = e^(eps/"
                f"{record.power}): {'identically 0' if record.way == 'identity' else '>= 0 (z3)'}",
            ),
            evidence=(record,),
        )


def _whitelist(expr: sympy.Expr, eps: sympy.Symbol) -> None:
    """Rationals, eps, +, *, integer powers, exp, tanh, sinh, cosh (else InvalidClaim)."""
    if expr.is_Rational or expr == eps:
        return
    if isinstance(expr, sympy.Symbol):
        raise InvalidClaim(f"{expr} is not the claim's parameter {eps}")
    if isinstance(expr, sympy.Pow) and not expr.exp.is_Integer:
        raise InvalidClaim(f"{expr}: only integer powers are read by the chord rule")
    if not isinstance(expr, (sympy.Add, sympy.Mul, sympy.Pow, *FUNCTIONS)):
        raise InvalidClaim(f"{type(expr).__name__} ({expr}) is not read by the chord rule")
    for arg in expr.args if not isinstance(expr, sympy.Pow) else (expr.base,):
        _whitelist(arg, eps)


def chord(eps: sympy.Symbol, level: sympy.Rational) -> sympy.Expr:
    """C = ((b - 1) phi(a) + (1 - a) phi(b)) / (b - a), phi(r) = r ln r, a = e^(-c eps),
    b = e^(c eps)."""
    a, b = sympy.exp(-level * eps), sympy.exp(level * eps)
    return ((b - 1) * phi(a) + (1 - a) * phi(b)) / (b - a)


def phi(r: sympy.Expr) -> sympy.Expr:
    """phi(r) = D((r) || (1)): the vocabulary's KL term of one outcome with masses r and 1."""
    return sympy.sympify(V.kl_divergence(EXACT, (r,), (sympy.Integer(1),)))


def separable() -> None:
    """The vocabulary's D(P||Q) is sum_y q_y phi(p_y / q_y) on positive masses: checked on two
    outcomes with positive symbolic masses (a sum of per-outcome terms, each q phi(p/q))."""
    a, b, c, d = sympy.symbols("a b c d", positive=True)
    two = V.kl_divergence(EXACT, (a, b), (c, d))
    terms = c * phi(a / c) + d * phi(b / d)
    if sympy.expand(sympy.expand_log(sympy.sympify(two) - terms)) != 0:
        raise NotCertified(f"the vocabulary's D is {two}, not sum_y q_y phi(p_y/q_y)")


def in_exp(expr: sympy.Expr) -> sympy.Expr:
    """``expr`` with tanh x = (e^x - e^-x)/(e^x + e^-x), sinh x = (e^x - e^-x)/2 and
    cosh x = (e^x + e^-x)/2 (their definitions)."""
    e = sympy.exp
    return (
        expr.replace(sympy.tanh, lambda x: (e(x) - e(-x)) / (e(x) + e(-x)))
        .replace(sympy.sinh, lambda x: (e(x) - e(-x)) / 2)
        .replace(sympy.cosh, lambda x: (e(x) + e(-x)) / 2)
    )


def in_powers(expr: sympy.Expr, eps: sympy.Symbol) -> tuple[int, sympy.Expr]:
    """(m, E) with E a rational function of s and eps equal to ``expr`` at s = e^(eps/m), for
    ``expr`` rewritten with exp only, every exp's argument a rational multiple of eps."""
    expr = sympy.expand_log(in_exp(expr))
    if expr.has(sympy.log):
        raise NotCertified(f"{expr} keeps a logarithm after the rewrite")
    coefficients = []
    for power in expr.atoms(sympy.exp):
        c = sympy.cancel(power.args[0] / eps)
        if not c.is_Rational:
            raise NotCertified(f"{power}: its exponent is not a rational multiple of {eps}")
        coefficients.append(c)
    m = reduce(lcm, (int(c.q) for c in coefficients), 1)
    swapped = expr.replace(
        lambda e: isinstance(e, sympy.exp), lambda e: S ** int(sympy.cancel(e.args[0] / eps) * m)
    )
    if swapped.has(sympy.exp) or not swapped.free_symbols <= {S, eps}:
        raise NotCertified(f"{swapped} is not a rational function of s and {eps}")
    return m, sympy.cancel(sympy.together(swapped))


def certify(claim: ChordClaim, seconds: float) -> ChordCertificate:
    """Lemma CM's record for ``claim`` (module docstring), or raises NotCertified."""
    eps = claim.eps
    separable()
    second = sympy.cancel(sympy.diff(phi(R), R, 2))
    num, den = sympy.fraction(sympy.together(second))
    r = {R: z3.Real("r")}
    _prove([r[R] > 0], _term(num * den, r) > 0, seconds, "phi'' > 0 on r > 0")
    value = chord(eps, claim.level)
    m, difference = in_powers(claim.bound - value, eps)
    n, d = sympy.fraction(difference)
    if n == 0:
        way = "identity"
    else:
        x = {S: z3.Real("s"), eps: z3.Real("eps")}
        domain = [x[S] > 1, x[eps] > 0]
        _prove(domain, _term(n * d, x) >= 0, seconds, f"B - C = {difference} >= 0")
        way = "z3"
    return ChordCertificate(str(second), str(value), m, str(n), str(d), way)


def _prove(domain: list[z3.BoolRef], held: z3.BoolRef, seconds: float, what: str) -> None:
    """z3 shows ``held`` on ``domain``: (domain and not held) is unsat."""
    solver = z3.SolverFor("QF_NRA")
    solver.set("timeout", max(1, int(seconds * 1000)))
    solver.add(*domain, z3.Not(held))
    if solver.check() != z3.unsat:
        raise NotCertified(f"z3 did not show {what}")
