"""Symbolic decision procedures: prove or refute inequalities over real parameters, soundly.

``holds(statement, where, assuming)`` states a claim such as "for all eps > 0: e^eps >= 1 + eps",
best written as a string, ``holds("exp(eps) >= 1 + eps", where={"eps": "(0, oo)"})``, which dpproofs
reads with sympy's evaluation off so that every term's definedness is kept (see :mod:`.written` and
:mod:`.definedness`); ``decide_scalar`` decides it. Proofs come from exact sympy reasoning, z3 with
true facts about exp and log, or Arb interval branch and bound; refutations always carry an exact
rational witness that was re-checked rigorously outside any solver.

Layer: a decider. May import the core, the exact arithmetic and the other deciders; never
the run layer, the checkers, the views or the command line (tests/test_import_graph.py).
"""

from dpproofs.symbolic.claim import ScalarClaim, decide_scalar, holds

__all__ = ["ScalarClaim", "decide_scalar", "holds"]
