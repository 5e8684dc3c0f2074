"""Lifting rules cross-examined: growth (splitting, padding), refinement lifting, and sums
identified by structure (issue 26, classes 2-4). Each false claim here was proved before its
fix; its truth is established by exact Fractions at the size where a counterexample exists."""

import itertools
from dataclasses import replace
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.algebra import implies
from dpproofs.claim import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.evidence import BoundedSearch, SmallModel
from dpproofs.formula import Node, const
from dpproofs.outcomes import every_event, every_outcome, outcome_total
from dpproofs.recheck import certificates
from dpproofs.recheck.pieces import Outcome, Piece
from dpproofs.search import Interval, for_all_distributions, for_all_mechanisms
from dpproofs.search.cegar import ForAllHypothesis
from dpproofs.search.databases import DatabaseSpace
from dpproofs.search.growth import Growth, at_zero
from dpproofs.search.linear import structure, sum_key
from dpproofs.search.objects import channel, distribution
from dpproofs.search.shape import Part, ShapeReport, analyse
from dpproofs.verdict import Status
from dpproofs.vocabulary import hockey_stick, statistical_difference


def shape_of(claim):
    traced = claim.formula
    assert traced.root is not None, traced.reason
    report = analyse(traced.root, sum(rows for _, rows in traced.axis_rows))
    assert isinstance(report, ShapeReport), report
    return report


def event_masses(p):
    """Every event's mass P(A), A a subset of the outcomes (exact)."""
    return {
        sum((p[i] for i in a), F(0))
        for k in range(len(p) + 1)
        for a in itertools.combinations(range(len(p)), k)
    }


# --- class 2: growth -----------------------------------------------------------------------

THIRDS = {F(0), F(1, 3), F(2, 3), F(1)}


def no_thirds_distribution(alg, p):
    """No distribution has full support and every event's mass in {0, 1/3, 2/3, 1}: FALSE on
    1, 2 and 3 outcomes ((1), (1/3, 2/3), (1/3, 1/3, 1/3)), true on 4 or more (each outcome then
    has mass >= 1/3)."""
    full = every_outcome(alg, (p,), lambda a: a > 0)
    masses = every_event(alg, (p,), lambda m: (m == 0) | (3 * m == 1) | (3 * m == 2) | (m == 1))
    return ~(full & masses)


def test_thirds_truth_by_exact_enumeration():
    for p in ([F(1)], [F(1, 3), F(2, 3)], [F(1, 3)] * 3):
        assert all(v > 0 for v in p) and event_masses(p) <= THIRDS  # counterexamples
    # On 4 outcomes full support and masses in THIRDS force p_x >= 1/3 each: sum >= 4/3 > 1.


def test_a_claim_false_below_the_searched_sizes_is_not_lifted_without_growth():
    # Was PROVED after unsat at 4 and 5 with N* = 1 ("unsat at some n >= N*"): splitting breaks
    # the non-affine event condition of the hypothesis ((1) -> (1/2, 1/2) has mass 1/2), padding
    # breaks full support. No growth: every size from 1 to N* must be searched.
    claim = for_all_distributions([4, 5]).claim(no_thirds_distribution)
    report = shape_of(claim)
    assert report.bound == 1
    assert [p.growth for p in report.parts] == [Growth.NONE]
    assert report.needs([4, 5]) == [1]
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.REFUTED
    observed = dict(verdict.counterexample.observed)
    assert observed["size"] == "1 outcomes"
    assert claim.holds_exactly(1, {"p": [[F(1)]], "q": [[F(1)]]}) is False
    assert claim.holds_exactly(3, {"p": [[F(1, 3)] * 3], "q": [[F(1, 3)] * 3]}) is False


def test_a_negated_event_condition_blocks_splitting():
    # "full support => some event has mass strictly between 0 and 1": false on 1 outcome
    # only; was PROVED after unsat at 2 and 3.
    def nontrivial(alg, p):
        full = every_outcome(alg, (p,), lambda a: a > 0)
        trivial = every_event(alg, (p,), lambda m: (m == 0) | (m == 1))
        return ~full | ~trivial

    claim = for_all_distributions([2, 3]).claim(nontrivial)
    assert [p.growth for p in shape_of(claim).parts] == [Growth.NONE]
    assert event_masses([F(1)]) == {F(0), F(1)}  # the counterexample on 1 outcome
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.REFUTED
    assert dict(verdict.counterexample.observed)["size"] == "1 outcomes"


def test_padding_is_chosen_when_splitting_fails_and_hypotheses_hold_at_zero():
    # The same event condition without full support: (1, 0, ...) pads; the claim is false on
    # every size (p = (1, 0, ..., 0)), found at the searched sizes.
    def trivial_events(alg, p):
        return ~every_event(alg, (p,), lambda m: (m == 0) | (m == 1))

    report = shape_of(for_all_distributions([2]).claim(trivial_events))
    assert [p.growth for p in report.parts] == [Growth.PAD]
    assert report.needs([2]) == []


def test_affine_events_and_scale_invariant_families_split():
    def dp_tv(alg, p, q, E):
        dp = every_event(alg, (p, q), lambda a, b: alg.le(a, E * b))
        return implies(alg, dp, alg.le(statistical_difference(alg, p, q), E - 1))

    claim = for_all_distributions([2], eps=Interval(F(1, 10), 1)).claim(dp_tv)
    report = shape_of(claim)
    assert [p.growth for p in report.parts] == [Growth.SPLIT]
    assert report.needs([2]) == [report.bound]
    assert any(line.startswith("  growth: splitting an outcome") for line in report.lines())


def entry(row):
    return Node("entry", ("p", row))


@pytest.mark.parametrize(
    ("body", "value"),
    [
        (Node("le", (entry(0), Node("mul", (Node("param", ("E",)), entry(1))))), True),  # 0 <= E*0
        (Node("lt", (const(0), entry(0))), False),  # full support fails at zero
        (Node("eq", (entry(0), entry(1))), True),
        (Node("any", (Node("lt", (const(0), entry(0))), Node("le", (entry(0), entry(1))))), True),
        (Node("all", (Node("lt", (const(0), entry(0))), Node("le", (entry(0), entry(1))))), False),
        (Node("le", (entry(0), Node("param", ("E",)))), None),  # depends on E
        (Node("le", (Node("div", (entry(0), entry(1))), const(1))), None),  # 0/0
    ],
)
def test_a_family_at_the_zero_column(body, value):
    assert at_zero(body) is value


# Growth against brute force: a random claim over one row's events and outcomes; when the
# rule says a growth operation is valid, it preserves the claim's exact truth.
CONDITIONS = {
    "nonneg": lambda m: m >= 0,
    "thirds": lambda m: (m == 0) | (3 * m == 1) | (3 * m == 2) | (m == 1),
    "half": lambda m: 2 * m <= 1,
    "trivial": lambda m: (m == 0) | (m == 1),
}
FAMILIES = {"full": lambda a: a > 0, "any": lambda a: a >= 0}


def grown(p, how):
    if how is Growth.SPLIT:
        i = max(range(len(p)), key=lambda k: p[k])
        return [*p[:i], p[i] / 2, p[i] / 2, *p[i + 1 :]]
    return [*p, F(0)]


@settings(max_examples=60, deadline=None)
@given(
    event=st.sampled_from(sorted(CONDITIONS)),
    family=st.sampled_from(sorted(FAMILIES)),
    negate_event=st.booleans(),
    negate_family=st.booleans(),
    p=st.lists(st.integers(0, 6), min_size=1, max_size=4).filter(any),
)
def test_growth_preserves_truth_brute_force(event, family, negate_event, negate_family, p):
    def predicate(alg, p):
        e = every_event(alg, (p,), CONDITIONS[event])
        f = every_outcome(alg, (p,), FAMILIES[family])
        return (~e if negate_event else e) | (~f if negate_family else f)

    claim = for_all_distributions([2]).claim(predicate)
    traced = claim.formula
    report = analyse(traced.root, 2)
    if not isinstance(report, ShapeReport):
        return
    total = sum(p)
    dist = [F(v, total) for v in p]
    for part in report.parts:
        if part.growth is Growth.NONE:
            return
    how = report.parts[0].growth
    bigger = grown(dist, how)
    before = claim.holds_exactly(len(dist), {"p": [dist], "q": [[F(1, len(dist))] * len(dist)]})
    after = claim.holds_exactly(
        len(bigger), {"p": [bigger], "q": [[F(1, len(bigger))] * len(bigger)]}
    )
    if before is False:
        assert after is False, (how, dist, bigger)


def test_each_growth_precondition_is_needed():
    # Splitting (1) -> (1/2, 1/2) and padding (1) -> (1, 0) both turn the counterexample of
    # no_thirds_distribution into a point where the claim holds: the rule must refuse both.
    claim = for_all_distributions([2]).claim(no_thirds_distribution)
    one = {"p": [[F(1)]], "q": [[F(1)]]}
    assert claim.holds_exactly(1, one) is False
    assert claim.holds_exactly(2, {"p": [grown([F(1)], Growth.SPLIT)], "q": [[F(1), 0]]})
    assert claim.holds_exactly(2, {"p": [grown([F(1)], Growth.PAD)], "q": [[F(1), 0]]})


# --- class 3: refinement lifting -------------------------------------------------------------


def _prior_sum(alg, p, q, prior):
    s = outcome_total(alg, (p, q), lambda a, b: alg.pos(prior[0] * a - prior[1] * b))
    return every_outcome(alg, (p, q), lambda a, b: a * s <= b)


def test_a_sum_depending_on_the_inner_value_inside_a_family_is_not_lifted():
    # One sum per prior (a continuum) inside "for every outcome": was K = 2, N* = 3.
    claim = ForAllHypothesis(
        for_all_distributions([2, 3]),
        (("prior", distribution(2)),),
        _prior_sum,
        lambda alg, p, q: alg.le(statistical_difference(alg, p, q), F(1, 2)),
        "TV <= 1/2",
    )
    why = claim.shape()
    assert isinstance(why, str)
    assert why.startswith(
        "a condition on every outcome of the hypothesis contains a sum or condition over the "
        "outcomes that depends on the inner value"
    )


def _always(alg, p, q, prior):
    return alg.le(-1, prior[0])


def _equal(alg, p, q):
    return alg.le(statistical_difference(alg, p, q), 0)


def test_a_seed_outside_the_inner_domain_is_refused():
    # The seed (-2, 3) makes "prior_0 >= -1" false: the outer search was unsat at every size and
    # "TV(P, Q) = 0 for all P, Q" came back PROVED. It is false: P = (1, 0), Q = (0, 1).
    quantifier = for_all_distributions([2, 3])
    inner = (("prior", distribution(2)),)
    assert sum(abs(a - b) for a, b in zip([1, 0], [0, 1], strict=True)) / 2 == 1  # TV = 1 > 0
    with pytest.raises(InvalidClaim, match="not a probability distribution"):
        ForAllHypothesis(
            quantifier, inner, _always, _equal, "TV = 0", seeds=({"prior": [[F(-2), F(3)]]},)
        )
    with pytest.raises(InvalidClaim, match="exact"):
        ForAllHypothesis(
            quantifier, inner, _always, _equal, "TV = 0", seeds=({"prior": [[0.5, 0.5]]},)
        )
    with pytest.raises(InvalidClaim, match="exactly the inner objects"):
        ForAllHypothesis(quantifier, inner, _always, _equal, "TV = 0", seeds=({"b": [[1, 0]]},))
    verdict = ForAllHypothesis(
        quantifier, inner, _always, _equal, "TV = 0", seeds=({"prior": [[F(1, 2), F(1, 2)]]},)
    ).decide(Deadline(60))
    assert verdict.status is Status.REFUTED


# --- class 4: sums identified by structure ---------------------------------------------------


def _power(x, k):
    out = x
    for _ in range(k - 1):
        out = out * x
    return out


def test_coefficients_that_render_alike_are_different_sums():
    # Thresholds E^-13 and E^-14: their renderings are cut at depth 12 and coincide; the sums
    # differ, so K = 2 (it was 1).
    def two(alg, p, q, E):
        low = hockey_stick(alg, p, q, alg.div(1, _power(E, 13)))
        high = hockey_stick(alg, p, q, alg.div(1, _power(E, 14)))
        return alg.le(low, high)

    claim = for_all_distributions([2], eps=Interval(F(1, 100), 1)).claim(two)
    root = claim.formula.root
    low, high = root.args
    assert repr(low) == repr(high)  # rendered alike
    assert sum_key(low) != sum_key(high)
    assert structure(low) != structure(high)
    assert [len(p.sums) for p in shape_of(claim).parts] == [2]


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 20), st.integers(1, 20))
def test_structure_is_equal_exactly_for_equal_nodes(a, b):
    def chain(k):
        out = Node("param", ("E",))
        for _ in range(k):
            out = Node("mul", (out, Node("param", ("E",))))
        return out

    assert (structure(chain(a)) == structure(chain(b))) is (a == b)


def test_sizes_needed_part_by_part():
    # Part 1 grows with bound 5: one unsat size >= 5. Part 2 does not grow, bound 3: every size
    # 1..3. Covered {2, 4}: 1 and 3 for part 2, 5 for part 1.
    grows = Part((), (), 5, 2, growth=Growth.SPLIT)
    stuck = Part((), (), 3, 1, growth=Growth.NONE)
    report = ShapeReport(2, (grows, stuck))
    assert report.needs([2, 4]) == [1, 3, 5]
    assert report.needs([1, 2, 3, 6]) == []
    assert report.unsat_line([1, 2, 3, 6], "outcomes") == (
        "z3 unsat at 6 >= N* = 5 outcomes and at every size from 1 to 3 (parts without a growth "
        "operation: every size up to their bound)"
    )
    assert ShapeReport(2, (grows,)).needs([2, 4]) == [5]
    assert ShapeReport(2, (grows,)).needs([7]) == []


def test_a_mechanism_claim_without_growth_searches_one_output():
    # Row 0 of M with full support has an event of mass strictly between 0 and 1: false on 1
    # output (row (1)), true on 2 and 3 (the sizes stated). Was PROVED.
    def nontrivial_row(alg, M):
        p = M.rows[0]
        full = every_outcome(alg, (p,), lambda a: a > 0)
        trivial = every_event(alg, (p,), lambda m: (m == 0) | (m == 1))
        return ~full | ~trivial

    claim = for_all_mechanisms(DatabaseSpace(domain=2, n=1), [2, 3]).claim(nontrivial_row)
    assert claim.holds_exactly(1, {"M": [[F(1)], [F(1)]]}) is False
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.REFUTED
    assert dict(verdict.counterexample.observed)["size"] == "1 outputs"


def grid(size, denominator=6):
    """Every distribution on ``size`` outcomes with entries in (1/denominator) Z (exact)."""
    for cut in itertools.combinations_with_replacement(range(denominator + 1), size - 1):
        points = (0, *cut, denominator)
        yield [F(points[i + 1] - points[i], denominator) for i in range(size)]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("event", "family", "negate_family"),
    [(e, f, nf) for e in ("thirds", "trivial", "half") for f in ("full", "any") for nf in (0, 1)],
)
def test_no_proved_claim_has_a_grid_counterexample(event, family, negate_family):
    # Lifting against brute force: a claim of the growth rules' shape (one row, a condition on
    # every event in the hypothesis, where splitting may fail, and a family of either
    # polarity) that is PROVED has no counterexample among the exact grid points of sizes 1 to
    # N* + 2. Before the growth rules, "thirds"/"trivial" with full support were PROVED.
    def predicate(alg, p):
        e = every_event(alg, (p,), CONDITIONS[event])
        f = every_outcome(alg, (p,), FAMILIES[family])
        return ~e | (~f if negate_family else f)

    claim = for_all_distributions([2]).claim(predicate)
    verdict = claim.decide(Deadline(60))
    assert verdict.status in (Status.PROVED, Status.REFUTED, Status.VERIFIED_BOUNDED)
    if verdict.status is not Status.PROVED:
        return
    top = shape_of(claim).bound + 2
    for size in range(1, top + 1):
        for p in grid(size):
            values = {"p": [p], "q": [[F(1, size)] * size]}
            assert claim.holds_exactly(size, values) is True, (size, p)


# --- G7: the growth rule and the sizes searched are recorded, and rechecked ---------------


def halves_or_support(alg, p):
    """Full support and every event's mass in {0, 1/2, 1} => every outcome has a nonnegative
    mass (true: the conclusion is "3 p_y >= p_y"). Not affine in the events, full support: no
    growth rule, so a proof needs every size 1..N* (N* = 2: merging, e = 1, k = 0)."""
    full = every_outcome(alg, (p,), lambda a: a > 0)
    masses = every_event(alg, (p,), lambda m: (m == 0) | (2 * m == 1) | (m == 1))
    return ~(full & masses) | every_outcome(alg, (p,), lambda a: 3 * a >= a)


def test_a_lifting_records_its_growth_rule_and_every_size_it_searched():
    claim = for_all_distributions([3]).claim(halves_or_support)
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.PROVED
    (model,) = [e for e in verdict.evidence if isinstance(e, SmallModel)]
    (search,) = [e for e in verdict.evidence if isinstance(e, BoundedSearch)]
    assert [p.growth for p in model.parts] == ["none"]
    assert model.n_star == 2
    # 3 is the claim's size; the lifting added 1 and 2 (no growth: every size up to N*).
    assert model.searched == (3, 1, 2) == tuple(s.size for s in search.sizes)
    # The rechecker holds the record to its rule: without size 1 the certificate fails.
    said = (verdict.method, verdict.reason, tuple(verdict.certificate))
    piece = Piece("t.py", "t", "proved", (), model.as_dict(), "", *said)
    found = certificates.small_model(piece, claim, model, [1, 2, 3], search)
    assert found.outcome is Outcome.CONFIRMED, found.why
    short = replace(model, searched=(3, 2))
    found = certificates.small_model(piece, claim, short, [2, 3], search)
    assert found.outcome is Outcome.FAILED and "[1] were not" in found.why


# --- G9: an inner object over the outcomes is refused by name ------------------------------


def _inner_reads_r(alg, p, q, r):
    return every_outcome(alg, (p, r), lambda a, b: a <= 2 * b)


def _inner_reads_k(alg, p, q, k):
    return every_outcome(alg, (p, q), lambda a, b: alg.le(a, b + k[0][0]))


@pytest.mark.parametrize(
    ("name", "kind", "hypothesis", "text"),
    [
        ("r", distribution(), _inner_reads_r, "distribution on 2"),
        ("K", channel(outputs=2), _inner_reads_k, "2 x 2 channel"),
        ("K", channel(inputs=2), _inner_reads_k, "2 x 2 channel"),
    ],
)
def test_an_inner_object_over_the_outcomes_is_refused_by_name(name, kind, hypothesis, text):
    # Inner values are lifted once, at one fixed shape, and read by every size's hypothesis.
    # The distribution over the outcomes ended in "ValueError: zip() argument 2 is shorter than
    # argument 1" inside every_outcome; the channel from the outcomes came back bounded (not one
    # formula) after searching with an inner value of the wrong size.
    with pytest.raises(InvalidClaim, match=f"inner object '{name}' \\({text} at 2 outcomes\\)"):
        ForAllHypothesis(
            for_all_distributions([2, 3]),
            ((name, kind),),
            hypothesis,
            lambda alg, p, q: alg.le(statistical_difference(alg, p, q), F(1, 2)),
            "TV <= 1/2",
        )
