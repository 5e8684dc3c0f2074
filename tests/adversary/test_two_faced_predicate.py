"""Adversary (helper R, issue 26 class 6 and "formula against predicate"): a predicate that
answers the deciders' algebras differently from the exact one.

The claim is "sum_y min(p_y, 1/4) <= 3/4" (min(a, 1/4) = a - pos(a - 1/4)): true on 1, 2 and 3
outcomes (the sum is at most sum_y p_y = 1 and at most n/4), false on 4 (p uniform: 4 * 1/4 = 1
> 3/4). The predicate gives that claim when its row is a concrete list (an exact evaluation of the
predicate itself) and, when it is the tracer's abstract row, the true "sum_y pos(p_y) <= 1"
(K = 1, N* = 1): public types only, no private attribute. The two agree at every
point of 1..3 outcomes (both true), so comparing the formula with the predicate on the sizes
searched cannot see the difference, and the verdict is "proved on every finite number of
outcomes" for a claim whose own exact evaluation is false on 4 outcomes; recheck confirmed it.
Fixed for the lifting (the formula and the predicate are also compared past the sizes searched)
and in ``holds_exactly`` (the predicate on the concrete rows, the formula beside it).
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction as F
from pathlib import Path

import pytest

from dpproofs.cli.main import main
from dpproofs.errors import InvalidClaim
from dpproofs.search.model import EXACT

THEOREM = '''
from fractions import Fraction as F

from dpproofs import theorem
from dpproofs.outcomes import outcome_total
from dpproofs.search import for_all_distributions


def two_faced(alg, p):
    if isinstance(p, (list, tuple)):
        return alg.le(outcome_total(alg, [p], lambda a: a - alg.pos(a - F(1, 4))), F(3, 4))
    return alg.le(outcome_total(alg, [p], lambda a: alg.pos(a)), 1)


@theorem(id="a.two_faced", source="R", expect="proved")
def claim():
    """sum_y min(p_y, 1/4) <= 3/4 for every distribution p."""
    return for_all_distributions(range(2, 4), names=("p",)).claim(two_faced)
'''


@pytest.fixture
def decided(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, dict, object]:
    (tmp_path / "rt_two_faced.py").write_text(THEOREM)
    report = tmp_path / "r.json"
    main(["verify", str(tmp_path), "--json", str(report), "--no-cache", "-q"])
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("rt_two_faced", None)
    import rt_two_faced  # type: ignore[import-not-found]

    (only,) = json.loads(report.read_text())["theorems"]
    return report, only, rt_two_faced.claim()


def test_the_claim_is_false_on_four_outcomes(decided: tuple[Path, dict, object]) -> None:
    _, _, claim = decided
    uniform = [[F(1, 4)] * 4]
    # min(1/4, 1/4) summed over 4 outcomes is 1 > 3/4
    assert sum(min(x, F(1, 4)) for x in uniform[0]) == 1
    inputs = claim.exact_inputs(4, {"p": uniform})  # type: ignore[attr-defined]
    assert claim.run_predicate(EXACT, 4, *inputs)[0] is False  # type: ignore[attr-defined]


def test_holds_exactly_is_the_predicate(decided: tuple[Path, dict, object]) -> None:
    """Fixed: holds_exactly runs the predicate on the concrete rows and evaluates the formula
    too; at the uniform point of 4 outcomes the predicate is False (4 * 1/4 = 1 > 3/4) and the
    formula True (sum_y pos(p_y) = 1 <= 1): an error naming the predicate's line (line 9 of the
    file: ``def two_faced``). Before, it answered the formula's True."""
    _, _, claim = decided
    with pytest.raises(InvalidClaim, match=r"rt_two_faced\.py:9\) is False at 4 outcomes") as e:
        claim.holds_exactly(4, {"p": [[F(1, 4)] * 4]})  # type: ignore[attr-defined]
    assert "the formula traced from it is True" in str(e.value)


def test_holds_exactly_where_they_agree(decided: tuple[Path, dict, object]) -> None:
    """At the vertex (1, 0, 0, 0) both are True (min(1, 1/4) = 1/4 <= 3/4; pos sum 1 <= 1);
    on 3 outcomes, uniform: both True (3 * 1/4 = 3/4 <= 3/4 and 1 <= 1)."""
    _, _, claim = decided
    vertex = [[F(1), F(0), F(0), F(0)]]
    assert claim.holds_exactly(4, {"p": vertex}) is True  # type: ignore[attr-defined]
    assert claim.holds_exactly(3, {"p": [[F(1, 3)] * 3]}) is True  # type: ignore[attr-defined]


def test_no_proof_on_every_finite_size(decided: tuple[Path, dict, object]) -> None:
    """Fixed: before any lifting the formula and the predicate are compared at the two sizes
    past the searched ones (dpproofs.search.lifting.beyond); at 4 outcomes they part."""
    _, only, _ = decided
    assert only["status"] == "error"
    assert "at 4 outcomes" in only["reason"] and "formula traced from it" in only["reason"]
