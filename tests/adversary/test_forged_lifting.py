"""Adversary (S8, issue 26's "the rechecker reads the shape itself"): a forged small-model
certificate that ``dpproofs recheck`` confirms for a claim that is false.

The claim: for all distributions p, q on a finite set, some outcome y has
|p_y - q_y| >= SD(p, q). It is true on 2 and 3 outcomes (the positive and negative parts of
p - q each have mass SD, and on at most 3 outcomes one side is a single outcome) and false on
4: p = [1/2, 1/2, 0, 0], q = [0, 0, 1/2, 1/2] give SD = 1 and every |p_y - q_y| = 1/2
(:func:`test_the_claim_is_false_on_four_outcomes`, in Fractions). dpproofs rightly leaves it
verified-bounded on {2, 3} outcomes (a sum inside a per-outcome condition is outside the
small-model theorem).

The forgery: its report entry marked proved "for all pairs of distributions on every finite
number of outcomes", with the small-model record (formula, m, K, N* = 2, growth) and the
certificate lines of another theorem ("SD <= 1"), the guard line's sizes set to what recheck
expects. recheck re-solves sizes 2 and 3 (unsat: true there), recomputes N* = 2 from the
RECORDED formula, and compared that formula with the claim's predicate only at sampled points of
1 and 2 outcomes (the sizes up to the forged N*), where both are true: "small-model: confirmed",
"proved: confirmed", exit 0. Fixed: recheck traces the claim rebuilt from its file again and
compares the recorded formula with that one node by node (dpproofs.recheck.retraced) before it
reads any number from it; the forged record now fails there.

Smaller lies of the same kind (:func:`test_a_lifted_certificate_edited`): the sum line of the
certificate rewritten, a line added, a size line's symmetry text changed, the recorded
formula's constant changed (another claim): each rechecked with exit 0, and now fails.
"""

from __future__ import annotations

import copy
import io
import json
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from dpproofs.cli.main import main

FALSE_CLAIM = """
from dpproofs.outcomes import every_outcome
from dpproofs.search import for_all_distributions
from dpproofs.theorem import theorem
from dpproofs.vocabulary import statistical_difference as sd


@theorem(source="adv", expect="refuted", id="adv.four")
def four():
    return for_all_distributions(range(2, 4)).claim(
        lambda alg, p, q: alg.not_(
            every_outcome(
                alg, [p, q], lambda a, b: alg.lt(alg.maximum([a - b, b - a]), sd(alg, p, q))
            )
        ),
        says="some outcome differs by SD",
    )
"""

DONOR = """
from dpproofs.search import for_all_distributions
from dpproofs.theorem import theorem
from dpproofs.vocabulary import statistical_difference


@theorem(source="adv", expect="proved", id="adv.sd_le_1")
def sd_le_1():
    return for_all_distributions(range(2, 5)).claim(
        lambda alg, p, q: alg.le(statistical_difference(alg, p, q), 1), says="SD <= 1"
    )
"""


def _verdict(folder: Path, name: str, text: str) -> tuple[dict, dict]:
    (folder / f"{name}.py").write_text(text)
    report = folder / f"{name}.json"
    main(
        ["verify", str(folder / f"{name}.py"), "--json", str(report), "--no-cache"],
        stdout=io.StringIO(),
        stderr=io.StringIO(),
    )
    data = json.loads(report.read_text())
    (only,) = data["theorems"]
    return data, only


def _sd(p: list[Fraction], q: list[Fraction]) -> Fraction:
    return sum((max(a - b, Fraction(0)) for a, b in zip(p, q, strict=True)), Fraction(0))


def test_the_claim_is_false_on_four_outcomes() -> None:
    half, zero = Fraction(1, 2), Fraction(0)
    p, q = [half, half, zero, zero], [zero, zero, half, half]
    assert _sd(p, q) == 1
    assert max(abs(a - b) for a, b in zip(p, q, strict=True)) == half < _sd(p, q)


def test_a_forged_lifting_of_a_false_claim_is_refused(tmp_path: Path) -> None:
    data, four = _verdict(tmp_path, "adv_four", FALSE_CLAIM)
    _, donor = _verdict(tmp_path, "adv_donor", DONOR)
    assert four["status"] == "verified-bounded" and donor["status"] == "proved"
    searched = copy.deepcopy(next(e for e in four["evidence"] if e["kind"] == "bounded-search"))
    record = copy.deepcopy(next(e for e in donor["evidence"] if e["kind"] == "small-model"))
    record["searched"] = [s["size"] for s in searched["sizes"]]
    searched["status"] = record["status"] = "proved"
    lines = [line for line in donor["certificate"] if not line[0].isdigit()]
    lines = [
        re.sub(r"sampled points of [\d, ]+ outcomes", "sampled points of 2, 3, 4, 5, 7 outcomes", s)
        for s in lines
    ]
    four.update(
        status="proved",
        coverage=None,
        method=donor["method"],
        reason=donor["reason"],
        certificate=lines + [line for line in four["certificate"] if line[0].isdigit()],
        evidence=[searched, record],
    )
    data["summary"] = {
        "total": 1,
        "as_expected": 0,
        "unexpected": 1,
        "by_status": {"proved": 1},
    }
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(data))
    out = io.StringIO()
    assert main(["recheck", str(path)], stdout=out, stderr=io.StringIO()) != 0
    assert "not the one traced from the claim's predicate" in out.getvalue()


def _sum_line(verdict: dict) -> None:
    verdict["certificate"] = [
        s.replace("pos((p[0][y] - (1 * q[0][y])))", "pos((p[0][y] - q[0][y]))")
        for s in verdict["certificate"]
    ]


def _extra_line(verdict: dict) -> None:
    verdict["certificate"].append("also checked in Lean 4")


def _unsorted(verdict: dict) -> None:
    verdict["certificate"] = [
        s.replace("outcomes sorted (invariance by construction)", "outcomes unsorted")
        for s in verdict["certificate"]
    ]


def _formula_constant(verdict: dict) -> None:
    record = next(e for e in verdict["evidence"] if e["kind"] == "small-model")
    record["formula"] = [
        ["const", "q:2"] if n == ["const", "q:1"] else n for n in record["formula"]
    ]


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (_sum_line, "is not '  sum: ' and a sum or family of the claim's formula"),
        (_extra_line, "('also checked in Lean 4') is not a line the lifting writes"),
        (_unsorted, "outcomes unsorted (0."),
        (_formula_constant, "is not the one traced from the claim's predicate"),
    ],
)
def test_a_lifted_certificate_edited(
    tmp_path: Path, change: Callable[[dict], None], why: str
) -> None:
    """The honest lifted report of SD <= 1 rechecks with exit 0; with its certificate's sum
    line rewritten, a line added, a size line's symmetry text changed, or the recorded formula's
    constant 1 made 2 (SD <= 2: another claim), it did too; now the certificate is rebuilt
    line by line (dpproofs.recheck.liftedtext) and the formula traced again
    (dpproofs.recheck.retraced), and each edit fails naming its line."""
    data, donor = _verdict(tmp_path, "adv_donor", DONOR)
    path = tmp_path / "lie.json"
    path.write_text(json.dumps(data))
    assert main(["recheck", str(path)], stdout=io.StringIO(), stderr=io.StringIO()) == 0
    change(donor)
    path.write_text(json.dumps(data))
    out = io.StringIO()
    assert main(["recheck", str(path)], stdout=out, stderr=io.StringIO()) != 0
    assert "small-model: failed" in out.getvalue() and why in out.getvalue()


PAIR = """
from fractions import Fraction as F

from dpproofs.claim import all_of
from dpproofs.search import Interval, for_all_distributions
from dpproofs.theorem import theorem
from dpproofs.vocabulary import hockey_stick, statistical_difference


@theorem(source="adv", expect="proved", id="adv.pair")
def pair():
    return all_of(
        for_all_distributions(range(2, 4)).claim(
            lambda alg, p, q: alg.le(statistical_difference(alg, p, q), 1), says="SD <= 1"
        ),
        for_all_distributions(range(2, 4), eps=Interval(F(1, 100), 1)).claim(
            lambda alg, p, q, E: alg.le(hockey_stick(alg, p, q, E), 1), says="HS <= 1"
        ),
    )
"""


@pytest.mark.parametrize(
    "edit",
    [
        ("eps in [1/100, 1]", "eps in [0, 100]"),
        ("for all pairs of distributions on every finite number of outcomes, eps", "for all eps"),
    ],
)
def test_a_conjunction_of_liftings_states_what_they_prove(
    tmp_path: Path, edit: tuple[str, str]
) -> None:
    """A conjunction's reason joins its parts' (dpproofs.verdict.conjunction); the lifted
    parts' reasons were not compared with their claims (only a whole lifted verdict's was):
    widening a part's parameter domain, or dropping what it quantifies, rechecked with exit 0
    (the next class after the four lies above). Now each lifted part's reason must stand in
    the whole's, as dpproofs.lifted writes it from the part's claim."""
    data, whole = _verdict(tmp_path, "adv_pair", PAIR)
    assert whole["status"] == "proved" and edit[0] in whole["reason"]
    path = tmp_path / "pair.json"
    path.write_text(json.dumps(data))
    run = ["recheck", str(path), "--no-bounded", "--allow-unreplayed"]
    assert main(run, stdout=io.StringIO(), stderr=io.StringIO()) == 0
    whole["reason"] = whole["reason"].replace(*edit)
    path.write_text(json.dumps(data))
    out = io.StringIO()
    assert main(run, stdout=out, stderr=io.StringIO()) == 1
    assert "small-model: failed: the verdict does not say what the lifting of part" in (
        out.getvalue()
    )
