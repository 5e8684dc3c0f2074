"""The sweep over a tiny theorem folder: exact counts, the JSON, and the exit status."""

import json
import shutil
from pathlib import Path

import pytest

from dpproofs.cli.main import main
from dpproofs.soundness.sweep import sweep

HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    target = tmp_path_factory.mktemp("soundness")
    shutil.copy(HERE / "fixture_theorems.py", target / "tiny_theorems.py")
    return target


def test_the_tiny_folder_gives_exact_counts(folder, tmp_path):
    # tiny.square, x^2 <= x on [0, 1]: no constant to scale (an exponent is not one); flipped
    # x^2 >= x, strict x^2 < x and widened to [-1/10, 11/10] are refuted (at 1/2, 0, 11/10).
    # tiny.below_two, x <= 2 on [0, 1]: 2 scaled by 0.999, 1.001, 0.9, 1.1 stays true (proved);
    # flipped x >= 2 is refuted; strict x < 2 and widened to [-1/10, 11/10] are proved.
    report = tmp_path / "s.json"
    code = main(["soundness", str(folder), "--jobs", "2", "--json", str(report)])
    assert code == 0
    data = json.loads(report.read_text())
    assert data["totals"] == {
        "mutants": 10,
        "refuted": 4,
        "proved": 6,
        "verified-bounded": 0,
        "unknown": 0,
        "error": 0,
        "unsound": 0,
    }
    assert data["findings"] == {"no counterexample": 6, "replayed": 4}
    by_id = {m["id"]: m for m in data["mutants"]}
    assert by_id["tiny.square/strict rel 1"]["verdict"] == "refuted"
    assert by_id["tiny.below_two/flip rel 1"]["independent"]["finding"] == "replayed"
    assert by_id["tiny.below_two/widen x"]["where"] == (
        "x in Interval(0, 1) -> Interval(-1/10, 11/10)"
    )


def test_the_cap_keeps_the_same_mutants_in_every_run(folder):
    one = sweep([folder], jobs=2, max_per_theorem=2)
    two = sweep([folder], jobs=2, max_per_theorem=2)
    ids = [r.id for r in one.records]
    assert ids == [r.id for r in two.records] and len(ids) == 4
    assert [(r.verdict, r.finding) for r in one.records] == [
        (r.verdict, r.finding) for r in two.records
    ]
    assert sum(t.total for t in one.theorems) == 10


def test_an_unsound_mutant_makes_the_exit_status_1(folder, tmp_path, monkeypatch):
    from dpproofs.soundness import sweep as module
    from dpproofs.soundness.judge import UNSOUND

    real = module._decide

    def lying(theorem, info, decide_seconds, judge_seconds):
        record = real(theorem, info, decide_seconds, judge_seconds)
        return module.MutantRecord(**{**record.__dict__, "finding": UNSOUND})

    monkeypatch.setattr(module, "_decide", lying)
    assert main(["soundness", str(folder), "--max-per-theorem", "1"]) == 1
