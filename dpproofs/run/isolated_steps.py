"""The text commands (``check``, ``check-proof``) decide in child processes with hard limits.

Reading a statement and deciding it may not return (a tower e^{e^{...}} handed to sympy, an
integer 10**10**10 computed while parsing), may exhaust memory, or may crash the interpreter (a
signal in a native library). So nothing of that runs in the user's process: each piece runs in
a child of :mod:`dpproofs.run.isolation` (its own process group, an address-space cap, killed at its
deadline), and whatever ends the child becomes a verdict with a reason, never a traceback.

The time contract. A command given ``--timeout T`` answers within T seconds plus a fixed
overhead (starting Python and the fork server that preloads sympy and z3: a few seconds, more
on a loaded machine): the children of one command share one deadline, ``start + T``, where the
clock starts with the first child.
``check-proof`` reads the derivation in one child, then decides every step in its own child
within an equal share of what is left (a step that finishes early leaves its time to the later
ones); a step that would start after the deadline is unknown without being started.

How a child's end is reported: its answer as sent; a :class:`Refusal` (the input is malformed:
a usage error, exit 2) sent by the child itself; the time limit as UNKNOWN ("time limit"); a
memory cap or a kill by SIGKILL as UNKNOWN ("resources"); any other death (a signal such as
SIGFPE or SIGSEGV, an exit code) as ERROR ("isolation") naming it.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

from dpproofs.run.isolation import DEFAULT_MEMORY_BYTES, ChildOutcome, Limits, run_child
from dpproofs.verdict import StepResult, Verdict

if TYPE_CHECKING:  # the steps (sympy, scipy) are imported where used: `dpproofs check` runs its
    # statement in a child, and its parent, which imports this module, should start fast
    from dpproofs.steps.derivation import Derivation, Step

#: Below this many seconds left, a step's child is not started (it could not answer in time).
MIN_STEP_SECONDS = 0.05


@dataclass(frozen=True, slots=True)
class Refusal:
    """The child found the input malformed (a usage error), with the sentence saying why."""

    message: str


def in_child(
    target: Callable[..., None],
    args: tuple[Any, ...],
    seconds: float,
    memory_bytes: int = DEFAULT_MEMORY_BYTES,
) -> Any:
    """Run ``target(*args, deadline_at, memory_bytes, channel)`` in a child killed after
    ``seconds``: the value it sent, or the Verdict saying why there is none."""
    return timed_in_child(target, args, seconds, memory_bytes)[0]


def timed_in_child(
    target: Callable[..., None],
    args: tuple[Any, ...],
    seconds: float,
    memory_bytes: int = DEFAULT_MEMORY_BYTES,
) -> tuple[Any, float]:
    """:func:`in_child`, and the seconds the child ran (the clock starts when the child does,
    after the fork server's one-time start, which is the commands' fixed overhead)."""
    outcome = run_child(target, args, Limits(max(0.0, seconds), memory_bytes))
    if outcome.failure:
        return failure_verdict(outcome), outcome.seconds
    return outcome.value, outcome.seconds


def failure_verdict(outcome: ChildOutcome) -> Verdict:
    """The verdict for a child that sent nothing (see the module docstring)."""
    if outcome.timed_out:
        return Verdict.unknown("time limit", outcome.failure).timed(outcome.seconds)
    if outcome.interrupted:
        raise KeyboardInterrupt
    if f"signal {signal.Signals.SIGKILL.name}" in outcome.failure:
        return Verdict.unknown("resources", outcome.failure).timed(outcome.seconds)
    reason = f"the deciding process crashed: {outcome.failure}; this is not a verdict on the claim"
    return Verdict.error("isolation", reason).timed(outcome.seconds)


def guarded(decide: Callable[[], Any]) -> Any:
    """``decide()`` inside a child: its value, or a Verdict for what it raised (the memory cap
    is UNKNOWN; nesting too deep for Python and anything else is ERROR with the exception)."""
    try:
        return decide()
    except MemoryError:
        return Verdict.unknown("resources", "the memory cap was reached while deciding")
    except RecursionError:
        return Verdict.error("check", "the statement is nested too deeply to be read")
    except Exception as exc:  # a bug of dpproofs on this input: said, never a traceback
        return Verdict.error("check", f"internal error while deciding: {type(exc).__name__}: {exc}")


def check_steps_isolated(
    derivation: Derivation, end: float, memory_bytes: int = DEFAULT_MEMORY_BYTES
) -> tuple[StepResult, ...]:
    """Every step, each in a child with a hard limit at an equal share of what is left until
    ``end`` (a time.monotonic() value); a step with no time left is unknown, not started."""
    from dpproofs.steps.check import UNKNOWN, _result

    out = []
    count = len(derivation.steps)
    for number, step in enumerate(derivation.steps):
        left = end - time.monotonic()
        if left < MIN_STEP_SECONDS:
            out.append(_result(step, UNKNOWN, reason="unknown: the time limit was used up"))
            continue
        value = in_child(_step_main, (step, derivation), left / (count - number), memory_bytes)
        if isinstance(value, StepResult):
            out.append(value)
        else:
            reason = value.reason if isinstance(value, Verdict) else f"unexpected answer {value!r}"
            out.append(_result(step, UNKNOWN, reason=f"unknown: {reason}"))
    return tuple(out)


def _step_main(
    step: Step, derivation: Derivation, deadline_at: float, memory_bytes: int, channel: Connection
) -> None:
    """Child entry point: decide one step (a little before the hard deadline) and send it."""
    from dpproofs.run.worker import _enter_child, _send, deadline_before
    from dpproofs.steps.check import check_step

    _enter_child(deadline_at, memory_bytes)
    _send(channel, guarded(lambda: check_step(step, derivation, deadline_before(deadline_at))))
