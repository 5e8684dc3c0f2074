"""Deciding a search claim: numeric pre-search, then z3, size by size, then the lifting.

For each size in increasing order:
1. numeric pre-search (MarginAlgebra floats) proposes candidates, confirmed only exactly;
2. z3 checks the NEGATED predicate on this size's objects with the over-approximating facts for
   e^x (inside push/pop on one incremental solver):
   * unsat: no counterexample of this size exists (sound: every fact added is true of the reals);
   * sat: the model is rounded to simple rationals and re-checked exactly; a confirmed point is
     REFUTED (and minimal: every smaller size was unsat); a spurious one (possible only through
     the slack of the e^x facts, or a tie lost in rounding) adds true refinement facts about e^x
     near the candidate and the size is checked again;
   * unknown (work budget spent): retried once with a fresh non-incremental solver (z3 then
     picks its complete nlsat procedure for nonlinear real arithmetic) and a larger budget; if
     still unknown the verdict is UNKNOWN with z3's reason.
All sizes unsat gives VERIFIED_BOUNDED, saying exactly which sizes were covered.

Determinism: budgets are work (z3 rlimit, pre-search operations), never seconds; each session
has its own z3 context and fixed seeds. The same claim gives the same verdict and the same
counterexample on every run and under any load; the deadline only ever ends a decision as
UNKNOWN ("time ran out").
"""

from __future__ import annotations

from dpproofs.deadline import Deadline
from dpproofs.search.by_size import decide_by_size
from dpproofs.search.epsboxes import search_boxes
from dpproofs.search.model import SearchStatement
from dpproofs.search.onesize import METHOD
from dpproofs.search.session import RLIMIT_FRESH, RLIMIT_INCREMENTAL, Session
from dpproofs.verdict import Verdict

__all__ = ["METHOD", "search"]


def search(
    claim: SearchStatement,
    deadline: Deadline,
    use_presearch: bool = True,
    session: Session | None = None,
    budgets: tuple[int, int] = (RLIMIT_INCREMENTAL, RLIMIT_FRESH),
) -> Verdict:
    """Decide ``claim`` (see the module docstring): box by box over a parameter declared
    ``split`` (:mod:`dpproofs.search.epsboxes`), else size by size
    (:mod:`dpproofs.search.by_size`). ``session``: the solver state to use; ``budgets``: z3
    work per check."""
    split = [n for n, d in claim.quantifier.params if d.split]
    if split and session is None:
        return search_boxes(claim, split, deadline)
    return decide_by_size(claim, deadline, use_presearch, session, budgets)
