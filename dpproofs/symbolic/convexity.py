"""Convexity: prove a one-parameter inequality g(x) >= 0 from g'' >= 0 and a stationary point.

For a claim lhs <= rhs (or >=, <, >) in one parameter x over an interval I, let g be the side
difference that must be nonnegative (positive for a strict claim). If

1. g is defined on all of I (the definedness obligations: nonzero denominators, positive log
   arguments), and g is built only from +, -, *, /, integer powers, exp and log, then g is
   analytic on a neighbourhood of I, in particular twice differentiable there;
2. g''(x) >= 0 for every x in I (proved by the pipeline, as a claim of its own), so g is convex
   on I;
3. some rational c in I has g'(c) = 0 exactly (decided rigorously; an exact zero needs a symbolic
   simplification to 0),

then c is a global minimum of g on I: g(x) >= g(c) + g'(c) (x - c) = g(c) by convexity. So
g(c) >= 0 (> 0 for a strict claim), decided rigorously, proves the claim on I.

The point c is found by a float minimisation of g and rounded to simple rationals; floats only
choose c, the three conditions above are all checked soundly.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from dataclasses import replace

import numpy as np
import sympy
from scipy.optimize import minimize_scalar

from dpproofs.deadline import Deadline
from dpproofs.errors import Undecided
from dpproofs.exact.rigorous import sign
from dpproofs.symbolic.domain import contains
from dpproofs.symbolic.formula import Problem, obligations_of, to_exp_form
from dpproofs.symbolic.search import simple_rationals
from dpproofs.verdict import Status, Verdict

Decider = Callable[[Problem, Deadline], Verdict]


def _difference(problem: Problem) -> tuple[sympy.Expr, bool] | None:
    """(g, strict) with the claim equivalent to g >= 0 (g > 0 when strict), or None."""
    statement = problem.statement
    if len(problem.variables) != 1 or problem.assumptions:
        return None
    if isinstance(statement, sympy.Le | sympy.Lt):
        g = statement.rhs - statement.lhs
    elif isinstance(statement, sympy.Ge | sympy.Gt):
        g = statement.lhs - statement.rhs
    else:
        return None
    g = to_exp_form(g)
    if not all(_smooth_node(node) for node in sympy.preorder_traversal(g)):
        return None
    return g, isinstance(statement, sympy.Lt | sympy.Gt)


def _smooth_node(node: sympy.Basic) -> bool:
    """Nodes whose functions are analytic wherever defined (whitelist: no Abs, Min, Max, roots)."""
    if node.is_Symbol or node.is_Rational or node in (sympy.E, sympy.pi):
        return True
    if node.is_Add or node.is_Mul or isinstance(node, sympy.exp | sympy.log):
        return True
    return bool(node.is_Pow and node.exp.is_Integer)


def _minimiser(g: sympy.Expr, x: sympy.Symbol, lo: float, hi: float) -> float | None:
    f = sympy.lambdify([x], g, modules="math")

    def value(t: float) -> float:
        try:
            return float(f(t))
        except (ValueError, ZeroDivisionError, OverflowError):
            return math.inf

    lo_f = lo if math.isfinite(lo) else -1e6
    hi_f = hi if math.isfinite(hi) else 1e6
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        result = minimize_scalar(
            value, bounds=(lo_f, hi_f), method="bounded", options={"xatol": 1e-12}
        )
    return float(result.x) if result.success else None


#: Largest numerator/denominator tried for the critical point c.
MAX_HEIGHT = 10**6


def prove_by_convexity(problem: Problem, deadline: Deadline, decide: Decider) -> Verdict | None:
    """A proof (see the module docstring), or None when the method does not apply or fails."""
    shape = _difference(problem)
    if shape is None:
        return None
    g, strict = shape
    x = problem.variables[0]
    interval = problem.domains[0]
    guess = _minimiser(g, x, float(interval.start), float(interval.end))
    if guess is None:
        return None
    dg = sympy.diff(g, x)
    centre = None
    for c in dict.fromkeys(simple_rationals(guess)):
        if deadline.expired():
            return None
        # A critical point with a huge denominator makes sympy evaluate towers like c**c
        # exactly (minutes); such a point is not worth the time, and skipping it is sound.
        if not contains(interval, c) or max(abs(c.numerator), c.denominator) > MAX_HEIGHT:
            continue
        point = {x: sympy.Rational(c.numerator, c.denominator)}
        try:
            if sign(dg.xreplace(point)) == 0:
                centre = c
                break
        except Undecided:
            continue
    if centre is None:
        return None
    at_centre = g.xreplace({x: sympy.Rational(centre.numerator, centre.denominator)})
    try:
        s = sign(at_centre)
    except Undecided:
        return None
    if s < 0 or (strict and s == 0):
        return None
    second = sympy.GreaterThan(sympy.diff(dg, x), 0, evaluate=False)
    # g's own definedness (and that of g'') is proved together with g'' >= 0.
    itself = sympy.GreaterThan(g, 0, evaluate=False)
    sub = replace(
        problem,
        statement=second,
        obligations=tuple(
            dict.fromkeys((*problem.obligations, *obligations_of(itself), *obligations_of(second)))
        ),
    )
    verdict = decide(sub, deadline)
    if verdict.status is not Status.PROVED:
        return None
    return Verdict.proved(
        "convexity: g'' >= 0 on the domain and g'(c) = 0 with g(c) >= 0",
        certificate=[
            f"g = {g}",
            f"c = {centre}",
            f"g(c) = {at_centre}",
            f"g'' >= 0 by {verdict.method}",
            *verdict.certificate,
        ],
    )
