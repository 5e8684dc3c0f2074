"""Adversary (helper R, issues 26-27): lies in a lifted report that ``dpproofs recheck``
accepts (exit 0).

The report is real: ``dpproofs verify --json`` of tests/recheck/fixture_lifted.py (two
theorems proved on every finite number of outcomes). Each test changes one thing a reader of
the report relies on and expects recheck to exit non-zero. Untampered, the report rechecks
with exit 0 (the first test). The lifted-report lies are fixed (issue 26), and so is the
refuted verdict whose reason denies it (issue 27, recheck/reasons.py): each a test now.
"""

from __future__ import annotations

import copy
import io
import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from dpproofs.cli.main import main

FIXTURE = Path(__file__).parent.parent / "recheck" / "fixture_lifted.py"
ID = "sm.pure_implies_approx"


@pytest.fixture(scope="module")
def lifted(tmp_path_factory: pytest.TempPathFactory) -> dict:
    folder = tmp_path_factory.mktemp("lies")
    shutil.copy(FIXTURE, folder / "sm_theorems.py")
    report = folder / "report.json"
    assert (
        main(["verify", str(folder / "sm_theorems.py"), "--json", str(report), "--no-cache"]) == 0
    )
    return json.loads(report.read_text())


def recheck(tmp_path: Path, report: dict) -> int:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(report))
    return main(["recheck", str(path)], stdout=io.StringIO(), stderr=io.StringIO())


def lie(report: dict, change: Callable[[dict], None]) -> dict:
    data = copy.deepcopy(report)
    change(next(t for t in data["theorems"] if t["id"] == ID))
    return data


def small_model(verdict: dict) -> dict:
    return next(e for e in verdict["evidence"] if e["kind"] == "small-model")


REFUTED = '''
from fractions import Fraction as F

from dpproofs import theorem
from dpproofs.outcomes import outcome_total
from dpproofs.search import for_all_distributions


@theorem(id="a.tv_half", source="R", expect="refuted")
def tv_half():
    """TV(p, q) <= 1/2: false (p = [1, 0], q = [0, 1] give 1)."""
    return for_all_distributions(range(2, 3)).claim(
        lambda alg, p, q: alg.le(outcome_total(alg, [p, q], lambda a, b: alg.pos(a - b)), F(1, 2))
    )
'''


def test_a_refuted_verdict_whose_reason_denies_it(tmp_path: Path) -> None:
    (tmp_path / "t.py").write_text(REFUTED)
    report = tmp_path / "r.json"
    main(["verify", str(tmp_path / "t.py"), "--json", str(report), "--no-cache", "-q"])
    data = json.loads(report.read_text())
    (only,) = data["theorems"]
    assert only["status"] == "refuted"
    assert recheck(tmp_path, data) == 0
    only["reason"] = "no counterexample exists on any number of outcomes"
    assert recheck(tmp_path, data) != 0


def test_the_untampered_report_rechecks(lifted: dict, tmp_path: Path) -> None:
    assert recheck(tmp_path, lifted) == 0


def _widen(verdict: dict) -> None:
    # the claim is for eps in [1/100, 2]; the reason now says [0, 100]
    verdict["reason"] = verdict["reason"].replace("[1/100, 2]", "[0, 100]")
    assert "[0, 100]" in verdict["reason"]


def _certificate_n_star(verdict: dict) -> None:
    # the record says N* = 2; the certificate shown to the reader now says 1
    verdict["certificate"][0] = verdict["certificate"][0].replace("N* = 2", "N* = 1")
    assert "N* = 1" in verdict["certificate"][0]


def _certificate_emptied(verdict: dict) -> None:
    verdict["certificate"] = []


def _growth_pad(verdict: dict) -> None:
    # the rechecker's own analysis says the part grows by splitting; the record says padding
    (part,) = small_model(verdict)["parts"]
    assert part["growth"] == "split"
    part["growth"] = "pad"


def _growth_deleted(verdict: dict) -> None:
    (part,) = small_model(verdict)["parts"]
    del part["growth"]


def _piece_status(verdict: dict) -> None:
    small_model(verdict)["status"] = "refuted"


def _method(verdict: dict) -> None:
    verdict["method"] = "a proof checked in Lean 4"


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (
            _widen,
            "the reason 'for all pairs of distributions on every finite number of outcomes, "
            "eps in [0, 100]' is not the lifting's",
        ),
        (
            _certificate_n_star,
            "certificate line 1 is 'small-model theorem: m = 2 rows, N* = 1', not "
            "'small-model theorem: m = 2 rows, N* = 2'",
        ),
        (_certificate_emptied, "the certificate has no line 1: 'small-model theorem"),
        (_growth_pad, "part 1 records growth 'pad'; its formula gives 'split'"),
        (_growth_deleted, "part 1 records no growth rule; its formula gives 'split'"),
        (_piece_status, "the small-model piece says refuted; a lifting is proved"),
        (_method, "the method 'a proof checked in Lean 4' is not the lifting's"),
    ],
)
def test_a_lie_in_a_lifted_report_fails_recheck(
    lifted: dict, tmp_path: Path, change: Callable[[dict], None], why: str
) -> None:
    """Fixed (each failed before: recheck exited 0): the small-model piece re-derives the
    growth rule from the formula and writes the status, method, reason and certificate lines
    again from the claim and the record (dpproofs.recheck.liftedtext)."""
    path = tmp_path / "r.json"
    path.write_text(json.dumps(lie(lifted, change)))
    out = io.StringIO()
    assert main(["recheck", str(path), "--no-bounded"], stdout=out, stderr=io.StringIO()) != 0
    failing = [line for line in out.getvalue().splitlines() if line.startswith("!!")]
    assert any(": small-model: failed: " in line and why in line for line in failing), failing
