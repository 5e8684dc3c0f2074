"""Scalar claims: what the author states, read soundly (see :mod:`.pipeline` for the deciding).

``holds(statement, where, assuming)`` builds a :class:`ScalarClaim`: for all parameters in their
domains satisfying the assumptions, the statement (and the definedness of its terms) holds.
``decide_scalar`` decides one such claim with :func:`.pipeline.decide_problem`.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import sympy
from sympy.core.relational import Relational
from sympy.logic.boolalg import Boolean, BooleanFalse, BooleanTrue

from dpproofs.claim import no_truth_value
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.symbolic.definedness import discharged_by, formula_conditions
from dpproofs.symbolic.domain import (
    DomainSpec,
    admits,
    canonical_symbol,
    point_of,
    punctured,
    resolve_domains,
)
from dpproofs.symbolic.formula import Problem, check_boolean, discharged
from dpproofs.symbolic.pipeline import decide_problem
from dpproofs.symbolic.records import with_evidence
from dpproofs.symbolic.written import read_formula
from dpproofs.verdict import Verdict


@dataclass(frozen=True, slots=True)
class ScalarClaim:
    """for all parameters in their domains with the assumptions: the statement holds (a Claim)."""

    __bool__ = no_truth_value

    problem: Problem

    def describe(self) -> str:
        return self.problem.describe()

    def decide(self, deadline: Deadline) -> Verdict:
        start = time.perf_counter()
        verdict = with_evidence(decide_problem(self.problem, deadline))
        return verdict.timed(time.perf_counter() - start)


def holds(
    statement: Boolean | str,
    where: Mapping[sympy.Symbol | str, DomainSpec] | None = None,
    assuming: Iterable[Boolean | str] = (),
) -> ScalarClaim:
    """The claim "for all parameters in ``where`` (others: all reals) with ``assuming``:
    ``statement``". Raises InvalidClaim for malformed statements, names or domains.

    Write the statement (and assumptions) as a STRING, e.g.
    ``holds("sqrt(x)**2 >= x", where={"x": "(-oo, oo)"}, assuming=["x != 0"])``: dpproofs reads
    it with sympy's evaluation off (:mod:`.written`), so the definedness of every term is read
    off the claim as written. A sympy formula built in Python is accepted, but sympy may already
    have rewritten it (sqrt(x)**2 is x); one that arrived as a bare True / False is refused.
    """
    declared = {k.name if isinstance(k, sympy.Symbol) else str(k): k for k in (where or {})}
    names = {n: k for n, k in declared.items() if isinstance(k, sympy.Symbol)}
    names |= {n: sympy.Symbol(n, real=True) for n, k in declared.items() if isinstance(k, str)}
    statement = _formula(statement, names, "claim")
    text = _text(statement)
    assumptions = [_formula(a, names, "assumption") for a in assuming]
    symbols: set[sympy.Symbol] = set(statement.free_symbols)
    for a in assumptions:
        symbols |= a.free_symbols
    where = dict(where or {})
    fixed = _fixed(symbols, where)
    if fixed:
        # for all x in [a, a]: P(x) iff P(a). Substituted with evaluation off, so the claim is
        # read as if the author had written a (its terms' definedness included).
        with sympy.evaluate(False):
            statement = statement.xreplace(fixed)
            assumptions = [a.xreplace(fixed) for a in assumptions]
        symbols -= set(fixed)
    for symbol in symbols:
        if "!" in symbol.name:
            # The solver's own fresh variables are named "<kind>!<n>"; a user name with "!"
            # could alias one of them.
            raise InvalidClaim(f"the symbol name {symbol.name!r} may not contain '!'")
    domains = resolve_domains(symbols, where)
    for symbol, interval in domains.items():
        if punctured(symbol) and interval.contains(0) is sympy.true:
            assumptions.append(sympy.Ne(symbol, 0, evaluate=False))
    # x != 0 among the assumptions (or declared): x's canonical symbol is nonzero, so sympy's
    # rewriting and sign derivations may use it. Such rewrites are valid on the admissible points
    # only, so x != 0 stays an assumption (restored below, since it now evaluates to True).
    nonzero = {s for s in domains if any(_is_nonzero_assumption(a, s) for a in assumptions)}
    canonical = {s: canonical_symbol(s.name, d, s in nonzero) for s, d in domains.items()}
    # Definedness is read off the statement AS WRITTEN. Replacing the symbols by canonical ones
    # rebuilds every term under the domains' sign facts (Abs(y) -> y, sqrt(-y) -> I sqrt(y),
    # Ne(1/x, 0) -> True), which must never erase a definedness obligation.
    written = formula_conditions(statement)
    try:
        statement = check_boolean(statement.xreplace(canonical), "claim on its domains")
        # Rebuilt with evaluation on, so a constant condition such as 0 != 0 is decided here.
        obligations = [_evaluated(o.xreplace(canonical)) for o in written]
        assumptions = [check_boolean(a.xreplace(canonical), "assumption") for a in assumptions]
    except (TypeError, ValueError) as exc:
        raise InvalidClaim(f"the claim cannot be read on its domains: {exc}") from exc
    if any(isinstance(o, BooleanFalse) for o in obligations):
        raise InvalidClaim(f"a term of {text} is undefined on the whole domain")
    kept: list[Boolean] = [
        sympy.Ne(canonical[s], 0, evaluate=False) for s in sorted(nonzero, key=str)
    ]
    for a in assumptions:
        if isinstance(a, BooleanFalse):
            raise InvalidClaim("an assumption is false on the whole domain (the claim is vacuous)")
        if not isinstance(a, BooleanTrue):
            kept.append(a)
    order = sorted(domains, key=lambda s: s.name)
    return ScalarClaim(
        Problem(
            variables=tuple(canonical[s] for s in order),
            domains=tuple(domains[s] for s in order),
            statement=statement,
            assumptions=tuple(kept),
            obligations=_pending([*obligations, *formula_conditions(statement)], kept),
            text=text,
            fixed=tuple(sorted(fixed.items(), key=lambda item: item[0].name)),
        )
    )


def _fixed(
    symbols: set[sympy.Symbol], where: dict[sympy.Symbol | str, DomainSpec]
) -> dict[sympy.Symbol, sympy.Rational]:
    """The symbols whose domain is one point (removed from ``where``), with that point."""
    by_name = {s.name: s for s in symbols}
    fixed: dict[sympy.Symbol, sympy.Rational] = {}
    for key in list(where):
        value = point_of(where[key])
        if value is None:
            continue
        del where[key]
        name = key.name if isinstance(key, sympy.Symbol) else str(key)
        symbol = by_name.get(name, key if isinstance(key, sympy.Symbol) else None)
        if symbol is None:
            raise InvalidClaim(f"a domain is given for {key!r}, which the claim does not mention")
        if not admits(symbol, value):
            raise InvalidClaim(f"the domain of {symbol} is empty ({value} and its assumptions)")
        fixed[symbol] = value
    return fixed


def _formula(value: object, names: Mapping[str, sympy.Symbol], where: str) -> Boolean:
    """A claim or assumption: a string read with evaluation off, or a sympy formula."""
    if isinstance(value, str):
        return check_boolean(read_formula(value, names), where)
    if isinstance(value, bool | BooleanTrue | BooleanFalse):
        kind = "the Python bool" if isinstance(value, bool) else "sympy's"
        raise InvalidClaim(
            f"the {where} is already {kind} {bool(value)} when built: sympy evaluated it before "
            'dpproofs saw it; pass the claim as a string, e.g. holds("sqrt(x)**2 >= x", ...)'
        )
    return check_boolean(value, where)


def _pending(conditions: Iterable[Boolean], assumptions: list[Boolean]) -> tuple[Boolean, ...]:
    """The definedness conditions that are neither true on the domains (sympy derives them from
    the canonical symbols' sign assumptions) nor implied directly by an assumption."""
    out: list[Boolean] = []
    for need in dict.fromkeys(conditions):
        if isinstance(need, BooleanTrue) or need in out:
            continue
        if isinstance(need, sympy.Implies):
            premise, inner = need.args
            if discharged(inner) or discharged_by(inner, [premise, *assumptions]):
                continue
        elif discharged(need) or discharged_by(need, assumptions):
            continue
        out.append(need)
    return tuple(out)


def _text(statement: Boolean) -> str:
    """The claim as the author wrote it, for reports (huge integers are abbreviated)."""
    try:
        return str(statement)
    except ValueError:  # an integer beyond Python's str() digit limit
        return f"<a claim over {sorted(map(str, statement.free_symbols))} with huge integers>"


def decide_scalar(
    statement: Boolean,
    where: Mapping[sympy.Symbol | str, DomainSpec] | None = None,
    assuming: Iterable[Boolean] = (),
    timeout: float | None = None,
) -> Verdict:
    """Decide one scalar claim (see :func:`holds`) within ``timeout`` seconds (None: no limit)."""
    return holds(statement, where, assuming).decide(Deadline(timeout))


def _is_nonzero_assumption(assumption: Boolean, symbol: sympy.Symbol) -> bool:
    """True for the assumption ``symbol != 0`` (either way round)."""
    return isinstance(assumption, sympy.Ne) and {assumption.lhs, assumption.rhs} == {
        symbol,
        sympy.S.Zero,
    }


def _evaluated(condition: Boolean) -> Boolean:
    """The condition rebuilt with sympy's evaluation on (1/0 written as text: 0 != 0 is False)."""
    if isinstance(condition, sympy.Implies):
        return sympy.Implies(condition.args[0], _evaluated(condition.args[1]))
    if isinstance(condition, Relational):
        return type(condition)(condition.lhs, condition.rhs)
    return condition
