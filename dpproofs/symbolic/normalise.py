"""Clearing logarithms: ``log a - log b <= c`` becomes ``a <= e^c b`` when a, b > 0 are known.

For an atom whose difference lhs - rhs expands to

    sum_i k_i log(u_i) + r,   k_i nonzero integers, r free of log,

with every u_i > 0 DERIVED by sympy from the domains (the canonical symbols' sign assumptions),
exp is strictly increasing, so the atom holds exactly when

    prod_{k_i > 0} u_i^{k_i}  R  e^{-r} prod_{k_i < 0} u_i^{-k_i}

holds, for the same relation R (<, <=, >, >=, ==, !=). Both forms have the same truth value at
every point of the domain; the cleared form has no logarithm, which the solver and the interval
enclosures handle far better. Atoms that do not have this shape, or whose log arguments are not
derived positive, are left unchanged; the judge always works on the claim as written.
"""

from __future__ import annotations

from dataclasses import replace

import sympy
from sympy.core.relational import Relational

from dpproofs.symbolic.formula import Problem, atoms, bounded_expand

#: Differences larger than this (sympy operation count) are left alone.
MAX_OPS = 200


def clear_atom(atom: Relational) -> Relational:
    """The cleared form of one atom (see the module docstring), or the atom itself."""
    diff = atom.lhs - atom.rhs
    if not diff.has(sympy.log) or sympy.count_ops(diff) > MAX_OPS:
        return atom
    up: list[sympy.Expr] = []
    down: list[sympy.Expr] = []
    rest: list[sympy.Expr] = []
    for term in sympy.Add.make_args(bounded_expand(diff, log=False)):
        coefficient, factor = term.as_coeff_Mul()
        if isinstance(factor, sympy.log):
            argument = factor.args[0]
            if not (coefficient.is_Integer and argument.is_positive is True):
                return atom
            k = int(coefficient)
            (up if k > 0 else down).append(argument ** abs(k))
        elif term.has(sympy.log):
            return atom
        else:
            rest.append(term)
    if not up and not down:
        return atom
    left = sympy.Mul(*up)
    right = sympy.exp(-sympy.Add(*rest)) * sympy.Mul(*down)
    return type(atom)(left, right, evaluate=False)


def cleared(problem: Problem) -> Problem:
    """The problem with every atom of its statement in cleared form (same meaning)."""
    values = {atom: clear_atom(atom) for atom in atoms(problem.statement)}
    changed = {a: c for a, c in values.items() if c is not a}
    if not changed:
        return problem
    return replace(problem, statement=problem.statement.xreplace(changed))
