"""``dpproofs check-proof FILE.tex``: check a pasted LaTeX derivation step by step from the shell.

Register in cli.py with ``cli_check_proof.add_parser(subparsers)`` and dispatch ``check-proof`` to
``cli_check_proof.run(args, out, err)``. Options: ``--assume LATEX`` (repeatable), ``--map
'LATEX => LATEX'`` (repeatable; "=>" because LaTeX keys contain "="), ``--where name=interval``
(repeatable), ``--conclusion LATEX``,
``--timeout SECONDS``, ``--json``. Exit status: 0 proved, 1 refuted or unknown, 2 usage error.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from dpproofs import arguments

MAP_SEPARATOR = "=>"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``check-proof`` subcommand to an argparse subparsers object."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "check-proof", help="check a LaTeX derivation (align/aligned/eqnarray) step by step"
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
    parser.add_argument(
        "--timeout", type=arguments.seconds, default=30.0, help="seconds for all steps (> 0)"
    )
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
    from dpproofs.symbolic.domain import interval_of

    where = {}
    for item in items:
        name, sep, interval = item.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"--where needs 'name=interval', got {item!r}")
        try:
            interval_of(interval.strip())
        except InvalidClaim as exc:
            raise ValueError(f"--where {item!r}: {exc}") from exc
        where[name.strip()] = interval.strip()
    return where


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Check the derivation in ``args.file``; print one line per step, then the verdict."""
    from dpproofs.steps.check import derivation_verdict
    from dpproofs.steps.derivation import read_derivation
    from dpproofs.steps.isolated import check_steps_isolated
    from dpproofs.verdict import Status

    try:
        text = Path(args.file).read_text(encoding="utf-8")
        mapping, where = parse_mapping(args.map), parse_where(args.where)
    except UnicodeDecodeError as exc:  # a ValueError whose message does not name the file
        line = exc.object[: exc.start].count(b"\n") + 1
        byte = exc.object[exc.start]
        err.write(f"dpproofs check-proof: {args.file}:{line}: not UTF-8 text (byte {byte:#04x})\n")
        return 2
    except (OSError, ValueError) as exc:
        err.write(f"dpproofs check-proof: {exc}\n")
        return 2
    derivation = read_derivation(text, mapping, args.assume, where, args.conclusion)
    results = check_steps_isolated(derivation, args.timeout)
    verdict = derivation_verdict(derivation, results)
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
    return 0 if verdict.status is Status.PROVED else 1
