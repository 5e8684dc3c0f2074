"""The command line: ``dpproofs verify``, ``profile``, ``recheck`` and the other subcommands.

Thin by design: it parses arguments, calls the library, and renders. ``main`` takes its output
streams as arguments and returns the exit status: 0 when every verdict is the expected one (or
the profile was computed), 1 when some verdict differs, 2 on usage errors, 130 when interrupted.
Each subcommand lives in its own module with ``add_parser(commands)`` and
``run(args, out, err) -> int``; heavy libraries are imported only by the subcommand that needs
them, so ``--help`` and ``--version`` start fast.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from collections.abc import Sequence
from typing import IO, Any, NoReturn

from dpproofs.cli import check as cli_check
from dpproofs.cli import check_proof as cli_check_proof
from dpproofs.cli import compose as cli_compose
from dpproofs.cli import new as cli_new
from dpproofs.cli import profile as cli_profile
from dpproofs.cli import recheck as cli_recheck
from dpproofs.cli import soundness as cli_soundness
from dpproofs.cli import verify as cli_verify
from dpproofs.errors import InvalidMechanism, UsageError

COMMANDS = {
    "verify": cli_verify,
    "profile": cli_profile,
    "check": cli_check,
    "new": cli_new,
    "compose": cli_compose,
    "check-proof": cli_check_proof,
    "recheck": cli_recheck,
    "soundness": cli_soundness,
}


class _Parser(argparse.ArgumentParser):
    #: Where help goes (``main``'s streams, not necessarily sys.stdout/sys.stderr).
    streams: tuple[IO[str] | None, IO[str] | None] = (None, None)

    def error(self, message: str) -> NoReturn:  # argparse would exit; we return 2 through main
        raise UsageError(message)

    def _print_message(self, message: str, file: Any = None) -> None:
        out, err = self.streams
        target = err if file is sys.stderr else out
        (target or file or sys.stdout).write(message)


class _Version(argparse.Action):
    def __call__(self, parser: Any, namespace: Any, values: Any, option: Any = None) -> None:
        from dpproofs.version import version

        parser._print_message(f"dpproofs {version()}\n", sys.stdout)
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="dpproofs", description="Check differential-privacy claims.")
    parser.add_argument("--version", action=_Version, nargs=0, help="print the version and exit")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for module in COMMANDS.values():
        module.add_parser(commands)
    return parser


def _silence(out: IO[str]) -> None:
    """Point ``out``'s file descriptor at /dev/null, so that the interpreter's own flush at exit
    does not fail on the closed pipe again."""
    try:
        fd = out.fileno()
    except (OSError, ValueError):  # a StringIO, say
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def _terminate(_signum: int, _frame: Any) -> None:
    raise KeyboardInterrupt


def main(
    argv: Sequence[str] | None = None, stdout: IO[str] | None = None, stderr: IO[str] | None = None
) -> int:
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    in_main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _terminate) if in_main_thread else None
    interrupt = signal.getsignal(signal.SIGINT) if in_main_thread else None
    _Parser.streams = (out, err)
    try:
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as exc:  # --help and --version print, then "exit" here
            return int(exc.code or 0)
        return int(COMMANDS[args.command].run(args, out, err))
    except UsageError as exc:
        err.write(f"dpproofs: usage error: {exc}\n")
        return 2
    except InvalidMechanism as exc:
        err.write(f"dpproofs: invalid mechanism: {exc}\n")
        return 2
    except KeyboardInterrupt:
        err.write("dpproofs: interrupted\n")
        return cli_verify.EXIT_INTERRUPTED
    except BrokenPipeError:  # `dpproofs ... | head -1`: the reader left; not a bug to report
        _silence(out)
        return 1
    except Exception as exc:  # a bug in dpproofs: one line, never a traceback
        err.write(f"dpproofs: internal error: {type(exc).__name__}: {exc}\n")
        return 1
    finally:
        if in_main_thread:
            signal.signal(signal.SIGTERM, previous or signal.SIG_DFL)
            signal.signal(signal.SIGINT, interrupt or signal.default_int_handler)
