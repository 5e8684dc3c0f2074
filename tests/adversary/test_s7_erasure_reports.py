"""Adversary (session 7, helper ADV, issue 30): edits of an erased-function channel report
and a one-time pad report (h30: dpproofs/finite/erasure.py, pad.py) that ``dpproofs recheck``
accepts (exit 0).

Both rules decide two scalar obligations (well-formedness, statement) for every real K >= 2
(m >= 2). Recheck re-decides the obligations from the claim, so edits of the status and of the
evidence records fail (tests below that pass). The certificate lines, which state the domain
(K in [2, oo): K = 1 is excluded by the design note) and the equation decided, and the method
are not compared with the claim: editing them is accepted (xfail(strict=True) findings).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path

import pytest
from s7_reports import recheck, verified

THEOREMS = '''
import sympy

from dpproofs import theorem
from dpproofs.finite.erasure import ErasureValue, erasure_channel, erasure_value_is
from dpproofs.finite.pad import PadRelease, PadValue, one_time_pad, pad_value_is

K = sympy.Symbol("K", real=True)
d = sympy.Symbol("delta", real=True)
m = sympy.Symbol("m", real=True)


@theorem(id="er.capacity", source="adversary", expect="proved")
def capacity():
    """Capacity of the K-ary erasure channel."""
    w = erasure_channel(K, d, {d: (0, 1)}, "W")
    return erasure_value_is(w, ErasureValue.CAPACITY, d * sympy.log(K))


@theorem(id="er.pad", source="adversary", expect="proved")
def pad():
    """The pair of the one-time pad has MI-DP level ln m."""
    return pad_value_is(one_time_pad(m, PadRelease.PAIR, "pair"), PadValue.MI_DP, sympy.log(m))
'''


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict:
    return verified(tmp_path_factory.mktemp("erasure"), "er_theorems.py", THEOREMS)


def edited(data: dict, index: int, change: Callable[[dict], None]) -> dict:
    out = copy.deepcopy(data)
    change(out["theorems"][index])
    return out


def _line(index: int, old: str, new: str) -> Callable[[dict], None]:
    def change(verdict: dict) -> None:
        assert old in verdict["certificate"][index]
        verdict["certificate"][index] = verdict["certificate"][index].replace(old, new)

    return change


def test_the_untampered_report_rechecks(report: dict, tmp_path: Path) -> None:
    assert recheck(tmp_path, report) == 0


HELD: dict[str, Callable[[dict], None]] = {
    "status unknown": lambda v: v.update(status="unknown"),
    "a record's status refuted": lambda v: v["evidence"][1].update(status="refuted"),
    "a record removed": lambda v: v["evidence"].pop(),
    "a reason added": lambda v: v.update(reason="for every K >= 1 and every channel"),
}


@pytest.mark.parametrize("theorem", [0, 1])
@pytest.mark.parametrize("name", list(HELD))
def test_edits_of_the_status_and_records_fail(
    report: dict, tmp_path: Path, name: str, theorem: int
) -> None:
    assert recheck(tmp_path, edited(report, theorem, HELD[name])) != 0


ACCEPTED: dict[str, tuple[int, Callable[[dict], None]]] = {
    "erasure: K in [1, oo)": (0, _line(0, "K in [2, oo)", "K in [1, oo)")),
    "erasure: the equation": (0, _line(1, "delta*log(K))", "delta*log(K + 1))")),
    "erasure: certificate emptied": (0, lambda v: v.update(certificate=[])),
    "erasure: method": (0, lambda v: v.update(method="a proof checked in Lean 4")),
    "pad: m in [1, oo)": (1, _line(0, "m in [2, oo)", "m in [1, oo)")),
    "pad: the equation": (1, _line(1, "Eq(log(m), log(m))", "Eq(log(m), log(m + 1))")),
    "pad: method": (1, lambda v: v.update(method="a proof checked in Lean 4")),
}


@pytest.mark.parametrize("name", list(ACCEPTED))
def test_edits_of_what_a_reader_reads_fail(report: dict, tmp_path: Path, name: str) -> None:
    index, change = ACCEPTED[name]
    assert recheck(tmp_path, edited(report, index, change)) != 0
