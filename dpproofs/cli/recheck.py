"""``dpproofs recheck REPORT.json``: replay the evidence of a report (see :mod:`dpproofs.recheck`).

Prints one line per piece that failed (``!!``) or was not replayed (``--``), each naming the
theorem file, the theorem id, the evidence kind and why; ``-v`` also lists the confirmed ones.
Then one line per verdict whose status the replay contradicts (``!!``) or does not derive
(``--``), and the summaries ``N pieces: C confirmed, F failed, S not replayed (reasons)`` and
``V verdicts: C confirmed, F failed, S not replayed``. Exit status (:data:`EXIT`): 0 when every
decided verdict's status is derived from replayed evidence; 1 when some piece or verdict
fails; 3 when nothing fails but some status is not confirmed or a theorem a file of the report
declares is not in it (0 with ``--allow-unreplayed``, which says how many it accepted); 2 on
usage errors (an unreadable or malformed report, bad options).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from typing import IO, Any

from dpproofs.errors import UsageError

#: Exit statuses of ``dpproofs recheck``.
EXIT = {"confirmed": 0, "failed": 1, "usage": 2, "unconfirmed": 3}


def add_parser(commands: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(
        "recheck",
        help="replay the evidence of a `dpproofs verify --json` report without the deciders",
    )
    parser.add_argument("report", help="a report written by `dpproofs verify --json FILE`")
    parser.add_argument(
        "--no-bounded",
        action="store_true",
        help="do not re-solve bounded verifications (their sizes are still checked)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="verdicts replayed in parallel, each in a child of its own (1: a child per file)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=60.0,
        help="seconds for one re-solve of one size (default 60, a theorem's default limit); "
        "past it the size is inconclusive, not failed",
    )
    parser.add_argument(
        "--allow-unreplayed",
        action="store_true",
        help="exit 0 when nothing failed even if some verdicts' status is not derived from "
        "replayed evidence (says how many)",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="also list confirmed pieces")
    return parser


def _reason_class(why: str) -> str:
    """A short class of a not-replayed reason, for the summary line."""
    for key, text in (
        ("proving it again skipped", "re-proof skipped"),
        ("closing is not re-checked", "derivation closing not re-checked"),
        ("skipped (--no-bounded)", "re-solve skipped"),
        ("second encoding inconclusive", "second encoding inconclusive"),
        ("records no evidence", "no evidence recorded"),
        ("z3 proof of a scalar claim", "z3 facts not replayed yet"),
        ("boxes are not decided", "boxes undecided on the claim as stated"),
        ("inner value", "refinement not replayed"),
        ("not recomputed here yet", "quantity not recomputed yet"),
        ("cannot be rebuilt", "claim not rebuilt"),
        ("undecided at", "undecided at the highest precision"),
        ("certified bracket", "certified bracket not recomputed"),
        ("a comparison is not decided here", "comparison undecided by balls"),
        ("the replay raised", "replay raised"),
        ("localised formula's unsat", "localised unsat not re-solved"),
    ):
        if key in why:
            return text
    return "other"


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    if args.jobs < 1:
        raise UsageError(f"--jobs must be >= 1, got {args.jobs}")
    if not 0 < args.timeout < 10**6:
        raise UsageError(f"--timeout must be a number of seconds > 0, got {args.timeout}")
    from pathlib import Path

    from dpproofs.recheck import Outcome, recheck
    from dpproofs.recheck.pieces import UNREPLAYABLE
    from dpproofs.run.places import shown

    here = Path.cwd()

    def say(text: str) -> None:
        """Files named relative to the folder recheck runs in (dpproofs.run.places)."""
        out.write(shown(text, here))

    start = time.perf_counter()
    summary = recheck(args.report, resolve=0 if args.no_bounded else args.timeout, jobs=args.jobs)
    marks = {Outcome.FAILED: "!!", Outcome.NOT_REPLAYED: "--", Outcome.CONFIRMED: "ok"}
    for finding in summary.findings:
        if finding.outcome is Outcome.CONFIRMED and not args.verbose:
            continue
        mark = marks[finding.outcome]
        say(
            f"{mark} {finding.seconds:6.2f}s  {finding.piece.label}: {finding.outcome.value}: "
            f"{finding.why}\n"
        )
    skipped = Counter(
        _reason_class(f.why) for f in summary.findings if f.outcome is Outcome.NOT_REPLAYED
    )
    reasons = ", ".join(f"{n} {why}" for why, n in sorted(skipped.items()))
    say(
        f"{len(summary.findings)} pieces: {summary.count(Outcome.CONFIRMED)} confirmed, "
        f"{summary.count(Outcome.FAILED)} failed, {summary.count(Outcome.NOT_REPLAYED)} not "
        f"replayed"
        + (f" ({reasons})" if reasons else "")
        + f" in {time.perf_counter() - start:.1f} s\n"
    )
    for judged in summary.verdicts:
        if judged.outcome is Outcome.CONFIRMED and not args.verbose:
            continue
        v = judged.verdict
        say(f"{marks[judged.outcome]} verdict {v.file}: {v.theorem}: {v.status}: ")
        say(f"{judged.outcome.value}" + (f": {judged.why}" if judged.why else "") + "\n")
    for file, theorem in summary.absent:
        say(f"-- absent {file}: {theorem}: declared by its file, not in the report\n")
    say(f"not replayed in any verdict (nothing can replay them): {', '.join(UNREPLAYABLE)}\n")
    say(
        f"{len(summary.verdicts)} verdicts: {summary.verdicts_count(Outcome.CONFIRMED)} "
        f"confirmed, {summary.verdicts_count(Outcome.FAILED)} failed, {summary.unconfirmed} "
        "not replayed"
        + (f"; {len(summary.absent)} declared theorems not in the report" if summary.absent else "")
        + "\n"
    )
    if summary.failed:
        return EXIT["failed"]
    if summary.ok():
        return EXIT["confirmed"]
    if args.allow_unreplayed:
        say(
            f"accepted unreplayed (--allow-unreplayed): {summary.unconfirmed} verdicts, "
            f"{len(summary.absent)} theorems absent from the report\n"
        )
        return EXIT["confirmed"]
    return EXIT["unconfirmed"]
