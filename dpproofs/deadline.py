"""The deadline a decision procedure works against: a point in monotonic time.

A leaf module (it imports only the standard library), so that every layer, from the core to the
run layer, can pass deadlines around without importing what decides claims.
"""

from __future__ import annotations

import math
import time

#: The longest time limit accepted anywhere (about 11.6 days): a child's wait is a poll() in
#: milliseconds held in a C int (at most 2^31 ms, about 24.8 days), so a larger limit crashed
#: the run ("OverflowError: timeout is too large") instead of meaning "no hurry".
MAX_SECONDS = 1_000_000
#: The largest memory cap accepted anywhere (2^30 GiB = 2^60 bytes: setrlimit takes a C long).
MAX_MEMORY_GIB = 2**30


def checked_limit(text: str, unit: str) -> float:
    """A limit typed by a user (seconds, or GiB for ``unit`` "GiB"): a finite number > 0 and
    within its maximum, else ValueError saying the rule ("must be ..., got '1e12'")."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"must be a finite number of {unit} > 0, got {text!r}")
    too_large = within_limits(value, unit)
    if too_large:
        raise ValueError(f"must be {too_large}, got {text!r}")
    return value


def within_limits(value: float, unit: str) -> str:
    """ "" when ``value`` (seconds, or GiB for ``unit`` "GiB") is at most its maximum, else the
    rule it breaks, e.g. "at most 1000000 seconds (about 11 days)"."""
    if unit == "GiB":
        return "" if value <= MAX_MEMORY_GIB else f"at most {MAX_MEMORY_GIB} GiB"
    return "" if value <= MAX_SECONDS else f"at most {MAX_SECONDS} seconds (about 11 days)"


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
