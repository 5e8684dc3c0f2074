"""Whether a step proved under its reading's conditions is proved vacuously.

A step whose sides hold sums or products with symbolic bounds is decided in every case, each
sum empty or not (:mod:`dpproofs.steps.cases`), for REAL values of the parameters in the bounds
(the counts, integers to the paper); a step holding opaque probabilities is decided where they
are >= 0 (a condition of the reading, not of the text). Proved, it holds at every admissible
point with integer counts. That says nothing when no such point exists:

* the assumptions make a reading's condition false everywhere (``\\Pr[A] < 0``): every step
  would be proved. Detected by deciding the negated condition under the assumptions: proved
  means the condition holds at no admissible point;
* the assumptions pin a count to a value that is not an integer (``n = 1/2``: no sum has half a
  term), or to a range with no integer in it (``0 < n < 1``). Detected for the count's domain and
  the assumptions in that count alone, solved exactly.

Either way the step is not checked, with why. The proof stands only when the negated condition
is REFUTED (a point of the assumptions where the condition holds, re-checked exactly); an unknown
leaves the step not checked too. Not detected: a contradiction between two conditions together
(each is checked alone), a count pinned to a fraction by anything but one equation in it alone.
"""

from __future__ import annotations

import re

import sympy

from dpproofs.deadline import Deadline
from dpproofs.errors import DpProofsError
from dpproofs.steps.derivation import Derivation, Step
from dpproofs.symbolic import holds
from dpproofs.symbolic.domain import interval_of
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


def off_integers(step: Step, derivation: Derivation) -> str:
    """``n in (0, 1)`` when the count n's domain (--where) and the assumptions in n alone (each
    a relation, or an and of relations, solved exactly over the reals) leave n no integer value;
    "" otherwise. Sound to report: every value the assumptions allow is no number of terms."""
    where = dict(derivation.where)
    for name in step.counts:
        symbol = sympy.Symbol(name, real=True)
        allowed: sympy.Set = sympy.Reals
        if name in where:
            try:
                allowed = interval_of(where[name])
            except DpProofsError:
                continue
        for text in (*derivation.assumptions, *([step.premise] if step.premise else [])):
            try:
                relation = read_formula(text)
            except DpProofsError:
                continue
            parts = relation.args if isinstance(relation, sympy.And) else (relation,)
            for part in parts:
                if not isinstance(part, sympy.core.relational.Relational):
                    continue
                if {s.name for s in part.free_symbols} != {name}:
                    continue
                (own,) = part.free_symbols
                try:
                    solved = sympy.solveset(part.xreplace({own: symbol}), symbol, sympy.Reals)
                except (NotImplementedError, ValueError, TypeError):
                    continue
                allowed = allowed.intersect(solved)
        if allowed is not sympy.Reals and allowed.intersect(sympy.Integers) is sympy.EmptySet:
            return f"{name} in {allowed}"
    return ""


def vacuous(step: Step, derivation: Derivation, deadline: Deadline) -> str:
    """Why a proof of ``step`` is vacuous (see the module docstring), or "" when not found so."""
    if not step.counts and not step.conditions:
        return ""
    fraction = pinned_fraction(step, derivation) or off_integers(step, derivation)
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
        except DpProofsError as exc:
            shown = _shown(condition, step)
            return f"not decided whether the assumptions leave a point where {shown}: {exc}"
        if verdict.status is Status.REFUTED:  # a point of the assumptions where it holds
            continue
        shown = _shown(condition, step)
        if verdict.status is not Status.PROVED:
            return (
                f"not decided whether the assumptions leave a point where {shown} "
                f"({verdict.status.value}: {verdict.reason}); a proof there may be vacuous"
            )
        return (
            f"the assumptions are false wherever {shown} (the reading's condition: a "
            "probability's sign) holds, so the step would be proved vacuously; not checked"
        )
    return ""


def _shown(condition: str, step: Step) -> str:
    """A condition with its opaque quantities as written (``\\Pr[A] >= 0``, not ``Pr_...``)."""
    for name, latex in step.opaque:
        condition = condition.replace(name, latex)  # 64-bit names: no one holds another
    return condition


def _names(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z][A-Za-z0-9_]*", text))
