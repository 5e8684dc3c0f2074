"""Adversary (session 7, helper ADV, issue 30): edits of a rule DG report that ``dpproofs
recheck`` accepts (exit 0).

The report is real: ``dpproofs verify --json`` of a one-theorem file (Pinsker by
``tv_below_kl``, rule DG and Lemma DP). Untampered it rechecks with exit 0. Edits of the
recorded certificate (N, M, R, S, the cases' order and count) and of the verdict's status fail
(tests below that pass: what held). Edits of what a reader reads, the reason's coverage, the
certificate lines (the domain, the odd factors), the method and the evidence's own status,
are accepted: each an xfail(strict=True) finding. The lifted and entropic verdicts have their
text written again from the claim (recheck/certificates.py, recheck/entropictext.py); rule
DG's verdicts do not.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from s7_reports import recheck, verified

THEOREMS = '''
import sympy

from dpproofs import theorem
from dpproofs.symbolic.diagonal_forms import tv_below_kl

t = sympy.Symbol("t", real=True)


@theorem(id="dg.pinsker", source="adversary", expect="proved")
def pinsker():
    """Pinsker."""
    return tv_below_kl("2 TV(P, Q)^2 <= D(P||Q)", 2 * t**2, t)
'''


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict:
    return verified(tmp_path_factory.mktemp("dg"), "dg_theorems.py", THEOREMS)


def edited(data: dict, change: Callable[[dict], None]) -> dict:
    out = copy.deepcopy(data)
    (verdict,) = out["theorems"]
    change(verdict)
    return out


def _replace(field: str, old: str, new: str, index: int | None = None) -> Callable[[dict], None]:
    def change(verdict: dict) -> None:
        if index is None:
            assert old in verdict[field]
            verdict[field] = verdict[field].replace(old, new)
        else:
            assert old in verdict[field][index]
            verdict[field][index] = verdict[field][index].replace(old, new)

    return change


def _record(verdict: dict) -> dict:
    (record,) = verdict["evidence"]
    assert record["kind"] == "diagonal-certificate"
    return record


def test_the_untampered_report_rechecks(report: dict, tmp_path: Path) -> None:
    assert recheck(tmp_path, report) == 0


HELD: dict[str, Callable[[dict], None]] = {
    "status refuted": lambda v: v.update(status="refuted"),
    "status unknown": lambda v: v.update(status="unknown"),
    "status verified-bounded": lambda v: v.update(status="verified-bounded"),
    "R negated": lambda v: _record(v)["cases"][0].update(odd="-q*(1 - q)"),
    "S changed": lambda v: _record(v)["cases"][0].update(square="(p - q)*(2*q + 1)"),
    "a coefficient of N": lambda v: _record(v)["cases"][0].update(
        numerator=_record(v)["cases"][0]["numerator"].replace("8*p*q**3", "9*p*q**3")
    ),
    "M changed": lambda v: _record(v)["cases"][0].update(denominator="q**2 + q"),
    "cases reversed": lambda v: _record(v)["cases"].reverse(),
    "a case dropped": lambda v: _record(v)["cases"].pop(),
    "a case repeated": lambda v: _record(v)["cases"].append(_record(v)["cases"][0]),
    "evidence removed": lambda v: v.update(evidence=[]),
}


@pytest.mark.parametrize("name", list(HELD))
def test_edits_of_the_record_and_the_status_fail(report: dict, tmp_path: Path, name: str) -> None:
    assert recheck(tmp_path, edited(report, HELD[name])) != 0


ACCEPTED: dict[str, Callable[[dict], None]] = {
    # The claim holds where D(P||Q) is finite, on finite alphabets; the reason now says more.
    "reason: every countable alphabet": _replace(
        "reason", "every finite alphabet", "every countable alphabet"
    ),
    "reason: 'with D(P||Q) finite' dropped": _replace("reason", " with D(P||Q) finite", ""),
    # The first case's domain is (0, 1)^2; the line shown to the reader now says q in [0, 2].
    "certificate: the domain widened": _replace(
        "certificate", "q in Interval.open(0, 1)", "q in Interval(0, 2)", 0
    ),
    # The odd factor decided >= 0 is q (1 - q); the line now says q (1 - q) - 1 (false).
    "certificate: the odd factor": _replace(
        "certificate", "q*(1 - q) >= 0", "q*(1 - q) - 1 >= 0", 0
    ),
    "certificate: emptied": lambda v: v.update(certificate=[]),
    "certificate: the p = 1 case's line dropped": lambda v: v["certificate"].pop(),
    "method: another rule": lambda v: v.update(method="a proof checked in Lean 4"),
    "evidence status: refuted": lambda v: _record(v).update(status="refuted"),
}


@pytest.mark.parametrize("name", list(ACCEPTED))
def test_edits_of_what_a_reader_reads_fail(report: dict, tmp_path: Path, name: str) -> None:
    assert recheck(tmp_path, edited(report, ACCEPTED[name])) != 0


def test_a_record_of_huge_degree_is_refused_quickly(report: dict, tmp_path: Path) -> None:
    # 40 such factors (479 characters) took 101 s here; 400 are a quarter of the length
    # allowed. The untampered recheck takes about 3 s; 30 s are allowed.
    import subprocess
    import sys

    def bloat(verdict: dict) -> None:
        _record(verdict)["cases"][0]["square"] = "*".join(["(p + q)**99"] * 400)

    path = tmp_path / "r.json"
    path.write_text(json.dumps(edited(report, bloat)))
    code = "import sys; from dpproofs.cli.main import main; sys.exit(main(sys.argv[1:]))"
    try:
        done = subprocess.run(
            [sys.executable, "-c", code, "recheck", str(path)], timeout=30, check=False
        )
    except subprocess.TimeoutExpired:
        pytest.fail("recheck did not finish within 30 s")
    assert done.returncode != 0


def test_the_degree_limit_of_a_recorded_polynomial() -> None:
    # DEGREE = 2 MAX_SIZE = 48: (p + q)^48 is read, (p + q)^49 and 7 factors of (p + q)^7
    # (49) are refused from the text's structure, before any expansion.
    import sympy

    from dpproofs.recheck.diagonal import DEGREE, _read, _Refused

    p, q = sympy.Symbol("p", real=True), sympy.Symbol("q", real=True)
    assert DEGREE == 48
    assert _read("(p + q)**48", p, q) == (p + q) ** 48
    for text in ("(p + q)**49", "*".join(["(p + q)**7"] * 7), "p*" * 49 + "1"):
        with pytest.raises(_Refused, match="above 48"):
            _read(text, p, q)


def test_a_case_above_the_size_limit_is_refused_by_the_replay() -> None:
    # The decider leaves such a case open; a certificate for it (any) is not expanded.
    import sympy

    from dpproofs.recheck.diagonal import _Refused, replay_case
    from dpproofs.symbolic.diagonal import DiagonalCase

    p, q = sympy.Symbol("p", real=True), sympy.Symbol("q", real=True)
    unit = sympy.Interval.open(0, 1)
    case = DiagonalCase((q - p) ** 2 * (1 + p + q) ** 23, unit, unit)
    with pytest.raises(_Refused, match="size 25 is above the rule's limit 24"):
        replay_case(case, ("0", "1", "0", "1"), p, q)
