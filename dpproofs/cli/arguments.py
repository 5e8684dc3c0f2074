"""Checking command-line values up front: each check names the rule it enforces.

The functions are argparse ``type=`` callables: they return the parsed value or raise
``argparse.ArgumentTypeError``, which the CLI turns into one line, "argument --timeout: ...",
and exit status 2. Exact quantities (eps, delta, Renyi orders) are parsed exactly and compared
exactly; they are passed on as the strings the user wrote.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from dpproofs.deadline import checked_limit


def _positive_finite(unit: str) -> Callable[[str], float]:
    def check(text: str) -> float:
        try:
            return checked_limit(text, unit)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from exc

    return check


#: A time limit: a finite number of seconds > 0.
seconds = _positive_finite("seconds")
#: A memory cap: a finite number of GiB > 0.
gibibytes = _positive_finite("GiB")


def positive_int(text: str) -> int:
    """A count: a whole number >= 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number >= 1, got {text!r}")
    return value


def _exact(rule: str, holds: Callable[[Any], bool], infinite: bool = False) -> Callable[[str], str]:
    def check(text: str) -> str:
        from dpproofs.exact.parse import parse_exact

        if infinite and text.strip().lower() in ("inf", "oo", "infinity"):
            return text
        try:
            value = parse_exact(text)
            good = bool(value.is_extended_real) and bool(value.is_finite) and holds(value)
        except Exception:  # whatever the parser raises (e.g. a TokenError), the value is bad
            good = False
        if not good:
            raise argparse.ArgumentTypeError(f"must be an exact number {rule}, got {text!r}")
        return text

    return check


def _sign(value: Any) -> int:
    from dpproofs.exact.rigorous import sign

    return int(sign(value))


#: eps for delta(eps): an exact real >= 0.
epsilon = _exact(">= 0 (e.g. 'log(3)')", lambda v: _sign(v) >= 0)
#: delta for eps(delta): an exact real in [0, 1].
delta = _exact("in [0, 1] (e.g. '1/100')", lambda v: _sign(v) >= 0 and _sign(1 - v) >= 0)
#: a Renyi order: an exact real > 0, or inf.
renyi_order = _exact("> 0 or inf (e.g. '2')", lambda v: _sign(v) > 0, infinite=True)


#: The least memory cap of a child: it starts with sympy and z3 loaded (about 0.3 GiB of address
#: space), and a cap below what it holds fails every allocation, so nothing would be decided.
MIN_MEMORY_GIB = 0.5


def add_limits(parser: argparse.ArgumentParser, scope: str) -> None:
    """``--timeout`` (seconds for ``scope``, a hard limit) and ``--memory`` (GiB) of a command
    that decides in an isolated child; read the cap with :func:`memory_bytes`."""
    parser.add_argument(
        "--timeout",
        type=seconds,
        default=30.0,
        help=f"seconds for {scope}, a hard limit (> 0, default 30)",
    )
    parser.add_argument(
        "--memory",
        type=gibibytes,
        default=6.0,
        help=f"memory cap in GiB (>= {MIN_MEMORY_GIB:g}, default 6)",
    )


def memory_bytes(gib: float) -> int:
    """``--memory`` in bytes; a usage error below MIN_MEMORY_GIB."""
    from dpproofs.errors import UsageError

    if gib < MIN_MEMORY_GIB:
        raise UsageError(f"--memory must be at least {MIN_MEMORY_GIB:g} GiB, got {gib:g}")
    return int(gib * 1024**3)
