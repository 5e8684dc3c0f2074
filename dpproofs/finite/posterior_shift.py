"""Rule PS (posterior shift): semantic privacy of a belief mostly on the close set E, for every
n, every finite D and every output space (docs/design/posterior_shift.md; K&S Theorem 5.1).

Setting: databases D^n, a belief b on D^n, a mechanism A with likelihoods L_x(t) (finite T, or
densities w.r.t. one measure), x_{-i} = x with entry i set to the default, d = delta
(APPROXIMATE) or 0 (PURE), E = {x : A(x), A(y) (eps, d)-indistinguishable for every
neighbour y}. The claim, for every n >= 1, eps > 0 and delta in [0, 1):

    b[E] >= 1 - delta  =>  Pr_{x~b, t~A(x)}[exists i: SD(b0[.|t], bi[.|t]) > eps'] <= delta',

b0[x|t] ~ b(x) L_x(t), bi[x|t] ~ b(x) L_{x_{-i}}(t), eps' a formula in eps and delta, delta' =
n R(eps, delta). With a = k eps (k = ``shift``, an integer, k >= 2 when d = delta), y = e^eps,
g = sqrt(delta) and kappa = (1 + y^k)/(y^k - y) (0 when d = 0), the design note proves the
claim from three scalar obligations over y > 1, g in [0, 1), each decided by the scalar decider:

    good outputs          where eps' < 1: for A, C, A', C' >= 0, Z0 = A + C > 0,
                          Zi = A' + C' > 0, y^-k A <= A' <= y^k A, C <= g Z0, C' <= g Zi and
                          lambda in [y^-k, y^k]:
                          (1/2) (A |1/Z0 - lambda/Zi| + C/Z0 + C'/Zi) <= eps';
    delta' where eps' < 1 R >= g (1 + kappa) (1 + y^k/(1 - g));
    delta' where eps' >= 1 R >= g (1 + kappa).

eps' and R are read with exp(j eps) -> y^j (j an integer), delta -> g^2 (so sqrt(delta) -> g)
as rational functions of y and g (a whitelist: sums, products, integer powers, rationals):
any other form is refused (InvalidClaim). PROVED when every obligation is PROVED, else UNKNOWN
naming the first that is not (the rule never refutes).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

import sympy

from dpproofs.claim import decide_obligations, no_truth_value
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.symbolic.claim import ScalarClaim, holds
from dpproofs.verdict import Verdict

METHOD = "posterior shift rule PS for every n, D and output space (docs/design/posterior_shift.md)"
#: y = e^eps and g = sqrt(delta), the obligations' parameters.
Y = sympy.Symbol("y", positive=True)
G = sympy.Symbol("g", nonnegative=True)
#: The good output's masses (A' and C' are written A2 and C2) and the likelihood ratio lam.
A, C, A2, C2, LAM = sympy.symbols("A C A2 C2 lam", real=True)
ROLES = ("good outputs", "delta' where eps' < 1", "delta' where eps' >= 1")


class Closeness(enum.Enum):
    """How close A(x), A(y) are for x in E and every neighbour y: d = delta, or d = 0."""

    APPROXIMATE = "(eps, delta)"
    PURE = "(eps, 0)"


@dataclass(frozen=True, slots=True)
class PosteriorShiftClaim:
    """The claim of the module docstring; ``parts``: its obligations, in the order of ROLES."""

    __bool__ = no_truth_value

    eps: sympy.Symbol
    delta: sympy.Symbol
    n: sympy.Symbol
    eps_prime: sympy.Expr
    delta_prime: sympy.Expr
    closeness: Closeness
    shift: int
    parts: tuple[ScalarClaim, ...] = field(default=())
    roles: tuple[str, ...] = field(default=())

    def describe(self) -> str:
        return (
            f"for every {self.n} >= 1, finite D, output space, mechanism A and belief b on "
            f"D^{self.n}, E = {{x : A(x), A(y) {self.closeness.value}-indistinguishable for "
            f"every neighbour y}}, {self.eps} > 0, {self.delta} in [0, 1): if b[E] >= 1 - "
            f"{self.delta} then Pr[exists i: SD(b0[.|t], bi[.|t]) > {self.eps_prime}] <= "
            f"{self.delta_prime}"
        )

    @property
    def coverage(self) -> str:
        """What a proof covers."""
        return (
            f"every {self.n} >= 1, every finite D, every output space (finite, or densities "
            f"w.r.t. one measure), every mechanism and belief on D^{self.n}, {self.eps} > 0, "
            f"{self.delta} in [0, 1) (rule PS at a = {self.shift} {self.eps})"
        )

    def decide(self, deadline: Deadline) -> Verdict:
        reason = f"for {self.coverage}: every obligation proved"
        return decide_obligations(self.parts, self.roles, METHOD, deadline, reason)


def in_y_g(expr: sympy.Expr, eps: sympy.Symbol, delta: sympy.Symbol) -> sympy.Expr:
    """``expr`` with exp(j eps) -> y^j (j an integer) and delta -> g^2 (sqrt(delta) -> g): a
    rational function of y and g, else InvalidClaim (the rule reads no other form)."""
    expr = sympy.sympify(expr)
    if expr.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
        raise InvalidClaim(f"{expr} is not a finite expression")
    swapped = expr.xreplace({delta: G**2})

    def power(e: sympy.Expr) -> sympy.Expr:
        j = sympy.cancel(e.args[0] / eps)
        if not j.is_Integer:
            raise InvalidClaim(f"{e}: rule PS reads exp(j {eps}) with j an integer only")
        return Y ** int(j)

    swapped = swapped.replace(lambda e: isinstance(e, sympy.exp), power)
    for node in sympy.preorder_traversal(swapped):
        # Whitelist: sums, products, integer powers of y and g, rational numbers. Anything
        # else (Max, Min, Abs, I, pi, a float, another function) is no rational function.
        if isinstance(node, sympy.Pow) and not node.exp.is_Integer:
            raise InvalidClaim(f"{expr}: a power of {delta} that is not a power of sqrt({delta})")
        if not (
            isinstance(node, sympy.Add | sympy.Mul | sympy.Pow | sympy.Rational) or node in (Y, G)
        ):
            raise InvalidClaim(f"{expr} is not a rational function of e^{eps} and sqrt({delta})")
    return swapped


def kappa(closeness: Closeness, shift: int) -> sympy.Expr:
    """(1 + e^a)/(e^a - e^eps) at a = k eps, in y (0 when d = 0): the bad outputs' mass per
    unit of d (design note, Lemma BAD)."""
    if closeness is Closeness.PURE:
        return sympy.Integer(0)
    return (1 + Y**shift) / (Y**shift - Y)


def obligations(
    eps_prime: sympy.Expr, rate: sympy.Expr, closeness: Closeness, shift: int
) -> tuple[ScalarClaim, ...]:
    """The three scalar claims of the module docstring, for eps' and R written in y and g."""
    where = {Y: "(1, oo)", G: "[0, 1)"}
    masses = {A: "[0, oo)", C: "[0, oo)", A2: "[0, oo)", C2: "[0, oo)", LAM: "(0, oo)"}
    e_a = Y**shift
    z0, zi = A + C, A2 + C2
    shifted = (A * sympy.Abs(1 / z0 - LAM / zi) + C / z0 + C2 / zi) / 2
    le = sympy.Le
    good = [z0 > 0, zi > 0, le(A, e_a * A2), le(A2, e_a * A), le(C, G * z0), le(C2, G * zi)]
    # Unevaluated: at a constant eps' (eps' = 1) "eps' < 1" is sympy's False, which no
    # obligation may assume as written; unevaluated, the obligation is vacuous (and proved).
    below = sympy.StrictLessThan(eps_prime, 1, evaluate=False)
    above = sympy.GreaterThan(eps_prime, 1, evaluate=False)
    good += [LAM * e_a >= 1, le(LAM, e_a), below]
    k = kappa(closeness, shift)
    with sympy.evaluate(False):
        small = sympy.Le(shifted, eps_prime)
        inner = sympy.Ge(rate, G * (1 + k) * (1 + e_a / (1 - G)))
        outer = sympy.Ge(rate, G * (1 + k))
    return (
        holds(small, where={**where, **masses}, assuming=good),
        holds(inner, where=where, assuming=[below]),
        holds(outer, where=where, assuming=[above]),
    )


def posterior_shift_claim(
    eps: sympy.Symbol,
    delta: sympy.Symbol,
    n: sympy.Symbol,
    eps_prime: sympy.Expr | str,
    delta_prime: sympy.Expr | str,
    closeness: Closeness = Closeness.APPROXIMATE,
    shift: int = 2,
) -> PosteriorShiftClaim:
    """The claim of the module docstring with its obligations built. ``delta_prime`` must be
    ``n`` times an expression free of ``n`` (the union bound over the n positions)."""
    if not isinstance(closeness, Closeness):
        raise InvalidClaim(f"closeness must be a Closeness, not {closeness!r}")
    symbols = (eps, delta, n)
    if not all(isinstance(s, sympy.Symbol) for s in symbols) or len(set(symbols)) != 3:
        raise InvalidClaim("eps, delta and n are three distinct symbols")
    taken = {s.name for s in (Y, G, A, C, A2, C2, LAM)}
    if any(s.name in taken for s in symbols):
        raise InvalidClaim(f"the names {sorted(taken)} are the rule's own (y = e^eps, g = ...)")
    if not isinstance(shift, int) or isinstance(shift, bool) or shift < 1:
        raise InvalidClaim(f"the shift k (a = k eps) is an integer >= 1, not {shift!r}")
    if closeness is Closeness.APPROXIMATE and shift < 2:
        raise InvalidClaim("under (eps, delta)-closeness the shift k must be >= 2 (a > eps)")
    names = {s.name: s for s in symbols}
    eps_prime = sympy.sympify(eps_prime, locals=names)
    delta_prime = sympy.sympify(delta_prime, locals=names)
    if n in eps_prime.free_symbols:
        raise InvalidClaim(f"eps' = {eps_prime} may not depend on {n}")
    rate = sympy.cancel(delta_prime / n)
    if n in rate.free_symbols:
        raise InvalidClaim(f"delta' = {delta_prime} is not {n} times an expression free of {n}")
    parts = obligations(in_y_g(eps_prime, eps, delta), in_y_g(rate, eps, delta), closeness, shift)
    return PosteriorShiftClaim(
        eps, delta, n, eps_prime, delta_prime, closeness, shift, parts, ROLES
    )
