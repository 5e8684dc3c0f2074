"""Counterexample search and bounded verification over finite alphabets (issue 4).

Authoring API (see :mod:`dpproofs.search.forall`)::

    from dpproofs.search import Interval, for_all_distributions
    claim = for_all_distributions(outcomes=range(2, 9), eps=Interval(F(1, 100), 3),
                                  delta=Interval(0, F(1, 2))).claim(
        lambda alg, p, q, E, delta: implies(alg, pointwise_indistinguishable(alg, p, q, E, delta),
                                            indistinguishable(alg, p, q, E, delta)))

``claim.decide(deadline)`` returns REFUTED with an exact, replayable, minimal counterexample,
VERIFIED_BOUNDED (z3 unsat for every size, soundly over-approximating e^x), or UNKNOWN.

Also: ``for_all`` (any named objects: ``distribution``, ``channel``, ``mechanism``),
``for_all_mechanisms`` (mechanisms on a ``DatabaseSpace`` D^n, Hamming neighbours),
``log_of(r)`` (the parameter value ln r, so that e^eps = r is exactly rational),
``Interval(lo, hi, split=k)`` (the whole interval, decided in eps-boxes:
:mod:`dpproofs.search.epsboxes`), and
``ForAllHypothesis`` (hypotheses quantified over all inner objects, e.g. all priors, decided by
counterexample-guided refinement).

Layer: a decider. The claim model (:mod:`.model`, :mod:`.trace`, :mod:`.objects`,
:mod:`.domains`) imports nothing of the engine; the engine (:mod:`.engine`, :mod:`.by_size`,
:mod:`.onesize`) reads the model and calls its steps (lifting, eps boxes, refinement), which
never call back into it; :mod:`.forall` is the front door. May import the core, the exact
arithmetic and the other deciders (tests/test_import_graph.py).
"""

from dpproofs.search.cegar import ForAllHypothesis
from dpproofs.search.databases import DatabaseSpace
from dpproofs.search.domains import Interval, log_of
from dpproofs.search.forall import (
    Quantifier,
    SearchClaim,
    for_all,
    for_all_distributions,
    for_all_mechanisms,
)
from dpproofs.search.objects import Mechanism, channel, distribution, mechanism

__all__ = [
    "DatabaseSpace",
    "ForAllHypothesis",
    "Interval",
    "Mechanism",
    "Quantifier",
    "SearchClaim",
    "channel",
    "distribution",
    "for_all",
    "for_all_distributions",
    "for_all_mechanisms",
    "log_of",
    "mechanism",
]
