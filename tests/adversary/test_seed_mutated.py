"""Adversary (helper R, issue 26 class 3): a refinement seed changed after it was checked.

``ForAllHypothesis`` checks its seeds in ``__post_init__`` (a row-stochastic matrix of exact
rationals). The seed's rows are lists, so the theorem function can change them after the check
and before returning the claim. Here the prior b = [1, 0] becomes [2, -1], outside the simplex.

The claim: for every distribution p, (for every prior b on 2 points: b_0 p_y <= 1 for every y)
=> every p_y <= 1/2. It is false on 2 outcomes: p = [1, 0] meets the hypothesis for every b
(b_0 <= 1, p_y <= 1) and p_0 = 1 > 1/2. With b = [2, -1] as an inner value the hypothesis adds
2 p_y <= 1, which implies the conclusion, so the outer search is unsat: "verified-bounded" on 2
and 3 outcomes for a false claim. (Unchanged, the same claim is not proved: unknown.) Fixed: the
claim keeps its own checked copies of the seeds.
"""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

from dpproofs.cli.main import main

THEOREM = '''
from fractions import Fraction as F

from dpproofs import theorem
from dpproofs.outcomes import every_outcome
from dpproofs.search import ForAllHypothesis, for_all_distributions
from dpproofs.search.objects import distribution


def hypothesis(alg, p, b):
    return every_outcome(alg, [p], lambda a: alg.le(b[0] * a, 1))


def conclusion(alg, p):
    return every_outcome(alg, [p], lambda a: alg.le(a, F(1, 2)))


@theorem(id="c.seed_mutated", source="R", expect="refuted")
def seed_mutated():
    """(for every prior b: b_0 p_y <= 1 for all y) => every p_y <= 1/2 (false: p = [1, 0])."""
    seed = {"b": [[F(1), F(0)]]}
    claim = ForAllHypothesis(
        for_all_distributions(range(2, 4), names=("p",)),
        (("b", distribution(2)),),
        hypothesis,
        conclusion,
        "every p_y <= 1/2",
        seeds=(seed,),
    )
    seed["b"][0][:] = [F(2), F(-1)]
    return claim
'''


def test_the_claim_is_false_on_two_outcomes() -> None:
    p = [F(1), F(0)]
    for b0 in (F(0), F(1, 3), F(1)):  # b_0 ranges over [0, 1]; the hypothesis is linear in it
        assert all(b0 * a <= 1 for a in p)
    assert not all(a <= F(1, 2) for a in p)


def test_no_bounded_proof_of_the_false_claim(tmp_path: Path) -> None:
    (tmp_path / "t.py").write_text(THEOREM)
    report = tmp_path / "r.json"
    main(["verify", str(tmp_path / "t.py"), "--json", str(report), "--no-cache", "-q"])
    (only,) = json.loads(report.read_text())["theorems"]
    assert only["status"] not in ("proved", "verified-bounded")
