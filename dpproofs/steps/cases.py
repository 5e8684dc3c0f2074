"""The cases of a step whose sums and products have symbolic bounds: each empty or not.

Rule EMPTY (docs/latex.md, "Sums with symbolic bounds"). Statement: let a step S hold sums and
products of symbolic bounds whose numbers of terms are the distinct integer combinations
m_1, ..., m_k of the parameters in their bounds (k <= :data:`dpproofs.steps.latex.CASES`). For
a set E of them, S_E is S with every sum (product) whose number of terms is in E replaced by 0
(1), and every other one by its closed form (:mod:`dpproofs.steps.sums`). If, for every E,
S_E holds for all real values of the parameters satisfying the assumptions, m_j <= -1 for m_j in
E and m_j >= 0 for the others, then S holds at every point of the assumptions where the
parameters in the bounds are integers, each sum read as the sum over the integers a <= i <= b
(none when b < a: Concrete Mathematics eq. 2.4, never Karr's -sum_{b+1}^{a-1}).
Preconditions: the bounds are integer combinations of the parameters (checked by the reader:
m_j is then an integer at integer parameters); the closed form equals the sum for every integer
m >= 0 (sums.py; at m = 0 it is the empty value, so the cases overlap consistently); no sum
whose number of terms depends on another sum's index (refused by the reader), and no sum that a
definition brings into the step (P6 of :mod:`.definitions`) nor one in a consequence.
Proof: take an admissible point with integer counts. Each m_j is an integer there, so either
m_j >= 0 or m_j <= -1; let E be the set of those <= -1. The point satisfies S_E's conditions,
and there every sum of S has the value S_E gives it (its closed form where m_j >= 0, no term
where m_j <= -1); S_E holds at the point, so S does.

A case with no admissible point is covered when that is decided: proved under its conditions
(the decider proves a claim under assumptions no point meets, e.g. m >= 0 and m <= -1 for one
m), or one of its conditions evaluates to False on the domains (sympy's relational evaluation
under the domains' sign facts, in :func:`dpproofs.symbolic.holds`: ``k <= -1`` for k > 0).

A case refuted at integer counts is a point where a sum is empty because its number of terms is
negative: a paper writing sum_{i=1}^{n} may mean n >= 0 without saying so, so the step is NOT
CHECKED there (never refuted), with the point and the assumption that would settle it. A case
not decided, or refuted only at a fractional count, leaves the step unknown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from dpproofs.deadline import Deadline
from dpproofs.errors import DpProofsError
from dpproofs.steps.derivation import Derivation, Step
from dpproofs.symbolic import holds
from dpproofs.verdict import Counterexample, Status

#: What :func:`dpproofs.symbolic.holds` says of an assumption that sympy evaluates to False on
#: the parameters' domains (``k <= -1`` for k in (0, oo)): the case has no point, decided.
VACUOUS = "an assumption is false on the whole domain"


@dataclass(frozen=True, slots=True)
class Unsettled:
    """Why a step proved where no sum is empty is not proved: its status and reason."""

    status: str  # "not-checked" or "unknown" (dpproofs.steps.check's words)
    reason: str


def nonempty(step: Step) -> tuple[str, ...]:
    """The conditions of the case where no sum is empty: every m_j >= 0."""
    return tuple(f"{terms} >= 0" for terms in step.terms)


def conditions(step: Step, empty: tuple[str, ...]) -> tuple[str, ...]:
    """The conditions of case E = ``empty``: m <= -1 in E, m >= 0 outside it."""
    return tuple(f"{t} <= -1" if t in empty else f"{t} >= 0" for t in step.terms)


def statements(
    step: Step, sides: Callable[[str], str] | None = None
) -> list[tuple[tuple[str, ...], str]]:
    """(E, S_E in claim syntax) for every non-empty E; ``sides`` rewrites the statement."""
    assert step.relation is not None
    out = []
    for empty, lhs, rhs in step.cases:
        text = f"({lhs}) {step.relation.value} ({rhs})"
        out.append((empty, sides(text) if sides else text))
    return out


def unsettled(
    step: Step,
    derivation: Derivation,
    deadline: Deadline,
    where: Callable[[str], dict[str, str]],
    cases: list[tuple[tuple[str, ...], str]] | None = None,
    reading: tuple[str, ...] | None = None,
) -> Unsettled | None:
    """None when every case with an empty sum (``cases``, by default the step's) is proved
    under the assumptions, the row's condition and the reading's conditions (``reading``, by
    default the step's); else why not (the first case not proved, in a fixed order)."""
    todo = statements(step) if cases is None else cases
    assuming = (
        *derivation.assumptions,
        *([step.premise] if step.premise else []),
        *(step.conditions if reading is None else reading),
    )
    for number, (empty, statement) in enumerate(todo):
        share = deadline.share(1 / (len(todo) - number))
        case = conditions(step, empty)
        shown = " and ".join(f"{t} <= -1" for t in empty)
        try:
            claim = holds(statement, where=where(" ".join([statement, *case])),
                          assuming=(*assuming, *case))  # fmt: skip
            verdict = claim.decide(share)
        except DpProofsError as exc:
            if VACUOUS in str(exc):  # a condition evaluates to False on the domains: no point
                continue
            why = f"the case where {shown} (a sum empty) is not decided: {exc}"
            return Unsettled("unknown", why)
        if verdict.status is Status.PROVED:
            continue
        witness = verdict.counterexample
        if verdict.status is Status.REFUTED and witness is not None and _integral(step, witness):
            point = ", ".join(f"{k} = {v}" for k, v in witness.assignment)
            wanted = "' --assume '".join(f"{t} \\ge 0" for t in empty)
            return Unsettled("not-checked", (
                f"it fails at {point}, where {shown}: there a sum or product has a negative "
                "number of terms and is empty (0, or 1 for a product; Concrete Mathematics 2.4); "
                "where no number of terms is negative it holds, and a paper may mean its bounds "
                f"in order: state it (--assume '{wanted}') to check the step"))  # fmt: skip
        return Unsettled("unknown", (
            f"the case where {shown} (a sum empty) is not decided "
            f"({verdict.status.value}: {verdict.reason})"))  # fmt: skip
    return None


def _integral(step: Step, witness: Counterexample) -> bool:
    """Whether the witness sets every parameter in the bounds to an integer."""
    values = dict(witness.assignment)
    try:
        return all(
            name in values and Fraction(values[name]).denominator == 1 for name in step.counts
        )
    except (ValueError, ZeroDivisionError):  # not a rational number
        return False
