"""Mutations of a scalar claim (:class:`~dpproofs.symbolic.claim.ScalarClaim`).

A scalar claim is a :class:`~dpproofs.symbolic.formula.Problem`: for all x in the box of domains
with every assumption true, the statement holds. Its mutants, in this order:

* each numeric constant c != 0 of the statement (a sympy Rational, not an exponent and not the
  -1 of a difference) replaced by c (1 - 1/1000), c (1 + 1/1000), c (1 - 1/10), c (1 + 1/10)
  (every occurrence of the same value at once; "const 2 x0.999" is the second distinct value);
* each relation of the statement flipped (a <= b to a >= b, a < b to a > b) and made strict
  (a <= b to a < b, a >= b to a > b); equalities and != are left alone;
* each assumption dropped;
* each domain widened: a finite end moved outward by 10% of the width (of max(|end|, 1) when the
  other end is infinite), open / closed kept. The symbol is rebuilt with the sign facts of the
  wider domain, so no solver may use the old sign.

Every mutant's definedness obligations are recomputed for its statement and assumptions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from fractions import Fraction

import sympy
from sympy.core.relational import Relational

from dpproofs.symbolic.claim import ScalarClaim, _pending
from dpproofs.symbolic.definedness import formula_conditions
from dpproofs.symbolic.domain import canonical_symbol
from dpproofs.symbolic.formula import Problem, preorder

#: The factors a constant is scaled by ("tightened by 0.1% and 10%", both directions).
FACTORS = (
    Fraction(999, 1000),
    Fraction(1001, 1000),
    Fraction(9, 10),
    Fraction(11, 10),
)
FLIP = {sympy.Le: sympy.Ge, sympy.Ge: sympy.Le, sympy.Lt: sympy.Gt, sympy.Gt: sympy.Lt}
STRICT = {sympy.Le: sympy.Lt, sympy.Ge: sympy.Gt}

Edit = tuple[str, str, str, Callable[[], Problem]]  # (label, operator, where, build)


def factor_text(factor: Fraction) -> str:
    return f"x{float(factor):g}"


def constants(statement: sympy.Basic) -> list[sympy.Rational]:
    """The distinct numeric constants to scale, in the statement's canonical order."""
    skip: set[int] = set()
    for node in preorder(statement):
        if isinstance(node, sympy.Pow):
            skip.add(id(node.args[1]))
        if isinstance(node, sympy.Mul) and node.args and node.args[0] == -1:
            skip.add(id(node.args[0]))
    found: dict[sympy.Rational, None] = {}
    for node in preorder(statement):
        if node.is_Rational and node != 0 and id(node) not in skip:
            found[node] = None
    return list(found)


def relations(statement: sympy.Basic) -> list[Relational]:
    """The distinct relations of the statement that can be flipped, in canonical order."""
    found = [n for n in preorder(statement) if type(n) in FLIP]
    return list(dict.fromkeys(n for n in found if isinstance(n, Relational)))


def _rebuild(node: sympy.Basic, swap: Callable[[sympy.Basic], sympy.Basic | None]) -> sympy.Basic:
    """``node`` with every subterm for which ``swap`` gives a value replaced, without evaluation
    (so the rest of the statement stays as written)."""
    got = swap(node)
    if got is not None:
        return got
    if not node.args:
        return node
    args = [_rebuild(a, swap) for a in node.args]
    if all(a is b for a, b in zip(args, node.args, strict=True)):
        return node
    try:
        return node.func(*args, evaluate=False)
    except TypeError:
        return node.func(*args)


def with_problem(problem: Problem, **changes: object) -> Problem:
    """``problem`` with ``changes``, its obligations recomputed for the new statement."""
    changed = replace(problem, **changes)  # type: ignore[arg-type]
    needs = [*changed.obligations, *formula_conditions(changed.statement)]
    for assumption in changed.assumptions:
        needs += formula_conditions(assumption)
    return replace(changed, obligations=_pending(needs, list(changed.assumptions)))


def widened(interval: sympy.Interval) -> sympy.Interval | None:
    """``interval`` with each finite end moved outward by a tenth of the width (None: no-op)."""
    lo, hi = interval.start, interval.end
    if lo.is_finite and hi.is_finite:
        step = (hi - lo) / 10
        if step == 0:
            return None
        return sympy.Interval(lo - step, hi + step, interval.left_open, interval.right_open)
    if lo.is_finite:
        return sympy.Interval(lo - sympy.Max(abs(lo), 1) / 10, hi, interval.left_open, True)
    if hi.is_finite:
        return sympy.Interval(lo, hi + sympy.Max(abs(hi), 1) / 10, True, interval.right_open)
    return None


def edits(problem: Problem) -> Iterator[Edit]:
    """Every mutation of ``problem`` (see the module docstring), lazily built."""
    statement = problem.statement
    for index, value in enumerate(constants(statement), start=1):
        for factor in FACTORS:
            new = value * sympy.Rational(factor.numerator, factor.denominator)

            def scaled(value: sympy.Basic = value, new: sympy.Basic = new) -> Problem:
                swapped = _rebuild(statement, lambda n: new if n == value else None)
                return with_problem(problem, statement=swapped)

            yield f"const {index} {factor_text(factor)}", "constant", f"{value} -> {new}", scaled
    for index, relation in enumerate(relations(statement), start=1):
        kinds = [("flip", FLIP[type(relation)])]
        if type(relation) in STRICT:
            kinds.append(("strict", STRICT[type(relation)]))
        for operator, kind in kinds:
            new_relation = kind(relation.lhs, relation.rhs, evaluate=False)

            def related(old: sympy.Basic = relation, new: sympy.Basic = new_relation) -> Problem:
                swapped = _rebuild(statement, lambda n: new if n == old else None)
                return with_problem(problem, statement=swapped)

            yield f"{operator} rel {index}", operator, f"{relation} -> {new_relation}", related
    for index, assumption in enumerate(problem.assumptions, start=1):

        def dropped(index: int = index) -> Problem:
            kept = tuple(a for i, a in enumerate(problem.assumptions, start=1) if i != index)
            return with_problem(problem, assumptions=kept)

        yield f"drop assumption {index}", "drop assumption", str(assumption), dropped
    for symbol, interval in zip(problem.variables, problem.domains, strict=True):
        wider = widened(interval)
        if wider is None:
            continue

        def wide(symbol: sympy.Symbol = symbol, wider: sympy.Interval = wider) -> Problem:
            return _rebased(problem, symbol, wider)

        yield f"widen {symbol}", "widen domain", f"{symbol} in {interval} -> {wider}", wide


def _rebased(problem: Problem, symbol: sympy.Symbol, wider: sympy.Interval) -> Problem:
    """``problem`` with ``symbol`` ranging over ``wider``, under a symbol with its sign facts."""
    # No nonzero flag: an x != 0 of the original is among its assumptions (see ``holds``).
    fresh = canonical_symbol(symbol.name, wider, nonzero=False)
    swap = {symbol: fresh}
    domains = tuple(
        wider if s == symbol else d for s, d in zip(problem.variables, problem.domains, strict=True)
    )
    variables = tuple(fresh if s == symbol else s for s in problem.variables)
    statement = _rebuild(problem.statement, lambda n: fresh if n == symbol else None)
    assumptions = tuple(
        _rebuild(a, lambda n: fresh if n == symbol else None) for a in problem.assumptions
    )
    obligations = tuple(o.xreplace(swap) for o in problem.obligations)
    rebased = replace(
        problem,
        variables=variables,
        domains=domains,
        statement=statement,
        assumptions=assumptions,
        obligations=obligations,
    )
    return with_problem(rebased)


def scalar_claim(problem: Problem) -> ScalarClaim:
    return ScalarClaim(problem)
