"""The pipeline that decides one scalar problem, cheapest decider first.

0. definedness: a rational point of the domain, satisfying the assumptions, at which a term of the
   claim is certainly undefined makes the claim an ERROR that names the point (:mod:`.definedness`);
1. exact sympy reasoning about single atoms (:mod:`.rewrite`);
2. a float search for counterexample candidates, each judged exactly / rigorously (:mod:`.search`,
   :mod:`.judge`);
3. z3 nonlinear real arithmetic with true facts about exp and log, at increasing fact levels; a
   model is a candidate for the judge, never a refutation by itself (:mod:`.smt`); after the
   first level, the convexity method for smooth one-parameter claims (:mod:`.convexity`), whose
   g'' >= 0 sub-claim goes through this same pipeline (without convexity);
4. a longer float search polished with Nelder-Mead, again judged rigorously;
5. interval branch and bound with Arb on bounded domains (:mod:`.boxes`).

Stages 2-5 work on the cleared form of log differences (:mod:`.normalise`, same meaning); every
candidate counterexample is judged on the problem as stated.

Each stage is guarded: an exception inside a stage (python-flint overflow, sympy's
PolynomialError or NotImplementedError, RecursionError, a z3 exception, MemoryError, ...) makes
that stage give up with the cause recorded, and a failure while judging one candidate point makes
that point undecided. A fault never becomes a verdict, and never ends the decision as an error.
Anything not settled ends as UNKNOWN with the reasons of every stage.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from fractions import Fraction
from typing import TypeVar

import sympy
from sympy.logic.boolalg import BooleanTrue

from dpproofs.deadline import Deadline
from dpproofs.exact.rigorous import float_value
from dpproofs.symbolic import boxes, smt
from dpproofs.symbolic.convexity import prove_by_convexity
from dpproofs.symbolic.definedness import undefined_point
from dpproofs.symbolic.formula import Problem
from dpproofs.symbolic.judge import counterexample_at, simplify_witness
from dpproofs.symbolic.normalise import cleared
from dpproofs.symbolic.records import interval_boxes
from dpproofs.symbolic.rewrite import simplify_problem
from dpproofs.symbolic.search import float_candidates, rational_points, still_fails
from dpproofs.verdict import Counterexample, Verdict

#: Longest single z3 call (seconds), whatever the deadline.
Z3_CAP = 20.0
#: Rational points judged per float candidate / per z3 model.
JUDGED_PER_CANDIDATE = 8

T = TypeVar("T")


class StageFailed(Exception):
    """A decision stage raised; it gives up, and the cause becomes part of an UNKNOWN reason."""


def guarded(stage: str, run: Callable[[], T]) -> T:
    """``run()``, with any exception turned into StageFailed naming the stage and the cause."""
    try:
        return run()
    except Exception as exc:  # a stage fault is never a verdict (RecursionError, MemoryError too)
        raise StageFailed(f"{stage} gave up: {type(exc).__name__}: {str(exc)[:200]}") from exc


def _safe_counterexample(
    problem: Problem, point: dict[sympy.Symbol, Fraction]
) -> Counterexample | None:
    """counterexample_at, with a fault at this point making the point undecided (None)."""
    try:
        if not still_fails(problem, point) or counterexample_at(problem, point) is None:
            return None
        return counterexample_at(problem, simplify_witness(problem, point))
    except Exception:  # one bad point is just undecided (flint overflow, recursion, ...)
        return None


def _judge_all(
    problem: Problem, points: Iterable[dict[sympy.Symbol, Fraction]], deadline: Deadline
) -> Counterexample | None:
    for point in points:
        if deadline.expired():
            return None
        found = _safe_counterexample(problem, point)
        if found is not None:
            return found
    return None


def _near(
    problem: Problem, points: Iterable[list[float]]
) -> Iterator[dict[sympy.Symbol, Fraction]]:
    for point in points:
        yield from rational_points(problem, point, limit=JUDGED_PER_CANDIDATE)


def decide_problem(problem: Problem, deadline: Deadline, convex: bool = True) -> Verdict:
    """Run the pipeline (see the module docstring) on one problem; ``convex`` enables the
    convexity method (off inside it, so it does not recurse)."""
    reasons: list[str] = []
    try:
        undefined = guarded("definedness search", lambda: undefined_point(problem, deadline))
    except StageFailed as failed:
        undefined = None
        reasons.append(str(failed))
    if undefined is not None:
        return Verdict.error("definedness", f"the claim is meaningless: {undefined}")
    try:
        simplified, notes = guarded("sympy rewriting", lambda: simplify_problem(problem))
    except StageFailed as failed:
        simplified, notes = problem, [str(failed)]
    try:
        # Same meaning, no logarithms where their arguments are known positive.
        simplified = guarded("normalisation", lambda: cleared(simplified))
    except StageFailed as failed:
        reasons.append(str(failed))
    if isinstance(simplified.goal, BooleanTrue):
        return Verdict.proved("sympy rewriting", certificate=notes)
    if not problem.variables:
        try:
            found = counterexample_at(problem, {})
        except Exception:  # a fault while evaluating is no verdict
            found = None
        if found is not None:
            return Verdict.refuted("exact evaluation", found)
        return Verdict.unknown(
            "exact evaluation",
            "the constant claim could not be decided rigorously (an enclosure straddles 0)",
        )
    stages = _Stages(problem, simplified, notes, deadline, convex, reasons)
    for stage in (stages.quick_search, stages.solver, stages.long_search, stages.boxes):
        if deadline.expired():
            reasons.append("deadline reached")
            break
        try:
            verdict = stage()
        except StageFailed as failed:
            reasons.append(str(failed))
            continue
        if verdict is not None:
            return verdict
    if simplified.obligations:
        pending = ", ".join(str(o) for o in simplified.obligations)
        reasons.append(f"definedness still to show: {pending}")
    return Verdict.unknown("symbolic pipeline", "; ".join(reasons))


class _Stages:
    """Stages 2-5 of the pipeline on one problem; each returns a verdict or None (go on)."""

    def __init__(
        self,
        problem: Problem,
        simplified: Problem,
        notes: list[str],
        deadline: Deadline,
        convex: bool,
        reasons: list[str],
    ) -> None:
        self.problem = problem
        self.simplified = simplified
        self.notes = notes
        self.deadline = deadline
        self.convex = convex
        self.reasons = reasons

    def quick_search(self) -> Verdict | None:
        # Every candidate is judged on the ORIGINAL problem.
        candidates = guarded("float search", lambda: float_candidates(self.simplified)[:8])
        found = _judge_all(self.problem, _near(self.problem, candidates), self.deadline)
        if found is not None:
            return Verdict.refuted("float search, rigorously re-checked", found)
        return None

    def solver(self) -> Verdict | None:
        problem, deadline = self.problem, self.deadline
        reserve = 0.4 if boxes.bounded(problem) else 0.0
        for level, share in ((0, 0.2), (1, 0.4), (2, 1.0)):
            if deadline.expired():
                break
            seconds = min(Z3_CAP, deadline.remaining() * share * (1 - reserve))
            answer = self._z3(level, seconds)
            if answer is not None and answer.outcome is smt.Outcome.PROVED:
                return Verdict.proved(
                    f"z3 nonlinear real arithmetic (fact level {level})",
                    certificate=[*self.notes, *answer.core],
                )
            if answer is not None and answer.outcome is smt.Outcome.MODEL and answer.model:
                exact = [answer.model] if len(answer.model) == len(problem.variables) else []
                model = [[float_value(answer.model.get(s, 0)) for s in problem.variables]]
                found = _judge_all(problem, [*_near(problem, model), *exact], deadline)
                if found is not None:
                    return Verdict.refuted("z3 model, rigorously re-checked", found)
                self.reasons.append(f"level {level}: z3 model is not a real counterexample")
            elif answer is not None:
                self.reasons.append(f"level {level}: {answer.reason}")
            if level == 0 and self.convex:
                proof = self._convexity()
                if proof is not None:
                    return proof
        return None

    def _z3(self, level: int, seconds: float) -> smt.SmtAnswer | None:
        try:
            return guarded(f"z3 level {level}", lambda: smt.run(self.simplified, level, seconds))
        except StageFailed as failed:
            self.reasons.append(str(failed))
            return None

    def _convexity(self) -> Verdict | None:
        sub_deadline = self.deadline.share(0.5)
        try:
            proof = guarded(
                "convexity",
                lambda: prove_by_convexity(
                    self.simplified, sub_deadline, lambda p, d: decide_problem(p, d, convex=False)
                ),
            )
        except StageFailed as failed:
            self.reasons.append(str(failed))
            return None
        if proof is None:
            return None
        return replace(proof, certificate=(*self.notes, *proof.certificate))

    def long_search(self) -> Verdict | None:
        polished = guarded(
            "long float search",
            lambda: float_candidates(self.simplified, budget=3000, polish=4, seed=1)[:10],
        )
        found = _judge_all(self.problem, _near(self.problem, polished), self.deadline)
        if found is not None:
            return Verdict.refuted("float search, rigorously re-checked", found)
        self.reasons.append("float search found no counterexample")
        return None

    def boxes(self) -> Verdict | None:
        result = guarded("boxes", lambda: boxes.prove_on_boxes(self.simplified, self.deadline))
        if result.proved:
            return Verdict.proved(
                "interval branch and bound (Arb)",
                certificate=[*self.notes, f"{result.boxes} boxes"],
                evidence=interval_boxes(self.simplified, result.leaves),
            )
        self.reasons.append(f"boxes: {result.reason}")
        return None
