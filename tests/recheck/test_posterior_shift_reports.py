"""Rule PS's verdicts (docs/design/posterior_shift.md) through ``dpproofs recheck``: the
untampered report rechecks, with its method, reason and certificate written again by
recheck/ruletext.py (its copy of the decider's words is the decider's), and an edit of the
method, the reason (the shift, the coverage), a certificate line or a record's status fails."""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from dpproofs.cli.main import main
from dpproofs.finite import posterior_shift
from dpproofs.recheck import ruletext

THEOREMS = '''
import sympy

from dpproofs import theorem
from dpproofs.finite.posterior_shift import Closeness, posterior_shift_claim

eps = sympy.Symbol("eps", positive=True)
delta = sympy.Symbol("delta", nonnegative=True)
n = sympy.Symbol("n", positive=True, integer=True)


@theorem(id="ps.pure", source="test", expect="proved")
def pure():
    """Rule PS at d = 0."""
    return posterior_shift_claim(
        eps, delta, n, "exp(3*eps) - 1 + 2*sqrt(delta)", "n*sqrt(delta)*(1 + 2*exp(eps))",
        Closeness.PURE, 1,
    )
'''


def test_the_copies_are_the_deciders_words() -> None:
    kind = posterior_shift.PosteriorShiftClaim
    assert (kind.__module__, kind.__qualname__) == ruletext.POSTERIOR_SHIFT
    assert ruletext.POSTERIOR_SHIFT_METHOD == posterior_shift.METHOD
    assert ruletext.POSTERIOR_SHIFT_ROLES == posterior_shift.ROLES


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict:
    folder = tmp_path_factory.mktemp("ps")
    (folder / "ps_theorems.py").write_text(THEOREMS)
    out = folder / "r.json"
    assert main(["verify", str(folder / "ps_theorems.py"), "--json", str(out), "--no-cache"]) == 0
    return json.loads(out.read_text())


def _recheck(tmp_path: Path, data: dict) -> int:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    return main(["recheck", str(path)], stdout=io.StringIO(), stderr=io.StringIO())


def test_the_untampered_report_rechecks(report: dict, tmp_path: Path) -> None:
    (verdict,) = report["theorems"]
    assert verdict["status"] == "proved" and verdict["method"] == posterior_shift.METHOD
    assert "(rule PS at a = 1 eps): every obligation proved" in verdict["reason"]
    assert _recheck(tmp_path, report) == 0


EDITS: dict[str, Callable[[dict], None]] = {
    "method": lambda v: v.update(method="a proof checked in Lean 4"),
    "reason: the shift": lambda v: v.update(reason=v["reason"].replace("a = 1 eps", "a = 2 eps")),
    "reason: the coverage": lambda v: v.update(reason=v["reason"].replace("n >= 1", "n >= 0")),
    "a certificate line": lambda v: v["certificate"].__setitem__(0, "good outputs: proved"),
    "a record refuted": lambda v: v["evidence"][0].update(status="refuted"),
}


@pytest.mark.parametrize("name", list(EDITS))
def test_an_edited_text_fails(report: dict, tmp_path: Path, name: str) -> None:
    data = copy.deepcopy(report)
    EDITS[name](data["theorems"][0])
    assert _recheck(tmp_path, data) != 0
