"""Recheck rebuilds each theorem from its own folder (issue 27, the pytest bug's twin).

Two folders each hold a helper ``rt5_rate.py`` of the same name and a theorem importing it:
randomized response at rate 3/4 (log 3-DP exactly: proved) in a, at 4/5 (not: refuted) in b.
The rechecker imported both files in one process, so b's theorem was rebuilt with a's helper:
the honest report failed, and a report calling b proved with a's evidence passed.
"""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path

import pytest

from dpproofs.cli.main import main

THEOREM = '''
from fractions import Fraction
from dpproofs import FiniteMechanism, pure_epsilon_is, theorem
from rt5_rate import RATE


@theorem(id="{name}.rr", source="test", expect="{expect}")
def rr():
    """RR at the helper's rate is log(3)-DP exactly."""
    r = Fraction(RATE)
    rows = [[str(r), str(1 - r)], [str(1 - r), str(r)]]
    return pure_epsilon_is(FiniteMechanism.from_rows(rows), "log(3)")
'''


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    root = tmp_path_factory.mktemp("two")
    for name, rate, expect in (("a", "3/4", "proved"), ("b", "4/5", "refuted")):
        (root / name).mkdir()
        (root / name / "rt5_rate.py").write_text(f'RATE = "{rate}"\n')
        (root / name / f"thm_{name}.py").write_text(THEOREM.format(name=name, expect=expect))
    path = root / "report.json"
    code = main(
        ["verify", str(root / "a"), str(root / "b"), "--no-cache", "-q", "--json", str(path)]
    )
    assert code == 0
    return root, json.loads(path.read_text())


def _recheck(root: Path, data: dict) -> tuple[int, str]:
    path = root / "lie.json"
    path.write_text(json.dumps(data))
    out, err = io.StringIO(), io.StringIO()
    code = main(["recheck", str(path), "--no-bounded"], stdout=out, stderr=err)
    return code, out.getvalue() + err.getvalue()


def test_the_honest_report_rechecks(report: tuple[Path, dict]) -> None:
    root, data = report
    code, out = _recheck(root, data)
    assert code == 0, out


def test_b_called_proved_with_a_s_evidence_fails(report: tuple[Path, dict]) -> None:
    root, data = report
    lie = copy.deepcopy(data)
    a, b = (next(t for t in lie["theorems"] if t["id"] == f"{n}.rr") for n in "ab")
    b.update(status="proved", counterexample=None, evidence=copy.deepcopy(a["evidence"]))
    lie["summary"] = None
    code, out = _recheck(root, lie)
    assert code != 0, out
    assert "b.rr" in out
