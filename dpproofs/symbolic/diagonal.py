"""Rule DG (the diagonal rule): F(p, q) >= 0 from F(p, p) = 0 and a sign of the derivative
along the segment from the diagonal (docs/design/diagonal.md).

A *diagonal claim* is a list of cases; each case is an expression F in two symbols p (the base)
and q (the moving point) built from rationals, p, q, +, *, integer powers and ln, with a domain
D = P x Q, P and Q real intervals with rational ends (open or closed), P inside Q. The claim
reads "F(p, q) >= 0 for every (p, q) in D", for every case. A case is certified when

1. (definedness) every ln argument is > 0 and every base of a negative power is != 0 on D;
2. (diagonal) F(p, p) = 0 exactly (each ln argument cancelled, then the whole cancelled to 0);
3. (sign) G = (q - p) dF/dq, cancelled to N/M (no ln left), has M != 0 on D, and with
   N M = c prod f_i^{m_i} (sympy's factor_list), the product R = c prod_{m_i odd} f_i is >= 0
   on D (the even powers are squares).

Every "on D" is decided by z3 over the reals (QF_NRA, complete for polynomial arithmetic;
unsat of the negation within the time limit, else the case is not certified). Then
F >= 0 on D (proof in the design note: h(s) = F(p, p + s (q - p)) has h(0) = 0 and
h'(s) = G(p, p + s (q - p)) / s >= 0). The rule never refutes: a case not certified is UNKNOWN,
and so is a case above the rule's size limit (:func:`size`, :data:`MAX_SIZE`) or one reached
when the deadline has run out (each z3 call gets at most what is left of it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

import sympy
import z3

from dpproofs.deadline import Deadline
from dpproofs.diagonal_certificate import MAX_SIZE, size
from dpproofs.errors import InvalidClaim
from dpproofs.evidence import DiagonalCertificate
from dpproofs.symbolic import z3terms
from dpproofs.symbolic.z3terms import NotCertified
from dpproofs.verdict import Status, Verdict

METHOD = "diagonal rule (F(p, p) = 0 and a signed derivative along the segment, z3)"


#: Written by ``reduced`` alone; everyone else reads it through :data:`REDUCTIONS`.
_BUILT: dict[str, tuple[DiagonalCase, ...]] = {}
#: The cases each builder of :mod:`dpproofs.symbolic.diagonal_forms` last made with a
#: reduction's words, keyed by the words: a claim states a reduction only with these very cases
#: (the builder checked the reduction's preconditions on them). A read-only view: a write to it
#: raises TypeError, so only ``reduced`` registers cases.
REDUCTIONS: Mapping[str, tuple[DiagonalCase, ...]] = MappingProxyType(_BUILT)


def reduced(statement: str, cases: tuple[DiagonalCase, ...], words: str) -> DiagonalClaim:
    """The claim over ``cases`` with the reduction ``words`` (for the builders only)."""
    _BUILT[words] = cases
    return DiagonalClaim(
        statement, sympy.Symbol("p", real=True), sympy.Symbol("q", real=True), cases, words
    )


@dataclass(frozen=True, slots=True)
class DiagonalCase:
    """F(p, q) >= 0 for p in ``base`` and q in ``moving`` (sympy Intervals with rational ends,
    or one rational point, a FiniteSet)."""

    expression: sympy.Expr
    base: sympy.Set
    moving: sympy.Set
    label: str = ""
    #: k: the derivatives of order < k vanish on the diagonal and (q - p)^k d^kF/dq^k >= 0.
    order: int = 1
    #: Polynomials c(p, q), each of degree <= 1 in q, with c > 0 on the domain (so the domain
    #: is P x Q cut by them; each q-section stays an interval).
    constraints: tuple[sympy.Expr, ...] = ()


@dataclass(frozen=True, slots=True)
class DiagonalClaim:
    statement: str
    p: sympy.Symbol
    q: sympy.Symbol
    cases: tuple[DiagonalCase, ...]
    #: A reduction from every finite alphabet to the cases, in words; only the builders of
    #: :mod:`dpproofs.symbolic.diagonal_forms` give one, and they check it (``reduced``).
    reduction: str = ""
    seconds: float = 20.0

    def __post_init__(self) -> None:
        validate(self.p, self.q, self.cases)
        if self.reduction and REDUCTIONS.get(self.reduction) is not self.cases:
            raise InvalidClaim(
                "a reduction to the cases is stated only by the builders of "
                "dpproofs.symbolic.diagonal_forms, which build the cases themselves"
            )

    @property
    def coverage(self) -> str:
        """What the verdict covers: the reduction's words, or each case's domain as written."""
        if self.reduction:
            return self.reduction
        return " and ".join(f"p in {c.base}, q in {c.moving}" for c in self.cases)

    def describe(self) -> str:
        return self.statement

    def decide(self, deadline: Deadline) -> Verdict:
        records = []
        for index, case in enumerate(self.cases):
            if deadline.expired():
                return Verdict.unknown(METHOD, f"the deadline ran out before case {index + 1}")
            try:
                records.append(certify(case, self.p, self.q, self.seconds, deadline))
            except NotCertified as exc:
                name = case.label or f"case {index + 1}"
                return Verdict.unknown(METHOD, f"{name}: {exc}")
        return Verdict(
            Status.PROVED,
            METHOD,
            reason=f"for {self.coverage}: every case certified",
            certificate=tuple(
                f"{c.label or 'case'}: (q - p)^{c.order} d^{c.order}F/dq^{c.order} = ({n})/({m}), "
                f"N M = ({r}) ({s})^2, "
                f"{r} >= 0 on p in {c.base}, q in {c.moving}"
                for c, (n, m, r, s) in zip(self.cases, records, strict=True)
            ),
            evidence=(DiagonalCertificate(tuple(records)),),
        )


def diagonal(
    statement: str,
    p: sympy.Symbol,
    q: sympy.Symbol,
    cases: Iterable[DiagonalCase],
) -> DiagonalClaim:
    """The claim "F >= 0 on each case's domain", decided by rule DG (module docstring); its
    coverage is the cases' domains as written (a reduction to them is stated only by the
    builders of :mod:`dpproofs.symbolic.diagonal_forms`, which rebuild their cases)."""
    return DiagonalClaim(statement, p, q, tuple(cases))


def validate(p: sympy.Symbol, q: sympy.Symbol, cases: tuple[DiagonalCase, ...]) -> None:
    """Raise InvalidClaim unless the claim is in rule DG's whitelist (module docstring)."""
    if (p, q) != (sympy.Symbol("p", real=True), sympy.Symbol("q", real=True)):
        # Other assumptions (positive, ...) could let sympy rewrite F by facts the domain
        # does not give; the names are how the certificate's polynomials are read back.
        raise InvalidClaim("the diagonal rule's symbols are p (the base) and q, real only")
    if not cases:
        raise InvalidClaim("a diagonal claim needs at least one case")
    for case in cases:
        if not isinstance(case, DiagonalCase):
            raise InvalidClaim(f"{case!r} is not a DiagonalCase")
        _whitelist(case.expression, {p, q})
        if case.order not in (1, 2):
            raise InvalidClaim(f"the order {case.order} is not 1 or 2")
        for c in case.constraints:
            _whitelist(c, {p, q})
            if not c.is_polynomial(p, q) or c.free_symbols - {p, q} or sympy.degree(c, q) > 1:
                raise InvalidClaim(f"the constraint {c} is not a polynomial of degree <= 1 in q")
        for interval in (case.base, case.moving):
            if not _interval(interval):
                raise InvalidClaim(f"{interval} is not an interval with rational ends")


def _interval(interval: object) -> bool:
    """An Interval with rational ends, or one rational point ({a} = [a, a])."""
    if isinstance(interval, sympy.FiniteSet):
        return len(interval) == 1 and all(e.is_Rational for e in interval)
    return isinstance(interval, sympy.Interval) and all(
        e.is_Rational for e in (interval.start, interval.end)
    )


def _whitelist(expr: sympy.Expr, symbols: set[sympy.Symbol]) -> None:
    """Only rationals, the two symbols, +, *, integer powers and ln (else InvalidClaim)."""
    if expr.is_Rational or expr in symbols:
        return
    if isinstance(expr, sympy.Symbol):
        raise InvalidClaim(f"{expr} is not one of the claim's symbols {sorted(map(str, symbols))}")
    if isinstance(expr, sympy.Pow) and not expr.exp.is_Integer:
        raise InvalidClaim(f"{expr}: only integer powers are read by the diagonal rule")
    if not isinstance(expr, sympy.Add | sympy.Mul | sympy.Pow | sympy.log):
        raise InvalidClaim(f"{type(expr).__name__} ({expr}) is not read by the diagonal rule")
    for arg in expr.args if not isinstance(expr, sympy.Pow) else (expr.base,):
        _whitelist(arg, symbols)


def conditions(expr: sympy.Expr) -> tuple[list[sympy.Expr], list[sympy.Expr]]:
    """The ln arguments and the bases of negative powers occurring in ``expr``."""
    logs = sorted(expr.atoms(sympy.log), key=sympy.default_sort_key)
    powers = [e for e in expr.atoms(sympy.Pow) if e.exp.is_negative]
    bases = sorted({e.base for e in powers}, key=sympy.default_sort_key)
    return [e.args[0] for e in logs], bases


def certify(
    case: DiagonalCase,
    p: sympy.Symbol,
    q: sympy.Symbol,
    seconds: float,
    deadline: Deadline | None = None,
) -> tuple[str, str, str, str]:
    """The case's record (N, M, R, S): G = N/M, N M = R S^2 and R >= 0 decided, or raises
    NotCertified. Every step is exact; the sign conditions are z3 unsat answers, each given at
    most ``seconds`` and what is left of ``deadline``; a case above :data:`MAX_SIZE` is not
    tried (sympy's cancel and factor_list cannot be interrupted)."""
    deadline = deadline or Deadline(None)
    f, order = case.expression, case.order
    if size(f) > MAX_SIZE:
        raise NotCertified(f"its size {size(f)} is above the rule's limit {MAX_SIZE}")
    if not case.base.is_subset(case.moving):
        raise NotCertified(f"the base {case.base} is not inside the moving range {case.moving}")
    box = Box(p, q, case.base, case.moving, seconds, deadline)
    for c in case.constraints:
        box.domain.append(z3terms.polynomial(c, box.vars) > 0)
    for c in case.constraints:  # the diagonal point (p, p) is in the domain with (p, q)
        box.prove(c.subs(q, p), ">", f"the constraint {c} > 0 at q = p")
    args, bases = conditions(f)
    for arg in args:
        num, den = sympy.fraction(sympy.together(arg))
        box.prove(num * den, ">", f"ln argument {arg} > 0")
    for base in bases:
        num, den = sympy.fraction(sympy.together(base))
        box.prove(num * den, "!=", f"{base} != 0")
    for j in range(order):  # F and its q-derivatives below the order vanish at q = p
        on_diagonal = sympy.diff(f, q, j).subs(q, p)
        if isinstance(case.base, sympy.FiniteSet):  # one base point a: at (a, a)
            on_diagonal = on_diagonal.subs(p, case.base.args[0])
        on_diagonal = on_diagonal.replace(sympy.log, lambda a: sympy.log(sympy.cancel(a)))
        if sympy.cancel(sympy.expand(on_diagonal)) != 0:
            raise NotCertified(f"d^{j}F/dq^{j} at q = p is {on_diagonal}, not shown 0")
    box.in_time("G")
    g = sympy.cancel(sympy.together((q - p) ** order * sympy.diff(f, q, order)))
    if g.has(sympy.log):
        raise NotCertified(f"(q - p)^{order} d^{order}F/dq^{order} = {g} keeps a logarithm")
    num, den = sympy.fraction(g)
    if den.free_symbols:
        box.prove(den, "!=", f"G's denominator {den} != 0")
    box.in_time("N M")
    rest, square = odd_part(sympy.expand(num * den), p, q)
    box.prove(rest, ">=", f"the odd factors {rest} >= 0")
    return (str(num), str(den), str(rest), str(square))


def odd_part(
    product: sympy.Expr, p: sympy.Symbol, q: sympy.Symbol
) -> tuple[sympy.Expr, sympy.Expr]:
    """(R, S) with product = R S^2: R = c prod f_i over the factors of odd multiplicity
    (product = c prod f_i^m_i, sympy's factor_list), S = prod f_i^(m_i // 2). The product has
    R's sign wherever S is not 0, and is 0 where S is."""
    constant, factors = sympy.factor_list(product, p, q)
    constant = sympy.sympify(constant)
    if not isinstance(constant, sympy.Rational):  # Integer is a Rational; -1/2 must stay -1/2
        raise NotCertified(f"the constant factor {constant} of {product} is not a rational")
    rest, square = constant, sympy.Integer(1)
    for factor, power in factors:
        rest *= factor ** (power % 2)
        square *= factor ** (power // 2)
    return rest, square


class Box:
    """z3 over p in P, q in Q: ``prove(condition)`` holds when (domain and not condition) is
    unsat; anything else raises NotCertified."""

    def __init__(
        self,
        p: sympy.Symbol,
        q: sympy.Symbol,
        base: sympy.Set,
        moving: sympy.Set,
        seconds: float,
        deadline: Deadline,
    ) -> None:
        self.vars = {p: z3.Real(str(p)), q: z3.Real(str(q))}
        self.domain = [*_inside(self.vars[p], base), *_inside(self.vars[q], moving)]
        self.seconds = seconds
        self.deadline = deadline

    def in_time(self, what: str) -> None:
        """NotCertified when the deadline has run out (before ``what``)."""
        if self.deadline.expired():
            raise NotCertified(f"the deadline ran out before {what}")

    def prove(self, polynomial: sympy.Expr, relation: str, what: str) -> None:
        """z3 shows ``polynomial relation 0`` (relation '>', '>=' or '!=') on the domain, in
        at most the Box's seconds and what is left of its deadline."""
        self.in_time(what)
        value = z3terms.polynomial(polynomial, self.vars)
        held = {">": value > 0, ">=": value >= 0, "!=": value != 0}[relation]
        solver = z3.SolverFor("QF_NRA")
        seconds = min(self.seconds, self.deadline.remaining())
        solver.set("timeout", max(1, int(seconds * 1000)))
        solver.add(*self.domain)
        solver.add(z3.Not(held))
        result = solver.check()
        if result != z3.unsat:
            raise NotCertified(f"z3 did not show {what} on the domain ({result})")


def _inside(var: z3.ArithRef, interval: sympy.Set) -> list[z3.BoolRef]:
    if isinstance(interval, sympy.FiniteSet):
        return [var == z3terms.rational(interval.args[0])]
    lo, hi = (z3terms.rational(interval.start), z3terms.rational(interval.end))
    return [
        var > lo if interval.left_open else var >= lo,
        var < hi if interval.right_open else var <= hi,
    ]
