"""What ``dpproofs verify`` prints: one line per theorem, details where they matter, progress.

The default is compact: one line of at most 100 columns per theorem (a mark, the verdict, the
seconds, the id and the title), then a compiler-style paragraph for each verdict that is not the
expected one (``file.py:12: refuted (expected proved): id: <evidence>``), then a summary. ``-q``
prints only the paragraphs and the summary; ``-v`` adds each theorem's method and evidence.
Colour and the progress line appear only on a terminal (and never with ``NO_COLOR`` set).
"""

from __future__ import annotations

import os
import textwrap
import time
from collections.abc import Sequence
from typing import IO, Any

from dpproofs.verdict import Status

WIDTH = 100
_COLOUR = {
    Status.PROVED: "1;32",
    Status.VERIFIED_BOUNDED: "32",
    Status.REFUTED: "1;31",
    Status.UNKNOWN: "33",
    Status.ERROR: "1;35",
}
HINTS = (
    (
        "before deciding began",
        "a cheaper file or theorem function (the time ran out before the claim was decided), "
        "or a larger --timeout",
    ),
    ("time limit", "a larger --timeout (or the theorem's timeout=), a tighter domain"),
    ("memory cap", "a larger --memory, a tighter domain or a smaller size bound"),
    ("interrupted", "run it again"),
    (
        "refutes nothing",
        "a premise the argument needs in a weaker form (the statement itself is not refuted), "
        "or another argument",
    ),
    ("", "a tighter domain, a smaller size bound, or a larger --timeout"),
)


def hint(reason: str) -> str:
    """What might decide an UNKNOWN, from what ran out (named in its reason)."""
    return next(h for key, h in HINTS if key in reason)


def wants_colour(stream: IO[str]) -> bool:
    return stream.isatty() and "NO_COLOR" not in os.environ


def _paint(text: str, code: str, colour: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if colour else text


def _cut(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: max(0, width - 3)] + "..."


def line(result: Any, colour: bool = False) -> str:
    """``ok proved            0.12s  id  title``, at most :data:`WIDTH` columns."""
    status = result.verdict.status
    mark = "ok" if result.as_expected else "!!"
    seconds = " cached" if result.cached else f"{result.verdict.seconds:6.2f}s"
    head = f"{mark} {status.value:<16} {seconds}  "
    text = _cut(result.id, WIDTH - len(head))
    text += "  " + _cut(result.title, WIDTH - len(head) - len(text) - 2)
    painted_mark = _paint(mark, "32" if result.as_expected else "1;31", colour)
    painted_status = _paint(f"{status.value:<16}", _COLOUR[status], colour)
    why = getattr(result, "not_cached", "")
    note = f"\n   not cached: {_cut(why, WIDTH - 15)}" if why else ""
    return f"{painted_mark} {painted_status} {seconds}  {text}{note}"


def evidence(result: Any) -> str:
    """The one thing a reader needs to see for this verdict."""
    v = result.verdict
    if v.status is Status.REFUTED and v.counterexample is not None:
        return f"{v.method}: counterexample {v.counterexample}"
    if v.status is Status.VERIFIED_BOUNDED:
        return f"{v.method}: {v.coverage}"
    if v.status is Status.UNKNOWN:
        return f"{v.method}: {v.reason}; what might help: {hint(v.reason)}"
    if v.status is Status.ERROR:
        return v.reason
    return v.method


def relative(location: str) -> str:
    """``file:line`` relative to the current folder when the file lies below it."""
    try:
        return os.path.relpath(location) if location.startswith(os.getcwd() + os.sep) else location
    except ValueError:
        return location


def paragraph(result: Any) -> str:
    """A compiler-style account of an unexpected verdict, wrapped to :data:`WIDTH` columns."""
    if result.expected is not None:
        expected = f"expected {result.expected.value}"
    elif result.broken_declaration:
        expected = "expected: the declaration is broken"
    else:
        expected = "expected a loadable file"
    where = relative(result.location)
    head = f"{where}: {result.verdict.status.value} ({expected}): {result.id}"
    body = textwrap.fill(evidence(result), WIDTH, initial_indent="    ", subsequent_indent="    ")
    for label in ("quote", "reading"):
        text = getattr(result, label, "")
        if text:
            shown = f"the source says: {text}" if label == "quote" else f"reading: {text}"
            body += "\n" + textwrap.fill(
                shown, WIDTH, initial_indent="    ", subsequent_indent="      "
            )
    return f"{head}\n{body}"


def summary_line(summary: dict[str, Any]) -> str:
    counts = ", ".join(f"{n} {s}" for s, n in summary["by_status"].items())
    verdict = (
        "all as expected"
        if summary["unexpected"] == 0
        else f"{summary['unexpected']} not as expected"
    )
    total = summary["total"]
    return f"{total} theorem{'' if total == 1 else 's'}: {counts}; {verdict}"


def render(
    results: Sequence[Any], summary: dict[str, Any], out: IO[str], verbosity: int = 0
) -> None:
    """Print the run: lines (unless quiet), paragraphs for the unexpected, the summary."""
    colour = wants_colour(out)
    if verbosity >= 0:
        for r in results:
            out.write(line(r, colour) + "\n")
            if verbosity > 0:
                out.write(
                    textwrap.fill(
                        f"{relative(r.location)}: {evidence(r)}",
                        WIDTH,
                        initial_indent="     ",
                        subsequent_indent="     ",
                    )
                    + "\n"
                )
    unexpected = [r for r in results if not r.as_expected]
    if unexpected:
        out.write("\n" + "\n".join(paragraph(r) for r in unexpected) + "\n\n")
    out.write(summary_line(summary) + "\n")


class ProgressLine:
    """Progress while deciding. On a terminal: ``[3/40] deciding a.b, c.d`` rewritten in place.
    On a log (stderr redirected to a file or a pipe, as in CI): one line per theorem as it
    finishes, ``[3/40] ok proved 0.12s a.b ...``, so a long run is never silent. Elsewhere (an
    in-memory stream): silent. The ordered report on stdout is unchanged either way."""

    def __init__(self, stream: IO[str], total: int, what: str = "deciding") -> None:
        self.stream = stream
        self.enabled = stream.isatty()
        self.log = not self.enabled and _is_os_stream(stream)
        self.total = total
        self.what = what
        self.done = 0
        self.running: list[str] = []
        self._last = 0.0

    def advance(self, result: Any = None) -> None:
        self.done += 1
        if self.log and result is not None and hasattr(result, "verdict"):
            self.stream.write(f"[{self.done}/{self.total}] {line(result)}\n")
            self.stream.flush()
        self._draw()

    def show_running(self, names: list[str]) -> None:
        if names != self.running:
            self.running = names
            self._draw()

    def _draw(self) -> None:
        now = time.monotonic()
        if not self.enabled or now - self._last < 0.1:
            return
        self._last = now
        text = f"[{self.done}/{self.total}] {self.what} {', '.join(self.running)}"
        self.stream.write("\r\x1b[K" + _cut(text, WIDTH - 1))
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def _is_os_stream(stream: IO[str]) -> bool:
    """True for a stream backed by a file descriptor (a file, a pipe), not an in-memory one."""
    try:
        stream.fileno()
    except (OSError, ValueError, AttributeError):
        return False
    return True
