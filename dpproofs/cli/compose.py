"""``dpproofs compose A.json:K1 B.json:K2 ...`` and ``dpproofs profile MECH.json --compose K``.

Both print the privacy profile of a composition (see :mod:`dpproofs.accounting`): pure epsilon,
delta(eps) for each --epsilon, eps(delta) for each --delta, total variation, KL and Renyi
divergences, each as a certified float (``value`` with a ``lower``/``upper`` bracket rounded
outward), the closed form when it is small (``exact``), and the path taken (exact, bracketed or
grid). This module imports only argparse at load time; the CLI registers it in two lines.
"""

from __future__ import annotations

import argparse
import functools
import json
from collections.abc import Sequence
from typing import IO, Any

from dpproofs.errors import DpProofsError, UsageError

#: The default --timeout of compose and profile, as for check and check-proof.
DEFAULT_SECONDS = 30.0


def add_parser(commands: Any) -> None:
    """Register the ``compose`` subcommand."""
    parser = commands.add_parser(
        "compose", help="exact privacy profile of a composition of finite mechanisms"
    )
    parser.add_argument(
        "parts", nargs="+", metavar="MECH.json:K", help="a mechanism file and how often it runs"
    )
    _add_queries(parser)


def add_profile_option(profile: argparse.ArgumentParser) -> None:
    """Register ``--compose K`` on ``profile``."""
    profile.add_argument(
        "--compose", metavar="K", default=None, help="profile the K-fold composition instead"
    )


def _add_queries(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--epsilon", action="append", default=[], help="an eps for delta(eps)")
    parser.add_argument("--delta", action="append", default=[], help="a delta for eps(delta)")
    parser.add_argument("--renyi", action="append", default=None, help="a Renyi order (default 2)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    add_timeout_option(parser)


def add_timeout_option(parser: argparse.ArgumentParser) -> None:
    """``--timeout SECONDS``: every quantity is decided in a child within its share of it."""
    from dpproofs.cli import arguments

    parser.add_argument(
        "--timeout",
        type=arguments.seconds,
        default=DEFAULT_SECONDS,
        help=f"seconds for the whole profile (> 0, default {DEFAULT_SECONDS:g})",
    )


def _times(text: str, where: str) -> int:
    try:
        k = int(text)
    except ValueError:
        k = 0
    if k < 1 or str(k) != text.strip():
        raise UsageError(f"{where}: K must be an integer >= 1, not {text!r}")
    return k


def _check_queries(args: argparse.Namespace) -> None:
    from fractions import Fraction

    from dpproofs.accounting.conversions import parse_number

    for e in args.epsilon:
        rational, expr = _parsed(parse_number, e, "--epsilon")
        if (rational is not None and rational < 0) or (expr is not None and expr.is_negative):
            raise UsageError(f"--epsilon must be >= 0, got {e!r}")
    for d in args.delta:
        rational, _ = _parsed(parse_number, d, "--delta")
        if rational is None or not Fraction(0) <= rational <= 1:
            raise UsageError(f"--delta must be a rational number in [0, 1], got {d!r}")
    for a in args.renyi or ():
        rational, _ = _parsed(parse_number, a, "--renyi")
        if rational is None or rational <= 0 or rational == 1:
            raise UsageError(f"--renyi must be a rational order a > 0, a != 1, got {a!r}")


def _parsed(parse: Any, text: str, option: str) -> Any:
    from tokenize import TokenError

    try:
        return parse(text)
    except (DpProofsError, TokenError, SyntaxError, TypeError) as exc:
        # parse_exact lets tokenize's TokenError through on unbalanced brackets ("eps(").
        raise UsageError(f"{option} {text!r}: not an exact number ({exc})") from exc


def run_profile(args: argparse.Namespace, out: IO[str]) -> int:
    """``profile MECH.json --compose K``: the profile of the K-fold composition."""
    k = _times(str(args.compose), "--compose")
    return _run([(args.mechanism, k)], args, out)


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """``compose A.json:K1 B.json:K2 ...``."""
    parts = []
    for text in args.parts:
        path, sep, times = text.rpartition(":")
        if not sep or not path:
            raise UsageError(f"{text!r}: write a part as MECH.json:K")
        parts.append((path, _times(times, text)))
    return _run(parts, args, out)


def _run(parts: Sequence[tuple[str, int]], args: argparse.Namespace, out: IO[str]) -> int:
    from dpproofs.accounting import profile
    from dpproofs.run.isolated_quantity import answers_within

    _check_queries(args)
    answers: profile.Answers = profile.answers_here
    if args.timeout is not None:
        answers = functools.partial(answers_within, seconds=args.timeout)
    try:
        composition = profile.load_composition(parts)
        data = profile.profile_as_dict(
            composition, args.epsilon, args.delta, args.renyi or ["2"], answers=answers
        )
    except DpProofsError as exc:
        raise UsageError(str(exc)) from exc
    if args.json:
        out.write(json.dumps(data, indent=2) + "\n")
        return 0
    out.write(profile.render_text(data))
    return 0
