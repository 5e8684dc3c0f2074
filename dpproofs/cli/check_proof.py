"""``dpproofs check-proof FILE.tex``: check a pasted LaTeX derivation step by step from the shell.

Register in cli.py with ``cli_check_proof.add_parser(subparsers)`` and dispatch ``check-proof`` to
``cli_check_proof.run(args, out, err)``. Options: ``--assume LATEX`` (repeatable), ``--map
'LATEX => LATEX'`` (repeatable; "=>" because LaTeX keys contain "="), ``--where name=interval``
(repeatable), ``--conclusion LATEX``, ``--timeout SECONDS``, ``--memory GIB``, ``--json``.
Exit status (as ``dpproofs check``): 0 proved, 1 refuted, 3 unknown (a step unknown or not
checked), 2 usage error or an ERROR verdict.

``--timeout`` is for the whole command: the derivation is read in one child and each step decided
in its own child (:mod:`dpproofs.run.isolated_steps`), all before one deadline, so the command
answers within the timeout plus a fixed start-up overhead.
"""

from __future__ import annotations

import argparse
import json
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, TextIO

from dpproofs.cli import arguments
from dpproofs.cli.check import EXIT_CODES

MAP_SEPARATOR = "=>"
#: Problems of a derivation that are the author's options, not the paper: a usage error.
_UNREAD_OPTIONS = ("assumption not understood", "conclusion not understood")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``check-proof`` subcommand to an argparse subparsers object."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "check-proof",
        help="check a LaTeX derivation (align/aligned/eqnarray) step by step",
        description="Check a LaTeX derivation step by step. Exit 0 proved, 1 refuted, "
        "3 unknown, 2 usage error or error.",
    )
    parser.add_argument("file", help="a .tex file holding the derivation block")
    parser.add_argument("--assume", action="append", default=[], help="an assumption (LaTeX)")
    parser.add_argument(
        "--map",
        action="append",
        default=[],
        help=f"notation 'LATEX {MAP_SEPARATOR} LATEX', e.g. '\\Pr[M(x)=z] {MAP_SEPARATOR} p'",
    )
    parser.add_argument(
        "--where",
        action="append",
        default=[],
        help="a domain 'name=interval', e.g. epsilon=(0, oo)",
    )
    parser.add_argument("--conclusion", default=None, help="what the chain proves (LaTeX)")
    arguments.add_limits(parser, "the whole command, all steps together")
    parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
    return parser


def parse_mapping(items: list[str]) -> dict[str, str]:
    """``["\\Delta f => \\Delta"]`` -> ``{"\\Delta f": "\\Delta"}``; ValueError if malformed."""
    mapping = {}
    for item in items:
        if MAP_SEPARATOR not in item:
            raise ValueError(f"--map needs 'LATEX {MAP_SEPARATOR} LATEX', got {item!r}")
        key, value = item.split(MAP_SEPARATOR, 1)
        if not key.strip():
            raise ValueError(f"--map has an empty key: {item!r}")
        mapping[key.strip()] = value.strip()
    return mapping


def parse_where(items: list[str]) -> dict[str, str]:
    """``["epsilon=(0, oo)"]`` -> ``{"epsilon": "(0, oo)"}``; ValueError if an interval is
    malformed or empty (said up front, not as a reason on every step)."""
    from dpproofs.errors import InvalidClaim
    from dpproofs.symbolic.domain import interval_of, point_of

    where = {}
    for item in items:
        name, sep, interval = item.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"--where needs 'name=interval', got {item!r}")
        try:
            if point_of(interval.strip()) is None:
                interval_of(interval.strip())
        except InvalidClaim as exc:
            raise ValueError(f"--where {item!r}: {exc}") from exc
        where[name.strip()] = interval.strip()
    return where


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Check the derivation in ``args.file``; print one line per step, then the verdict."""
    from dpproofs.run.isolated_steps import Refusal, check_steps_isolated, timed_in_child
    from dpproofs.steps.check import derivation_verdict
    from dpproofs.steps.derivation import Derivation
    from dpproofs.verdict import Status, Verdict

    memory = arguments.memory_bytes(args.memory)
    try:
        text = Path(args.file).read_text(encoding="utf-8")
        mapping = parse_mapping(args.map)
    except UnicodeDecodeError as exc:  # a ValueError whose message does not name the file
        line = exc.object[: exc.start].count(b"\n") + 1
        byte = exc.object[exc.start]
        err.write(f"dpproofs check-proof: {args.file}:{line}: not UTF-8 text (byte {byte:#04x})\n")
        return 2
    except (OSError, ValueError) as exc:
        err.write(f"dpproofs check-proof: {exc}\n")
        return 2
    reading = (text, mapping, args.assume, args.where, args.conclusion)
    derivation, seconds = timed_in_child(_read_main, reading, args.timeout, memory)
    end = time.monotonic() + args.timeout - seconds  # the clock started with the reading child
    if isinstance(derivation, Refusal):
        err.write(f"dpproofs check-proof: {derivation.message}\n")
        return 2
    unread = [p for p in getattr(derivation, "problems", ()) if p.startswith(_UNREAD_OPTIONS)]
    if unread:  # an --assume or --conclusion the reader cannot read is the author's to fix
        named = (
            ("--assume: " if p.startswith("assumption") else "--conclusion: ") + p for p in unread
        )
        err.write(f"dpproofs check-proof: {'; '.join(named)}\n")
        return 2
    if isinstance(derivation, Derivation) and derivation.unused_assumed:
        # A hypothesis about a name no step uses constrains nothing (a misspelling is dropped).
        names = ", ".join(repr(n) for n in derivation.unused_assumed)
        steps = "; ".join(s.statement for s in derivation.steps if s.statement) or "nothing"
        err.write(f"dpproofs check-proof: --assume names {names}, which no step uses "
                  f"(the steps read: {steps})\n")  # fmt: skip
        return 2
    if isinstance(derivation, Derivation) and derivation.unused_where:
        # A domain for a name no step uses would be dropped and the steps decided on another.
        hints = [p for p in derivation.problems if "did you mean" in p]
        names = ", ".join(repr(n) for n in derivation.unused_where)
        said = "; ".join(hints) or f"--where names {names}, which no step uses"
        steps = "; ".join(s.statement for s in derivation.steps if s.statement) or "nothing"
        err.write(f"dpproofs check-proof: {said} (the steps read: {steps})\n")
        return 2
    if isinstance(derivation, Derivation):
        results = check_steps_isolated(derivation, end, memory)
        verdict = derivation_verdict(derivation, results)
    else:
        verdict = derivation if isinstance(derivation, Verdict) else Verdict.error("read", "?")
        results = ()
    if args.json:
        out.write(json.dumps(verdict.as_dict(), indent=2) + "\n")
    else:
        for r in results:
            parsed = f"{r.lhs} {r.relation} {r.rhs}" if r.lhs and r.rhs else "(not read)"
            out.write(f"step {r.index}: {r.status}\n  latex:  {r.latex}\n  parsed: {parsed}\n")
            if r.justification:
                out.write(f"  by:     {r.justification}\n")
            if r.witness is not None:
                out.write(f"  witness: {r.witness}\n")
            elif r.status != "proved":
                out.write(f"  reason: {r.reason}\n")
        out.write(f"{verdict.status.value}: {verdict.reason}\n")
    if verdict.status is Status.ERROR:
        err.write(f"dpproofs check-proof: {args.file}: {verdict.reason}\n")
    return EXIT_CODES[verdict.status.value]


def _read_main(
    text: str,
    mapping: dict[str, str],
    assume: list[str],
    where: list[str],
    conclusion: str | None,
    deadline_at: float,
    memory_bytes: int,
    channel: Connection,
) -> None:
    """Child entry point: read the derivation (the domains first) and send it, or a Refusal
    for a malformed domain, or the Verdict of what went wrong while reading."""
    from dpproofs.run.isolated_steps import Refusal, guarded
    from dpproofs.run.worker import _enter_child, _send
    from dpproofs.steps.derivation import read_derivation
    from dpproofs.steps.lexer import NotUnderstood

    def read() -> Any:
        try:
            domains = parse_where(where)
        except ValueError as exc:
            return Refusal(str(exc))
        try:
            return read_derivation(text, mapping, assume, domains, conclusion)
        except NotUnderstood as exc:  # a --map the reader refuses (the steps' own problems
            return Refusal(f"--map: {exc}")  # are kept in the derivation): a usage error

    _enter_child(deadline_at, memory_bytes)
    _send(channel, guarded(read))
