"""The path of one search claim through a decision: the engine reads the model, and nothing it calls
calls back into a module already on the way (docs/architecture.md, "The life of a search claim").

A profile hook records every call of a dpproofs function that receives the claim object. Before the
model and the engine were separated, 1,244 of these calls went back into the front door
(``forall.py``, then the model too) from six modules below it.
"""

from __future__ import annotations

import sys
from fractions import Fraction as F
from types import FrameType
from typing import Any

from dpproofs.algebra import implies
from dpproofs.deadline import Deadline
from dpproofs.search import Interval, for_all_distributions
from dpproofs.verdict import Status
from dpproofs.vocabulary import indistinguishable, pointwise_indistinguishable


def _path(claim: Any) -> tuple[list[str], list[tuple[str, str]]]:
    """(modules entered with the claim, in order, repeats merged; calls back into a module
    already on the stack of claim-receiving frames)."""
    entered: list[str] = []
    stack: list[tuple[FrameType, str]] = []
    back: list[tuple[str, str]] = []

    def hook(frame: FrameType, event: str, arg: object) -> None:
        if event == "return":
            if stack and stack[-1][0] is frame:
                stack.pop()
            return
        if event != "call":
            return
        module = frame.f_globals.get("__name__", "")
        code = frame.f_code
        names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
        if not module.startswith("dpproofs.") or all(
            frame.f_locals.get(n) is not claim for n in names
        ):
            return
        below = [m for _, m in stack]
        if below and below[-1] != module and module in below:
            back.append((below[-1], module))
        stack.append((frame, module))
        if not entered or entered[-1] != module:
            entered.append(module)

    sys.setprofile(hook)
    try:
        verdict = claim.decide(Deadline(300))
    finally:
        sys.setprofile(None)
    assert verdict.status is Status.PROVED
    return entered, back


def test_a_search_claim_goes_down_and_never_calls_back() -> None:
    claim = for_all_distributions(
        outcomes=range(2, 4), eps=Interval(F(1, 100), 3), delta=Interval(0, F(1, 2))
    ).claim(
        lambda alg, p, q, E, delta: implies(
            alg,
            pointwise_indistinguishable(alg, p, q, E, delta),
            indistinguishable(alg, p, q, E, delta),
        ),
        says="point-wise indistinguishable => indistinguishable",
    )
    entered, back = _path(claim)
    assert back == []
    # the front door hands the claim to the engine once, and is never entered again
    assert entered[:3] == [
        "dpproofs.search.forall",
        "dpproofs.search.engine",
        "dpproofs.search.by_size",
    ]
    assert entered.count("dpproofs.search.forall") == 1
    assert entered.count("dpproofs.search.engine") == 1
