"""Stage 1: exact sympy reasoning about single atoms, ending only in an exact True or False.

An atom is replaced by True when it holds at EVERY point of the domain box, shown by one of:

* a constant atom (no free symbols) whose sign is decided exactly or rigorously (Arb) by
  :func:`dpproofs.exact.rigorous.sign`;
* an equation lhs == rhs with simplify(lhs - rhs) == 0 (also after rewriting hyperbolic functions
  with exp): an identity under the symbols' domain assumptions;
* an inequality whose difference sympy's assumption system derives to be positive / nonnegative
  from the domain assumptions the canonical symbols carry (a derived True, never a float).

A constant atom that is false is replaced by False (it is false at every point). Replacing atoms by
their values everywhere on the domain leaves the meaning of the problem unchanged.
"""

from __future__ import annotations

from dataclasses import replace

import sympy
from sympy.core.relational import Relational
from sympy.logic.boolalg import Boolean

from dpproofs.errors import Undecided
from dpproofs.exact.rigorous import sign
from dpproofs.symbolic.formula import Problem, atoms

#: simplify() is skipped on larger differences (it can take seconds).
MAX_OPS = 120

_SIGNS = {
    sympy.Lt: {-1},
    sympy.Le: {-1, 0},
    sympy.Gt: {1},
    sympy.Ge: {0, 1},
    sympy.Eq: {0},
    sympy.Ne: {-1, 1},
}


def _is_zero(diff: sympy.Expr) -> bool:
    """True only when sympy reduces ``diff`` to exactly 0 (cheap normal forms first)."""
    if diff == 0:
        return True
    if sympy.count_ops(diff) > MAX_OPS:
        return False
    forms = [diff]
    rewritten = diff.rewrite(sympy.exp)
    if rewritten != diff:
        forms.append(rewritten)
    # cancel() puts a rational function of the symbols and exp terms in lowest terms.
    if any(sympy.cancel(sympy.together(f)) == 0 for f in forms):
        return True
    return any(sympy.simplify(f) == 0 for f in forms)


def _sign_facts(diff: sympy.Expr) -> set[int] | None:
    """The signs diff can take on the domain, as derived by sympy's assumption system."""
    if diff.is_positive:
        return {1}
    if diff.is_negative:
        return {-1}
    if diff.is_zero:
        return {0}
    if diff.is_nonnegative:
        return {0, 1}
    if diff.is_nonpositive:
        return {-1, 0}
    return None


def decide_atom(atom: Relational) -> tuple[bool | None, str]:
    """(True/False, how) when the atom has that value on the whole domain; (None, "") otherwise."""
    diff = atom.lhs - atom.rhs
    allowed = _SIGNS[type(atom)]
    if not diff.free_symbols:
        try:
            s = sign(diff)
        except Undecided:
            return None, ""
        return s in allowed, f"{atom}: sign of {diff} is {s} (exact / Arb)"
    if isinstance(atom, sympy.Eq | sympy.Ne) and _is_zero(diff):
        return isinstance(atom, sympy.Eq), f"{atom}: simplify(lhs - rhs) = 0"
    signs = _sign_facts(diff)
    if signs is not None and signs <= allowed:
        return True, f"{atom}: sympy derives the sign of lhs - rhs from the domains"
    return None, ""


def simplify_problem(problem: Problem) -> tuple[Problem, list[str]]:
    """Replace atoms of the statement and obligations decided on the whole domain by their value."""
    notes: list[str] = []
    values: dict[Relational, Boolean] = {}
    for atom in atoms(problem.goal):
        value, how = decide_atom(atom)
        if value is not None:
            values[atom] = sympy.true if value else sympy.false
            notes.append(how)
    if not values:
        return problem, notes
    statement = problem.statement.xreplace(values)
    obligations = tuple(o for o in problem.obligations if values.get(o) is not sympy.true)
    return replace(problem, statement=statement, obligations=obligations), notes
