"""The deadline a decision procedure works against: a point in monotonic time.

A leaf module (it imports only the standard library), so that every layer, from the core to the
run layer, can pass deadlines around without importing what decides claims.
"""

from __future__ import annotations

import time


class Deadline:
    """A point in (monotonic) time after which a decision procedure should give up."""

    __slots__ = ("_end",)

    def __init__(self, seconds: float | None) -> None:
        self._end = None if seconds is None else time.monotonic() + seconds

    def remaining(self) -> float:
        """Seconds left (``inf`` when unlimited, never negative)."""
        if self._end is None:
            return float("inf")
        return max(0.0, self._end - time.monotonic())

    def expired(self) -> bool:
        return self.remaining() <= 0.0

    def share(self, fraction: float) -> Deadline:
        """A deadline at ``fraction`` of the time left (for one of several steps)."""
        left = self.remaining()
        return Deadline(None if left == float("inf") else left * fraction)
