"""The evidence records of a scalar claim's verdict (:mod:`dpproofs.evidence`).

* a refutation: the exact point (every symbol of the problem, a rational) at which the
  assumptions hold and the statement is false (:class:`~dpproofs.evidence.Witness`, claim
  ``"scalar"``);
* a z3 proof: the fact level and the facts of the unsat core
  (:class:`~dpproofs.evidence.SolverFacts`);
* an interval proof: every box of the branch and bound and what decided it
  (:class:`~dpproofs.evidence.IntervalBoxes`), attached by the boxes stage itself.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from dpproofs.evidence import IntervalBoxes, SolverFacts, Witness
from dpproofs.verdict import Status, Verdict

_LEVEL = re.compile(r"fact level (\d+)")


def with_evidence(verdict: Verdict) -> Verdict:
    """``verdict`` with its evidence, when it has none yet."""
    if verdict.evidence:
        return verdict
    if verdict.status is Status.REFUTED and verdict.counterexample is not None:
        witness = Witness("scalar", verdict.counterexample.assignment)
        return replace(verdict, evidence=(witness,))
    level = _LEVEL.search(verdict.method)
    if verdict.status is Status.PROVED and verdict.method.startswith("z3") and level:
        facts = SolverFacts(int(level.group(1)), verdict.certificate)
        return replace(verdict, evidence=(facts,))
    return verdict


#: Largest number of boxes written into a report (beyond it, the certificate gives the count).
MAX_RECORDED_BOXES = 4096


def interval_boxes(
    problem: Any, leaves: Sequence[tuple[tuple[tuple[Fraction, Fraction], ...], str]]
) -> tuple[IntervalBoxes, ...]:
    """The boxes of an interval proof as evidence (none when there are too many to record)."""
    if not leaves or len(leaves) > MAX_RECORDED_BOXES:
        return ()
    boxes = tuple((tuple((str(lo), str(hi)) for lo, hi in box), by) for box, by in leaves)
    return (IntervalBoxes(tuple(str(v) for v in problem.variables), boxes),)
