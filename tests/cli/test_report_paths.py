"""Reports name files relative to the project root, the terminal relative to where the run
started; no report carries the machine's absolute paths (issue 31, item 8; dpproofs.run.places).
"""

from __future__ import annotations

import io
import json
import textwrap
from pathlib import Path

import pytest

from dpproofs.cli.main import main
from dpproofs.run.places import project_root, resolve, shown

THEOREMS = textwrap.dedent(
    """
    from dpproofs import FiniteMechanism, pure_epsilon_is, theorem
    RR = FiniteMechanism.from_rows([["3/4", "1/4"], ["1/4", "3/4"]])


    @theorem(id="rr.ln2", source="test, false claim", expect="refuted")
    def rr_is_ln2():
        "RR is exactly ln 2-DP (false)"
        return pure_epsilon_is(RR, "log(2)")
    """
)
BROKEN = "from dpproofs import theorem\n\n\nraise RuntimeError('typo')\n"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """project/pyproject.toml, project/notes/rr.py (a refutation) and notes/broken.py."""
    root = tmp_path / "project"
    (root / "notes").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[tool.dpproofs]\ntimeout = 60\n")
    (root / "notes" / "rr.py").write_text(THEOREMS)
    (root / "notes" / "broken.py").write_text(BROKEN)
    return root


def test_reports_name_files_relative_to_the_project_root(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: every report held /tmp/.../project/notes/rr.py:7 and the load failure's
    traceback path. Run from project/notes: the reports say notes/rr.py (the root's view), the
    terminal rr.py (the current folder's)."""
    monkeypatch.chdir(project / "notes")
    out_dir = project / "out"
    code, out, _ = run(
        "verify",
        ".",
        "--no-cache",
        "--json",
        str(out_dir / "v.json"),
        "--junit",
        str(out_dir / "v.xml"),
        "--markdown",
        str(out_dir / "v.md"),
        "--html",
        str(out_dir / "html"),
        "-v",
    )
    assert code == 1, out  # broken.py does not load
    machine = str(project.parent)
    for report in ("v.json", "v.xml", "v.md", "html/index.html"):
        text = (out_dir / report).read_text()
        assert machine not in text, report
        assert report == "v.md" or "notes/rr.py" in text, report  # the table has no locations
    data = json.loads((out_dir / "v.json").read_text())
    locations = sorted(t["location"] for t in data["theorems"])
    assert locations == ["notes/broken.py:4", "notes/rr.py:6"]  # the @theorem line
    failed = next(t for t in data["theorems"] if t["location"] == "notes/broken.py:4")
    assert failed["reason"] == "notes/broken.py:4: RuntimeError: typo"
    assert machine not in out
    assert "broken.py:4: error (expected a loadable file)" in out
    assert "notes/" not in out  # the terminal: relative to where the run started

    # recheck reads the relative locations against the report's project root, from anywhere.
    monkeypatch.chdir(project.parent)
    code, out, err = run("recheck", str(out_dir / "v.json"), "--allow-unreplayed")
    assert code == 0, out + err
    assert "2 verdicts: 1 confirmed, 0 failed, 1 not replayed" in out  # broken.py: not rebuilt
    assert "-- verdict project/notes/broken.py: broken.py: error: not replayed" in out
    assert machine not in out


def test_the_rule_by_hand(tmp_path: Path) -> None:
    root = tmp_path / "p"
    (root / "a").mkdir(parents=True)
    (root / "pyproject.toml").write_text("")
    (root / "a" / "x.py").write_text("")
    assert project_root(root / "a") == root.resolve()
    assert project_root(tmp_path) == tmp_path.resolve()  # no pyproject.toml above: itself
    r = str(root.resolve())
    assert shown(f"{r}/a/x.py:3: {r}/a/x.py:3: typo", root) == "a/x.py:3: a/x.py:3: typo"
    assert shown(f"/elsewhere{r}/a/x.py", root) == f"/elsewhere{r}/a/x.py"  # not at a start
    assert shown(f"{r}x/a.py", root) == f"{r}x/a.py"  # a sibling folder sharing the prefix
    assert resolve("a/x.py", root / "out" / "v.json") == str(root.resolve() / "a" / "x.py")
    assert resolve("/abs/x.py", root / "v.json") == "/abs/x.py"


RAISES = textwrap.dedent(
    """
    import sympy
    from dpproofs import theorem
    from helper import broken


    @theorem(source="test", expect="proved")
    def in_a_helper():
        "Raises in the author's helper module."
        return broken()


    @theorem(source="test", expect="proved")
    def in_sympy():
        "Raises inside sympy."
        return sympy.Rational(1, 0) + sympy.sqrt("x y")
    """
)


def test_raised_at_names_only_the_authors_own_files(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: "(raised at /.../site-packages/sympy/core/sympify.py:NNN)" for an error inside
    sympy; now only a frame of the author's own code other than the theorem's line is named."""
    notes = project / "notes"
    (notes / "broken.py").unlink()
    (notes / "helper.py").write_text("def broken():\n    raise ValueError('no claim here')\n")
    (notes / "raises.py").write_text(RAISES)
    monkeypatch.chdir(project)
    code, _, _ = run("verify", "notes/raises.py", "--no-cache", "--json", "v.json")
    assert code == 1
    reasons = {t["id"]: t["reason"] for t in json.loads(Path("v.json").read_text())["theorems"]}
    assert reasons["raises.in_a_helper"] == (
        "notes/raises.py:10: ValueError: no claim here (raised at notes/helper.py:2)"
    )
    assert reasons["raises.in_sympy"].startswith("notes/raises.py:16: ")
    assert "raised at" not in reasons["raises.in_sympy"]
