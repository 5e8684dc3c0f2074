"""The texts of rule DG, erasure and one-time pad verdicts, written again by recheck
(dpproofs/recheck/ruletext.py): its copies of the deciders' words are theirs, and in a
conjunction of such claims (the library's form: cuffyu.erasure_channel_capacity,
cuffyu.example4_3) an edit of the method, reason or certificate fails the recheck.
(The single-claim edits: tests/adversary/test_s7_diagonal_reports.py, _erasure_reports.py.)"""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from dpproofs.cli.main import main
from dpproofs.recheck import ruletext

THEOREMS = '''
import sympy

from dpproofs import theorem
from dpproofs.claim import all_of
from dpproofs.finite.erasure import ErasureValue, erasure_channel, erasure_value_is
from dpproofs.finite.pad import PadRelease, PadValue, one_time_pad, pad_value_is
from dpproofs.symbolic.diagonal import DiagonalCase, diagonal

K = sympy.Symbol("K", positive=True)
d = sympy.Symbol("delta", nonnegative=True)
m = sympy.Symbol("m", positive=True)
p, q = sympy.Symbol("p", real=True), sympy.Symbol("q", real=True)


@theorem(id="rt.both", source="test", expect="proved")
def both():
    """Erasure and pad together."""
    w = erasure_channel(K, d, {d: "[0, 1]"}, "W")
    pair = one_time_pad(m, PadRelease.PAIR, "pair")
    return all_of(
        erasure_value_is(w, ErasureValue.ROW_DISTANCE, d),
        pad_value_is(pair, PadValue.MI_DP, sympy.log(m)),
    )


@theorem(id="rt.squares", source="test", expect="proved")
def squares():
    """Two squares."""
    unit = sympy.Interval.open(0, 1)
    return all_of(
        diagonal("a", p, q, [DiagonalCase((q - p) ** 2, unit, unit)]),
        diagonal("b", p, q, [DiagonalCase(3 * (q - p) ** 2, unit, unit, label="three")]),
    )
'''


def test_the_copies_are_the_deciders_words() -> None:
    from dpproofs.finite import erasure, pad
    from dpproofs.symbolic import diagonal

    assert ruletext.DIAGONAL_METHOD == diagonal.METHOD
    assert ruletext.ERASURE_METHOD == erasure.METHOD
    assert ruletext.PAD_METHOD == pad.METHOD
    assert ruletext.ROLES == erasure.ROLES == pad.ROLES
    assert "sympy rewriting" in ruletext.UNRECORDED
    from dpproofs.recheck import diagonal as replay

    assert replay.MAX_SIZE == diagonal.MAX_SIZE  # the replay's size limit is the rule's
    import sympy

    p, q = sympy.Symbol("p", real=True), sympy.Symbol("q", real=True)
    kl = p * sympy.log(p / q) + (1 - p) * sympy.log((1 - p) / (1 - q))
    # (the decider's size, hand-derived): 1 + 2 * (1 + 1) = 5; 2 + 3 * 8 = 26; 0; 1
    for f, want in ((kl, 5), ((q - p) ** 2 * (1 + p**2 * q) ** 8, 26), (sympy.Rational(3), 0)):
        assert replay.size(f) == diagonal.size(f) == want
    for home, kind in (
        (ruletext.DIAGONAL, diagonal.DiagonalClaim),
        (ruletext.ERASURE, erasure.ErasureClaim),
        (ruletext.PAD, pad.PadClaim),
    ):
        assert home == (kind.__module__, kind.__qualname__)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict:
    folder = tmp_path_factory.mktemp("ruletext")
    (folder / "rt_theorems.py").write_text(THEOREMS)
    out = folder / "r.json"
    assert main(["verify", str(folder / "rt_theorems.py"), "--json", str(out), "--no-cache"]) == 0
    return json.loads(out.read_text())


def _recheck(tmp_path: Path, data: dict) -> int:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    return main(["recheck", str(path)], stdout=io.StringIO(), stderr=io.StringIO())


def test_the_untampered_report_rechecks_with_the_derived_texts(report: dict, tmp_path) -> None:
    both, squares = report["theorems"]
    assert (both["method"], both["reason"], both["certificate"]) == ("all of", "", [])
    # Each square's reason, once, in order: the cases' domains as written.
    every = "for p in Interval.open(0, 1), q in Interval.open(0, 1): every case certified"
    assert (squares["method"], squares["reason"]) == ("all of", every)
    assert _recheck(tmp_path, report) == 0


EDITS: dict[str, tuple[int, Callable[[dict], None]]] = {
    "all of: method": (0, lambda v: v.update(method="a proof checked in Lean 4")),
    "all of: a reason added": (0, lambda v: v.update(reason="for every K >= 1")),
    "all of: a certificate line added": (0, lambda v: v.update(certificate=["K in [1, oo)"])),
    "all of: a part's record refuted": (0, lambda v: v["evidence"][0].update(status="refuted")),
    "all of: a part's record method": (
        0,
        lambda v: v["evidence"][-1].update(method="a proof checked in Lean 4"),
    ),
    "all of DG: the reason's domain": (
        1,
        lambda v: v.update(reason=v["reason"].replace("Interval.open(0, 1)", "Reals")),
    ),
    "all of DG: the reason emptied": (1, lambda v: v.update(reason="")),
    "all of DG: a coverage": (1, lambda v: v.update(coverage="every alphabet")),
}


@pytest.mark.parametrize("name", list(EDITS))
def test_edits_of_a_conjunctions_texts_fail(report: dict, tmp_path: Path, name: str) -> None:
    index, change = EDITS[name]
    data = copy.deepcopy(report)
    change(data["theorems"][index])
    assert _recheck(tmp_path, data) != 0
