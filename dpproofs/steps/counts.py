"""Whether a step proved under its reading's conditions is proved vacuously.

A step whose sides hold sums or products with symbolic bounds is decided where each has a number
of terms m >= 0 and for REAL values of the parameters in the bounds (the counts, integers to the
paper): a condition of the reading (:mod:`dpproofs.steps.sums`), not of the text. Proved, it holds
at every admissible point with m >= 0, hence at the integer ones. That says nothing when no such
point exists:

* the assumptions make a condition false everywhere (``n <= -1`` with m = n >= 0): the sum is
  empty there (0, Concrete Mathematics 2.4), a case the formula does not read, and every step
  would be proved (``sum_{i=1}^{n} 1 = 7``). Detected by deciding the negated condition
  (``n < 0``) under the assumptions: proved means the condition holds at no admissible point;
* the assumptions pin a count to a value that is not an integer (``n = 1/2``: no sum has half a
  term). Detected for an assumption that is an equation in that count alone, solved exactly.

Either way the step is not checked, with why; a refutation of the negated condition (a point
where the condition holds) or an unknown leaves the proof as it is (not vacuous is not claimed
beyond that: a contradiction between two conditions, or a count pinned by a system of equations,
is not detected).
"""

from __future__ import annotations

import re

import sympy

from dpproofs.deadline import Deadline
from dpproofs.errors import DpProofsError
from dpproofs.steps.derivation import Derivation, Step
from dpproofs.symbolic import holds
from dpproofs.symbolic.written import read_formula
from dpproofs.verdict import Status


def pinned_fraction(step: Step, derivation: Derivation) -> str:
    """``n = 1/2`` when an assumption, an equation in the count n alone, has only solutions that
    are not integers; "" otherwise."""
    for text in (*derivation.assumptions, *([step.premise] if step.premise else [])):
        try:
            relation = read_formula(text)
        except DpProofsError:
            continue
        if not isinstance(relation, sympy.Eq) or len(relation.free_symbols) != 1:
            continue
        (symbol,) = relation.free_symbols
        if symbol.name not in step.counts:
            continue
        solutions = sympy.solve(relation.lhs - relation.rhs, symbol)
        if solutions and all(s.is_integer is False for s in solutions):
            return f"{symbol.name} = {solutions[0]}"
    return ""


def vacuous(step: Step, derivation: Derivation, deadline: Deadline) -> str:
    """Why a proof of ``step`` is vacuous (see the module docstring), or "" when not found so."""
    if not step.counts and not step.conditions:
        return ""
    fraction = pinned_fraction(step, derivation)
    if fraction:
        return (
            f"the assumptions set {fraction}, which counts the terms of a sum or product and "
            "must be an integer: no such sum, not checked"
        )
    assuming = (*derivation.assumptions, *([step.premise] if step.premise else []))
    for condition in step.conditions:
        if not condition.endswith(" >= 0"):
            continue
        negated = condition.removesuffix(" >= 0") + " < 0"
        text = " ".join([negated, *assuming])
        where = {k: v for k, v in derivation.where if k in _names(text)}
        try:
            verdict = holds(negated, where=where, assuming=assuming).decide(deadline)
        except DpProofsError:
            continue
        if verdict.status is Status.PROVED:
            return (
                f"the assumptions are false where the reading holds ({condition}): a sum or "
                "product there has no term (0, or 1 for a product) and the formula read for it "
                "does not apply; not checked (state the case, or write the empty sum as 0)"
            )
    return ""


def _names(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z][A-Za-z0-9_]*", text))
