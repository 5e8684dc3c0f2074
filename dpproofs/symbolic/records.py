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
from dataclasses import replace

from dpproofs.evidence import SolverFacts, Witness
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
