"""The judge: decides a formula at an exact rational point, rigorously, and writes counterexamples.

Every refutation dpproofs reports passes through :func:`counterexample_at`: the point must lie in
the domains (exact rational comparison), every assumption must evaluate to True and the statement
to False, each relational atom being decided by :func:`dpproofs.exact.rigorous.sign` (exact for
rationals; Arb ball arithmetic otherwise, with outward rounding, never a float). An atom whose sign
cannot be decided, or whose terms are undefined at the point, is unknown (None), and the point is
then not a counterexample. Logic is Kleene's three-valued logic, so None never turns into False.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from fractions import Fraction

import sympy
from sympy.core.relational import Relational
from sympy.logic.boolalg import Boolean, BooleanFalse, BooleanTrue

from dpproofs.errors import Undecided
from dpproofs.exact.rigorous import float_value, sign
from dpproofs.replay import scalar_source
from dpproofs.symbolic.domain import contains
from dpproofs.symbolic.formula import Problem, atoms, definedness, to_exp_form
from dpproofs.verdict import Counterexample

Point = Mapping[sympy.Symbol, Fraction]

#: Which signs of lhs - rhs make each relation true.
SIGNS: dict[type, frozenset[int]] = {
    sympy.Lt: frozenset({-1}),
    sympy.Le: frozenset({-1, 0}),
    sympy.Gt: frozenset({1}),
    sympy.Ge: frozenset({0, 1}),
    sympy.Eq: frozenset({0}),
    sympy.Ne: frozenset({-1, 1}),
}


def rational(value: Fraction) -> sympy.Rational:
    return sympy.Rational(value.numerator, value.denominator)


def _substitute(expr: sympy.Expr, point: Point) -> sympy.Expr:
    return expr.xreplace({s: rational(v) for s, v in point.items()})


def defined_at(expr: sympy.Expr, point: Point) -> bool:
    """True when every term of ``expr`` is a defined real at ``point``: nonzero denominators,
    positive log arguments, nonnegative even-root arguments, each decided rigorously.

    Checked on the term as written, before substitution: sympy evaluates log(-1) to i pi, and a
    later Abs or square would hide the i, so the value alone cannot show that a term left the
    reals (red-team finding: |log x| >= 3 must not "hold" at x = -1)."""
    return all(truth_at(need, point) is True for need in _needs(expr))


@functools.lru_cache(maxsize=4096)
def _needs(expr: sympy.Expr) -> tuple[Relational, ...]:
    """The definedness conditions of a term, computed once per term (the judge checks the same
    atoms at many candidate points)."""
    return tuple(definedness(to_exp_form(expr)))


def difference_sign(atom: Relational, point: Point) -> int | None:
    """sign(lhs - rhs) at ``point``, rigorously; None when undefined there or undecided."""
    if not (defined_at(atom.lhs, point) and defined_at(atom.rhs, point)):
        return None
    diff = _substitute(atom.lhs - atom.rhs, point)
    if diff.free_symbols or diff.has(sympy.zoo, sympy.nan, sympy.oo, sympy.I):
        return None
    if diff.has(sympy.S.NegativeInfinity):
        return None
    # Undefined pieces that sympy left unevaluated (log(0), 1/0 inside a sum) make the
    # enclosure non-finite, which `sign` reports as Undecided.
    try:
        return sign(diff)
    except Undecided:
        return None


def truth_at(formula: Boolean, point: Point) -> bool | None:
    """The truth value of ``formula`` at ``point`` in Kleene logic (None = unknown)."""
    if isinstance(formula, BooleanTrue):
        return True
    if isinstance(formula, BooleanFalse):
        return False
    if isinstance(formula, Relational):
        s = difference_sign(formula, point)
        return None if s is None else s in SIGNS[type(formula)]
    values = [truth_at(arg, point) for arg in formula.args]
    if isinstance(formula, sympy.Not):
        return None if values[0] is None else not values[0]
    if isinstance(formula, sympy.Implies):
        # a -> b is (not a) or b.
        values = [None if values[0] is None else not values[0], values[1]]
        return _any(values)
    if isinstance(formula, sympy.And):
        return False if False in values else (None if None in values else True)
    if isinstance(formula, sympy.Or):
        return _any(values)
    raise Undecided(f"cannot evaluate {formula}")


def _any(values: list[bool | None]) -> bool | None:
    return True if True in values else (None if None in values else False)


def in_domain(problem: Problem, point: Point) -> bool:
    return all(
        contains(interval, point[symbol])
        for symbol, interval in zip(problem.variables, problem.domains, strict=True)
    )


def show(value: sympy.Expr) -> str:
    """An exact rendering, plus a float when the value is not rational."""
    if value.is_Rational:
        return str(value)
    try:
        return f"{value} ~= {float_value(value):.15g}"
    except Undecided:
        return str(value)


def counterexample_at(problem: Problem, point: Point) -> Counterexample | None:
    """A checked counterexample at ``point``, or None if the point does not refute the claim."""
    if set(point) != set(problem.variables) or not in_domain(problem, point):
        return None
    if any(truth_at(a, point) is not True for a in problem.assumptions):
        return None
    if truth_at(problem.statement, point) is not False:
        return None
    observed: dict[str, str] = {}
    relations = list(atoms(problem.statement))
    for index, atom in enumerate(relations):
        tag = "" if len(relations) == 1 else f" of {atom}"
        observed[f"lhs{tag}"] = show(_substitute(atom.lhs, point))
        observed[f"rhs{tag}"] = show(_substitute(atom.rhs, point))
        if index >= 3:
            break
    assignment = {str(s): str(rational(point[s])) for s in problem.variables}
    return Counterexample.of(assignment, observed, replay=replay_source(problem, point))


def _height(value: Fraction) -> int:
    return max(abs(value.numerator), value.denominator)


def _simpler(value: Fraction) -> list[Fraction]:
    """Rationals simpler than ``value`` (smaller height), simplest first."""
    options = {
        Fraction(0),
        Fraction(1),
        Fraction(-1),
        Fraction(2),
        Fraction(1, 2),
        Fraction(round(value)),
        Fraction(round(value / 2)),
        value / 2,
    }
    options |= {value.limit_denominator(k) for k in (1, 2, 4, 10, 100)}
    sign = 1 if value >= 0 else -1
    options |= {Fraction(sign * 10**k) for k in range(len(str(abs(value.numerator))))}
    return sorted((o for o in options if _height(o) < _height(value)), key=_height)


def simplify_witness(problem: Problem, point: Point, budget: int = 60) -> Point:
    """Greedily replace coordinates of a counterexample by simpler rationals, keeping it one.

    Every accepted replacement is re-checked by :func:`counterexample_at`, so the result is still a
    rigorous counterexample; ``budget`` bounds the number of checks.
    """
    current = dict(point)
    improved = True
    while improved:
        improved = False
        for symbol in problem.variables:
            for option in _simpler(current[symbol]):
                if budget <= 0:
                    return current
                budget -= 1
                trial = {**current, symbol: option}
                if counterexample_at(problem, trial) is not None:
                    current, improved = trial, True
                    break
    return current


def replay_source(problem: Problem, point: Point) -> str:
    """Python source that re-checks the counterexample with sympy and Arb (no dpproofs
    deciders); the writer is :func:`dpproofs.replay.scalar_source`, which recheck regenerates."""
    return scalar_source(problem, point)
