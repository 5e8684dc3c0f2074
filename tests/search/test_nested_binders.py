"""Nested outcome binders (issue 26, class 1): an inner sum or condition over the outcomes that
reads the OUTER outcome's entry has no formula in which an entry means "the outcome of the
nearest binder". Such a claim is refused as a formula (by name, with the author's line) and keeps
its per-size meaning: the search decides it as written at each size, and it is never lifted.

Before entries knew their binder, the three claims below were traced with the outer entry
re-bound to the inner outcome ("p_z <= p_y" became "p_z <= p_z"): the first two false claims
were proved and the true third one was refuted."""

from fractions import Fraction as F

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies_search import distributions

from dpproofs.algebra import EXACT
from dpproofs.claim import Deadline
from dpproofs.formula import interpret
from dpproofs.laws import mixture
from dpproofs.outcomes import every_event, every_outcome, outcome_total
from dpproofs.search import for_all, for_all_distributions
from dpproofs.search.objects import distribution
from dpproofs.verdict import Status
from dpproofs.vocabulary import mass_where

HALF = F(1, 2)


def uniform(alg, p):
    """Every distribution is uniform: for every y, for every z: p_z == p_y."""
    return every_outcome(alg, [p], lambda py: every_outcome(alg, [p], lambda pz: alg.eq(pz, py)))


def at_least_half_below(alg, p):
    """For every y: Pr_{z ~ p}[p_z <= p_y] >= 1/2."""
    return every_outcome(
        alg,
        [p],
        lambda py: alg.le(alg.const(HALF), mass_where(alg, [p], 0, lambda pz: alg.le(pz, py))),
    )


def likelihood_ratio_test(alg, p, q):
    """For every y, with T_y = {z : p_z q_y >= p_y q_z} (the likelihood-ratio test at the
    threshold of y): p(T_y) - q(T_y) >= p_y - q_y."""
    zero = alg.const(0)
    return every_outcome(
        alg,
        [p, q],
        lambda py, qy: alg.le(
            py - qy,
            outcome_total(
                alg, [p, q], lambda pz, qz: alg.ite(alg.le(py * qz, pz * qy), pz - qz, zero)
            ),
        ),
    )


def _refused(claim):
    traced = claim.formula
    assert traced.root is None
    assert "binds another outcome" in traced.reason
    assert __file__ in traced.reason  # the author's file and line are named
    return traced.reason


# uniform is false: p = [1, 0] at y = 0, z = 1 gives 0 == 1. at_least_half_below is false:
# p = [1, 0], y = 1 gives Pr[p_z <= 0] = p(outcome 1) = 0 < 1/2. Both hold on 1 outcome (p = [1]),
# so the smallest counterexample has 2 outcomes.
@pytest.mark.parametrize("predicate", [uniform, at_least_half_below])
def test_the_false_claims_are_refuted_on_two_outcomes(predicate):
    claim = for_all_distributions(range(1, 4), names=("p",)).claim(predicate)
    _refused(claim)
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample is not None
    assert ("size", "2 outcomes") in verdict.counterexample.observed


def test_the_likelihood_ratio_inequality_holds_on_every_size_searched():
    # True (proof): y is in T_y. If q_y = 0 < p_y, T_y = {z : q_z = 0}, so p(T_y) - q(T_y) =
    # p(T_y) >= p_y = p_y - q_y; if p_y = q_y = 0, T_y is every outcome and both sides are 0.
    # Else let r = p_y / q_y, T_y = {z : p_z >= r q_z}. If r >= 1, every z in T_y has
    # p_z - q_z >= (r - 1) q_z >= 0, so p(T_y) - q(T_y) >= p_y - q_y (the term of y). If r < 1,
    # p_y - q_y < 0, and on the complement p_z < r q_z <= q_z, so p(T_y^c) <= q(T_y^c) and
    # p(T_y) - q(T_y) = q(T_y^c) - p(T_y^c) >= 0 > p_y - q_y. The outer entry read as the inner
    # one gives "for every y: 0 >= p_y - q_y", false at p = [1, 0], q = [0, 1].
    claim = for_all_distributions(range(1, 4)).claim(likelihood_ratio_test)
    _refused(claim)
    verdict = claim.decide(Deadline(120))
    assert verdict.status is Status.VERIFIED_BOUNDED
    assert verdict.coverage is not None
    assert "outcomes in {1, 2, 3}" in verdict.coverage
    assert "not one formula for every size" in verdict.coverage


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(1, 5).flatmap(lambda n: st.tuples(distributions(n), distributions(n))))
def test_the_likelihood_ratio_inequality_by_brute_force(pq):
    # The proof above, checked on exact rational distributions, apart from the vocabulary.
    p, q = pq
    n = len(p)
    for y in range(n):
        tests = [z for z in range(n) if p[y] * q[z] <= p[z] * q[y]]
        assert sum((p[z] - q[z] for z in tests), F(0)) >= p[y] - q[y]


def test_an_inner_binder_that_reads_only_its_own_outcome_is_a_formula():
    # for every y: p_y <= sum_z p_z (= 1): the inner sum is closed, the outer entry is outside it.
    claim = for_all_distributions(range(1, 4), names=("p",)).claim(
        lambda alg, p: every_outcome(
            alg, [p], lambda py: alg.le(py, outcome_total(alg, [p], lambda pz: pz))
        )
    )
    root = claim.formula.root
    assert root is not None, claim.formula.reason
    assert repr(root) == "forall y: (p[0][y] <= sum_y p[0][y])"


def test_an_entry_kept_from_an_earlier_binder_is_refused():
    # On concrete rows kept[-1] is the LAST outcome's entry: "for every z: p_z <= p_last" is
    # not one formula; read as the inner outcome it would be "p_z <= p_z".
    def claim_text(alg, p):
        kept = []
        total = outcome_total(alg, [p], lambda py: kept.append(py) or py)
        return alg.all(
            [alg.le(total, alg.const(1)), every_outcome(alg, [p], lambda pz: pz <= kept[-1])]
        )

    claim = for_all_distributions(range(1, 4), names=("p",)).claim(claim_text)
    _refused(claim)
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.REFUTED  # p = [1, 0]: p_0 = 1 > p_last = 0


def test_an_entry_kept_and_used_outside_every_binder_is_refused():
    def claim_text(alg, p):
        kept = []
        every = every_outcome(alg, [p], lambda py: kept.append(py) or alg.le(py, alg.const(1)))
        return alg.all([every, alg.le(kept[0], alg.const(1))])

    traced = for_all_distributions([2], names=("p",)).claim(claim_text).formula
    assert traced.root is None
    assert "outside a sum" in traced.reason


def test_a_mixture_weighted_by_the_outer_outcome_is_refused():
    # sum_z (p_y * q_z): the weight of the mixture is the outer outcome's entry.
    claim = for_all({"p": distribution(), "q": distribution()}, [2]).claim(
        lambda alg, p, q: every_outcome(
            alg,
            [p],
            lambda py: alg.le(outcome_total(alg, [mixture(alg, [py], [q])], lambda m: m), py),
        )
    )
    _refused(claim)


def test_an_event_condition_with_a_kept_entry_is_refused():
    def claim_text(alg, p, q):
        kept = []
        every = every_outcome(alg, [p], lambda py: kept.append(py) or alg.le(py, alg.const(1)))
        return alg.all([every, every_event(alg, [p, q], lambda pa, qa: alg.le(pa - qa, kept[0]))])

    _refused(for_all_distributions([2]).claim(claim_text))


def test_an_event_condition_reading_the_outer_outcome_is_decided_as_written():
    # for every y, every set A: p(A) <= p_y + 1/2. False: p = [1, 0], y = 1, A = {0} gives
    # 1 <= 1/2; true on 1 outcome (p(A) <= 1 = p_0 + 0 <= p_0 + 1/2), so refuted on 2 outcomes.
    claim = for_all_distributions(range(1, 4), names=("p",)).claim(
        lambda alg, p: every_outcome(
            alg,
            [p],
            lambda py: every_event(alg, [p], lambda pa: alg.le(pa, py + alg.const(HALF))),
        )
    )
    _refused(claim)
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample is not None
    assert ("size", "2 outcomes") in verdict.counterexample.observed


def test_an_event_mass_kept_for_another_event_condition_is_refused():
    # On concrete rows kept[0] is the mass of the first event (the empty set, 0), so the claim
    # is "every A: p(A) <= 0", false on 1 outcome; read as the same event it would be
    # "p(A) <= p(A)". (Before masses knew their event, only the purity check caught this.)
    def claim_text(alg, p, q):
        kept = []
        every = every_event(alg, [p, q], lambda pa, qa: kept.append(pa) or alg.le(pa, qa + 1))
        return alg.all([every, every_event(alg, [p, q], lambda pa, qa: alg.le(pa, kept[0]))])

    claim = for_all_distributions(range(1, 3)).claim(claim_text)
    traced = claim.formula
    assert traced.root is None and "mass p[0](A) of one event" in traced.reason
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample is not None
    assert ("size", "1 outcomes") in verdict.counterexample.observed


# --- brute force: generated nested claims --------------------------------------------------
#
# Terms over one distribution p: constants, the entry of the outcome of the binder `back` levels
# out (0: the nearest), sums, products, and an inner sum over p. The claim is
# "for every y: term(y) <= 1". A claim whose term reads an outer outcome inside an inner sum must
# be refused as a formula; every other one must be a formula whose value at every size is the
# predicate's own value on concrete rows (exact).

_terms = st.recursive(
    st.one_of(
        st.tuples(st.just("c"), st.fractions(0, 2, max_denominator=3)),
        st.tuples(st.just("e"), st.integers(0, 2)),
    ),
    lambda inner: st.one_of(
        st.tuples(st.sampled_from(["add", "mul"]), inner, inner),
        st.tuples(st.just("sum"), inner),
    ),
    max_leaves=6,
)


def _build(alg, p, term, entries):
    """The term's value; ``entries[-1]`` is the nearest binder's entry."""
    op = term[0]
    if op == "c":
        return alg.const(term[1])
    if op == "e":
        return entries[max(len(entries) - 1 - term[1], 0)]
    if op == "sum":
        return outcome_total(alg, [p], lambda pz: _build(alg, p, term[1], [*entries, pz]))
    a, b = (_build(alg, p, t, entries) for t in term[1:])
    return a + b if op == "add" else a * b


def _reads_outer(term, depth):
    """True when an entry inside an inner sum (depth >= 2) is of an outer binder."""
    op = term[0]
    if op == "e":
        return depth >= 2 and min(term[1], depth - 1) > 0
    if op == "c":
        return False
    deeper = depth + 1 if op == "sum" else depth
    return any(_reads_outer(t, deeper) for t in term[1:])


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    _terms, st.integers(1, 3).flatmap(lambda n: st.lists(distributions(n), min_size=3, max_size=3))
)
def test_generated_nested_claims_against_the_predicate(term, ps):
    def predicate(alg, p):
        return every_outcome(alg, [p], lambda py: alg.le(_build(alg, p, term, [py]), alg.const(1)))

    n = len(ps[0])
    traced = for_all_distributions([n], names=("p",)).claim(predicate).formula
    if _reads_outer(term, 1):
        assert traced.root is None and "binds another outcome" in traced.reason
        return
    assert traced.root is not None, traced.reason
    for p in ps:
        row = [sympy.Rational(v.numerator, v.denominator) for v in p]
        value, _ = interpret(traced.root, EXACT, n, {"p": [row]}, {})
        assert bool(value) == bool(predicate(EXACT, row))
