"""The command line: ``dpproofs verify`` and ``dpproofs profile``.

Thin by design: it parses arguments, calls the library, and renders. ``main`` takes its output
streams as arguments and returns the exit status: 0 when every verdict is the expected one (or
the profile was computed), 1 when some verdict differs, 2 on usage errors.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import IO, Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from dpproofs import cli_compose
from dpproofs.errors import DpProofsError, InvalidMechanism, UsageError
from dpproofs.settings import load_settings
from dpproofs.verdict import Status

STYLE = {
    Status.PROVED: "bold green",
    Status.VERIFIED_BOUNDED: "green",
    Status.REFUTED: "bold red",
    Status.UNKNOWN: "yellow",
    Status.ERROR: "bold magenta",
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # argparse would exit; we return 2 through main
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="dpproofs", description="Check differential-privacy claims.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    verify = commands.add_parser(
        "verify", help="decide every theorem and compare with its expected verdict"
    )
    verify.add_argument("paths", nargs="*", default=["theorems"], help="theorem files or folders")
    verify.add_argument(
        "-k", dest="keyword", help="only theorems whose id or title match (pytest-style)"
    )
    verify.add_argument("--jobs", "-j", type=int, default=None, help="theorems decided in parallel")
    verify.add_argument(
        "--timeout", type=float, default=None, help="seconds per theorem (overrides all)"
    )
    verify.add_argument("--json", dest="json_path", help="write the verdicts as JSON to this file")
    verify.add_argument("--junit", dest="junit_path", help="write a JUnit XML report to this file")
    profile = commands.add_parser("profile", help="the exact privacy profile of a finite mechanism")
    profile.add_argument("mechanism", help="a mechanism JSON file")
    profile.add_argument(
        "--epsilon", action="append", default=[], help="an eps for delta(eps), e.g. 'log(3)'"
    )
    profile.add_argument(
        "--delta", action="append", default=[], help="a delta for eps(delta), e.g. '1/100'"
    )
    profile.add_argument("--renyi", action="append", default=None, help="a Renyi order (default 2)")
    profile.add_argument("--no-mi-dp", action="store_true", help="skip the MI-DP capacity bounds")
    profile.add_argument("--json", action="store_true", help="print JSON instead of a table")
    cli_compose.add_profile_option(profile)
    cli_compose.add_parser(commands)
    return parser


def main(
    argv: Sequence[str] | None = None, stdout: IO[str] | None = None, stderr: IO[str] | None = None
) -> int:
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    try:
        args = build_parser().parse_args(argv)
        if args.command == "verify":
            return _verify(args, out, err)
        if args.command == "compose":
            return cli_compose.run(args, out, err)
        if args.compose is not None:
            return cli_compose.run_profile(args, out)
        return _profile(args, out)
    except UsageError as exc:
        err.write(f"dpproofs: usage error: {exc}\n")
        return 2
    except InvalidMechanism as exc:
        err.write(f"dpproofs: invalid mechanism: {exc}\n")
        return 2


def _verify(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from dpproofs import report, runner

    settings = load_settings()
    jobs = args.jobs if args.jobs is not None else settings.jobs
    if jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if args.timeout is not None and args.timeout <= 0:
        raise UsageError("--timeout must be positive")
    selection = runner.select(args.paths, args.keyword)
    if not selection.specs and not selection.failures:
        raise UsageError(
            f"no theorems found in {' '.join(args.paths)}"
            + (f" matching -k {args.keyword!r}" if args.keyword else "")
        )
    console = _console(out)
    results = [runner.failure_result(f) for f in selection.failures]
    show_progress = err.isatty() and len(selection.specs) > 1
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(file=err),
        transient=True,
        disable=not show_progress,
    ) as progress:
        task = progress.add_task("deciding", total=len(selection.specs))
        results += runner.run(
            selection.specs,
            jobs=jobs,
            default_timeout=settings.timeout,
            timeout_override=args.timeout,
            on_result=lambda _r: progress.advance(task),
        )
    console.print(_table(results))
    for r in results:
        if not r.as_expected:
            expected = r.expected.value if r.expected else "a loadable file"
            detail = r.verdict.reason or (
                str(r.verdict.counterexample) if r.verdict.counterexample else r.verdict.method
            )
            console.print(
                f"{r.location}: {r.verdict.status.value} (expected {expected}): {r.id}: {detail}",
                markup=False,
            )
    summary = report.summary(results)
    counts = ", ".join(f"{n} {s}" for s, n in summary["by_status"].items())
    verdict_line = (
        "all as expected"
        if summary["unexpected"] == 0
        else f"{summary['unexpected']} not as expected"
    )
    console.print(f"{summary['total']} theorems: {counts}; {verdict_line}", markup=False)
    if args.json_path:
        report.write_json(results, args.json_path)
    if args.junit_path:
        report.write_junit(results, args.junit_path)
    return 0 if summary["unexpected"] == 0 else 1


def _console(out: IO[str]) -> Console:
    """A console on ``out``: the terminal's width, or 150 columns for logs and pipes."""
    probe = Console(file=out)
    return Console(file=out, highlight=False, width=probe.width if probe.is_terminal else 150)


def _detail(r: Any) -> str:
    v = r.verdict
    if v.status is Status.REFUTED and v.counterexample is not None:
        return f"{v.method}: {v.counterexample}"
    if v.status is Status.VERIFIED_BOUNDED:
        return f"{v.method}: {v.coverage}"
    if v.status in (Status.UNKNOWN, Status.ERROR):
        return v.reason
    return v.method


def _table(results: Sequence[Any]) -> Table:
    table = Table(show_lines=False, header_style="bold")
    table.add_column("theorem", overflow="fold")
    table.add_column("source", overflow="fold", max_width=40)
    table.add_column("verdict")
    table.add_column("", justify="center")
    table.add_column("s", justify="right")
    table.add_column("evidence", overflow="fold", max_width=70)
    for r in results:
        status = r.verdict.status
        mark = "ok" if r.as_expected else f"expected {r.expected.value if r.expected else '-'}"
        table.add_row(
            r.id,
            r.source,
            f"[{STYLE[status]}]{status.value}[/]",
            "[green]ok[/]" if r.as_expected else f"[bold red]{mark}[/]",
            f"{r.verdict.seconds:.2f}",
            _escape(_detail(r)),
        )
    return table


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def _profile(args: argparse.Namespace, out: IO[str]) -> int:
    from dpproofs.finite.loading import load_mechanism
    from dpproofs.finite.profile import profile_as_dict

    mechanism = load_mechanism(args.mechanism)
    try:
        data = profile_as_dict(
            mechanism, args.epsilon, args.delta, args.renyi or ["2"], with_mi_dp=not args.no_mi_dp
        )
    except DpProofsError as exc:
        raise UsageError(str(exc)) from exc
    if args.json:
        out.write(json.dumps(data, indent=2) + "\n")
        return 0
    console = Console(file=out, highlight=False, width=max(100, Console(file=out).width))
    table = Table(
        title=f"privacy profile of {mechanism.name or args.mechanism}", header_style="bold"
    )
    table.add_column("quantity")
    table.add_column("exact", overflow="fold")
    table.add_column("value", justify="right")
    table.add_column("attained at", overflow="fold")

    def row(name: str, q: dict[str, Any]) -> None:
        table.add_row(name, str(q.get("exact")), _num(q.get("value")), _escape(_where(q)))

    row("pure epsilon", data["pure_epsilon"])
    for d in data["delta"]:
        row(f"delta(eps = {d['epsilon']})", d)
    for e in data["epsilon_for_delta"]:
        row(f"eps(delta = {e['delta']})", e)
    row("total variation", data["total_variation"])
    row("KL", data["kl"])
    for r in data["renyi"]:
        row(f"Renyi order {r['order']}", r)
    if "mi_dp" in data:
        m = data["mi_dp"]
        table.add_row(
            "MI-DP",
            m["exact"] or f"[{m['lower']}, {m['upper']}]",
            f"[{m['lower_value']:.12g}, {m['upper_value']:.12g}]",
            "",
        )
    console.print(table)
    return 0


def _where(quantity: dict[str, Any]) -> str:
    """Where a maximum is attained: "x vs x'" for a pair, "x vs x' at y" for a pair and output."""
    attained = quantity.get("attained")
    if not attained:
        return ""
    if isinstance(attained, dict):
        return f"{attained['input']} vs {attained['neighbour']} at {attained['output']}"
    return " vs ".join(str(a) for a in attained)


def _num(value: Any) -> str:
    return value if isinstance(value, str) else f"{value:.15g}"
