"""Definedness of a claim as written: where is every term of the claim a real number?

A claim "for all x in D: phi(x)" is meaningful only where each subterm of phi is defined. The
conditions are read off the claim AS WRITTEN, before any rewriting (sympy's rewrites such as
sqrt(x)**2 = x or log(x) + log(-x) = log(-x**2) are valid only where the original is defined):

* log(u):                 u > 0;
* u**(p/q), q > 1:        u >= 0 (u > 0 when p/q < 0): real roots of negative numbers are not
                          taken, and 0 has no negative powers;
* u**k, k < 0 an integer: u != 0 (every denominator: a/b is a * b**-1);
* u**t, t not rational:   u > 0 (u**t = exp(t log u)).

Guards: in ``Implies(A, B)`` the conditions of B are needed only where A holds (they become
``Implies(A, condition)``), as a reader of "if x > 0 then log x <= x - 1" expects; the conditions
of A itself are needed everywhere. Likewise in ``A or B`` the conditions of B are needed only
where A is false (Kleene: the disjunction is true wherever A is). And and Not do not guard.

An author's assumption discharges a condition it implies directly: the assumption and the
condition compare the same difference (lhs - rhs, expanded) and every sign the assumption allows
satisfies the condition (``x != 0`` discharges ``x != 0``; ``x > 0`` discharges ``x >= 0``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

import sympy
from sympy.core.relational import Relational
from sympy.logic.boolalg import Boolean, BooleanFalse, BooleanTrue

from dpproofs.deadline import Deadline
from dpproofs.symbolic.formula import (
    Problem,
    bounded_expand,
    definedness,
    preorder,
    to_exp_form,
)
from dpproofs.symbolic.judge import SIGNS, counterexample_at, rational
from dpproofs.symbolic.search import float_candidates, rational_points

#: Terms larger than this (in tree nodes) are not expanded when comparing differences.
MAX_NODES = 400


def term_conditions(expr: sympy.Expr) -> Iterator[Relational]:
    """The conditions of every subterm of ``expr`` as written (see the module docstring)."""
    for node in preorder(expr):
        if isinstance(node, sympy.log):
            yield sympy.StrictGreaterThan(node.args[0], 0, evaluate=False)
        elif node.is_Pow and node.base is not sympy.E:
            base, exponent = node.base, node.exp
            if exponent.is_Rational and exponent.q != 1:
                rel = sympy.StrictGreaterThan if exponent < 0 else sympy.GreaterThan
                yield rel(base, 0, evaluate=False)
            elif exponent.is_Integer and exponent < 0:
                yield sympy.Ne(base, 0, evaluate=False)
            elif not exponent.is_Rational:
                yield sympy.StrictGreaterThan(base, 0, evaluate=False)
    # The exp form the deciders use (tanh, non-rational powers rewritten) has its own conditions.
    yield from definedness(to_exp_form(expr))


def formula_conditions(formula: Boolean) -> list[Boolean]:
    """The definedness conditions of a formula as written, guarded by Implies premises."""
    out: list[Boolean] = []
    if isinstance(formula, BooleanTrue | BooleanFalse):
        return out
    if isinstance(formula, Relational):
        for side in (formula.lhs, formula.rhs):
            out.extend(term_conditions(side))
    elif isinstance(formula, sympy.Implies):
        premise, conclusion = formula.args
        out.extend(formula_conditions(premise))
        out.extend(
            sympy.Implies(premise, need, evaluate=False) for need in formula_conditions(conclusion)
        )
    elif isinstance(formula, sympy.Or):
        # A or B is true wherever one disjunct is true: B's terms matter only where A is false.
        for index, disjunct in enumerate(formula.args):
            others = [sympy.Not(a) for k, a in enumerate(formula.args) if k != index]
            premise = sympy.And(*others)
            out.extend(
                sympy.Implies(premise, need, evaluate=False)
                for need in formula_conditions(disjunct)
            )
    else:
        for arg in formula.args:
            out.extend(formula_conditions(arg))
    return list(dict.fromkeys(out))


def _difference(rel: Relational) -> sympy.Expr | None:
    diff = rel.lhs - rel.rhs
    if sympy.count_ops(diff) > MAX_NODES:
        return None
    return bounded_expand(diff)


def discharged_by(need: Boolean, assumptions: Iterable[Boolean]) -> bool:
    """True when one assumption (or a conjunct of one) implies ``need`` directly."""
    if not isinstance(need, Relational) or type(need) not in SIGNS:
        return False
    target = _difference(need)
    if target is None:
        return False
    for assumption in assumptions:
        parts = assumption.args if isinstance(assumption, sympy.And) else (assumption,)
        for part in parts:
            if not isinstance(part, Relational) or type(part) not in SIGNS:
                continue
            diff = _difference(part)
            allowed = SIGNS[type(part)]
            if diff is not None and diff == -target:
                allowed = frozenset(-s for s in allowed)
            elif diff != target:
                continue
            if allowed <= SIGNS[type(need)]:
                return True
    return False


def undefined_point(problem: Problem, deadline: Deadline) -> str | None:
    """A description of an admissible exact point where a definedness condition certainly fails
    (the claim is meaningless there), or None when none was found.

    Floats only propose points; the point is rational, lies in the domains, satisfies every
    assumption, and falsifies the condition, each decided exactly / rigorously by the judge."""
    if not problem.obligations or not problem.variables:
        return None
    for need in problem.obligations:
        if deadline.expired():
            return None
        probe = replace(problem, statement=need, obligations=())
        for guess in float_candidates(probe, budget=400)[:6]:
            for point in rational_points(probe, guess, limit=6):
                if counterexample_at(probe, point) is not None:
                    where = ", ".join(f"{s} = {rational(point[s])}" for s in problem.variables)
                    return f"a term is undefined at {where}: {need} fails there"
    return None
