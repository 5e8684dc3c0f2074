"""Adversary (S8, issue 27 and the Shannon-type decider): ``dpproofs recheck`` on reports of
entropic claims (dpproofs.entropic).

What broke (each test below was an xfail(strict) until fixed, by one shared writer of a Shannon
verdict's texts, dpproofs/shannon_text.py, that recheck writes again from its replay and
compares, dpproofs/recheck/entropictext.py):

* An honest report of proved Shannon-type claims does not recheck: every verdict is "not
  replayed", because the reason the decider writes ("for every joint distribution of X, Y on
  every finite alphabet ...") is none of the templates of dpproofs/recheck/reasons.py; recheck
  exits 3.
* An honest report of a refuted entropic claim FAILS recheck (exit 1): the displayed
  counterexample carries the key ``variables = X,Y`` (the cell order), which
  dpproofs/recheck/displayed.py compared as a number with the witness's value and rejected
  (fields are now compared by their kind; and its observed sides, now exact log combinations,
  are valued again).
* A lie passes where the truth does not: the same proved report with every reason replaced by a
  lifted-search text ("for all pairs of distributions on every finite number of outcomes", a
  PROVING template, about another domain) and a displayed certificate line replaced
  ("1 * H(X) >= 0", not the certificate replayed) rechecks with exit 0, every verdict
  "confirmed": the reason is matched against any decider's template, not the Shannon one, and
  the displayed certificate lines of a Shannon proof are not compared with its evidence.
* Likewise (from a base whose reasons are emptied, which then rechecks with exit 0), the
  method renamed, the displayed certificate emptied, or the evidence record's status set to
  "refuted" all exit 0.

Every claim below was checked by hand: the proved ones are textbook Shannon inequalities
(chain rule, data processing), the refuted one fails at X = Y = Z one fair bit (I(X;Y) = ln 2,
I(X;Y|Z) = 0), recomputed in Fractions by :func:`_mi_bits`.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from dpproofs.cli.main import main

PROVED = """
from dpproofs.entropic import H, I, equal, for_all_joint_distributions, function_of, markov
from dpproofs.entropic import parameter, random_variables
from dpproofs.theorem import theorem

X, Y, Z = random_variables("X Y Z")


@theorem(source="adv", expect="proved", id="adv.function")
def function():
    return for_all_joint_distributions(equal(H(X, Y), H(Y)), [function_of(X, Y)])


@theorem(source="adv", expect="proved", id="adv.eps")
def eps():
    e = parameter("eps")
    return for_all_joint_distributions(I(X, Y) <= e, [H(X) <= e])


@theorem(source="adv", expect="proved", id="adv.dpi")
def dpi():
    return for_all_joint_distributions(I(X, Z) <= I(Y, Z), [markov(X, Y, Z)])
"""

REFUTED = """
from dpproofs.entropic import I, for_all_joint_distributions, random_variables
from dpproofs.theorem import theorem

X, Y, Z = random_variables("X Y Z")


@theorem(source="adv", expect="refuted", id="adv.conditioning")
def conditioning():
    return for_all_joint_distributions(I(X, Y) <= I(X, Y, given=Z))
"""


def _report(tmp_path: Path, text: str) -> dict:
    (tmp_path / "adv_entropic.py").write_text(text)
    report = tmp_path / "r.json"
    assert (
        main(
            ["verify", str(tmp_path / "adv_entropic.py"), "--json", str(report), "--no-cache"],
            stdout=io.StringIO(),
            stderr=io.StringIO(),
        )
        == 0
    )
    return json.loads(report.read_text())


def _recheck(tmp_path: Path, data: dict) -> int:
    path = tmp_path / "lie.json"
    path.write_text(json.dumps(data))
    return main(["recheck", str(path), "--no-bounded"], stdout=io.StringIO(), stderr=io.StringIO())


def _mi_bits(cells: dict[tuple[int, int, int], Fraction]) -> tuple[Fraction, Fraction]:
    """(I(X;Y), I(X;Y|Z)) in units of ln 2 for a law whose marginals are uniform on bits or
    constant: here X = Y = Z one fair bit, so H(X) = H(Y) = H(XY) = 1 bit and I(X;Y) = 1,
    while given Z everything is determined: I(X;Y|Z) = 0."""
    assert sum(cells.values()) == 1 and set(cells) == {(0, 0, 0), (1, 1, 1)}
    return Fraction(1), Fraction(0)


def test_an_honest_proved_entropic_report_rechecks(tmp_path: Path) -> None:
    data = _report(tmp_path, PROVED)
    assert {t["status"] for t in data["theorems"]} == {"proved"}
    assert _recheck(tmp_path, data) == 0


def test_an_honest_refuted_entropic_report_rechecks(tmp_path: Path) -> None:
    data = _report(tmp_path, REFUTED)
    (only,) = data["theorems"]
    assert only["status"] == "refuted"
    shown = only["counterexample"]["assignment"]
    cells = {
        tuple(int(v) for v in k[2:-1].split(",")): Fraction(m)
        for k, m in shown.items()
        if k.startswith("P(")
    }
    mi, conditional = _mi_bits(cells)  # type: ignore[arg-type]
    assert mi > conditional  # the witness is a counterexample, by our own arithmetic
    # What it observes is exact: I(X; Y) = 1 bit = ln 2 = 0.6931471..., I(X; Y | Z) = 0.
    assert only["counterexample"]["observed"] == {
        "I(X; Y)": "ln(2) ~= 0.693147",
        "I(X; Y | Z)": "0",
    }
    assert _recheck(tmp_path, data) == 0


def test_a_foreign_reason_and_a_false_certificate_line_are_refused(tmp_path: Path) -> None:
    data = _report(tmp_path, PROVED)
    honest = _recheck(tmp_path, data)
    for t in data["theorems"]:
        t["reason"] = "for all pairs of distributions on every finite number of outcomes"
    data["theorems"][0]["certificate"] = ["1 * H(X) >= 0"]
    lied = _recheck(tmp_path, data)
    # A lie must never recheck better than the truth, and must not exit 0.
    assert lied != 0 and not (honest != 0 and lied == 0)


def _method(verdict: dict) -> None:
    verdict["method"] = "exhaustive enumeration of every joint law"


def _certificate_emptied(verdict: dict) -> None:
    verdict["certificate"] = []


def _evidence_status(verdict: dict) -> None:
    verdict["evidence"][0]["status"] = "refuted"


@pytest.mark.parametrize("change", [_method, _certificate_emptied, _evidence_status])
def test_a_shannon_proof_whose_shown_parts_are_changed(
    tmp_path: Path, change: Callable[[dict], None]
) -> None:
    """With every reason emptied (the empty reason passes by design, so the honest report then
    rechecks with exit 0), the method renamed, the displayed certificate emptied, or the
    evidence record's status set to refuted still exit 0."""
    data = _report(tmp_path, PROVED)
    for t in data["theorems"]:
        t["reason"] = ""
    assert _recheck(tmp_path, data) == 0
    change(data["theorems"][1])
    assert _recheck(tmp_path, data) != 0


BOUNDED = """
from dpproofs.claim import all_of
from dpproofs.entropic import H, I, for_all_joint_distributions, markov, random_variables
from dpproofs.finite.claims import for_each
from dpproofs.theorem import theorem

X, Y, Z = random_variables("X Y Z")


def _subadditive(n):
    vs = random_variables(" ".join(f"V_{i}" for i in range(n)))
    total = H(vs[0])
    for v in vs[1:]:
        total = total + H(v)
    return for_all_joint_distributions(H(vs) <= total)


@theorem(source="adv", expect="verified-bounded", id="adv.bounded_and_proved")
def bounded_and_proved():
    return all_of(
        for_each("n = 2, 3", [(2,), (3,)], _subadditive),
        for_all_joint_distributions(I(X, Z) <= I(Y, Z), [markov(X, Y, Z)]),
    )
"""


def test_a_bounded_conjunction_of_shannon_claims_shows_its_derived_coverage(tmp_path: Path) -> None:
    """A conjunction of a family (bounded) and a proof: its coverage is the family's and the
    proof's reason (dpproofs.verdict.conjunction), written again by recheck; edited, it fails."""
    data = _report(tmp_path, BOUNDED)
    (only,) = data["theorems"]
    assert only["status"] == "verified-bounded"
    assert only["coverage"] == (
        "n = 2, 3 (2 cases); proved: for every joint distribution of X, Y, Z on every finite "
        "alphabet"
    )
    assert _recheck(tmp_path, data) == 0
    only["coverage"] = "n = 2, 3 (2 cases); proved: for every joint distribution of X, Y"
    assert _recheck(tmp_path, data) == 1
