"""A proved derivation, proved again: every step by the second encoding (:mod:`.scalar`), and the
chain's closing by a check written here.

The closing is checked conservatively: consecutive steps share their middle expression as
written (``a R1 b``, ``b R2 c``), the relations compose (= with anything keeps the other; two of
one direction give that direction, strict when either is), and the chain's ends are the
conclusion's sides as written (or mirrored), with a composed relation at least as strong.
A derivation outside that form (a consequence drawn with an arrow, a step that is not
readable) is not replayed: the first run's closing check is richer than this one.
"""

from __future__ import annotations

import itertools
from typing import Any

from dpproofs.recheck.pieces import Finding, Outcome, Piece, confirmed, not_replayed
from dpproofs.recheck.scalar import reprove
from dpproofs.recheck.witnesses import step_problems

#: Relation -> (direction, strict): -1 for <= and <, +1 for >= and >, 0 for =.
_ORDER = {"==": (0, False), "<=": (-1, False), "<": (-1, True), ">=": (1, False), ">": (1, True)}


def _compose(first: tuple[int, bool] | None, second: tuple[int, bool]) -> tuple[int, bool] | None:
    if first is None:
        return None
    if first[0] == 0:
        return second
    if second[0] == 0:
        return first
    if first[0] != second[0]:
        return None
    return first[0], first[1] or second[1]


def _implies(have: tuple[int, bool], want: tuple[int, bool]) -> bool:
    if have == want:
        return True
    if have[0] == 0:
        return not want[1]  # a = b gives a <= b and a >= b
    return have[0] == want[0] and not want[1]


def _plain(text: str) -> str:
    return "".join(text.split())


def closes(derivation: Any) -> str:
    """ "" when the chain of ``derivation`` closes on its conclusion as checked here, else why."""
    steps = derivation.steps
    if not steps or any(s.consequence or s.statement is None for s in steps):
        return "a consequence step or an unread step (the closing is not re-checked here)"
    composed: tuple[int, bool] | None = (0, False)
    for before, after in itertools.pairwise(steps):
        if _plain(before.rhs) != _plain(after.lhs):
            return f"steps {before.index} and {after.index} do not share their middle as written"
    for step in steps:
        composed = _compose(composed, _ORDER[step.relation.value])
    if composed is None:
        return "the relations do not compose"
    want = derivation.conclusion
    if want is None:
        return ""
    first, last = _plain(steps[0].lhs), _plain(steps[-1].rhs)
    relation = _ORDER[want.relation.value]
    if (first, last) == (_plain(want.lhs), _plain(want.rhs)) and _implies(composed, relation):
        return ""
    mirrored = (-relation[0], relation[1])
    if (first, last) == (_plain(want.rhs), _plain(want.lhs)) and _implies(composed, mirrored):
        return ""
    return "the chain's ends or relation are not the conclusion's as written"


def reprove_derivation(piece: Piece, derivation: Any, seconds: float) -> Finding:
    """Every step proved again and the closing checked; else not replayed (or the failing step)."""
    why = closes(derivation)
    if why:
        return not_replayed(piece, why)
    for step in derivation.steps:
        try:
            problems = step_problems(derivation, step)  # each case of its sums, empty or not
        except Exception as exc:  # the step no longer reads
            return not_replayed(piece, f"step {step.index} cannot be read: {exc}")
        for problem in problems:
            share = seconds / len(derivation.steps) / len(problems)
            finding = reprove(piece, problem, share)
            if finding.outcome is not Outcome.CONFIRMED:
                return type(finding)(piece, finding.outcome, f"step {step.index}: {finding.why}")
    return confirmed(
        piece, f"{len(derivation.steps)} steps proved again by the second encoding; chain closes"
    )
