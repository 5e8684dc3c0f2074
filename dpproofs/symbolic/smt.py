"""The z3 decider: unsat of (domains, assumptions, facts, not goal) proves the goal.

A z3 model is only a CANDIDATE counterexample: the facts are weaker than exp and log themselves, so
a model may satisfy them without being a real counterexample. Candidates go to the judge
(:mod:`dpproofs.symbolic.judge`). ``unknown`` and timeouts are reported with z3's reason.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction

import sympy
import z3

from dpproofs.symbolic.formula import Problem
from dpproofs.symbolic.translate import Translation


class Outcome(enum.Enum):
    PROVED = "proved"
    MODEL = "model"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class SmtAnswer:
    """What one z3 call said. ``core``: the facts used (an unsat core); ``model``: a candidate."""

    outcome: Outcome
    reason: str = ""
    core: tuple[str, ...] = ()
    model: dict[sympy.Symbol, Fraction] = field(default_factory=dict)


def _fraction(value: z3.ExprRef) -> Fraction | None:
    if z3.is_rational_value(value):
        return Fraction(value.numerator_as_long(), value.denominator_as_long())
    if z3.is_algebraic_value(value):
        # An algebraic model value: a nearby rational is enough, since the judge re-checks.
        approx = value.approx(20)
        return Fraction(approx.numerator_as_long(), approx.denominator_as_long())
    return None


def run(problem: Problem, level: int, seconds: float) -> SmtAnswer:
    """One z3 call with fact level ``level`` and a time limit (seconds, at least 1 ms)."""
    translation = Translation(problem, level)
    hypotheses = [translation.formula(h) for h in problem.hypotheses()]
    negated_goal = z3.Not(translation.formula(problem.goal))
    translation.finish()
    solver = z3.SolverFor("QF_NRA")
    solver.set("timeout", max(1, int(seconds * 1000)))
    for hypothesis in hypotheses:
        solver.add(hypothesis)
    solver.add(negated_goal)
    names: dict[str, str] = {}
    for index, (name, fact) in enumerate(translation.facts):
        tag = f"fact{index}"
        names[tag] = name
        solver.assert_and_track(fact, z3.Bool(tag))
    try:
        result = solver.check()
    except z3.Z3Exception as exc:  # e.g. z3 ran out of memory: no answer, never "holds"
        return SmtAnswer(Outcome.UNKNOWN, reason=f"z3 failed: {exc}")
    if result == z3.unsat:
        core = tuple(names[str(c)] for c in solver.unsat_core() if str(c) in names)
        return SmtAnswer(Outcome.PROVED, core=core)
    if result == z3.sat:
        model = solver.model()
        point: dict[sympy.Symbol, Fraction] = {}
        for symbol, var in translation.vars.items():
            value = _fraction(model.eval(var, model_completion=True))
            if value is not None:
                point[symbol] = value
        return SmtAnswer(Outcome.MODEL, reason="z3 found a model of the facts", model=point)
    return SmtAnswer(Outcome.UNKNOWN, reason=f"z3: {solver.reason_unknown()}")
