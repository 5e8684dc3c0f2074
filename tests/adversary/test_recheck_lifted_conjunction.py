"""Adversary (S6, issues 26/27 after c26): lies about a conjunction of lifted claims that
``dpproofs recheck`` confirms (exit 0).

The theorem is ``PAIR`` of tests/adversary/test_forged_lifting.py: all_of(SD <= 1, HS_eps <= 1
for eps in [1/100, 1]), both parts proved on every finite number of outcomes; its honest report
rechecks with exit 0 and shows an empty certificate.

* ``forged certificate``: the whole verdict's displayed certificate set to lines that no
  replay supports ("small-model theorem: m = 9 rows, N* = 1", "z3 unsat at 7 >= N* = 1
  outcomes", or a refutation text): exit 0. c26 rebuilds the certificate lines of a lifted
  verdict, but a conjunction of lifted parts (method "all of") has its certificate compared
  with nothing (a conjunction of Shannon claims is compared: edited, it exits 1).
* ``parts swapped in the reason``: the reason "A; B" (part 1's then part 2's) written "B; A"
  says that the first part holds for eps in [1/100, 1] and the second for every eps-free pair:
  exit 0 (each part's reason is only looked for somewhere in the whole's).

Fixed (dpproofs.recheck.liftedwhole): the conjunction's method must be "all of" (the
lifting's method shown instead was accepted too) and its certificate the empty one its
writer (dpproofs.verdict.conjunction) leaves, and its reason (coverage) the parts' texts
in the writer's order at its "; " positions. Likewise a small-model record's ``parts`` must be
one per conjunct of its formula (dpproofs.recheck.smallmodel): listed twice, it was accepted.

Not lies, and accepted (held): the same formula with its nodes renumbered (equal up to
reordering), unsat_size 3 instead of 2 (both sizes were unsat).
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from test_forged_lifting import PAIR, _verdict

from dpproofs.cli.main import main


def _recheck(folder: Path, data: dict) -> int:
    path = folder / "lie.json"
    path.write_text(json.dumps(data))
    return main(
        ["recheck", str(path), "--no-bounded", "--allow-unreplayed"],
        stdout=io.StringIO(),
        stderr=io.StringIO(),
    )


def _forged_lines(whole: dict) -> None:
    whole["certificate"] = [
        "small-model theorem: m = 9 rows, N* = 1",
        "z3 unsat at 7 >= N* = 1 outcomes",
    ]


def _refutation_line(whole: dict) -> None:
    whole["certificate"] = ["refuted: p = [1, 0], q = [0, 1] gives SD = 2"]


def _reason_parts_swapped(whole: dict) -> None:
    first, second = whole["reason"].split("; ")
    whole["reason"] = f"{second}; {first}"


def _lifted_method(whole: dict) -> None:
    whole["method"] = "small-model theorem"


@pytest.mark.parametrize(
    "lie", [_forged_lines, _refutation_line, _reason_parts_swapped, _lifted_method]
)
def test_a_lie_about_a_conjunction_of_liftings(tmp_path: Path, lie: Callable[[dict], None]) -> None:
    data, whole = _verdict(tmp_path, "adv_pair", PAIR)
    assert whole["status"] == "proved" and whole["certificate"] == []
    assert _recheck(tmp_path, data) == 0  # the honest report is confirmed
    lie(whole)
    assert _recheck(tmp_path, data) != 0


def test_a_small_model_part_listed_twice(tmp_path: Path) -> None:
    """A small-model record of a part of ``adv.pair`` with its one conjunct's entry in
    ``parts`` listed twice (the same m, K, e, bound and growth): accepted (exit 0) while the
    record's parts were compared with the formula's conjuncts only when their counts agreed;
    now the count must be the formula's (one conjunct: SD <= 1 is a single comparison)."""
    data, whole = _verdict(tmp_path, "adv_pair", PAIR)
    record = next(e for e in whole["evidence"] if e["kind"] == "small-model")
    assert len(record["parts"]) == 1
    record["parts"] = record["parts"] * 2
    assert _recheck(tmp_path, data) != 0
