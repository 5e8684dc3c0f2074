"""``dpproofs check STATEMENT [--where "x: (0, oo)"] [--assume "..."]``: a one-line check.

Prints the verdict, the method and the witness (or what ran out). Exit status: 0 proved,
1 refuted, 3 unknown, 2 usage error (a malformed statement or domain, or an ERROR verdict).
The statement is read and decided in a child process (:mod:`dpproofs.run.isolated_steps`) killed at
``--timeout`` seconds, so the command answers within the timeout plus a fixed start-up overhead.
"""

from __future__ import annotations

import argparse
import json
from multiprocessing.connection import Connection
from typing import IO, Any

from dpproofs.cli import arguments

EXIT_CODES = {"proved": 0, "verified-bounded": 0, "refuted": 1, "unknown": 3, "error": 2}


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "check",
        help="decide one inequality over real parameters",
        description="Decide one inequality, e.g. dpproofs check 'exp(x) >= 1 + x' "
        "--where 'x: (-oo, oo)'. Exit 0 proved, 1 refuted, 3 unknown, 2 usage error.",
    )
    parser.add_argument("statement", help="comparisons joined by 'and', e.g. 'exp(x) >= 1 + x'")
    parser.add_argument(
        "--where",
        action="append",
        default=[],
        help="a parameter's domain, 'x: (0, oo)' (repeat, or separate with ';'); default: reals",
    )
    parser.add_argument("--assume", action="append", default=[], help="a hypothesis, e.g. 'x <= y'")
    arguments.add_limits(parser, "the whole check")
    parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from dpproofs.errors import UsageError
    from dpproofs.run.isolated_steps import Refusal, in_child

    memory = arguments.memory_bytes(args.memory)
    statement = (args.statement, args.where, args.assume)
    verdict = in_child(_check_main, statement, args.timeout, memory)
    if isinstance(verdict, Refusal):
        raise UsageError(verdict.message)
    status = verdict.status.value
    if args.json:
        out.write(json.dumps(verdict.as_dict(), indent=2) + "\n")
        return EXIT_CODES[status]
    domains = "; ".join(args.where) or "all reals"
    out.write(f"{status}: {args.statement}   for {domains}\n")
    if args.assume:
        out.write(f"  assuming: {' and '.join(args.assume)}\n")
    out.write(f"  method: {verdict.method} ({verdict.seconds:.2f} s)\n")
    if verdict.counterexample is not None:
        witness = ", ".join(f"{k} = {v}" for k, v in verdict.counterexample.assignment)
        out.write(f"  witness: {witness}\n")
        for key, value in verdict.counterexample.observed:
            out.write(f"    {key} = {value}\n")
    for line in verdict.certificate:
        out.write(f"  certificate: {line}\n")
    if verdict.reason:
        out.write(f"  reason: {verdict.reason}\n")
    if status == "unknown" and verdict.method == "resources":
        out.write(f"  might help: a larger --memory (this run's cap: {args.memory:g} GiB)\n")
    elif status == "unknown":
        out.write(
            "  might help: a tighter domain (--where), an assumption (--assume), "
            "or a larger --timeout\n"
        )
    if status == "error":
        err.write(f"dpproofs: {verdict.reason}\n")
    return EXIT_CODES[status]


def _check_main(
    statement: str,
    where: list[str],
    assume: list[str],
    deadline_at: float,
    memory_bytes: int,
    channel: Connection,
) -> None:
    """Child entry point: read and decide the statement a little before the hard deadline; send
    the Verdict, or a Refusal for a malformed statement or domain."""
    from dpproofs.run.isolated_steps import guarded
    from dpproofs.run.worker import _enter_child, _send, deadline_before

    _enter_child(deadline_at, memory_bytes)
    _send(channel, guarded(lambda: _decide(statement, where, assume, deadline_before(deadline_at))))


def _decide(statement: str, where: list[str], assume: list[str], deadline: Any) -> Any:
    from dpproofs.errors import InvalidClaim
    from dpproofs.oneline import check

    try:
        return check(statement, where, assume, timeout=deadline.remaining())
    except InvalidClaim as exc:
        from dpproofs.run.isolated_steps import Refusal

        return Refusal(str(exc))
