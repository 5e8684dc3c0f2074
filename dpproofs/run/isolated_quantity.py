"""The privacy profile of a composition under a hard time limit: each costly quantity in a child.

The work of delta(eps), eps(delta) and total variation grows with K (a k-fold power of a
polynomial with up to SUPPORT_LIMIT slots, an exact closed form of ~k bits) and a single flint
call cannot be interrupted, so ``dpproofs compose`` and ``profile --compose`` decide each of them
in a child process (:mod:`dpproofs.run.isolation`) stopped at its share of ``--timeout``: an equal
share of the time left, in order, counted once the fork server is up (starting it, which
preloads sympy and z3, is not counted, as ``verify`` does not count imports). A quantity whose
child is stopped, dies or is not started for lack of time is UNKNOWN with that reason; the
others still stand. Pure epsilon, eps(0), KL and Renyi read only the factors (k is a multiplier)
and are computed here. Nothing changes a value: the same functions as the library run.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Any

from dpproofs.accounting.certified import Path, unknown
from dpproofs.accounting.compose import Composition
from dpproofs.accounting.profile import Query, cheap, quantity
from dpproofs.run.isolation import Limits, run_child

#: Below this many seconds left, a quantity is not started (a child costs tens of ms to start).
MIN_SECONDS = 0.05
#: The fork server's start (outside the time limit, as for ``verify``'s imports) may take this.
STARTUP_SECONDS = 120.0


def answers_within(
    composition: Composition, queries: Sequence[Query], seconds: float
) -> list[dict[str, Any]]:
    """Each query's answer as JSON-ready data: the cheap ones here, every other one in a child
    with a hard limit, an equal share of what is left of ``seconds``."""
    out: dict[int, dict[str, Any]] = {}
    costly = []
    for number, query in enumerate(queries):
        if cheap(query):
            out[number] = quantity(composition, query).as_dict()
        else:
            costly.append(number)
    if costly:  # start the fork server (it preloads sympy and z3) before the clock starts
        run_child(_ready_main, (), Limits(STARTUP_SECONDS))
    end = time.monotonic() + seconds
    for done, number in enumerate(costly):
        left = end - time.monotonic()
        if left < MIN_SECONDS:
            out[number] = _unknown(f"not started: the time limit of {seconds:g} s was reached")
            continue
        share = left / (len(costly) - done)
        outcome = run_child(_quantity_main, (composition, queries[number]), Limits(share))
        if isinstance(outcome.value, dict):
            out[number] = outcome.value
        elif isinstance(outcome.value, str):  # the child's own error, said in one sentence
            out[number] = _unknown(outcome.value)
        elif outcome.timed_out:
            out[number] = _unknown(
                f"not finished within {share:.3g} s, its share of the time limit {seconds:g} s"
            )
        else:
            out[number] = _unknown(f"not computed: {outcome.failure}")
    return [out[number] for number in range(len(queries))]


def _unknown(reason: str) -> dict[str, Any]:
    return {**unknown(Path.EXACT, reason).as_dict(), "path": None, "attained": None}


def _ready_main(deadline_at: float, memory_bytes: int, channel: Connection) -> None:
    """Child entry point that only answers: the fork server is up."""
    channel.send(True)
    channel.close()


def _quantity_main(
    composition: Composition,
    query: Query,
    deadline_at: float,
    memory_bytes: int,
    channel: Connection,
) -> None:
    """Child entry point: one quantity, sent back as JSON-ready data (or an error sentence)."""
    from dpproofs.run.worker import _enter_child

    _enter_child(deadline_at, memory_bytes)
    try:
        value: Any = quantity(composition, query).as_dict()
    except ArithmeticError as exc:  # "too large: ...", said by the accountant
        value = str(exc)
    except (MemoryError, RecursionError) as exc:
        value = f"not computed: {type(exc).__name__}: {exc}"
    channel.send(value)
    channel.close()
