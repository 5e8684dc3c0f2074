"""Checking a derivation from the shell with hard time limits: each step in a child process.

``dpproofs check-proof`` runs in the user's process, where a step whose simplification does not
return (a tower e^{e^{...}} handed to sympy) would ignore ``--timeout``. Here every step is
decided by :func:`dpproofs.steps.check.check_step` in a child (:mod:`dpproofs.isolation`) within
an equal share of the time left; a child stopped at its limit makes that step *unknown* with the
reason, and the next step still gets its share. ``dpproofs verify`` needs none of this: it
already decides each theorem in a child.
"""

from __future__ import annotations

import time
from multiprocessing.connection import Connection

from dpproofs.claim import Deadline
from dpproofs.isolation import Limits, run_child
from dpproofs.steps.check import UNKNOWN, _result, check_step
from dpproofs.steps.derivation import Derivation, Step
from dpproofs.verdict import StepResult

#: The least time a step's child is given (starting it costs a few tens of milliseconds).
MIN_STEP_SECONDS = 1.0


def check_steps_isolated(derivation: Derivation, seconds: float) -> tuple[StepResult, ...]:
    """Every step, each in a child with a hard limit: an equal share of what is left of
    ``seconds`` (at least MIN_STEP_SECONDS)."""
    end = time.monotonic() + seconds
    out = []
    count = len(derivation.steps)
    for number, step in enumerate(derivation.steps):
        share = max(MIN_STEP_SECONDS, (end - time.monotonic()) / (count - number))
        outcome = run_child(_step_main, (step, derivation), Limits(share))
        if isinstance(outcome.value, StepResult):
            out.append(outcome.value)
        else:
            out.append(_result(step, UNKNOWN, reason=f"unknown: {outcome.failure}"))
    return tuple(out)


def _step_main(
    step: Step, derivation: Derivation, deadline_at: float, memory_bytes: int, channel: Connection
) -> None:
    """Child entry point: decide one step (a little before the hard deadline) and send it."""
    from dpproofs.worker import _enter_child, _send

    _enter_child(deadline_at, memory_bytes)
    left = max(0.0, deadline_at - time.monotonic() - 0.2)
    _send(channel, check_step(step, derivation, Deadline(left)))
