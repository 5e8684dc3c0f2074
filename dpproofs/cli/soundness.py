"""``dpproofs soundness [FOLDER]``: the mutation sweep (see :mod:`dpproofs.soundness`).

Prints one line per mutant that is unsound (``!!``) or ends in error (``ee``), ``-v`` one line
per mutant; then a table per kind of mutated claim (mutants, refuted, proved, verified-bounded,
unknown, error, unsound) and the totals. Then the lifting cross-check: a line per lifted
theorem part with a counterexample (``!!``) or sizes not cross-checked (``--``), ``-v`` one per
part, and its counts. ``--json FILE`` writes every mutant (id, operator, where, verdict,
independent finding) and the cross-check (``lifting_crosscheck``). Exit status: 0 when no
mutant is unsound and no lifted theorem has a counterexample, 1 otherwise, 2 on usage errors.
"""

from __future__ import annotations

import argparse
import json
import os
import threading
from pathlib import Path
from typing import IO, Any

from dpproofs.errors import UsageError


def add_parser(commands: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(
        "soundness",
        help="mutate every theorem, decide each mutant and judge the verdict independently",
    )
    parser.add_argument("folder", nargs="*", default=["theorems"], help="theorem files/folders")
    parser.add_argument("--jobs", type=int, default=2, help="mutants decided in parallel")
    parser.add_argument(
        "--per-mutant", type=float, default=8.0, help="seconds to decide one mutant (default 8)"
    )
    parser.add_argument(
        "--judge", type=float, default=4.0, help="seconds to judge one verdict (default 4)"
    )
    parser.add_argument(
        "--max-per-theorem",
        type=int,
        default=12,
        help="mutants kept per theorem, chosen by a hash of their ids (default 12; 0: all)",
    )
    parser.add_argument(
        "--lift-budget",
        type=float,
        default=30.0,
        help="seconds for all sizes 1..N*+2 of one lifted theorem (default 30; 0: no cross-check)",
    )
    parser.add_argument(
        "--lift-size", type=float, default=5.0, help="seconds for one size (default 5)"
    )
    parser.add_argument("--json", metavar="FILE", help="write every mutant and the counts here")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per mutant")
    return parser


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    if args.jobs < 1:
        raise UsageError(f"--jobs must be >= 1, got {args.jobs}")
    if not 0 <= args.lift_budget < 10**5:
        raise UsageError("--lift-budget must be seconds >= 0")
    for name in ("per_mutant", "judge", "lift_size"):
        if not 0 < getattr(args, name) < 10**5:
            raise UsageError(f"--{name.replace('_', '-')} must be seconds > 0")
    if args.max_per_theorem < 0:
        raise UsageError(f"--max-per-theorem must be >= 0, got {args.max_per_theorem}")
    for path in args.folder:
        if not os.path.exists(path):
            raise UsageError(f"{path}: no such theorem file or folder")
    from dpproofs.soundness.judge import UNSOUND
    from dpproofs.soundness.liftcheck import TheoremCheck
    from dpproofs.soundness.sweep import VERDICTS, LiftSettings, MutantRecord, sweep

    lock = threading.Lock()

    def progress(record: MutantRecord) -> None:
        if record.finding == UNSOUND:
            mark = "!!"
        elif record.verdict == "error":
            mark = "ee"
        elif args.verbose:
            mark = "ok"
        else:
            return
        original = f" (the original: expected {record.expect})" if mark == "ee" else ""
        with lock:
            out.write(
                f"{mark} {record.seconds:6.2f}s  {record.id}  {record.verdict}{original}  "
                f"{record.finding}: {(record.detail or record.reason)[:160]}\n"
            )
            out.flush()

    def lifted(check: TheoremCheck) -> None:
        lines = _lift_lines(check, args.verbose)
        with lock:
            out.writelines(lines)
            out.flush()

    limit = args.max_per_theorem or None
    lift = LiftSettings(size=args.lift_size, budget=args.lift_budget)
    result = sweep(
        args.folder, args.jobs, args.per_mutant, args.judge, limit, progress, lift, lifted
    )
    columns = ("mutants", *VERDICTS, "unsound")
    header = f"{'kind':<12}" + "".join(f"{c:>18}" for c in columns)
    out.write(header + "\n")
    for kind, counts in result.by_kind().items():
        out.write(f"{kind:<12}" + "".join(f"{counts[c]:>18}" for c in columns) + "\n")
    totals = result.totals()
    out.write(f"{'total':<12}" + "".join(f"{totals[c]:>18}" for c in columns) + "\n")
    missing = sum(t.formula_missing for t in result.theorems)
    not_mutated = [n for t in result.theorems for n in t.not_mutated]
    out.write(
        f"{len(result.theorems)} theorems, {sum(t.total for t in result.theorems)} mutants before "
        f"the cap, {sum(t.noops for t in result.theorems)} no-ops not counted; search claims "
        f"without a formula (domains only): {missing}; not mutated: {len(not_mutated)}\n"
    )
    for line in not_mutated:
        out.write(f"   {line}\n")
    for failure in result.load_failures:
        out.write(f"ee {failure}\n")
    out.write(_lift_summary(result.lifting) + "\n")
    out.write(f"time {result.seconds:.0f} s; unsound: {totals['unsound']}\n")
    if args.json:
        settings = {
            "folder": args.folder,
            "jobs": args.jobs,
            "per_mutant": args.per_mutant,
            "judge": args.judge,
            "max_per_theorem": args.max_per_theorem,
            "lift_size": args.lift_size,
            "lift_budget": args.lift_budget,
        }
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(result.as_dict(settings), indent=1) + "\n")
    return 1 if totals["unsound"] else 0


def _lift_lines(check: Any, verbose: bool) -> list[str]:
    """``!!`` per lifted part with a counterexample, ``--`` per part with sizes not
    cross-checked (or a theorem not checked at all), ``ok`` per clean part with -v."""
    lines = []
    if check.problem and (verbose or check.problem.startswith("not cross-checked")):
        lines.append(f"-- lifting {check.theorem}: {check.problem}\n")
    for part in check.parts:
        where = f"{check.theorem}" + (f" part {list(part.part)}" if part.part else "")
        head = f"lifting {where} ({part.status}, N* = {part.n_star})"
        for size in part.sizes:
            if size.result == "counterexample":
                lines.append(f"!! {head}: counterexample at size {size.size}: {size.detail}\n")
        missing = part.not_checked()
        if missing:
            why = "; ".join(
                f"{s.size}: {s.result} ({s.detail[:80]})"
                for s in part.sizes
                if s.result not in ("unsat", "counterexample")
            )
            lines.append(
                f"-- {head}: sizes {missing} not cross-checked"
                + (f" ({why})" if why else "")
                + "\n"
            )
        elif verbose and not part.unsound:
            lines.append(f"ok {head}: unsat at every size 1..{part.n_star + 2}\n")
    for rule in check.rules:
        where = f"{check.theorem}" + (f" part {list(rule.part)}" if rule.part else "")
        head = f"{rule.rule} {where} ({rule.status})"
        if rule.unsound:
            lines.append(f"!! {head}: {'; '.join(rule.results)}\n")
        elif rule.not_checked:
            lines.append(f"-- {head}: not cross-checked: {'; '.join(rule.not_checked)}\n")
        elif verbose:
            lines.append(f"ok {head}: {'; '.join(rule.results)}\n")
    return lines


def _lift_summary(checks: Any) -> str:
    parts = [p for c in checks for p in c.parts]
    sizes = [s for p in parts for s in p.sizes]
    missing = sum(len(p.not_checked()) for p in parts)
    rules = [r for c in checks for r in c.rules]
    return (
        f"lifting cross-check: {len(parts)} lifted parts of {len(checks)} searching theorems, "
        f"{sum(s.result == 'unsat' for s in sizes)} sizes unsat, "
        f"{sum(s.result == 'counterexample' for s in sizes)} with a counterexample, "
        f"{missing} not cross-checked; reduction rules: {len(rules)} parts checked without "
        f"their rule, {sum(r.unsound for r in rules)} contradicted, "
        f"{sum(bool(r.not_checked) for r in rules)} with n not cross-checked"
    )
