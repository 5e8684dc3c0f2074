"""Mistakes a new user makes (issue 31), each answered with what to do, never a crash."""

import io
import subprocess
import sys

import pytest

from dpproofs.cli.main import main
from dpproofs.deadline import MAX_SECONDS, checked_limit
from dpproofs.errors import InvalidTheorem, UsageError
from dpproofs.run.discovery import theorem_files
from dpproofs.run.settings import load_settings
from dpproofs.run.worker import decide_theorem
from dpproofs.theorem import theorem
from dpproofs.verdict import Status

pytest_plugins = ["pytester"]


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), stdout=out, stderr=err), out.getvalue(), err.getvalue()


@pytest.mark.parametrize("flag", ["--timeout", "--memory"])
def test_a_huge_limit_is_a_usage_error_not_a_crash(flag):
    # Before: "--timeout 1e7" was "internal error: OverflowError: timeout is too large" (a
    # child's poll() takes milliseconds in a C int), and "--memory 1e12" crashed the child.
    code, out, err = run("check", "x >= 0", "--where", "x: [0, 1]", flag, "1e12")
    assert (code, out) == (2, "")
    most = "1000000 seconds (about 11 days)" if flag == "--timeout" else "1073741824 GiB"
    assert err == f"dpproofs: usage error: argument {flag}: must be at most {most}, got '1e12'\n"


def test_the_largest_time_limit_is_accepted_everywhere():
    assert checked_limit(str(MAX_SECONDS), "seconds") == MAX_SECONDS
    with pytest.raises(ValueError, match=r"must be a finite number of seconds > 0, got 'nan'"):
        checked_limit("nan", "seconds")


def test_a_huge_timeout_in_a_declaration_or_pyproject_is_refused(tmp_path):
    def claim():
        return None

    theorem(source="s", expect="proved", timeout=1e12)(claim)
    (spec,) = claim.__globals__.pop("__dpproofs_theorems__")
    with pytest.raises(InvalidTheorem, match=r"^timeout= must be at most 1000000 seconds"):
        spec.build()
    (tmp_path / "pyproject.toml").write_text("[tool.dpproofs]\ntimeout = 1e12\n")
    with pytest.raises(UsageError, match=r"timeout must be at most 1000000 seconds"):
        load_settings(tmp_path)


def test_the_pytest_plugin_refuses_a_huge_timeout(pytester):
    pytester.makepyfile(t="")
    result = pytester.runpytest("--dpproofs-timeout", "1e12")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--dpproofs-timeout: must be at most 1000000 seconds*"])


@pytest.mark.parametrize(
    ("body", "hint"),
    [
        ("    pure_epsilon_is(RR, 'log(3)')\n", "(is a `return` missing before the claim?)"),
        ("    return 1 < 2\n", "(a Python comparison is decided by Python, not checked"),
    ],
)
def test_a_function_that_returns_no_claim_says_what_was_likely_meant(tmp_path, body, hint):
    path = tmp_path / "t.py"
    path.write_text(
        "from dpproofs import FiniteMechanism, pure_epsilon_is, theorem\n"
        "RR = FiniteMechanism.from_rows([['3/4', '1/4'], ['1/4', '3/4']])\n"
        "@theorem(id='t.x', source='s', expect='proved')\n"
        "def x():\n" + body
    )
    verdict = decide_theorem(str(path), "t.x", None, 2**31)
    assert verdict.status is Status.ERROR
    assert verdict.reason.endswith(hint) or hint in verdict.reason


def test_a_misspelt_path_gets_a_did_you_mean_and_a_non_python_file_says_so(tmp_path):
    (tmp_path / "my_theorems.py").write_text("")
    (tmp_path / "rr.json").write_text("{}")
    with pytest.raises(UsageError) as typo:
        theorem_files([tmp_path / "my_theorem.py"])
    assert str(typo.value) == (
        f"{tmp_path}/my_theorem.py: no such theorem file or folder "
        f"(did you mean '{tmp_path}/my_theorems.py'?)"
    )
    with pytest.raises(UsageError, match=r"rr.json: not a theorem file \(theorem files are"):
        theorem_files([tmp_path / "rr.json"])


def test_output_piped_into_head_is_no_internal_error():
    # Before: "dpproofs: internal error: BrokenPipeError: [Errno 32] Broken pipe".
    command = [sys.executable, "-m", "dpproofs", "--help"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as listing:
        assert listing.stdout is not None and listing.stderr is not None
        listing.stdout.close()  # the reader leaves before the first line is written
        err = listing.stderr.read().decode()
        listing.wait(timeout=60)
    assert "internal error" not in err and "Traceback" not in err
