"""Claims over events ("for every set A of outcomes"): the binder's meaning, its formula at every
size, the small-model bound it gives, and the guards against reading what it does not cover."""

from fractions import Fraction as F
from itertools import combinations

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies_search import distributions, ratios

from dpproofs.algebra import EXACT, implies
from dpproofs.claim import Deadline
from dpproofs.formula import events, interpret
from dpproofs.outcomes import every_event, every_outcome, some_event
from dpproofs.search import Interval, for_all_distributions
from dpproofs.search.shape import Opaque, ShapeReport, analyse
from dpproofs.verdict import Status
from dpproofs.vocabulary import hockey_stick, statistical_difference


def _subsets(n):
    return [c for k in range(n + 1) for c in combinations(range(n), k)]


def _shape(claim):
    traced = claim.formula
    assert traced.root is not None, traced.reason
    return analyse(traced.root, sum(rows for _, rows in traced.axis_rows))


def _bound(claim):
    report = _shape(claim)
    assert isinstance(report, ShapeReport), report
    return report.bound


def _rational(x):
    return sympy.Rational(x.numerator, x.denominator)


# --- meaning ----------------------------------------------------------------------------------


def test_events_are_every_subset_the_empty_one_first():
    assert events(2) == [(), (0,), (1,), (0, 1)]
    assert sorted(events(4)) == sorted(_subsets(4))  # 2^4 = 16 sets, each once


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(1, 4).flatmap(lambda n: st.tuples(distributions(n), distributions(n))), ratios)
def test_every_event_is_the_condition_on_every_subset(pq, gamma):
    p, q = pq
    got = every_event(EXACT, (p, q), lambda pa, qa: pa <= gamma * qa)
    want = all(
        sum((p[y] for y in t), F(0)) <= gamma * sum((q[y] for y in t), F(0))
        for t in _subsets(len(p))
    )
    assert bool(got) == want
    some = some_event(EXACT, (p, q), lambda pa, qa: pa > gamma * qa)
    assert bool(some) == (not want)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.lists(st.fractions(-3, 3, max_denominator=7), min_size=0, max_size=7))
def test_the_separable_maximum(values):
    # The lemma the affine reading rests on: max_A sum_{x in A} l_x = sum_x (l_x)^+ (the empty
    # set included, so the maximum is >= 0).
    best = max(sum((values[x] for x in t), F(0)) for t in _subsets(len(values)))
    assert best == sum((max(v, F(0)) for v in values), F(0))


def _region(alg, p, q, gamma):
    """every A: P(A) <= gamma Q(A) + TV(P, Q), and some A: P(A) - Q(A) >= TV(P, Q)."""
    tv = statistical_difference(alg, p, q)
    return alg.all(
        [
            every_event(alg, (p, q), lambda pa, qa: alg.le(pa, gamma * qa + tv)),
            some_event(alg, (p, q), lambda pa, qa: alg.le(tv, pa - qa)),
        ]
    )


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.integers(2, 4).flatmap(lambda n: st.tuples(distributions(n), distributions(n))), ratios)
def test_the_formula_is_the_predicate_at_every_size(pq, gamma):
    # Traced once on abstract rows, interpreted at n outcomes: the same truth value as the
    # predicate run on the concrete rows (exact rationals).
    p, q = pq
    claim = for_all_distributions([2], gamma=Interval(1, 4)).claim(_region)
    root = claim.formula.root
    assert root is not None
    value, _ = interpret(
        root,
        EXACT,
        len(p),
        {"p": [[_rational(x) for x in p]], "q": [[_rational(x) for x in q]]},
        {"gamma": _rational(gamma)},
    )
    direct = _region(EXACT, [_rational(x) for x in p], [_rational(x) for x in q], _rational(gamma))
    assert bool(value) == bool(direct)


# --- the bound --------------------------------------------------------------------------------


def test_an_affine_event_in_a_hypothesis_is_the_hockey_stick_sum():
    # "every A: P(A) - E Q(A) <= delta" is sum_y pos(p_y - E q_y) <= delta (separable
    # maximum): the same linear form as hockey_stick(p, q, E), so K = 1; it moves the claim
    # one way as a hypothesis and the other way as a conclusion: not monotone. N* = m + K = 3.
    claim = for_all_distributions([2], eps=Interval(F(1, 100), 2), delta=Interval(0, 1)).claim(
        lambda alg, p, q, E, delta: implies(
            alg,
            every_event(alg, (p, q), lambda pa, qa: alg.le(pa - E * qa, delta)),
            alg.le(hockey_stick(alg, p, q, E), delta),
        )
    )
    report = _shape(claim)
    assert isinstance(report, ShapeReport)
    (part,) = report.parts
    assert (len(part.sums), part.rule, part.bound) == (1, "sums", 3)


def test_a_positive_event_of_any_shape_counts_its_masses():
    # "TV <= 1/2 => every A: P(A) Q(A) <= 1/4": the event is not affine, but it occurs only
    # positively: a counterexample has a falsifying event A whose masses P(A), Q(A) are two
    # sums with a mark. K = 3 (TV too), TV monotone: N* = 2 + 3 - 1 = 4. The claim is false
    # (A = all outcomes has P(A) Q(A) = 1): refuted at a size <= N*.
    quarter = F(1, 4)
    claim = for_all_distributions(range(1, 5)).claim(
        lambda alg, p, q: implies(
            alg,
            alg.le(statistical_difference(alg, p, q), alg.const(F(1, 2))),
            every_event(alg, (p, q), lambda pa, qa: alg.le(pa * qa, alg.const(quarter))),
        )
    )
    report = _shape(claim)
    assert isinstance(report, ShapeReport)
    (part,) = report.parts
    assert (len(part.sums), part.rule, part.bound) == (3, "monotone", 4)
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.REFUTED
    assert dict(verdict.counterexample.observed)["size"] == "1 outcomes"


def test_a_hypothesis_event_that_is_not_affine_needs_merging():
    # With a sum (TV) in the conclusion, "every A: P(A) Q(A) <= 1/4" in the hypothesis is not
    # read: Opaque. Without sums (a family conclusion), merging needs no reading of it: a
    # coarser alphabet keeps every condition on every event that held. N* = e + 1 = 2.
    opaque = for_all_distributions([2]).claim(
        lambda alg, p, q: implies(
            alg,
            every_event(alg, (p, q), lambda pa, qa: alg.le(pa * qa, alg.const(F(1, 4)))),
            alg.le(statistical_difference(alg, p, q), alg.const(1)),
        )
    )
    report = _shape(opaque)
    assert isinstance(report, Opaque)
    assert "not a conjunction of comparisons affine" in report.reason
    merged = for_all_distributions([2]).claim(
        lambda alg, p, q: implies(
            alg,
            every_event(alg, (p, q), lambda pa, qa: alg.le(pa * qa, alg.const(F(1, 4)))),
            every_outcome(alg, (p, q), lambda a, b: alg.le(a, 2 * b)),
        )
    )
    report = _shape(merged)
    assert isinstance(report, ShapeReport)
    assert [(p.rule, p.bound) for p in report.parts] == [("merge", 2)]


def test_the_event_bound_is_tight():
    # "every A: P(A) <= 2 Q(A)": no sums, no families, one event occurring positively:
    # N* = 0 + 2^1 = 2. On 1 outcome P = Q = (1): true (z3 unsat); the lifting then searches
    # N* = 2 itself and finds the counterexample there.
    claim = for_all_distributions([1]).claim(
        lambda alg, p, q: every_event(alg, (p, q), lambda pa, qa: alg.le(pa, 2 * qa))
    )
    assert _bound(claim) == 2
    verdict = claim.decide(Deadline(30))
    assert verdict.status is Status.REFUTED
    assert verdict.reason.startswith("counterexample on 2 outcomes (the small-model bound)")


FALSE_EVENT_CLAIMS = [
    (
        "every A: P(A) <= 2 Q(A) + 1/10",
        lambda alg, p, q: every_event(
            alg, (p, q), lambda pa, qa: alg.le(pa, 2 * qa + alg.const(F(1, 10)))
        ),
    ),
    (
        "sets close one way => TV <= 1/10",
        lambda alg, p, q: implies(
            alg,
            every_event(alg, (p, q), lambda pa, qa: alg.le(pa, 2 * qa + alg.const(F(1, 10)))),
            alg.le(statistical_difference(alg, p, q), alg.const(F(1, 10))),
        ),
    ),
    (
        "some A beats TV",
        lambda alg, p, q: some_event(
            alg,
            (p, q),
            lambda pa, qa: alg.le(statistical_difference(alg, p, q) + F(1, 100), pa - qa),
        ),
    ),
]


@pytest.mark.parametrize(
    "name, predicate", FALSE_EVENT_CLAIMS, ids=[c[0] for c in FALSE_EVENT_CLAIMS]
)
def test_false_event_claims_are_refuted_within_their_bound(name, predicate):
    # The guard of the theorem: a counterexample exists on some alphabet, so one exists on at
    # most N* outcomes (searching 1..N* must find it).
    n_star = _bound(for_all_distributions([2]).claim(predicate))
    verdict = for_all_distributions(range(1, n_star + 1)).claim(predicate).decide(Deadline(60))
    assert verdict.status is Status.REFUTED
    size = int(dict(verdict.counterexample.observed)["size"].split()[0])
    assert size <= n_star


# --- what is refused --------------------------------------------------------------------------


def _reason(predicate):
    traced = for_all_distributions([2]).claim(predicate).formula
    assert traced.root is None
    return traced.reason


def test_nested_events_are_not_a_formula():
    def nested(alg, p, q):
        return every_event(
            alg,
            (p, q),
            lambda pa, qa: every_event(alg, (p, q), lambda pb, qb: alg.le(pa - pb, qa - qb)),
        )

    assert "inside another one" in _reason(nested)


def test_a_mass_used_outside_its_event_is_not_a_formula():
    def leaky(alg, p, q):
        kept = []

        def psi(pa, qa):
            kept.append(pa)
            return alg.le(pa, qa + 1)

        every_event(alg, (p, q), psi)
        return alg.le(kept[0], alg.const(1))

    assert "outside 'for every event'" in _reason(leaky)


def test_an_event_inside_a_condition_on_outcomes_is_not_a_formula():
    def inside(alg, p, q):
        return every_outcome(
            alg,
            (p, q),
            lambda a, b: alg.all(
                [alg.le(a, 2 * b), every_event(alg, (p, q), lambda pa, qa: alg.le(pa, 1))]
            ),
        )

    assert "inside a sum or condition over the outcomes" in _reason(inside)
