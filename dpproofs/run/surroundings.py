"""The environment a child decides in: the asking process's variables, working folder and
inherited state (:mod:`dpproofs.run.inherited`), and their digest, part of every cache key."""

from __future__ import annotations

import contextlib
import hashlib
import os
from dataclasses import dataclass

from dpproofs.run import inherited


@dataclass(frozen=True, slots=True)
class Surroundings:
    """The environment variables, working folder and inherited process state a child decides
    in: those of the process that asks for the decision *now* (a fork server's children would
    otherwise inherit the server's, as they were when it started)."""

    environment: tuple[tuple[str, str], ...]
    cwd: str
    state: inherited.State

    @classmethod
    def here(cls) -> Surroundings:
        return cls(inherited.environment(), os.getcwd(), inherited.state())

    def digest(self) -> str:
        """SHA-256 of every variable the child is given and of the keyed process state (not
        of the working folder: it is recorded when read)."""
        text = "\0".join(f"{k}={v}" for k, v in (*self.environment, *self.state))
        return hashlib.sha256(text.encode()).hexdigest()

    def differs(self) -> str:
        """Why this process's inherited state is not the one these surroundings were taken
        with ("" when it is); call in the child before it changes anything."""
        changed = inherited.differences(self.state, inherited.compared())
        if not changed:
            return ""
        return (
            f"its process differed from the asking one in {', '.join(changed)} (changed "
            "after the fork server started)"
        )

    def adopt(self) -> None:
        """Make this (child) process's environment and working folder these, its signals,
        umask and command line the same as in every child, and its time zone follow TZ."""
        inherited.normalise()
        os.environ.clear()
        os.environ.update(dict((*self.environment, inherited.HASH_SEED)))  # as inherited.given
        inherited.follow_environment()
        with contextlib.suppress(OSError):  # a vanished folder: relative reads then fail
            os.chdir(self.cwd)
