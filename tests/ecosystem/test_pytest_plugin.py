"""The pytest plugin on real pytest runs (pytester, in a subprocess): collection, messages,
-k / -m / --lf, --dpproofs-strict and JUnit properties."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from dpproofs import pytest_plugin

pytest_plugins = ["pytester"]

#: In-process runs (after the one real subprocess run): decide in this process, and skip the
#: hypothesis plugin, whose summary would re-import its internals on every inner run.
FAST = ("--dpproofs-in-process", "-p", "no:hypothesispytest")

THEOREMS = textwrap.dedent(
    '''
    from dpproofs import FiniteMechanism, exact_fact, is_dp, pure_epsilon_is, theorem
    from dpproofs.errors import Undecided

    RR = FiniteMechanism.from_rows(
        [["3/4", "1/4"], ["1/4", "3/4"]], inputs=["+", "-"], outputs=["Y", "N"]
    )


    @theorem(source="lecture notes, Example 1", expect="proved")
    def rr_is_ln3_dp():
        """Randomized response is (ln 3, 0)-DP."""
        return pure_epsilon_is(RR, "log(3)")


    @theorem(source="lecture notes, Example 2", expect="proved")
    def rr_is_one_dp():
        """Randomized response is (1, 1/100)-DP."""
        return is_dp(RR, "1", "1/100")


    def _undecidable():
        raise Undecided("no enclosure separates the sides")


    @theorem(source="lecture notes, Example 3", expect="unknown")
    def open_question():
        """A claim dpproofs cannot decide."""
        return exact_fact("an open question", _undecidable)
    '''
)


def _line_of(path: Path, function: str) -> int:
    """The line of the @theorem decorator above ``def function`` (1-based)."""
    lines = path.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith(f"def {function}("))
    return index  # the decorator is the line before the def: (index - 1) + 1


@pytest.fixture
def theorem_dir(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(lecture=THEOREMS)
    pytester.makepyfile(test_plain="def test_ok():\n    assert True\n")
    return pytester


def test_every_theorem_is_an_item_and_a_wrong_verdict_fails_like_a_compiler(
    theorem_dir: pytest.Pytester,
) -> None:
    result = theorem_dir.runpytest_subprocess("--junitxml=report.xml", "-p", "no:randomly")
    # 3 theorems + 1 ordinary test; rr_is_one_dp is refuted but expected proved; the expected
    # unknown is counted as unknown, not passed (as verify says "ok unknown").
    assert result.parseoutcomes() == {"passed": 2, "failed": 1, "unknown": 1}
    line = _line_of(theorem_dir.path / "lecture.py", "rr_is_one_dp")
    result.stdout.fnmatch_lines(
        [f"lecture.py:{line}: refuted (expected proved): lecture.rr_is_one_dp: *at x=+, x'=-*"]
    )
    xml = (theorem_dir.path / "report.xml").read_text()
    assert '<property name="dpproofs_status" value="refuted" />' in xml
    assert '<property name="dpproofs_expected" value="proved" />' in xml
    assert '<property name="dpproofs_status" value="unknown" />' in xml

    # --lf reruns only the failed theorem (in-process from here on: the same plugin, faster).
    again = theorem_dir.runpytest(*FAST, "--lf")
    again.assert_outcomes(failed=1)
    again.stdout.fnmatch_lines(["*rerun previous 1 failure*"])


def test_keywords_markers_and_strict_unknown(theorem_dir: pytest.Pytester) -> None:
    chosen = theorem_dir.runpytest(*FAST, "-m", "expect_unknown", "--dpproofs-strict", "-v")
    chosen.assert_outcomes(failed=1, deselected=3)
    chosen.stdout.fnmatch_lines(["*unknown (expected unknown): lecture.open_question*"])
    by_name = theorem_dir.runpytest(*FAST, "-k", "rr_is_ln3_dp or open_question", "-ra")
    assert by_name.parseoutcomes() == {"passed": 1, "unknown": 1, "deselected": 2}
    by_name.stdout.fnmatch_lines(["lecture.py .u *"])


def test_a_broken_theorem_file_is_a_collection_error_naming_its_line(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(
        broken="from dpproofs import theorem\n\n@theorem(source='x', expect='proved')\n"
        "def f():\n    return 1\n\nraise RuntimeError('typo')\n"
    )
    result = pytester.runpytest(*FAST)
    result.stdout.fnmatch_lines(["*broken.py:7: RuntimeError: typo*"])
    assert result.ret == pytest.ExitCode.INTERRUPTED


def test_a_broken_theorem_file_named_on_the_command_line_is_one_error(
    pytester: pytest.Pytester,
) -> None:
    """Before: pytest also imported the named file as a test module, so the one typo was two
    collection errors (ours, then its traceback)."""
    pytester.makepyfile(
        broken="from dpproofs import theorem\n\n@theorem(source='x', expect='proved')\n"
        "def f():\n    return 1\n\nraise RuntimeError('typo')\n"
    )
    result = pytester.runpytest_subprocess("broken.py", "-p", "no:randomly")
    assert result.parseoutcomes() == {"errors": 1}
    assert result.stdout.str().count("RuntimeError") == 1
    result.stdout.fnmatch_lines(["*broken.py:7: RuntimeError: typo*"])


def test_verdicts_come_from_the_cache_and_several_theorems_are_decided_at_once(
    theorem_dir: pytest.Pytester,
) -> None:
    """Before: every run decided every theorem afresh, one after the other. The second run
    answers all three from the cache (.dpproofs-cache in the folder pytest starts in), with the
    same outcomes; --dpproofs-jobs 2 gives the outcomes of a serial run."""
    outcomes = {"passed": 2, "failed": 1, "unknown": 1}
    first = theorem_dir.runpytest_subprocess(
        "lecture.py", "test_plain.py", "--dpproofs-jobs", "2", "-p", "no:randomly"
    )
    assert first.parseoutcomes() == outcomes
    assert (theorem_dir.path / ".dpproofs-cache").is_dir()
    again = theorem_dir.runpytest_subprocess(
        "lecture.py", "test_plain.py", "--junitxml=again.xml", "-p", "no:randomly"
    )
    assert again.parseoutcomes() == outcomes
    xml = (theorem_dir.path / "again.xml").read_text()
    # proved and refuted verdicts are cached; an unknown one is always decided afresh.
    assert xml.count('<property name="dpproofs_cached" value="true" />') == 2
    fresh = theorem_dir.runpytest_subprocess(
        "lecture.py", "--dpproofs-no-cache", "--junitxml=fresh.xml", "-p", "no:randomly"
    )
    assert fresh.parseoutcomes() == {"passed": 1, "failed": 1, "unknown": 1}
    assert "dpproofs_cached" not in (theorem_dir.path / "fresh.xml").read_text()


DECLARES = "from dpproofs import theorem\n@theorem(source='s', expect='proved')\n"


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("thm.py", DECLARES, True),
        ("test_thm.py", DECLARES, False),
        ("_private.py", DECLARES, False),
        ("conftest.py", DECLARES, False),
        ("helpers.py", "def helper():\n    return 1\n", False),
        ("notes.txt", "@theorem( dpproofs", False),
    ],
)
def test_which_files_are_theorem_files(
    tmp_path: Path, name: str, text: str, expected: bool
) -> None:
    path = tmp_path / name
    path.write_text(text)
    assert pytest_plugin.is_theorem_file(path, ["test_*.py", "*_test.py"]) is expected


def test_the_plugin_imports_nothing_heavy_at_import_time() -> None:
    """Plain pytest runs load the plugin; its module-level imports are stdlib and pytest only."""
    tree = ast.parse(Path(pytest_plugin.__file__).read_text())
    imported = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
    assert imported <= {"__future__", "fnmatch", "pathlib", "typing", "pytest"}


def test_configured_testpaths_do_not_collect_theorems_unless_asked(
    pytester: pytest.Pytester,
) -> None:
    pytester.mkdir("suite")
    pytester.path.joinpath("suite", "lecture.py").write_text(THEOREMS)
    pytester.makeini("[pytest]\ntestpaths = suite\n")
    plain = pytester.runpytest(*FAST, "--collect-only", "-q")
    assert plain.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    explicit = pytester.runpytest(*FAST, "--collect-only", "-q", "suite")
    explicit.stdout.fnmatch_lines(["*lecture.py::lecture.rr_is_ln3_dp*"])
    pytester.makeini("[pytest]\ntestpaths = suite\ndpproofs_testpaths = true\n")
    pytester.runpytest(*FAST, "--collect-only", "-q").stdout.fnmatch_lines(["*3 tests collected*"])


def _two_folders_with_a_same_named_helper(pytester: pytest.Pytester) -> None:
    """a/x.py and b/y.py each import their own rt2_common2.py (rates 3/4 and 4/5): randomized
    response is log(3)-DP exactly with a's helper and log(4)-DP exactly with b's."""
    for folder, rate, epsilon, name in (("a", "3/4", "log(3)", "x"), ("b", "4/5", "log(4)", "y")):
        pytester.mkdir(folder)
        pytester.path.joinpath(folder, "rt2_common2.py").write_text(f'RATE = "{rate}"\n')
        pytester.path.joinpath(folder, f"{name}.py").write_text(
            textwrap.dedent(
                f"""
                from fractions import Fraction
                from dpproofs import FiniteMechanism, pure_epsilon_is, theorem
                from rt2_common2 import RATE


                @theorem(source="test", expect="proved")
                def rr():
                    r = Fraction(RATE)
                    rows = [[str(r), str(1 - r)], [str(1 - r), str(r)]]
                    return pure_epsilon_is(FiniteMechanism.from_rows(rows), "{epsilon}")
                """
            )
        )


def test_each_file_is_decided_with_its_own_folders_helper(pytester: pytest.Pytester) -> None:
    """Before: the decision child imported b's helper for a's theorem (b's folder came first on
    the sys.path it got from pytest), so the true x.rr failed; in process, the helper first
    imported served both files. (The in-process mode runs in a subprocess too: after other
    inline runs, pytester has dropped sympy modules they imported, and sympy can then loop.)"""
    _two_folders_with_a_same_named_helper(pytester)
    isolated = pytester.runpytest_subprocess("a/x.py", "b/y.py", "-p", "no:randomly")
    isolated.assert_outcomes(passed=2)
    in_process = pytester.runpytest_subprocess(*FAST, "b/y.py", "a/x.py", "-p", "no:randomly")
    in_process.assert_outcomes(passed=2)


def test_last_failed_reruns_only_the_failure_inside_this_repository(tmp_path: Path) -> None:
    """Before: the repository's pytest options disabled the cache provider for every file under
    it, so ``--lf`` was refused there ("unrecognized arguments") and documented runs differed."""
    root = Path(__file__).resolve().parents[2]
    folder = Path(tempfile.mkdtemp(prefix=".lf-scratch-", dir=root))
    try:
        folder.joinpath("lecture.py").write_text(THEOREMS)
        argv = [sys.executable, "-m", "pytest", "lecture.py", *FAST, "-p", "no:randomly"]
        env = {k: v for k, v in os.environ.items() if k != "PYTEST_ADDOPTS"}

        def run(*extra: str) -> str:
            done = subprocess.run(
                [*argv, *extra], cwd=folder, env=env, capture_output=True, text=True, check=False
            )
            return done.stdout + done.stderr

        assert "1 failed, 1 passed, 1 unknown" in run()  # rr_is_one_dp: refuted, not proved
        again = run("--lf")
        assert "run-last-failure: rerun previous 1 failure" in again, again
        assert "1 failed, 2 deselected" in again
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_a_failing_helper_shows_the_users_line_not_dpproofs_frames(
    pytester: pytest.Pytester,
) -> None:
    """Before: the failure of assert_dp showed dpproofs/testing.py's frame and its raise."""
    pytester.makepyfile(
        test_mine=textwrap.dedent(
            """
            from dpproofs import FiniteMechanism
            from dpproofs.testing import assert_dp


            def test_rr_is_half_ln3_dp():
                rr = FiniteMechanism.from_rows([["3/4", "1/4"], ["1/4", "3/4"]])
                assert_dp(rr, "log(3)/2")
            """
        )
    )
    result = pytester.runpytest_subprocess("-p", "no:randomly")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(['*assert_dp(rr, "log(3)/2")*', "E   *AssertionError: *refuted*"])
    assert "dpproofs/testing.py" not in result.stdout.str()


SLOW = textwrap.dedent(
    '''
    import time
    from dpproofs import FiniteMechanism, exact_fact, is_dp, theorem

    RR = FiniteMechanism.from_rows([["3/4", "1/4"], ["1/4", "3/4"]])


    @theorem(source="test", expect="proved")
    def a_wrong_one():
        """Refuted, expected proved."""
        return is_dp(RR, "1", "1/100")


    def _forever():
        time.sleep(300)
        return True


    @theorem(source="test", expect="proved", timeout=300)
    def b_slow_one():
        """Takes its whole (long) time limit."""
        return exact_fact("slow", _forever)
    '''
)


def test_stopping_early_kills_the_theorems_started_in_parallel(pytester: pytest.Pytester) -> None:
    """-x after the first failure: the slow theorem started by --dpproofs-jobs is killed, not
    waited for to its 300 s limit (the subprocess would then pass its 120 s timeout)."""
    pytester.makepyfile(lecture=SLOW)
    result = pytester.runpytest_subprocess(
        "lecture.py", "-x", "--dpproofs-jobs", "2", "-p", "no:randomly", timeout=120
    )
    assert result.parseoutcomes() == {"failed": 1}
