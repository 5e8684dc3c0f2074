"""`dpproofs verify` on throw-away theorem folders: verdicts, exit codes, isolation, reports."""

import io
import json
import textwrap
from xml.etree import ElementTree as ET

import pytest

from dpproofs.cli.main import main

HEADER = """
import sympy
from dpproofs import FiniteMechanism, pure_epsilon_is, theorem
RR = FiniteMechanism.from_rows([["3/4", "1/4"], ["1/4", "3/4"]])
"""


def write(folder, name, body):
    path = folder / name
    path.write_text(textwrap.dedent(HEADER) + textwrap.dedent(body))
    return path


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def good(tmp_path):
    write(
        tmp_path,
        "rr.py",
        """
        @theorem(id="rr.ln3", source="test, Proposition 8", expect="proved")
        def rr_is_ln3():
            "RR is ln 3-DP"
            return pure_epsilon_is(RR, "log(3)")

        @theorem(id="rr.ln2", source="test, false claim", expect="refuted")
        def rr_is_ln2():
            "RR is exactly ln 2-DP (false)"
            return pure_epsilon_is(RR, "log(2)")
    """,
    )
    return tmp_path


def test_all_as_expected_exits_0_and_writes_reports(good, tmp_path):
    json_path, junit_path = tmp_path / "out" / "v.json", tmp_path / "out" / "v.xml"
    code, out, _ = run("verify", str(good), "--json", str(json_path), "--junit", str(junit_path))
    assert code == 0, out
    assert "2 theorems: 1 proved, 1 refuted; all as expected" in out
    data = json.loads(json_path.read_text())
    by_id = {t["id"]: t for t in data["theorems"]}
    assert set(by_id["rr.ln3"]) >= {
        "id",
        "title",
        "source",
        "status",
        "expected",
        "method",
        "seconds",
        "counterexample",
        "coverage",
        "reason",
    }
    assert by_id["rr.ln3"]["status"] == "proved"
    assert by_id["rr.ln2"]["counterexample"]["observed"]["pure_epsilon"] == "log(3)"
    assert data["summary"] == {
        "total": 2,
        "as_expected": 2,
        "unexpected": 0,
        "by_status": {"proved": 1, "refuted": 1},
    }
    suite = ET.parse(junit_path).getroot()
    assert suite.get("tests") == "2" and suite.get("failures") == "0"


def test_unexpected_verdict_exits_1_with_a_compiler_style_line(tmp_path):
    path = write(
        tmp_path,
        "wrong.py",
        """
        @theorem(id="rr.wrong", source="test", expect="proved")
        def rr_is_ln2():
            return pure_epsilon_is(RR, "log(2)")
    """,
    )
    code, out, _ = run("verify", str(tmp_path))
    assert code == 1
    assert (
        f"{path}:6: refuted (expected proved): rr.wrong" in out.replace("\n", " ")
        or f"{path}:6: refuted (expected proved)" in out
    )


def test_broken_file_is_an_error_with_its_line_and_others_still_run(good):
    (good / "broken.py").write_text("x = 1\ndef oops(:\n")
    (good / "raises.py").write_text("import math\nmath.sqrt(-1)\n")
    code, _out, _ = run("verify", str(good), "--json", str(good / "v.json"))
    assert code == 1
    data = json.loads((good / "v.json").read_text())
    errors = {t["location"]: t["reason"] for t in data["theorems"] if t["status"] == "error"}
    assert any(loc.endswith("broken.py:2") for loc in errors)
    assert any(loc.endswith("raises.py:2") and "ValueError" in r for loc, r in errors.items())
    assert sum(t["status"] == "proved" for t in data["theorems"]) == 1


def test_hang_is_stopped_at_the_time_limit_and_crash_is_an_error(tmp_path):
    write(
        tmp_path,
        "bad.py",
        """
        import os, time
        from dpproofs import exact_fact

        @theorem(id="hangs", source="test", expect="unknown")
        def hangs():
            return exact_fact("sleeps", lambda: (time.sleep(60), (True, {}))[1])

        @theorem(id="crashes", source="test", expect="proved")
        def crashes():
            return exact_fact("exits", lambda: os._exit(3))

        @theorem(id="fine", source="test", expect="proved")
        def fine():
            return pure_epsilon_is(RR, "log(3)")
    """,
    )
    code, _out, _ = run(
        "verify", str(tmp_path), "--timeout", "1", "--jobs", "2", "--json", str(tmp_path / "v.json")
    )
    data = {t["id"]: t for t in json.loads((tmp_path / "v.json").read_text())["theorems"]}
    assert data["hangs"]["status"] == "unknown" and "time limit" in data["hangs"]["reason"]
    assert data["crashes"]["status"] == "error" and "exit code 3" in data["crashes"]["reason"]
    assert data["fine"]["status"] == "proved"
    assert code == 1  # 'crashes' expected proved


def test_build_errors_name_the_theorem_line(tmp_path):
    path = write(
        tmp_path,
        "build.py",
        """
        @theorem(id="bad.build", source="test", expect="proved")
        def bad():
            return 1 / 0
    """,
    )
    code, _out, _ = run("verify", str(tmp_path), "--json", str(tmp_path / "v.json"))
    reason = json.loads((tmp_path / "v.json").read_text())["theorems"][0]["reason"]
    assert code == 1 and f"{path}:8" in reason and "ZeroDivisionError" in reason


def test_keyword_selects_theorems(good):
    code, out, _ = run("verify", str(good), "-k", "ln3 and not ln2")
    assert code == 0 and "1 theorem: 1 proved" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["verify", "no/such/folder"],
        ["verify", "--jobs", "0"],
        ["verify", "-k", "(a"],
        ["frobnicate"],
    ],
)
def test_usage_errors_exit_2(good, argv):
    if argv[0] == "verify" and argv[1:2] != ["no/such/folder"]:
        argv.insert(1, str(good))
    code, _, err = run(*argv)
    assert code == 2 and "usage error" in err
