"""The sweep's check of the reduction rules without the rules (dpproofs.soundness.rulecheck).

Neighbour-pair and group claims are stated on D^n directly and decided at n = 1, 2, 3; additive
sensitivity claims are compared with brute force. Each check is shown able to fail: a claim whose
reduced (n = 1) claim is not the author's (a forged reduction) is caught at n = 1 already, and an
additive claim with a wrong verdict is caught by the brute force."""

import dataclasses
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.claim import all_of
from dpproofs.deadline import Deadline
from dpproofs.finite.additive import Reading, additive_sensitivity, interval, unit_vectors, values
from dpproofs.recheck.additive import agrees, brute_force, largest_delta
from dpproofs.search.pairs import for_all_neighbour_pairs
from dpproofs.soundness.alone import COUNTEREXAMPLE, UNSAT, decide_alone
from dpproofs.soundness.judge import CONFIRMED, NO_COUNTEREXAMPLE, UNSOUND, judge
from dpproofs.soundness.mutate import enumerate_mutants
from dpproofs.soundness.rulecheck import (
    check_additive,
    check_pairs,
    direct_claim,
    neighbourhoods,
    reduced_parts,
)
from dpproofs.verdict import Status, Verdict


def _close(alg, x, y):
    """|M(x)(0) - M(x')(0)| <= 1/4 read one way: M(x)(0) <= M(x')(0) + 1/4."""
    return alg.le(x[0][0], y[0][0] + F(1, 4))


def _closer(alg, x, y):
    """M(x)(0) <= M(x')(0) + 1/8: false for a mechanism that moves 1/4 between neighbours."""
    return alg.le(x[0][0], y[0][0] + F(1, 8))


def _pair_claim(conclusion):
    return for_all_neighbour_pairs(("M",), (2,), _close, conclusion, says="closeness")


def test_neighbourhoods_of_d_n():
    # D^2 with |D| = 2: 4 databases, each with 2 neighbours, 8 ordered pairs. D^2 with |D| = 3:
    # 2 positions * 3 values off the position = 6 groups of 3 pairwise neighbours.
    databases, pairs = neighbourhoods(2, 2, False)
    assert len(databases) == 4 and len(pairs) == 8
    assert [0, 1] in pairs and [0, 3] not in pairs  # (0, 0)-(0, 1) yes, (0, 0)-(1, 1) no
    databases, groups = neighbourhoods(3, 2, True)
    assert len(groups) == 6 and all(len(g) == 3 for g in groups)
    assert groups[0] == [0, 3, 6]  # position 0 varies: (0, 0), (1, 0), (2, 0)
    within = sorted((a, b) for g in groups for a in g for b in g if a != b)
    assert within == sorted((a, b) for a, b in neighbourhoods(3, 2, False)[1])


@pytest.mark.parametrize("n", [1, 2, 3])
def test_a_true_pair_claim_is_unsat_on_d_n(n):
    assert decide_alone(direct_claim(_pair_claim(_close), n), 2, 20).result == UNSAT


@pytest.mark.parametrize("n", [1, 2])
def test_a_false_pair_claim_has_a_counterexample_on_d_n(n):
    assert decide_alone(direct_claim(_pair_claim(_closer), n), 2, 20).result == COUNTEREXAMPLE


def test_a_forged_reduction_is_unsound():
    # The n = 1 claim of a true statement, sold as the reduction of a false one: it holds (at 2
    # outputs, the sizes searched), and the
    # direct check finds the false statement's counterexample. Fails if the check trusted inner.
    honest, false = _pair_claim(_close), _pair_claim(_closer)
    forged = dataclasses.replace(honest, source=false.source)
    verdict = forged.decide(Deadline(20))
    assert verdict.status is Status.VERIFIED_BOUNDED
    checked = check_pairs((0,), forged, verdict.status.value, 20, 60)
    assert checked.unsound
    assert checked.results[0].startswith("n = 1, 2 outputs: counterexample")


def test_an_honest_reduction_is_confirmed_at_every_length():
    claim = _pair_claim(_close)
    checked = check_pairs((0,), claim, "verified-bounded", 20, 120)
    assert not checked.unsound and not checked.not_checked
    assert [r.split(":")[0] for r in checked.results] == [
        "n = 1, 2 outputs", "n = 2, 2 outputs", "n = 3, 2 outputs",
    ]  # fmt: skip


def test_reduced_parts_follow_conjunctions():
    claim = all_of(_pair_claim(_close), additive_sensitivity("s", values(0, 1), Reading.CHANGE, 1))
    verdict = claim.decide(Deadline(30))
    found = [(path, type(c).__name__, status) for path, c, status in reduced_parts(claim, verdict)]
    assert found == [
        ((0,), "NeighbourPairClaim", "verified-bounded"),
        ((1,), "AdditiveSensitivity", "proved"),
    ]


def test_histogram_change_brute_force():
    # Histograms under change-one: e_a - e_b has l1 norm 2 for a != b, at every |X| >= 2 and n.
    claim = additive_sensitivity("h", unit_vectors(), Reading.CHANGE, 2)
    assert {p.largest for p in brute_force(claim)} == {F(2)}
    assert agrees(claim, "proved")[0]


def test_mean_per_n_brute_force():
    # (1/n) sum g(x_i), g: X -> [0, 1]: 1/n at every n (x = (1, z..), y = (0, z..)).
    claim = additive_sensitivity("m", interval(0, 1), Reading.CHANGE, 1, per_n=True)
    assert [(p.n, p.largest) for p in brute_force(claim)][:3] == [
        (1, F(1)), (2, F(1, 2)), (3, F(1, 3)),
    ]  # fmt: skip


def test_a_wrong_additive_verdict_is_unsound():
    # The rule proves bound 1 for {0, 1} under change; a verdict "proved" for bound 1/2 is
    # contradicted by x = (1), y = (0); a verdict "refuted" for bound 1 is contradicted too.
    too_small = additive_sensitivity("s", values(0, 1), Reading.CHANGE, F(1, 2))
    assert too_small.decide(Deadline(5)).status is Status.REFUTED
    assert check_additive((0,), too_small, "proved").unsound
    right = additive_sensitivity("s", values(0, 1), Reading.CHANGE, 1)
    assert check_additive((0,), right, "refuted").unsound
    assert not check_additive((0,), right, "proved").unsound


fractions = st.fractions(min_value=-2, max_value=2, max_denominator=4)


@settings(max_examples=30, deadline=None)
@given(
    points=st.lists(st.tuples(fractions, fractions), min_size=1, max_size=3),
    reading=st.sampled_from(Reading),
    bound=st.fractions(min_value=0, max_value=8, max_denominator=2),
)
def test_rule_verdict_agrees_with_brute_force(points, reading, bound):
    """Every decided verdict of the rule agrees with the brute force at |X| <= 3, n <= 3."""
    claim = additive_sensitivity("s", values(*points), reading, bound)
    verdict = claim.decide(Deadline(5))
    assert verdict.status in (Status.PROVED, Status.REFUTED)
    ok, said = agrees(claim, verdict.status.value)
    assert ok, said


@settings(max_examples=20, deadline=None)
@given(points=st.lists(fractions, min_size=1, max_size=3), n=st.integers(1, 3))
def test_largest_delta_is_the_diameter(points, n):
    claim = additive_sensitivity("s", values(*points), Reading.CHANGE, 0)
    assert largest_delta(claim, 2, n) == max(points) - min(points)


def test_additive_mutants_are_decided_and_judged():
    """Count sensitivity {0, 1} under change, = 1: bound 9/10 and 11/10 are false (attained at
    1), scale 11/10 is false, add/remove is still 1 (true), '<= 1' is true."""
    claim = additive_sensitivity("s", values(0, 1), Reading.CHANGE, 1)
    found = enumerate_mutants(claim, "t")
    assert [m.id for m in found.mutants] == [
        "t/bound*9/10", "t/bound*11/10", "t/scale*11/10", "t/reading", "t/not attained",
    ]  # fmt: skip
    statuses = []
    for mutant in found.mutants:
        built = mutant.build()
        verdict = built.decide(Deadline(5))
        statuses.append(verdict.status.value)
        assert judge(built, verdict, mutant.id, 5).finding in (CONFIRMED, NO_COUNTEREXAMPLE)
    assert statuses == ["refuted", "refuted", "refuted", "proved", "proved"]


def test_additive_judge_catches_a_wrong_verdict():
    claim = additive_sensitivity("s", values(0, 1), Reading.CHANGE, F(9, 10))
    wrong = Verdict.proved("forged", ["nothing"])
    assert judge(claim, wrong, "k", 5).finding == UNSOUND


def test_pair_mutants_are_decided_through_the_reduction_and_judged():
    claim = _pair_claim(_close)
    found = enumerate_mutants(claim, "t")
    assert found.mutants and {m.kind for m in found.mutants} == {"neighbour-pair"}
    findings = set()
    for mutant in found.mutants[:4]:
        built = mutant.build()
        assert type(built).__name__ == "NeighbourPairClaim"
        verdict = built.decide(Deadline(20))
        finding = judge(built, verdict, mutant.id, 5).finding
        assert finding not in (UNSOUND, "not checked")
        findings.add((mutant.id, verdict.status.value, finding))
    # negate C: refuted at n = 1, the witness replayed; drop H: M(0) = (1, 0), M(1) = (0, 1) moves
    # 1 > 1/4, refuted too.
    assert findings == {
        ("t/negate C", "refuted", CONFIRMED),
        ("t/drop H", "refuted", CONFIRMED),
    }


REDUCED_FILE = """
from fractions import Fraction as F

from dpproofs.claim import all_of
from dpproofs.finite.additive import Reading, additive_sensitivity, values
from dpproofs.search.pairs import for_all_neighbour_pairs
from dpproofs.theorem import theorem


def close(alg, x, y):
    return alg.le(x[0][0], y[0][0] + F(1, 4))


@theorem(id="reduced.both", source="a test fixture", expect="verified-bounded")
def both():
    return all_of(
        for_all_neighbour_pairs(("M",), (2,), close, close, says="closeness"),
        additive_sensitivity("count", values(0, 1), Reading.CHANGE, 1),
    )
"""


def test_the_sweep_cross_check_decides_the_reduced_parts(tmp_path):
    """The child's cross-check of a theorem with a neighbour-pair part and an additive part:
    before, the pair part was not cross-checked and the additive part not looked at."""
    from dpproofs.soundness.liftcheck import crosscheck

    (tmp_path / "reduced_theorems.py").write_text(REDUCED_FILE)
    check = crosscheck(str(tmp_path / "reduced_theorems.py"), "reduced.both", 60, 20, 120)
    assert not check.unsound
    pairs, additive = check.rules
    assert (pairs.part, pairs.rule, pairs.not_checked) == ((0,), "neighbour-pair reduction", ())
    assert [r.split(":")[1].split()[0] for r in pairs.results] == ["unsat"] * 3
    assert (additive.part, additive.rule, additive.status) == (
        (1,),
        "additive sensitivity rule",
        "proved",
    )


def _semantic(ratio, beliefs=False):
    """'(E - 1)/2-semantic privacy (Definition 2.1 for all beliefs, or 2.3 at two beliefs)
    => DP with ``ratio``' by the semantic-restriction rule, eps = 1/2, delta = 1/100."""
    from dpproofs.search.semantic_restriction import SemanticTerms, semantic_to_dp_every_n

    def terms(alg, E):
        c = alg.div(E - 1, alg.const(2))
        if not beliefs:
            return SemanticTerms(c=c, ratio=ratio(alg, E))
        high, low = alg.div(E + 1, alg.const(4)), alg.div(3 - E, alg.const(4))
        return SemanticTerms(
            c=c, ratio=ratio(alg, E), delta=F(1, 100), beliefs=((low, high), (high, low)),
            slack=alg.div(F(4, 100), 3 - E),
        )  # fmt: skip

    return semantic_to_dp_every_n(terms, (2,), says="s", eps=F(1, 2))


def _corrected(alg, E):
    r = alg.div(1 + E, 3 - E)
    return r * r


@pytest.mark.parametrize("beliefs", [False, True])
def test_the_semantic_restriction_claim_on_d_n(beliefs):
    # True at n = 1 (the rule's n = 1 claim); ratio e^eps (too small) false on D^2 (Definition
    # 2.1) and D^1 (2.3: z3 times out on D^2 in 20 s under load; Psi(2), Psi(3) at 2.3 are
    # evaluated exactly in tests/search/test_semantic_restriction.py).
    claim, weak = _semantic(_corrected, beliefs), _semantic(lambda alg, E: E, beliefs)
    assert decide_alone(claim.direct(1), 2, 20).result == UNSAT
    assert decide_alone(weak.direct(1 if beliefs else 2), 2, 20).result == COUNTEREXAMPLE


def test_a_forged_semantic_restriction_is_unsound():
    # The honest n = 1 claim, its direct statement swapped for a false one: the check states
    # the claim on D^n by ``direct``, not by the n = 1 claim, and finds it false at n = 1, 2, 3.
    honest, false = _semantic(_corrected), _semantic(lambda alg, E: E)
    forged = dataclasses.replace(honest, direct=false.direct)
    checked = check_pairs((0,), forged, "proved", 20, 60)
    assert checked.unsound and checked.rule == "semantic-restriction rule"
    assert [r.split(":")[1].split(" (")[0].strip() for r in checked.results] == [
        "counterexample"
    ] * 3
