"""The exception hierarchy: one root, and subclasses that also inherit the builtin they resemble.

Every error dpproofs raises on purpose derives from :class:`DpProofsError`, so a caller can catch
"anything dpproofs rejected" in one clause, while ordinary bugs (a ``TypeError`` from a typo)
surface as themselves.
"""

from __future__ import annotations

import difflib
import sys
from collections.abc import Iterable


class DpProofsError(Exception):
    """Root of every error dpproofs raises on purpose."""


class InvalidMechanism(DpProofsError, ValueError):
    """A mechanism or distribution is malformed: negative entry, row not summing to 1, NaN, ..."""


class InvalidExpression(DpProofsError, ValueError):
    """A string is not an exact number, or uses a function dpproofs does not allow."""


class InvalidTheorem(DpProofsError, ValueError):
    """A theorem declaration is malformed (missing source, bad expected status, ...)."""


class InvalidClaim(DpProofsError, ValueError):
    """A claim is malformed: an unknown symbol, an empty domain, a predicate on the wrong shape."""


class Undecided(DpProofsError, ArithmeticError):
    """An exact comparison could not be decided soundly (e.g. an enclosure straddles 0).

    This is never an answer of "false": callers turn it into an UNKNOWN verdict with this message
    as the reason.
    """


class SolverUnknown(Undecided):
    """A solver answered ``unknown`` or ran out of time. Never read as "holds"."""


class UsageError(DpProofsError, ValueError):
    """The command line or a configuration value is wrong; the CLI exits with status 2."""


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """ " (did you mean 'x'?)" for the closest of ``choices`` to ``word``, or "" if none is close.

    >>> did_you_mean("proven", ["proved", "refuted"])
    " (did you mean 'proved'?)"
    """
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def author_line() -> str:
    """The author's line: ' (at file:line)' of the innermost frame outside dpproofs, or ''."""
    frame = sys._getframe(1)
    while frame is not None:
        name = frame.f_code.co_filename
        if "/dpproofs/" not in name.replace("\\", "/"):
            return f" (at {name}:{frame.f_lineno})"
        frame = frame.f_back  # type: ignore[assignment]
    return ""
