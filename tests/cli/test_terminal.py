"""What `dpproofs verify` prints: compact lines, details for the unexpected, -q/-v, --version."""

import io
import subprocess
import sys

from dpproofs.cli.main import main
from dpproofs.run.runner import TheoremResult
from dpproofs.verdict import Counterexample, Status, Verdict
from dpproofs.views.terminal import WIDTH, line, paragraph, render


def result(verdict, expected, title="a title " * 20):
    return TheoremResult("some.theorem_id", title, "src", expected, verdict, "t.py:12")


SUMMARY = {"total": 2, "as_expected": 1, "unexpected": 1, "by_status": {"proved": 1}}
FINE = result(Verdict.proved("exact"), Status.PROVED)
WRONG = result(
    Verdict.refuted("search", Counterexample.of({"eps": "1/10"})).timed(1.5), Status.PROVED
)


def test_one_line_per_theorem_fits_100_columns():
    text = line(FINE)
    assert len(text) == WIDTH and text.startswith("ok proved ") and text.endswith("...")
    assert line(WRONG).startswith("!! refuted            1.50s  some.theorem_id  a title")


def test_unexpected_verdicts_get_a_compiler_style_paragraph():
    assert paragraph(WRONG) == (
        "t.py:12: refuted (expected proved): some.theorem_id\n    search: counterexample eps = 1/10"
    )


def test_an_unexpected_verdict_shows_the_source_sentence_and_the_reading_under_it():
    from dataclasses import replace

    quoted = replace(WRONG, quote="A is 2-DP.", reading="neighbours differ in one entry")
    assert paragraph(quoted).splitlines()[2:] == [
        "    the source says: A is 2-DP.",
        "    reading: neighbours differ in one entry",
    ]


def test_an_unknown_says_what_ran_out_and_what_might_help():
    stuck = result(Verdict.unknown("time limit", "time limit of 3 s reached"), Status.PROVED)
    assert paragraph(stuck).split("\n", 1)[1] == (
        "    time limit: time limit of 3 s reached; what might help: a larger --timeout (or the "
        "theorem's\n    timeout=), a tighter domain"
    )


def test_quiet_and_verbose():
    quiet, normal, verbose = io.StringIO(), io.StringIO(), io.StringIO()
    render([FINE, WRONG], SUMMARY, quiet, verbosity=-1)
    render([FINE, WRONG], SUMMARY, normal, verbosity=0)
    render([FINE, WRONG], SUMMARY, verbose, verbosity=1)
    assert "ok proved" not in quiet.getvalue() and "t.py:12: refuted" in quiet.getvalue()
    assert normal.getvalue().count("\n") == quiet.getvalue().count("\n") + 2
    assert "     t.py:12: exact" in verbose.getvalue()
    assert "\x1b[" not in normal.getvalue()  # no colour off a terminal
    assert all(len(row) <= WIDTH for row in verbose.getvalue().splitlines())


def test_version_and_help_do_not_import_the_heavy_libraries():
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "dpproofs", "--version"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.startswith("dpproofs ")
    imported = {row.split("|")[-1].strip() for row in done.stderr.splitlines()}
    assert not imported & {"sympy", "z3", "flint", "rich"}, imported & {"sympy", "z3", "rich"}


def test_help_goes_to_the_given_stream():
    out = io.StringIO()
    assert main(["--help"], out, io.StringIO()) == 0
    assert out.getvalue().startswith("usage: dpproofs")


def test_the_version_constant_is_the_packaged_version():
    import tomllib
    from pathlib import Path

    from dpproofs.version import __version__

    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    assert tomllib.loads(pyproject.read_text())["project"]["version"] == __version__


def test_progress_goes_to_a_log_line_by_line_and_never_to_a_string_buffer(tmp_path):
    from dpproofs.views.terminal import ProgressLine

    # An in-memory stream (a test, a notebook) stays silent.
    buffer = io.StringIO()
    progress = ProgressLine(buffer, 2)
    progress.advance(FINE)
    assert buffer.getvalue() == ""
    # A file (stderr redirected, as in a CI log) gets each theorem's line as it finishes.
    with open(tmp_path / "log.txt", "w") as log:
        progress = ProgressLine(log, 2)
        progress.advance(FINE)
        progress.advance(WRONG)
    written = (tmp_path / "log.txt").read_text().splitlines()
    assert written == [f"[1/2] {line(FINE)}", f"[2/2] {line(WRONG)}"]


def test_a_verdict_not_cached_says_why_on_a_line_of_its_own():
    from dataclasses import replace

    why = "it used time.time, which the cache cannot follow"
    first, second = line(replace(FINE, not_cached=why)).split("\n")
    assert first == line(FINE) and second == f"   not cached: {why}"
    assert len(second) <= WIDTH
    assert "\n" not in line(FINE)
