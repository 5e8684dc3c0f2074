"""``dpproofs verify``: discover and decide theorems in isolated children, render, report.

Exit status: 0 when every verdict is the expected one, 1 when some differ (a file that fails to
load counts), 2 on usage errors (found before anything is decided), 130 when interrupted (Ctrl-C
or SIGTERM: children are killed and the reports are written, marked incomplete).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import IO, Any

from dpproofs.cli import arguments
from dpproofs.run import executors

EXIT_INTERRUPTED = 130
#: Importing a theorem file may take this long even when --timeout is shorter.
MIN_IMPORT_SECONDS = 5.0


def add_parser(commands: Any) -> None:
    verify = commands.add_parser(
        "verify", help="decide every theorem and compare with its expected verdict"
    )
    verify.add_argument("paths", nargs="*", default=["theorems"], help="theorem files or folders")
    verify.add_argument(
        "-k", dest="keyword", help="only theorems whose id or title match (pytest-style)"
    )
    verify.add_argument(
        "--jobs", "-j", type=arguments.positive_int, help="theorems decided in parallel (>= 1)"
    )
    verify.add_argument(
        "--executor",
        type=executors.executor_spec,
        default=executors.ExecutorSpec(),
        help="where theorems are decided: process (default), dask (a local Dask cluster of "
        "--jobs workers) or tcp://host:8786 (an existing Dask scheduler); see docs/cluster.md",
    )
    verify.add_argument(
        "--timeout", type=arguments.seconds, help="seconds per theorem (> 0; overrides all)"
    )
    verify.add_argument(
        "--memory", type=arguments.gibibytes, help="memory cap per theorem in GiB (default 6)"
    )
    verify.add_argument("--json", dest="json_path", help="write the verdicts as JSON to this file")
    verify.add_argument("--junit", dest="junit_path", help="write a JUnit XML report to this file")
    verify.add_argument("--html", dest="html_dir", help="write DIR/index.html, with pictures")
    verify.add_argument(
        "--markdown", dest="markdown_path", help="write a Markdown table per claim ID to this file"
    )
    verify.add_argument(
        "--no-cache", action="store_true", help="decide everything afresh (ignore the cache)"
    )
    verify.add_argument("-q", "--quiet", action="store_true", help="only the unexpected and a sum")
    verify.add_argument("-v", "--verbose", action="store_true", help="each theorem's evidence")


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from dpproofs.errors import UsageError
    from dpproofs.run import isolation, places, runner, selection
    from dpproofs.run.cache import ResultCache, default_folder
    from dpproofs.run.settings import load_settings
    from dpproofs.views import report, terminal

    settings = load_settings()
    jobs = args.jobs or settings.jobs
    memory = int((args.memory or settings.memory_gib) * 1024**3)
    reports = {"--json": args.json_path, "--junit": args.junit_path}
    for option, path in reports.items():
        if path:
            report.prepare_path(option, path)
    if args.markdown_path:
        report.prepare_path("--markdown", args.markdown_path, keep=True)
    cache = ResultCache(None if args.no_cache else default_folder())
    discovery_limits = isolation.Limits(
        max(MIN_IMPORT_SECONDS, args.timeout or settings.timeout), memory
    )
    run_info = report.RunInfo()
    results: list[Any] = []
    isolation.reset()
    with executors.open_executor(args.executor, jobs) as pool:
        try:
            chosen = selection.select(
                args.paths, args.keyword, limits=discovery_limits, executor=pool, cache=cache
            )
            if not chosen.theorems and not chosen.failures:
                raise UsageError(
                    f"no theorems found in {' '.join(args.paths)}"
                    + (f" matching -k {args.keyword!r}" if args.keyword else "")
                )
            results = [runner.failure_result(f) for f in chosen.failures]
            progress = terminal.ProgressLine(err, len(chosen.theorems))
            try:
                results += runner.run(
                    chosen.theorems,
                    executor=pool,
                    default_timeout=settings.timeout,
                    timeout_override=args.timeout,
                    memory_bytes=memory,
                    cache=cache,
                    on_result=progress.advance,
                    on_running=progress.show_running,
                )
            finally:
                progress.close()
        except (KeyboardInterrupt, runner.RunInterrupted) as exc:
            _ignore_further_interrupts()
            isolation.stop_all()
            if isinstance(exc, runner.RunInterrupted):
                results += exc.results
            partial = report.RunInfo(run_info.id, run_info.started, "", False, True)
            _write_reports(args, results, partial, markdown=False)
            decided = [r for r in results if r.verdict.method != "interrupted"]
            for r in decided:
                shown = places.shown_result(r, Path.cwd())
                out.write(terminal.line(shown, terminal.wants_colour(out)) + "\n")
            written = " (reports written, marked incomplete)" if reports_given(args) else ""
            err.write(f"dpproofs: interrupted after {len(decided)} verdicts{written}\n")
            return EXIT_INTERRUPTED
    summary = report.summary(results)
    here = [places.shown_result(r, Path.cwd()) for r in results]
    terminal.render(here, summary, out, -1 if args.quiet else (1 if args.verbose else 0))
    _write_reports(args, results, run_info, markdown=True)
    if args.html_dir:
        from dpproofs.views.html import write_html

        root = places.project_root()
        write_html([places.shown_result(r, root) for r in results], chosen.theorems, args.html_dir)
    return 0 if summary["unexpected"] == 0 else 1


def _ignore_further_interrupts() -> None:
    """A second Ctrl-C while cleaning up must not print a traceback (``cli.main`` restores)."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def reports_given(args: argparse.Namespace) -> bool:
    return bool(args.json_path or args.junit_path)


def _write_reports(args: argparse.Namespace, results: list[Any], info: Any, markdown: bool) -> None:
    """The reports, naming files relative to the project root (see dpproofs.run.places)."""
    from dpproofs.run import places
    from dpproofs.views import report

    root = places.project_root()
    results = [places.shown_result(r, root) for r in results]

    if args.json_path:
        report.write_json(results, args.json_path, info)
    if args.junit_path:
        report.write_junit(results, args.junit_path, info)
    if markdown and args.markdown_path:
        from dpproofs.views.markdown import write_markdown

        write_markdown(results, args.markdown_path)
