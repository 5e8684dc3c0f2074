"""Turning a numeric or solver candidate into simple exact rationals, and confirming it exactly.

Two steps, cheapest first:
* ``round_candidate``: round every value to the best rational with a small denominator (trying
  denominators 1, 2, 3, ... up to 10^6); in each row of a stochastic matrix the largest entry
  absorbs the rounding so that the row sums to exactly 1 and zeros stay zeros. Each rounded point
  is re-checked with exact arithmetic (``SearchStatement.holds_exactly``) and kept only if the
  predicate is exactly false there.
* ``pin_candidate`` (solver-guided): fix one free value at a time to a simple rational near the
  model, keeping each fix only if the solver still finds a counterexample; then read the now
  rational model and re-check it exactly.
No step trusts a float or the solver: a candidate becomes a counterexample only through the exact
re-check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any

import z3

from dpproofs.errors import Undecided
from dpproofs.search.model import SearchStatement
from dpproofs.search.session import RLIMIT_PROBE, Session, add, check, model_value, val

DENOMINATORS = (1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 25, 32, 50, 64, 100, 1000, 10**4, 10**6)

Point = dict[str, Any]  # objects -> list of rows of floats; params -> float


def simple_near(x: float, lo: Fraction | None = None, hi: Fraction | None = None) -> list[Fraction]:
    """Simple rationals near x, simplest first, clipped into [lo, hi]."""
    out: list[Fraction] = []
    for d in DENOMINATORS:
        f = Fraction(x).limit_denominator(d)
        if lo is not None and f < lo:
            f = lo
        if hi is not None and f > hi:
            f = hi
        if f not in out:
            out.append(f)
    return out


def round_row(row: list[float], d: int) -> list[Fraction] | None:
    """Round a probability row to denominators <= d; the largest entry takes the remainder."""
    big = max(range(len(row)), key=lambda i: row[i])
    out = [Fraction(max(v, 0.0)).limit_denominator(d) for v in row]
    out[big] = 1 - sum((v for i, v in enumerate(out) if i != big), Fraction(0))
    return out if out[big] >= 0 else None


def exactly_false(claim: SearchStatement, size: int, values: Mapping[str, Any]) -> bool:
    """True iff the predicate is exactly false at these exact values (Undecided counts as no)."""
    try:
        return not claim.holds_exactly(size, values)
    except Undecided:
        return False


def round_candidate(claim: SearchStatement, size: int, point: Point) -> dict[str, Any] | None:
    """The first rounding of ``point`` (increasing denominators) that is an exact counterexample."""
    q = claim.quantifier
    for d in DENOMINATORS:
        values: dict[str, Any] = {}
        for name, _ in q.objects:
            rows = [round_row(r, d) for r in point[name]]
            if any(r is None for r in rows):
                break
            values[name] = rows
        else:
            for name, domain in q.params:
                if domain.exp_value is not None:
                    values[name] = domain.exp_value  # ignored: the parameter is ln(exp_value)
                    continue
                f = Fraction(point[name]).limit_denominator(d)
                f = max(f, domain.lo) if not domain.lo_open else Fraction(f)
                if domain.hi is not None:
                    f = min(f, domain.hi)
                if not domain.contains(f):
                    break
                values[name] = f
            else:
                if exactly_false(claim, size, values):
                    return values
    return None


def model_point(
    session: Session, model: Any, objects: Mapping[str, Any]
) -> tuple[Point, dict[str, Any]]:
    """(float point, exact values where rational) of a z3 model."""
    point: Point = {}
    exact: dict[str, Any] = {}
    for name, var in session.params.items():
        f, x = model_value(model, var)
        point[name], exact[name] = x, f
    for name, matrix in objects.items():
        pairs = [[model_value(model, v) for v in row] for row in matrix]
        point[name] = [[x for _, x in row] for row in pairs]
        exact[name] = [[f for f, _ in row] for row in pairs]
    return point, exact


def pin_candidate(
    claim: SearchStatement,
    session: Session,
    solver: Any,
    size: int,
    objects: Mapping[str, Any],
    model: Any,
    seconds: Callable[[], float],
) -> dict[str, Any] | None:
    """Solver-guided rounding (see module docstring). The caller has pushed the size's scope;
    this pushes its own scope on ``solver`` and pops it before returning."""
    start = solver.num_scopes()
    solver.push()
    try:
        point, _ = model_point(session, model, objects)
        for name, var in session.params.items():
            domain = claim.quantifier.domain(name)
            if domain.exp_value is not None:
                continue  # a logarithm parameter is pinned already
            inside = [
                f for f in simple_near(point[name], domain.lo, domain.hi) if domain.contains(f)
            ]
            model = _first_satisfiable(
                solver, ([var == val(f), *session.pin_exp(name, f)] for f in inside), seconds
            )
            if model is None:
                return None
        point, _ = model_point(session, model, objects)
        for name, matrix in objects.items():
            for r, row in enumerate(matrix):
                floats = point[name][r]
                big = max(range(len(row)), key=lambda i: floats[i])
                for c, var in enumerate(row):
                    if c == big:
                        continue
                    near = simple_near(floats[c], Fraction(0), Fraction(1))
                    model = _first_satisfiable(solver, ([var == val(f)] for f in near), seconds)
                    if model is None:
                        return None
                    point = model_point(session, model, objects)[0]
                    floats = point[name][r]
        _, exact = model_point(session, model, objects)
        for name, domain in claim.quantifier.params:
            if domain.exp_value is not None:
                exact[name] = domain.exp_value  # ignored by holds_exactly (the value is ln of it)
        if any(v is None for v in _flatten(exact)):
            return None
        return exact if exactly_false(claim, size, exact) else None
    finally:
        # Pinned values were kept by not popping their scopes; drop them all.
        while solver.num_scopes() > start:
            solver.pop()


def _flatten(values: Mapping[str, Any]) -> list[Any]:
    out: list[Any] = []
    for v in values.values():
        if isinstance(v, list):
            for row in v:
                out.extend(row)
        else:
            out.append(v)
    return out


def _first_satisfiable(
    solver: Any, choices: Iterable[list[Any]], seconds: Callable[[], float]
) -> Any | None:
    """Push the first choice of constraints that keeps ``solver`` satisfiable and return the
    model; the scope stays pushed (the caller's final pop unwinds it). None if no choice works."""
    for constraints in choices:
        solver.push()
        add(solver, constraints)
        if check(solver, seconds(), RLIMIT_PROBE) == z3.sat:
            return solver.model()
        solver.pop()
    return None
