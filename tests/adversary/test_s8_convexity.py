"""Adversary (session 8, helper ADV3, issue 30): rule CV-TV (dpproofs/finite/convexity.py,
branch c30) against claims of its shape that are false, claims just outside its preconditions,
and edited reports.

What held (tests that pass): a bound below delta by a factor or a constant, delta/2 for the
joint form, a domain reaching below 0 (also for a symbol declared positive), delta^2 and
ln(1 + delta) are UNKNOWN, each false at an exact witness computed here; a bound with I, nan,
oo, zoo, another symbol or an unknown function is InvalidClaim; edits of the status, the
reason and the evidence parts fail the recheck.

Findings (fixed, marks removed): a proved CV-TV verdict had an empty reason and its coverage
("for every number of inputs and outputs") only in the method, and edits of the method, the
certificate lines (delta's domain, the weights' range, "proved" -> "refuted") are accepted
by the recheck (edits of the reason and of the evidence parts fail it: held).
"""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest
import sympy
from s7_reports import edited, recheck, replacing, verified

from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.finite.convexity import MixtureForm, mixture_tv_claim
from dpproofs.verdict import Status

delta = sympy.Symbol("delta")
ROWS, JOINT = MixtureForm.ROWS, MixtureForm.JOINT
H = F(1, 2)


def _tv(p: list[F], q: list[F]) -> F:
    return sum((abs(a - b) for a, b in zip(p, q, strict=True)), F(0)) / 2


def _check(rows: list[list[F]], prior: list[F], form: MixtureForm) -> tuple[F | None, F]:
    """(the largest TV of two distinct rows (the least delta of the hypothesis; None: no two
    rows, every delta), the conclusion's TV)."""
    k, n = len(rows), len(rows[0])
    out = [sum((prior[x] * rows[x][y] for x in range(k)), F(0)) for y in range(n)]
    pairs = [_tv(rows[a], rows[b]) for a in range(k) for b in range(k) if a != b]
    if form is ROWS:
        worst = max(_tv(row, out) for row in rows)
    else:
        joint = [prior[x] * rows[x][y] for x in range(k) for y in range(n)]
        product = [prior[x] * out[y] for x in range(k) for y in range(n)]
        worst = _tv(joint, product)
    return (max(pairs) if pairs else None), worst


E0, E1, E2 = [F(1), F(0), F(0)], [F(0), F(1), F(0)], [F(0), F(0), F(1)]
# (name, form, symbol, bound, domain, (rows, prior), delta at the witness)
FALSE = [
    ("99/100 delta", ROWS, delta, "99*delta/100", "[0, 1]", ([E0, E1], [F(0), F(1)]), F(1)),
    (
        "delta - 1/1000 on [1/2, 1]",
        ROWS,
        delta,
        "delta - 1/1000",
        "[1/2, 1]",
        ([E0, E1], [0, 1]),
        1,
    ),
    ("delta^2", ROWS, delta, "delta**2", "[0, 1]", ([[H, H], [F(1), F(0)]], [F(0), F(1)]), H),
    ("ln(1 + delta)", ROWS, delta, "log(1 + delta)", "[0, 1]", ([E0, E1], [F(0), F(1)]), F(1)),
    ("joint delta/2", JOINT, delta, "delta/2", "[0, 1]", ([E0, E1, E2], [F(1, 3)] * 3), F(1)),
    ("domain (-1, 1]", ROWS, delta, "delta", "(-1, 1]", ([E0], [F(1)]), -H),
    (
        "domain [-1, 1], delta declared positive",
        ROWS,
        sympy.Symbol("delta", positive=True),
        "delta",
        "[-1, 1]",
        ([E0], [F(1)]),
        -H,
    ),
]


@pytest.mark.parametrize(
    "name,form,symbol,bound,domain,witness,at", FALSE, ids=[f[0] for f in FALSE]
)
def test_a_false_claim_is_not_proved(name, form, symbol, bound, domain, witness, at):
    claim = mixture_tv_claim(form, symbol, bound, {symbol: domain})
    assert claim.decide(Deadline(60)).status is Status.UNKNOWN, name
    rows, prior = witness
    least, worst = _check(rows, [F(p) for p in prior], form)
    assert least is None or least <= at  # the hypothesis holds at delta = at
    value = sympy.sympify(bound, locals={"delta": sympy.Rational(at.numerator, at.denominator)})
    assert bool(worst > value), (name, worst, value)  # and the conclusion fails


@pytest.mark.parametrize("bound", ["delta + I", "nan", "oo", "zoo", "delta + x", "floor(delta)"])
def test_a_bound_outside_the_reals_or_the_parameter_is_invalid(bound: str) -> None:
    with pytest.raises(InvalidClaim):
        mixture_tv_claim(ROWS, delta, bound, {delta: "[0, 1]"})


THEOREMS = '''
import sympy

from dpproofs import theorem
from dpproofs.finite.convexity import MixtureForm, mixture_tv_claim

delta = sympy.Symbol("delta")


@theorem(id="cv.rows", source="adversary", expect="proved")
def rows():
    """(102)."""
    return mixture_tv_claim(MixtureForm.ROWS, delta, delta, {delta: "[0, 1]"})
'''


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict:
    return verified(tmp_path_factory.mktemp("cv"), "cv_theorems.py", THEOREMS)


def _method(verdict: dict) -> None:
    old = "every number of inputs and outputs"
    assert old in verdict["method"]
    verdict["method"] = verdict["method"].replace(old, "every number of inputs, countable outputs")


def test_the_untampered_report_rechecks(report: dict, tmp_path: Path) -> None:
    assert recheck(tmp_path, report) == 0


HELD = {
    "status proved -> verified-bounded": lambda v: v.update(status="verified-bounded"),
    "reason: set to a wider coverage": lambda v: v.update(reason="for every channel on any space"),
    "evidence: a part's status -> unknown": lambda v: v["evidence"][2].update(status="unknown"),
    "evidence: a part dropped": lambda v: v["evidence"].pop(),
}


@pytest.mark.parametrize("name", sorted(HELD))
def test_an_edit_fails_the_recheck(report: dict, tmp_path: Path, name: str) -> None:
    assert recheck(tmp_path, edited(report, 0, HELD[name])) != 0


def test_a_proved_verdict_states_its_coverage_in_its_reason(report: dict) -> None:
    (verdict,) = report["theorems"]
    assert "every number of inputs and outputs" in verdict["reason"]


FINDINGS = {
    "method: every number of outputs -> countable outputs": _method,
    "certificate: delta in [0, 1] -> [0, oo)": replacing(
        "certificate", "delta in [0, 1]", "delta in [0, oo)", line=1
    ),
    "certificate: w in [0, 1] -> [0, 2]": replacing(
        "certificate", "w in [0, 1]", "w in [0, 2]", line=0
    ),
    "certificate: proved -> refuted": replacing("certificate", ": proved", ": refuted", line=2),
}


@pytest.mark.parametrize("name", sorted(FINDINGS))
def test_an_edit_of_what_a_reader_reads_fails_the_recheck(
    report: dict, tmp_path: Path, name: str
) -> None:
    assert recheck(tmp_path, edited(report, 0, FINDINGS[name])) != 0
