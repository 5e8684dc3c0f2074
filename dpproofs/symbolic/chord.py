"""Lemma CM (the chord bound) and Lemma CV (KL convex in its second argument): D(P||Q) or
I(X; Y) <= B(eps) for every eps > 0 on every finite alphabet (docs/design/chord.md).

With r = P(y)/Q(y) under Q, D(P||Q) = E_Q phi(r), phi(r) = r ln r, E_Q r = 1, and
(c eps, 0)-closeness is exactly r in [a, b] = [e^(-c eps), e^(c eps)] (Q(y) = 0 forces
P(y) = 0). phi is convex on (0, oo), so phi lies below its chord on [a, b] and

    D(P||Q) <= C(eps) = ((b - 1) phi(a) + (1 - a) phi(b)) / (b - a).

For I(X; Y) = sum_x pi(x) D(P_x||P_Y): P_Y is (c eps, 0)-close to each row when the rows are
pairwise so (Lemma MX), so I <= C(eps); when D(P_x||P_x') <= c eps for all rows instead,
D(P_x||P_Y) <= sum_x' pi(x') D(P_x||P_x') (Lemma CV), so I <= c eps. With U the upper value
(C or c eps) the claim holds when B(eps) - U(eps) >= 0 for every eps > 0. The decider

1. checks the vocabulary's D is sum_y q_y phi(p_y/q_y) and its I is sum_x pi(x) D(P_x||P_Y);
2. computes the second derivative (phi'' = 1/r, or d^2/dq^2 p ln(p/q) = p/q^2) and decides it
   > 0 on positive arguments (z3, on num * den);
3. computes U (C from phi, a and b: never read from the author);
4. rewrites B - U with exp only, puts s = e^(eps/m) (m the least common denominator of the
   exponents' eps coefficients, at most MAX_POWER, each power s^k with |k| <= MAX_EXPONENT:
   else UNKNOWN before sympy's cancel, which cannot be interrupted) and cancels it to N/D, a
   rational function of s and eps (its texts within the record's limits, else UNKNOWN):
   N = 0 proves B = U; otherwise z3 deciding N D >= 0 for every s > 1, eps > 0 (s and eps
   independent: a relaxation, so a proof stays a proof) proves B >= U.

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
from dpproofs.chord_certificate import MAX_EXPONENT, MAX_POWER, ChordCertificate, readable
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.symbolic import z3terms
from dpproofs.symbolic.z3terms import NotCertified
from dpproofs.verdict import Status, Verdict

METHOD = "chord rule (Lemma CM: r ln r below its chord, Lemma CV: D convex in Q, z3)"
#: The functions a bound may use: each rewrites to exp.
FUNCTIONS = (sympy.exp, sympy.tanh, sympy.sinh, sympy.cosh)
R = sympy.Symbol("r", positive=True)
S = sympy.Symbol("s", positive=True)
ONE = sympy.Integer(1)


#: What a claim bounds: D(P||Q) of a pair, or I(X; Y) of a prior and a channel.
QUANTITIES = ("kl", "mi")
#: What it assumes of the pair (the channel's rows, pairwise): (c eps, 0)-closeness, or
#: D <= c eps (KL-DP; only for I).
HYPOTHESES = ("close", "kl")


@dataclass(frozen=True, slots=True)
class ChordClaim:
    """For every eps > 0: quantity "kl": every pair P, Q of distributions on any finite
    alphabet that is (c eps, 0)-close has D(P||Q) <= bound; quantity "mi": every prior on any
    finite input alphabet and every channel whose rows are pairwise (c eps, 0)-close
    (hypothesis "close") or have D(P_x||P_x') <= c eps (hypothesis "kl") has I(X; Y) <= bound
    (nats). c = ``level``."""

    statement: str
    eps: sympy.Symbol
    bound: sympy.Expr
    #: c: the hypothesis is (c eps, 0)-closeness, or D <= c eps; c a positive rational.
    level: sympy.Rational = ONE
    quantity: str = "kl"
    hypothesis: str = "close"
    #: n (a positive symbol): the channel is a mechanism on D^n, (c eps)-DP over Hamming
    #: neighbours; its rows are pairwise (n c eps, 0)-close (Lemma GP), and B must be a
    #: function of t = n eps.
    group: sympy.Symbol | None = None
    seconds: float = 20.0

    def __post_init__(self) -> None:
        if not isinstance(self.eps, sympy.Symbol) or self.eps.is_positive is not True:
            raise InvalidClaim("the chord rule's parameter is a symbol declared positive")
        if not isinstance(self.level, sympy.Rational) or not self.level > 0:
            raise InvalidClaim(f"the closeness level {self.level} is not a positive rational")
        named = {self.eps} if self.group is None else {self.eps, self.group}
        _whitelist(self.bound, named)
        if self.group is not None and (
            not isinstance(self.group, sympy.Symbol)
            or self.group.is_positive is not True
            or self.group == self.eps
            or (self.quantity, self.hypothesis) != ("mi", "close")
        ):
            raise InvalidClaim("a group n is a positive symbol of its own, for I under eps-DP")
        if (self.quantity, self.hypothesis) not in (("kl", "close"), ("mi", "close"), ("mi", "kl")):
            raise InvalidClaim(
                f"the chord rule bounds D under closeness, or I under closeness or KL-DP, not "
                f"{self.quantity!r} under {self.hypothesis!r}"
            )

    @property
    def coverage(self) -> str:
        c = "" if self.level == 1 else f"{self.level} "
        if self.group is not None:
            n = self.group
            return (
                f"every {n} >= 1, eps > 0, finite alphabets of the entries and of Y, every prior "
                f"on D^{n} and every mechanism that is ({c}eps)-DP over Hamming neighbours "
                f"(Lemma GP: two databases are joined by at most {n} neighbour steps, so their "
                f"rows are ({n} {c}eps, 0)-close, then I(X, Y) = sum_x pi(x) D(P_x||P_Y), Lemma "
                f"MX and Lemma CM in t = {n} eps)"
            )
        if self.quantity == "kl":
            return (
                f"every eps > 0 and every pair P, Q of distributions on every finite alphabet "
                f"that is ({c}eps, 0)-close (Lemma CM: r = P/Q lies in [e^-{c}eps, e^{c}eps] and "
                "r ln r is below its chord there, and closeness is symmetric, so D(Q||P) is "
                "bounded too)"
            )
        rows, lemma = (
            (f"pairwise ({c}eps, 0)-close", "Lemma MX: P_Y is close to each row, and Lemma CM")
            if self.hypothesis == "close"
            else (f"with D(P_x||P_x') <= {c}eps", "Lemma CV: D is convex in its second argument")
        )
        return (
            f"every eps > 0, every prior on every finite input alphabet and every channel on "
            f"every finite output alphabet whose rows are {rows} (I(X, Y) = sum_x pi(x) "
            f"D(P_x||P_Y), {lemma})"
        )

    def describe(self) -> str:
        return self.statement

    def decide(self, deadline: Deadline) -> Verdict:
        try:
            record = certify(self, deadline)
            t = scaled(self)[0]
        except NotCertified as exc:
            return Verdict.unknown(METHOD, str(exc))
        return Verdict(
            Status.PROVED,
            METHOD,
            # no "; " (the rechecker reads a reason's parts split there)
            reason=f"for {self.coverage} (cases: a second derivative > 0, B - U >= 0 for "
            "eps > 0): every case certified",
            certificate=(
                f"{SECOND[self.hypothesis]} = {record.second} > 0 (z3)",
                f"U({t}) = {record.chord}",
                f"B - U = ({record.numerator})/({record.denominator}) at s = e^({t}/"
                f"{record.power}): {'identically 0' if record.way == 'identity' else '>= 0 (z3)'}",
            ),
            evidence=(record,),
        )


def _whitelist(expr: sympy.Expr, named: set[sympy.Symbol]) -> None:
    """Rationals, eps, +, *, integer powers, exp, tanh, sinh, cosh (else InvalidClaim)."""
    if expr.is_Rational or expr in named:
        return
    if isinstance(expr, sympy.Symbol):
        raise InvalidClaim(f"{expr} is not one of the claim's parameters {sorted(map(str, named))}")
    if isinstance(expr, sympy.Pow) and not expr.exp.is_Integer:
        raise InvalidClaim(f"{expr}: only integer powers are read by the chord rule")
    if not isinstance(expr, (sympy.Add, sympy.Mul, sympy.Pow, *FUNCTIONS)):
        raise InvalidClaim(f"{type(expr).__name__} ({expr}) is not read by the chord rule")
    for arg in expr.args if not isinstance(expr, sympy.Pow) else (expr.base,):
        _whitelist(arg, named)


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
    if m > MAX_POWER:
        raise NotCertified(f"the power m = {m} of s = e^({eps}/m) is above the limit {MAX_POWER}")
    widest = max((abs(int(c * m)) for c in coefficients), default=0)
    if widest > MAX_EXPONENT:
        raise NotCertified(f"the power s^{widest} is above the rule's limit s^{MAX_EXPONENT}")
    swapped = expr.replace(
        lambda e: isinstance(e, sympy.exp), lambda e: S ** int(sympy.cancel(e.args[0] / eps) * m)
    )
    if swapped.has(sympy.exp) or not swapped.free_symbols <= {S, eps}:
        raise NotCertified(f"{swapped} is not a rational function of s and {eps}")
    return m, sympy.cancel(sympy.together(swapped))


#: What is differentiated twice: phi(r) = r ln r (Lemma CM), or the KL term p ln(p/q) in q
#: (Lemma CV).
SECOND = {"close": "phi''(r), phi(r) = r ln r, for r > 0", "kl": "d^2/dq^2 p ln(p/q) for p, q > 0"}


def mixture_identity() -> None:
    """The vocabulary's I(X; Y) is sum_x pi(x) D(P_x||P_Y), P_Y = sum_x pi(x) P_x: checked on
    two inputs and two outputs with positive symbolic masses (expanded logarithms cancel; the
    identity does not use that they sum to 1)."""
    w, v, a, b, c, d = sympy.symbols("w v a b c d", positive=True)
    prior, rows = (w, v), ((a, c), (b, d))
    out = [w * a + v * b, w * c + v * d]
    by_rows = sum(x * V.kl_divergence(EXACT, row, out) for x, row in zip(prior, rows, strict=True))
    given = V.mutual_information(EXACT, prior, rows)
    if sympy.expand(sympy.expand_log(sympy.sympify(given - by_rows), force=True)) != 0:
        raise NotCertified(f"the vocabulary's I is {given}, not sum_x pi(x) D(P_x||P_Y)")


def upper(
    claim: ChordClaim, deadline: Deadline, eps: sympy.Symbol
) -> tuple[sympy.Expr, sympy.Expr]:
    """(the second derivative decided > 0, U(eps)): the quantity is at most U under the
    hypothesis: the chord value C (Lemma CM, with Lemma MX for I), or c eps (Lemma CV)."""
    separable()
    if claim.quantity == "mi":
        mixture_identity()
    if claim.hypothesis == "kl":
        p, q = sympy.symbols("p q", positive=True)
        second = sympy.cancel(sympy.diff(V.kl_divergence(EXACT, (p,), (q,)), q, 2))
        names = {p: z3.Real("p"), q: z3.Real("q")}
        domain = [names[p] > 0, names[q] > 0]
        value: sympy.Expr = claim.level * eps
    else:
        second = sympy.cancel(sympy.diff(phi(R), R, 2))
        names = {R: z3.Real("r")}
        domain = [names[R] > 0]
        value = chord(eps, claim.level)
    num, den = sympy.fraction(sympy.together(second))
    _prove(domain, z3terms.polynomial(num * den, names) > 0, claim, deadline, f"{second} > 0")
    return second, value


#: t = n eps, the parameter of a claim over D^n.
T = sympy.Symbol("t", positive=True)


def scaled(claim: ChordClaim) -> tuple[sympy.Symbol, sympy.Expr]:
    """(eps, B), or for a group n (t, B at eps = t/n), which must not depend on n."""
    if claim.group is None:
        return claim.eps, claim.bound
    bound = claim.bound.subs(claim.eps, T / claim.group)
    if claim.group in bound.free_symbols:
        raise NotCertified(f"the bound {claim.bound} is not a function of {claim.group} eps")
    return T, bound


def certify(claim: ChordClaim, deadline: Deadline) -> ChordCertificate:
    """Lemma CM's (or CV's) record for ``claim`` (module docstring), or raises NotCertified."""
    eps, bound = scaled(claim)
    second, value = upper(claim, deadline, eps)
    m, difference = in_powers(bound - value, eps)
    n, d = sympy.fraction(difference)
    if not all(readable(str(p)) for p in (n, d)):
        raise NotCertified(f"N/D in s is above the record's limits (powers <= {MAX_EXPONENT})")
    if n == 0:
        way = "identity"
    else:
        x = {S: z3.Real("s"), eps: z3.Real(str(eps))}
        domain = [x[S] > 1, x[eps] > 0]
        _prove(
            domain, z3terms.polynomial(n * d, x) >= 0, claim, deadline, f"B - U = {difference} >= 0"
        )
        way = "z3"
    return ChordCertificate(str(second), str(value), m, str(n), str(d), way)


def _prove(
    domain: list[z3.BoolRef], held: z3.BoolRef, claim: ChordClaim, deadline: Deadline, what: str
) -> None:
    """z3 shows ``held`` on ``domain``: (domain and not held) is unsat, within the claim's
    seconds and the deadline (a spent deadline: NotCertified, z3 is not asked)."""
    seconds = min(claim.seconds, deadline.remaining())
    if deadline.expired() or seconds <= 0:
        raise NotCertified(f"the deadline ran out before z3 was asked {what}")
    solver = z3.SolverFor("QF_NRA")
    solver.set("timeout", max(1, int(seconds * 1000)))
    solver.add(*domain, z3.Not(held))
    if solver.check() != z3.unsat:
        raise NotCertified(f"z3 did not show {what}")
