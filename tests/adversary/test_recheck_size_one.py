"""Adversary (helper R, issues 26-27): an honest report that ``dpproofs recheck`` fails.

"full support implies some event A has 0 < p(A) < 1" is true on every number of outcomes >= 2
and false on 1 outcome (the only events are {} and the whole set, masses 0 and 1; p = [1] has
full support). Searched on 2 and 3 outcomes, the lifting finds the counterexample p = [1] on
1 outcome (the small-model bound) and the verdict is refuted: right. The counterexample's
minimality then reads "no counterexample on outcomes in [2, 3] (z3 unsat)", sizes that are not
below 1, and ``dpproofs recheck`` failed this untampered report (exit 1). Fixed: the minimality
names only sizes below the point, and a point below every size of the claim says so
(``BELOW_SIZES``), which recheck confirms.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

from dpproofs.cli.main import main
from dpproofs.recheck import shown
from dpproofs.search.report import BELOW_SIZES

THEOREM = '''
from dpproofs import theorem
from dpproofs.algebra import implies
from dpproofs.outcomes import every_outcome, some_event
from dpproofs.search import for_all_distributions


@theorem(id="a.full_support_split", source="R", expect="refuted")
def full_support_split():
    """full support => some event has 0 < p(A) < 1 (false on 1 outcome only)."""
    return for_all_distributions(range(2, 4), names=("p",)).claim(
        lambda alg, p: implies(
            alg,
            every_outcome(alg, [p], lambda a: alg.lt(0, a)),
            some_event(alg, [p], lambda m: alg.all([alg.lt(0, m), alg.lt(m, 1)])),
        )
    )
'''


def test_a_refutation_below_the_searched_sizes_is_refuted(tmp_path: Path) -> None:
    (tmp_path / "t.py").write_text(THEOREM)
    report = tmp_path / "r.json"
    main(["verify", str(tmp_path / "t.py"), "--json", str(report), "--no-cache", "-q"])
    (only,) = json.loads(report.read_text())["theorems"]
    assert only["status"] == "refuted"
    assert only["counterexample"]["assignment"] == {"p": "[1]"}


def test_the_honest_report_rechecks(tmp_path: Path) -> None:
    (tmp_path / "t.py").write_text(THEOREM)
    report = tmp_path / "r.json"
    main(["verify", str(tmp_path / "t.py"), "--json", str(report), "--no-cache", "-q"])
    assert main(["recheck", str(report)], stdout=io.StringIO(), stderr=io.StringIO()) == 0
    (only,) = json.loads(report.read_text())["theorems"]
    assert only["counterexample"]["observed"]["minimality"] == BELOW_SIZES


def test_both_sides_write_the_same_minimality() -> None:
    assert BELOW_SIZES == shown.BELOW_SIZES
