"""The small-model theorem: bounds computed from formulas, liftings, and the guards against
lifting what the theorem does not cover."""

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.algebra import implies
from dpproofs.claim import Deadline
from dpproofs.outcomes import every_outcome, outcome_total
from dpproofs.search import Interval, for_all_distributions, log_of
from dpproofs.search.lifting import SmallModelViolation, check_refutation
from dpproofs.search.reducer import reduce_columns
from dpproofs.search.shape import ShapeReport, analyse
from dpproofs.verdict import Status
from dpproofs.vocabulary import (
    hockey_stick,
    mass_where,
    max_divergence_at_most,
    nonempty_subsets,
    statistical_difference,
)


def bound(claim):
    traced = claim.formula
    assert traced.root is not None, traced.reason
    report = analyse(traced.root, sum(rows for _, rows in traced.axis_rows))
    assert isinstance(report, ShapeReport), report
    return report.bound


def three_rays(alg, p, q):
    """If every outcome has p = 0, q = 0 or q = 3p, then TV(P, Q) is not in (2/3, 1)."""
    rays = every_outcome(alg, (p, q), lambda a, b: (a == 0) | (b == 0) | (b == 3 * a))
    tv = statistical_difference(alg, p, q)
    return implies(alg, rays, ~((F(2, 3) < tv) & (tv < 1)))


def test_the_tight_example_needs_three_outcomes():
    # m = 2 rows, K = 1 sum (TV), the family only in the hypothesis: N* = m + K = 3.
    # With two of the three rays TV is 2/3 or 1; all three give TV = 1 - a, a in (0, 1/3).
    assert bound(for_all_distributions([2]).claim(three_rays)) == 3
    verdict = for_all_distributions([2]).claim(three_rays).decide(Deadline(60))
    assert verdict.status is Status.REFUTED  # found at N* = 3 by the lifting step
    observed = dict(verdict.counterexample.observed)
    assert observed["size"] == "3 outcomes"
    assert observed["minimality"] == "no counterexample on outcomes in [2] (z3 unsat)"


def test_a_zero_column_witness_counts_one_outcome_more():
    # Hypothesis family "p_y != q_y or p_y = q_y = 0" (negative), conclusion family
    # "p_y + q_y > 0" (positive, e = 1): N* = m + K + max(e - 1, 1) = 2 + 0 + 1 = 3, attained by
    # P = (1, 0, 0), Q = (0, 1, 0); on 2 outcomes a zero column forces the other to be (1, 1).
    def claim(alg, p, q):
        apart = every_outcome(alg, (p, q), lambda a, b: ~(a == b) | ((a == 0) & (b == 0)))
        return implies(alg, apart, every_outcome(alg, (p, q), lambda a, b: a + b > 0))

    searched = for_all_distributions([2]).claim(claim)
    assert bound(searched) == 3
    verdict = searched.decide(Deadline(60))
    assert verdict.status is Status.REFUTED
    assert dict(verdict.counterexample.observed)["size"] == "3 outcomes"
    assert searched.holds_exactly(3, {"p": [[1, 0, 0]], "q": [[0, 1, 0]]}) is False


def test_pure_dp_implies_approximate_dp_is_proved_for_every_alphabet():
    # hockey_stick(p, q, E) <= 0 is the family "p_y <= E q_y for every y" (a sum of positive
    # parts is 0 iff every part is); pure DP, in the hypothesis, is closed under adding
    # outcomes; no sum is left: merging gives N* = e + 1 = 2 (one positive family).
    claim = for_all_distributions(range(2, 4), eps=Interval(F(1, 100), 2)).claim(
        lambda alg, p, q, E: implies(
            alg, max_divergence_at_most(alg, p, q, E), alg.le(hockey_stick(alg, p, q, E), 0)
        )
    )
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.PROVED
    assert verdict.reason == (
        "for all pairs of distributions on every finite number of outcomes, eps in [1/100, 2]"
    )
    assert (
        "part 1: m = 2 rows, K = 0 sums, e = 1 families, N* = 2 (merging: e + 2^k, k = "
        "conditions on every event occurring positively)" in verdict.certificate
    )


def test_a_pinned_parameter_is_lifted_in_the_alphabet_only():
    claim = for_all_distributions(range(2, 4), eps=log_of(F(3, 2))).claim(
        lambda alg, p, q, E: implies(
            alg, max_divergence_at_most(alg, p, q, E), alg.le(hockey_stick(alg, p, q, E), 0)
        )
    )
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.VERIFIED_BOUNDED
    assert verdict.coverage == (
        "all pairs of distributions on every finite number of outcomes (small-model theorem, "
        "N* = 2), eps = ln(3/2) (eps at chosen points only: the whole domain would make it a proof)"
    )


def test_conjuncts_are_bounded_separately():
    # H => C1 and C2 with C1, C2 one sum each (hockey-stick sums at gamma = 2 both ways: two
    # linear forms, p - 2q and q - 2p, not one up to sign). H is a family in negative position
    # (not counted). Each part has its own sum, monotone (a side of "<=" in a conclusion):
    # N* = m + K - 1 + e = 2 + 1 - 1 + 0 = 2; the two sums together would give 3.
    claim = for_all_distributions([3], delta=Interval(0, 1)).claim(
        lambda alg, p, q, delta: implies(
            alg,
            max_divergence_at_most(alg, p, q, 1),
            alg.all(
                [
                    alg.le(hockey_stick(alg, p, q, 2), delta + 1),
                    alg.le(hockey_stick(alg, q, p, 2), delta + 1),
                ]
            ),
        )
    )
    assert bound(claim) == 2


def test_the_merging_theorem_needs_no_sums_and_closed_hypotheses():
    # Pure DP (p_y <= E q_y: linear, closed under adding outcomes) => p_y <= E^2 q_y: K = 0, one
    # positive family: N* = e + 1 = 2 instead of m + K + 1 = 3.
    merged = for_all_distributions([2], eps=Interval(F(1, 100), 2)).claim(
        lambda alg, p, q, E: implies(
            alg,
            max_divergence_at_most(alg, p, q, E),
            every_outcome(alg, (p, q), lambda a, b: a <= E * E * b),
        )
    )
    assert bound(merged) == 2
    assert merged.decide(Deadline(60)).status is Status.PROVED
    # A hypothesis with a disjunction is not closed under addition: Theorem 1's bound stays.
    disjunctive = for_all_distributions([2]).claim(
        lambda alg, p, q: implies(
            alg,
            every_outcome(alg, (p, q), lambda a, b: (a <= 2 * b) | (b <= 2 * a)),
            every_outcome(alg, (p, q), lambda a, b: a <= 4 * b),
        )
    )
    assert bound(disjunctive) == 3
    # The zero column again: "p_y <= 2 q_y for all y => p_y + q_y > 0 for all y" fails on
    # P = Q = (1, 0), within N* = e + 1 = 2.
    zero = for_all_distributions([2]).claim(
        lambda alg, p, q: implies(
            alg,
            every_outcome(alg, (p, q), lambda a, b: a <= 2 * b),
            every_outcome(alg, (p, q), lambda a, b: a + b > 0),
        )
    )
    assert bound(zero) == 2
    assert zero.decide(Deadline(60)).status is Status.REFUTED


NOT_LIFTED = [
    ("indexes one outcome", lambda alg, p, q: alg.le(p[0], 1), "p[0] singles out an outcome"),
    (
        "per-outcome condition with an additive delta",
        lambda alg, p, q, delta: every_outcome(alg, (p, q), lambda a, b: a <= 2 * b + delta),
        "not scale-invariant",
    ),
    (
        "a subset enumeration",
        lambda alg, p, q: alg.all(
            alg.le(alg.total(p[y] for y in t), alg.const(1)) for t in nonempty_subsets(len(p))
        ),
        "len() of p",
    ),
    (
        "a constant depending on the alphabet size",
        lambda alg, p, q: alg.le(statistical_difference(alg, p, q), F(1, len(p))),
        "len() of p",
    ),
    (
        "a branch on the size",
        lambda alg, p, q: alg.le(0, 1) if len(p) < 4 else alg.lt(1, 0),
        "len() of p",
    ),
    (
        "a sum over all but one outcome",
        lambda alg, p, q: alg.le(alg.total(list(p)[1:]), 1),
        "iterating over the outcomes of p",
    ),
    (
        "a sum of degree 2",
        lambda alg, p, q: alg.le(outcome_total(alg, (p, q), lambda a, b: a * b), 1),
        "degree 2",
    ),
    (
        "a caught refusal",
        lambda alg, p, q: _swallow(p, alg),
        "p[0] singles out an outcome",
    ),
]


def _swallow(p, alg):
    try:
        return alg.le(p[0], 1)
    except Exception:
        return alg.le(0, 1)


@pytest.mark.parametrize("name, predicate, why", NOT_LIFTED, ids=[c[0] for c in NOT_LIFTED])
def test_shapes_outside_the_theorem_stay_bounded(name, predicate, why):
    params = {"delta": Interval(0, 1)} if "delta" in predicate.__code__.co_varnames[:4] else {}
    claim = for_all_distributions([2, 3], **params).claim(predicate)
    verdict = claim.decide(Deadline(60))
    assert verdict.status in (Status.VERIFIED_BOUNDED, Status.REFUTED)
    if verdict.status is Status.VERIFIED_BOUNDED:
        assert why in verdict.coverage
        assert "every finite" not in verdict.coverage


def test_a_refutation_beyond_the_bound_fails_loudly():
    # Unsat at 3 = N* and then a counterexample: impossible by the theorem, so the shape
    # analysis would be wrong; the engine raises instead of reporting either verdict.
    claim = for_all_distributions([2]).claim(three_rays)
    with pytest.raises(SmallModelViolation, match="N\\* = 3"):
        check_refutation(claim, 4, [2, 3])
    check_refutation(claim, 3, [2])  # consistent: 3 <= N*, nothing searched at N*


# --- the reducer: the theorem's proof, run on random instances in exact rationals -----------


def _column_sums(columns):
    return [sum(c[i] for c in columns) for i in range(len(columns[0]))]


SUMS = [
    lambda c: max(c[0] - 2 * c[-1], F(0)),  # a hockey-stick term
    lambda c: max(c),  # the upper end of a simulator interval
    lambda c: c[0] if c[0] > c[-1] else F(0),  # mass of a "bad" set: discontinuous, fine
]


@st.composite
def instances(draw):
    m = draw(st.integers(1, 3))
    n = draw(st.integers(1, 9))
    raw = [[draw(st.integers(0, 6)) for _ in range(n)] for _ in range(m)]
    for row in raw:
        if not any(row):
            row[draw(st.integers(0, n - 1))] = 1
    rows = [[F(v, sum(row)) for v in row] for row in raw]
    columns = [tuple(rows[i][x] for i in range(m)) for x in range(n)]
    k = draw(st.integers(0, len(SUMS)))
    witnesses = draw(st.lists(st.integers(0, n - 1), max_size=3, unique=True))
    return columns, SUMS[:k], witnesses


@settings(max_examples=150, deadline=None, derandomize=True)
@given(instances())
def test_the_reducer_keeps_sums_and_predicates_on_at_most_the_bound(instance):
    columns, sums, witnesses = instance
    m = len(columns[0])
    weights = reduce_columns(columns, sums, witnesses)
    reduced = [tuple(w * v for v in columns[x]) for x, w in weights.items()]
    assert _column_sums(reduced) == [1] * m  # rows are distributions again
    for g in sums:  # every sum keeps its value (homogeneity)
        assert sum(g(c) for c in reduced) == sum(g(c) for c in columns)
    ratio = lambda c: c[0] <= 2 * c[-1]  # noqa: E731 - a scale-invariant per-outcome predicate
    for x, w in weights.items():
        assert w > 0 and ratio(tuple(w * v for v in columns[x])) == ratio(columns[x])
    nonzero_witnesses = [x for x in witnesses if any(columns[x])]
    assert all(x in weights for x in nonzero_witnesses)
    assert len(weights) <= m + len(sums) + max(len(nonzero_witnesses) - 1, 0)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(instances(), st.sampled_from([1, -1]))
def test_the_monotone_reducer_moves_one_sum_one_way_on_m_plus_k_minus_1_plus_e(instance, way):
    # The monotone rule: the last sum is not kept but only moved in direction ``way``; every
    # witness is kept; support <= m + (K - 1) + |W| (K counting the moved sum).
    columns, sums, witnesses = instance
    if not sums:
        return
    m = len(columns[0])
    *kept, moved = sums
    weights = reduce_columns(columns, kept, witnesses, objective=(moved, way))
    reduced = [tuple(w * v for v in columns[x]) for x, w in weights.items()]
    assert _column_sums(reduced) == [1] * m
    for g in kept:
        assert sum(g(c) for c in reduced) == sum(g(c) for c in columns)
    change = sum(moved(c) for c in reduced) - sum(moved(c) for c in columns)
    assert change * way >= 0
    nonzero_witnesses = [x for x in witnesses if any(columns[x])]
    assert all(weights.get(x) == 1 for x in nonzero_witnesses)
    assert len(weights) <= m + len(kept) + len(nonzero_witnesses)


def _group_privacy(alg, p, q, r, delta):
    """(ln 2, delta)-close p ~ q and q ~ r => p ~ r at (ln 4, 3 delta): true (group privacy)."""
    two = alg.const(2)
    hypothesis = alg.all(
        [alg.le(hockey_stick(alg, p, q, two), delta), alg.le(hockey_stick(alg, q, r, two), delta)]
    )
    return implies(alg, hypothesis, alg.le(hockey_stick(alg, p, r, two * two), 3 * delta))


def _loss_tail(alg, p, q, r, E, delta):
    """Pr_{y ~ p}[p_y <= e^eps q_y] >= 1 - delta for the pair (p, q) and for (p, r) => both
    pairs are (eps, delta)-close one way: true, and each conclusion needs only its own pair."""

    def tail(a, b):
        return alg.le(1 - delta, mass_where(alg, (a, b), 0, lambda x, y: alg.le(x, E * y)))

    return implies(
        alg,
        alg.all([tail(p, q), tail(p, r)]),
        alg.all(
            [alg.le(hockey_stick(alg, p, q, E), delta), alg.le(hockey_stick(alg, p, r, E), delta)]
        ),
    )


DOMAINS = {"eps": Interval(F(1, 100), 2), "delta": Interval(0, F(1, 2))}


def test_localised_hypotheses_prove_with_the_bound_of_one_pair():
    # Each conjunct of the whole claim: m = 3 rows, K = 2 tails + 1 hockey sum, all monotone
    # (the tails only as "1 - delta <= tail" in the hypothesis, the hockey sum only as
    # "hockey <= delta" in the conclusion): N* = m + K - 1 = 5 (not searched: size 2).
    # Localised, the conjunct of the pair (p, q) keeps tail(p, q) (rows p, q) and drops
    # tail(p, r) (row r is not among its conclusion's rows): m = 2, K = 2, N* = 3; z3 unsat
    # there proves the localised conjunct, which implies the conjunct (fewer hypotheses).
    claim = for_all_distributions(range(2, 3), ("p", "q", "r"), **DOMAINS).claim(_loss_tail)
    assert bound(claim) == 5
    verdict = claim.decide(Deadline(120))
    assert verdict.status is Status.PROVED
    assert "small-model bound of the whole claim N* = 5; hypotheses localised:" in (
        verdict.certificate
    )
    assert "conjunct 1: 2 rows, 1 hypotheses kept, 1 dropped, N* = 3" in verdict.certificate
    assert "conjunct 2: 2 rows, 1 hypotheses kept, 1 dropped, N* = 3" in verdict.certificate
    # The evidence for dpproofs recheck: the searched sizes, then one record per conjunct.
    local = [e for e in verdict.evidence if e.kind == "localised-conjunct"]
    assert [
        (
            e.conjunct,
            e.reduction.rows,
            e.kept,
            e.dropped,
            e.reduction.n_star,
            e.reduction.unsat_size,
        )
        for e in local
    ] == [
        (1, 2, 1, 1, 3, 3),
        (2, 2, 1, 1, 3, 3),
    ]


def test_a_localised_conjunct_that_needs_its_dropped_hypotheses_grows_its_region():
    # Group privacy needs both hypotheses, each of which mentions q, not a row of the
    # conclusion (p, r): the localised conjunct "hockey(p, r, 4) <= 3 delta" alone is false
    # (N* = 2 + 1 - 1 = 2 < 5 = the whole claim's N*: m = 3, K = 3 sums, one monotone). Its
    # counterexample is no counterexample to the claim; the next region adds q, keeps both
    # hypotheses (the whole conjunct: N* = 5) and is unsat there: proved.
    claim = for_all_distributions(range(2, 3), ("p", "q", "r"), delta=DOMAINS["delta"]).claim(
        _group_privacy
    )
    assert bound(claim) == 5
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.PROVED
    assert "conjunct 1: 3 rows, 2 hypotheses kept, 0 dropped, N* = 5" in verdict.certificate
    assert (
        "  (2 rows, 0 hypotheses kept: satisfiable (the dropped hypotheses are needed) at 2 "
        "outcomes)" in verdict.certificate
    )


def test_a_sum_and_its_mirror_count_once():
    # TV(p, q) = sum (p - q)^+ and TV(q, p) = sum (q - p)^+ differ by sum (p - q) = 1 - 1 = 0:
    # one sum (K = 1). It moves the claim one way in the hypothesis and the other way in the
    # conclusion: not monotone. N* = m + K = 3 (counting the two: 4, or 3 with the monotone rule).
    half = F(1, 2)
    claim = for_all_distributions([2]).claim(
        lambda alg, p, q: implies(
            alg,
            alg.le(statistical_difference(alg, p, q), half),
            alg.le(statistical_difference(alg, q, p), half),
        )
    )
    traced = claim.formula
    report = analyse(traced.root, 2)
    assert isinstance(report, ShapeReport)
    (part,) = report.parts
    assert (len(part.sums), part.rule, part.bound) == (1, "sums", 3)
