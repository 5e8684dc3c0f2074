"""The dpproofs version, as a constant (reading package metadata costs ~0.1 s at start-up).

``tests/cli/test_terminal.py`` checks that it equals the version in pyproject.toml.
"""

from __future__ import annotations

__version__ = "0.1.0"


def version() -> str:
    return __version__
