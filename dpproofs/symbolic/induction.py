"""Induction as a claim form: a statement for every integer n >= n0 from a base and a step.

The claim (docs/design/induction.md states the rule, its preconditions and its proof):

    for every integer n >= n0, every parameter point p (``where``, with each ``instance``
    parameter q set to its expression e_q(n, p)) and every v_1, ..., v_n (each v_j a point of the
    per-index domains ``each`` satisfying ``each_assuming``):
        hypotheses(n, S(n), p)  implies  claim(n, S(n), p),
    where S(n) = (S_1(n), ..., S_m(n)) are running sums or products over j = 1..n of per-index
    terms t_i(v_j, p) (``running_sum``, ``running_product``; the empty sum is 0, the empty
    product 1).

It is decided by four scalar claims (:func:`dpproofs.symbolic.holds`), each by the existing
scalar decider, with the author's invariant I(n, S, p) as the induction hypothesis:

    base         I(n0, S(n0), p), S(n0) written out with n0 fresh copies of the per-index variables;
    step         I(n, S, p) and the per-index assumptions on v imply I(n + 1, S', p), S' the
                 sums plus t_i(v, p) and the products times t_i(v, p), for every REAL n >= n0
                 and every real S (a real n >= n0 includes every integer one);
    conclusion   I(n, S, p) and the hypotheses imply the claim, every real n >= n0, every S,
                 with each instance parameter q replaced by e_q (in I as in the claim);
    instance     e_q(n, p) lies in q's domain, every real n >= n0 and p.

PROVED only when the four are each PROVED; any other verdict of a part gives UNKNOWN with the
part and its reason (a refuted base or step refutes the invariant, not the claim). The verdict's
parts are the four verdicts, in that order, so that ``dpproofs recheck`` replays each.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

import sympy
from sympy.logic.boolalg import Boolean

from dpproofs.claim import decide_obligations, no_truth_value
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.symbolic.claim import ScalarClaim, holds
from dpproofs.symbolic.domain import DomainSpec, interval_of
from dpproofs.verdict import Verdict

#: The base writes out n0 copies of the per-index variables; more is never needed in practice.
MAX_START = 3
#: The roles of the four parts, in the order of ``InductionClaim.parts``.
ROLES = ("base", "step", "conclusion", "instance")
METHOD = "induction (base, step, conclusion, instance; docs/design/induction.md)"


@dataclass(frozen=True, slots=True)
class Running:
    """S = sum (or product) over j = 1..n of ``term`` at the j-th copy of the per-index values."""

    symbol: sympy.Symbol
    term: sympy.Expr
    product: bool

    @property
    def empty(self) -> sympy.Integer:
        return sympy.Integer(1 if self.product else 0)

    def then(self, value: sympy.Expr, term: sympy.Expr) -> sympy.Expr:
        """The value after one more index: value + term or value * term, as written."""
        if self.product:
            return sympy.Mul(value, term, evaluate=False)
        return sympy.Add(value, term, evaluate=False)

    def describe(self, n: sympy.Symbol) -> str:
        kind = "product" if self.product else "sum"
        return f"{self.symbol} = {kind} over j = 1..{n} of {self.term} (at the j-th copy)"


def running_sum(name: str, term: sympy.Expr) -> Running:
    """S(n) = t(v_1) + ... + t(v_n) (0 at n = 0)."""
    return Running(sympy.Symbol(name, real=True), sympy.sympify(term), product=False)


def running_product(name: str, term: sympy.Expr) -> Running:
    """S(n) = t(v_1) * ... * t(v_n) (1 at n = 0)."""
    return Running(sympy.Symbol(name, real=True), sympy.sympify(term), product=True)


@dataclass(frozen=True, slots=True)
class InductionClaim:
    """The claim of the module docstring; ``parts`` are its four scalar obligations."""

    __bool__ = no_truth_value

    n: sympy.Symbol
    start: int
    claim: Boolean
    invariant: Boolean
    running: tuple[Running, ...]
    each: tuple[tuple[sympy.Symbol, DomainSpec], ...]
    each_assuming: tuple[Boolean, ...]
    where: tuple[tuple[sympy.Symbol, DomainSpec], ...]
    hypotheses: tuple[Boolean, ...]
    instance: tuple[tuple[sympy.Symbol, sympy.Expr], ...]
    parts: tuple[ScalarClaim, ...] = field(default=())

    def describe(self) -> str:
        per_index = ", ".join(str(v) for v, _ in self.each)
        defs = "; ".join(r.describe(self.n) for r in self.running)
        inst = "; ".join(f"{q} = {e}" for q, e in self.instance)
        hyp = " and ".join(map(str, self.hypotheses))
        return (
            f"for every integer {self.n} >= {self.start}"
            + (f" and every {per_index} at each index" if per_index else "")
            + (f" with {' and '.join(map(str, self.each_assuming))}" if self.each_assuming else "")
            + f": {f'{hyp} implies ' if hyp else ''}{self.claim}"
            + (f", where {defs}" if defs else "")
            + (f", {inst}" if inst else "")
        )

    def decide(self, deadline: Deadline) -> Verdict:
        return decide_obligations(self.parts, ROLES, METHOD, deadline)


def induction(
    n: sympy.Symbol,
    start: int,
    claim: Boolean,
    invariant: Boolean,
    running: Sequence[Running] = (),
    each: Mapping[sympy.Symbol, DomainSpec] | None = None,
    each_assuming: Iterable[Boolean] = (),
    where: Mapping[sympy.Symbol, DomainSpec] | None = None,
    assuming: Iterable[Boolean] = (),
    instance: Mapping[sympy.Symbol, sympy.Expr] | None = None,
) -> InductionClaim:
    """The claim of the module docstring, with its four obligations built (see there)."""
    each_t = tuple((each or {}).items())
    where_t = tuple((where or {}).items())
    inst_t = tuple((q, sympy.sympify(e)) for q, e in (instance or {}).items())
    built = InductionClaim(
        n=n,
        start=start,
        claim=claim,
        invariant=invariant,
        running=tuple(running),
        each=each_t,
        each_assuming=tuple(each_assuming),
        where=where_t,
        hypotheses=tuple(assuming),
        instance=inst_t,
    )
    check_shape(built)
    return replace(built, parts=obligations(built))


def check_shape(claim: InductionClaim) -> None:
    """The preconditions read off the claim (InvalidClaim when one fails); see the design note."""
    if not isinstance(claim.start, int) or isinstance(claim.start, bool):
        raise InvalidClaim("induction: the start n0 must be a Python int")
    if not 0 <= claim.start <= MAX_START:
        raise InvalidClaim(f"induction: the start n0 must be in 0..{MAX_START}")
    per_index = {v for v, _ in claim.each}
    params = {p for p, _ in claim.where}
    sums = {r.symbol for r in claim.running}
    inst = {q for q, _ in claim.instance}
    names = [s.name for s in (claim.n, *per_index, *params, *sums)]
    if len(set(names)) != len(names):
        raise InvalidClaim(
            "induction: n, the per-index variables, the parameters and the running "
            "values must have distinct names"
        )
    copied = {c.name for j in range(1, claim.start + 1) for c in copies(claim, j).values()}
    if copied & set(names):
        # The base's copies v__1, v__2, ... would be the same symbol as a parameter of that
        # name: the base would then be decided at v_1 = that parameter only.
        raise InvalidClaim(f"induction: the names {sorted(copied & set(names))} are reserved")
    if not inst <= params:
        raise InvalidClaim("induction: an instance parameter must have a domain in where")
    for r in claim.running:
        if not r.term.free_symbols <= per_index | params:
            raise InvalidClaim(
                f"induction: the term of {r.symbol} may read only the per-index variables and "
                f"the parameters, not {sorted(map(str, r.term.free_symbols - per_index - params))}"
            )
    for a in claim.each_assuming:
        if not a.free_symbols <= per_index | params:
            raise InvalidClaim(
                "induction: a per-index assumption may read only the per-index "
                "variables and the parameters"
            )
    outer = {claim.n} | params | sums
    for what, formula in (
        ("claim", claim.claim),
        ("invariant", claim.invariant),
        *(("hypothesis", h) for h in claim.hypotheses),
    ):
        if not formula.free_symbols <= outer:
            raise InvalidClaim(
                f"induction: the {what} may read only {claim.n}, the parameters and the running "
                f"values, not {sorted(map(str, formula.free_symbols - outer))}"
            )
    for q, e in claim.instance:
        if not e.free_symbols <= ({claim.n} | params) - inst:
            raise InvalidClaim(
                f"induction: the instance of {q} may read only {claim.n} and the other parameters"
            )


def copies(claim: InductionClaim, index: int) -> dict[sympy.Symbol, sympy.Symbol]:
    """The index-th copy of the per-index variables (fresh names v__index)."""
    return {v: sympy.Symbol(f"{v.name}__{index}", real=True) for v, _ in claim.each}


def obligations(claim: InductionClaim) -> tuple[ScalarClaim, ...]:
    """(base, step, conclusion, instance) as scalar claims (module docstring). Substituted with
    sympy's evaluation off, so that a formula is read as written (0 <= 1 stays a comparison)."""
    n, n0 = claim.n, claim.start
    where = dict(claim.where)
    each = dict(claim.each)
    # base: S(n0) written out with n0 copies of the per-index variables.
    values: dict[sympy.Symbol, sympy.Expr] = {r.symbol: r.empty for r in claim.running}
    base_where: dict[sympy.Symbol, DomainSpec] = dict(where)
    base_assuming: list[Boolean] = []
    for j in range(1, n0 + 1):
        copy = copies(claim, j)
        base_where |= {copy[v]: d for v, d in each.items()}
        base_assuming += [_sub(a, copy) for a in claim.each_assuming]
        for r in claim.running:
            values[r.symbol] = r.then(values[r.symbol], _sub(r.term, copy))
    base = holds(
        _sub(claim.invariant, {n: sympy.Integer(n0), **values}),
        where=base_where,
        assuming=base_assuming,
    )
    # step: I(n, S) and the per-index assumptions imply I(n + 1, S'); an equation S_i = e of
    # the invariant is used by substituting e for S_i (solved_equations).
    solved, rest = solved_equations(claim)
    after = {r.symbol: r.then(r.symbol, r.term) for r in claim.running}
    step_where = {n: (n0, sympy.oo), **where, **each}
    step_target = _sub(claim.invariant, {n: sympy.Add(n, 1, evaluate=False), **after})
    step = holds(
        _sub(step_target, solved),
        where=step_where,
        assuming=[*(_sub(f, solved) for f in rest), *claim.each_assuming],
    )
    # conclusion: I(n, S) and the hypotheses imply the claim, instances substituted.
    inst = dict(claim.instance)
    outer_where = {n: (n0, sympy.oo), **{p: d for p, d in where.items() if p not in inst}}
    premises = [_sub(_sub(f, solved), inst) for f in (*rest, *claim.hypotheses)]
    target = _sub(_sub(claim.claim, solved), inst)
    conclusion = holds(target, where=outer_where, assuming=premises)
    # instance: every e_q lies in q's domain (a true statement when there is no instance).
    inside: list[Boolean] = []
    for q, e in claim.instance:
        interval = interval_of(where[q])
        inside += _membership(e, interval)
    statement = sympy.And(*inside) if inside else sympy.Le(n0, n, evaluate=False)
    instance = holds(statement, where=outer_where)
    return base, step, conclusion, instance


def solved_equations(
    claim: InductionClaim,
) -> tuple[dict[sympy.Symbol, sympy.Expr], list[Boolean]]:
    """The conjuncts S_i = e of the invariant with S_i a running value that occurs in no e (each
    S_i at most once), as the substitution {S_i: e}, and the other conjuncts. Under S_i = e a
    formula at S_i is the formula at e, so "for all S_i: S_i = e and R(S_i) imply T(S_i)" is
    "R(e) implies T(e)" (docs/design/induction.md)."""
    conjuncts = (
        list(claim.invariant.args) if isinstance(claim.invariant, sympy.And) else [claim.invariant]
    )
    running = {r.symbol for r in claim.running}
    solved: dict[sympy.Symbol, sympy.Expr] = {}
    rest: list[Boolean] = []
    for conjunct in conjuncts:
        if (
            isinstance(conjunct, sympy.Eq)
            and conjunct.lhs in running
            and conjunct.lhs not in solved
            and conjunct.lhs not in conjunct.rhs.free_symbols
        ):
            solved[conjunct.lhs] = conjunct.rhs
        else:
            rest.append(conjunct)
    targets = set(solved)
    if any(e.free_symbols & targets for e in solved.values()):
        # One equation's right side reads another's target: substituting would not be one
        # simultaneous elimination; keep every equation as a premise.
        return {}, conjuncts
    return solved, rest


def _sub(formula: sympy.Basic, mapping: Mapping[sympy.Symbol, sympy.Expr]) -> sympy.Basic:
    """``formula`` with the mapping substituted and sympy's evaluation off, so that the result is
    read as written (0 <= 1 stays a comparison for the decider, never a bare True)."""
    with sympy.evaluate(False):
        return formula.xreplace(dict(mapping))


def _membership(e: sympy.Expr, interval: sympy.Interval) -> list[Boolean]:
    out: list[Boolean] = []
    if interval.start.is_finite:
        rel = sympy.Lt if interval.left_open else sympy.Le
        out.append(rel(interval.start, e, evaluate=False))
    if interval.end.is_finite:
        rel = sympy.Lt if interval.right_open else sympy.Le
        out.append(rel(e, interval.end, evaluate=False))
    return out
