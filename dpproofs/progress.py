"""Progress notes: what a decision has done so far, kept when its time limit cuts it short.

A decision running in an isolated child (:mod:`dpproofs.run.worker`) may be killed at its hard
deadline before it answers. So that its UNKNOWN still says what was done, the child streams
notes to the parent as it goes: the stage it is in (importing the file, building the claim,
deciding it) and what it has settled (a step of a derivation, a size the search found no
counterexample at). The parent keeps the notes it received and names them in the UNKNOWN.

A note is display only: nothing reads a note to decide anything, so a verdict never depends on
whether notes were sent, received or lost. Outside a child (no sink installed) :func:`note` does
nothing. A leaf module: it imports only the standard library.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass

#: The stages of a decision in a child, each announced by a note of this exact text.
IMPORTING = "importing the file"
BUILDING = "building the claim"
DECIDING = "deciding the claim"
STAGES = (IMPORTING, BUILDING, DECIDING)
#: How many settled notes an UNKNOWN names (the latest), and how many a parent keeps.
SHOWN = 10
KEPT = 1000


@dataclass(frozen=True, slots=True)
class Progress:
    """One note sent by a child before its answer (see :func:`note`)."""

    text: str


_sink: Callable[[str], None] | None = None


def note(text: str) -> None:
    """Record that ``text`` has been done (or, for a stage, begun); a no-op without a sink."""
    if _sink is not None:
        with contextlib.suppress(Exception):  # a lost note must never change the decision
            _sink(text)


@contextlib.contextmanager
def listening(sink: Callable[[str], None]) -> Iterator[None]:
    """Send every :func:`note` made inside the block to ``sink``."""
    global _sink
    before, _sink = _sink, sink
    try:
        yield
    finally:
        _sink = before


def summary(notes: tuple[str, ...]) -> str:
    """`` while <last stage>; done: <settled notes since it>`` (empty without notes), the words
    an UNKNOWN at the time limit adds to say where the time ran out and what it had covered."""
    stages = [i for i, text in enumerate(notes) if text in STAGES]
    if not stages:
        return ""
    last = stages[-1]
    done = [text for text in notes[last + 1 :] if text not in STAGES]
    said = f" while {notes[last]}"
    if notes[last] != DECIDING:
        said += " (before deciding began)"
    if not done:
        return said
    if len(done) > SHOWN:
        shown = f"{len(done)} notes, the last {SHOWN}: " + "; ".join(done[-SHOWN:])
    else:
        shown = "; ".join(done)
    return f"{said}; done before the limit: {shown}"


def kept(notes: list[str], text: str) -> None:
    """Add ``text`` to the notes a parent keeps: a stage starts afresh (only the notes since
    the last stage are ever shown), and at most :data:`KEPT` others are kept, the latest."""
    if text in STAGES:
        notes[:] = [text]
        return
    notes.append(text)
    if len(notes) > KEPT + 1:
        del notes[1 : len(notes) - KEPT]
