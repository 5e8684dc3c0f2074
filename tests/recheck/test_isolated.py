"""Recheck rebuilds claims in a child per theorem file, never in its own process (issue 27).

Before, ``dpproofs recheck`` imported every theorem file and its helpers into its own process:
they stayed loaded after the recheck, and a file that ended its process (``os._exit``) or ran
out of memory ended the recheck. Now each file is replayed in a forked child: nothing of it is
left here, and a child that ends without an answer makes that file's verdicts "not replayed"
(exit 3) while the other files' are still confirmed.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from dpproofs.cli.main import main

THEOREM = '''
import os
from pathlib import Path
from fractions import Fraction
from dpproofs import FiniteMechanism, pure_epsilon_is, theorem
from rt27_iso_{name} import RATE

if (Path(__file__).parent / "end").exists():
    os._exit(7)


@theorem(id="{name}.rr", source="test", expect="proved")
def rr():
    """RR at rate 3/4 is log(3)-DP exactly."""
    r = Fraction(RATE)
    rows = [[str(r), str(1 - r)], [str(1 - r), str(r)]]
    return pure_epsilon_is(FiniteMechanism.from_rows(rows), "log(3)")
'''


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("iso")
    for name in ("a", "b"):
        (root / name).mkdir()
        (root / name / f"rt27_iso_{name}.py").write_text('RATE = "3/4"\n')
        (root / name / f"thm_{name}.py").write_text(THEOREM.format(name=name))
    path = root / "report.json"
    code = main(
        ["verify", str(root / "a"), str(root / "b"), "--no-cache", "-q", "--json", str(path)]
    )
    assert code == 0
    assert [t["status"] for t in json.loads(path.read_text())["theorems"]] == ["proved"] * 2
    return path


def _recheck(path: Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["recheck", str(path)], stdout=out, stderr=err)
    return code, out.getvalue() + err.getvalue()


def _theirs() -> list[str]:
    """Modules of the theorem folders (or rebuilt theorem files) loaded in this process."""
    return [n for n in sys.modules if n.startswith(("rt27_iso_", "_dpproofs_recheck_"))]


def test_nothing_of_the_theorem_files_is_left_here(report: Path) -> None:
    assert _theirs() == []
    code, out = _recheck(report)
    assert code == 0, out
    assert out.splitlines()[-1] == "2 verdicts: 2 confirmed, 0 failed, 0 not replayed"
    assert _theirs() == []


def test_a_file_that_ends_its_process_is_not_replayed(report: Path) -> None:
    end = report.parent / "b" / "end"
    end.write_text("")
    try:
        code, out = _recheck(report)
    finally:
        end.unlink()
    assert code == 3, out
    assert "the rechecking process of this file ended" in out
    assert out.splitlines()[-1] == "2 verdicts: 1 confirmed, 0 failed, 1 not replayed"
    assert _theirs() == []
