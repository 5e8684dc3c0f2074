"""The environment a child decides in: the asking process's variables and working folder."""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Surroundings:
    """The environment variables and working folder a child decides in: those of the process
    that asks for the decision *now* (a fork server's children would otherwise inherit the
    server's, as they were when it started)."""

    environment: tuple[tuple[str, str], ...]
    cwd: str

    @classmethod
    def here(cls) -> Surroundings:
        return cls(tuple(sorted(os.environ.items())), os.getcwd())

    def adopt(self) -> None:
        """Make this (child) process's environment and working folder these."""
        os.environ.clear()
        os.environ.update(dict(self.environment))
        with contextlib.suppress(OSError):  # a vanished folder: relative reads then fail
            os.chdir(self.cwd)
