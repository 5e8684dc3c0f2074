"""The search engine end to end on small claims whose answers are derived by hand."""

from fractions import Fraction as F

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.algebra import implies
from dpproofs.claim import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.expfacts import exp_bracket, exp_facts
from dpproofs.search import Interval, for_all_distributions, log_of
from dpproofs.search.engine import search
from dpproofs.search.polarity import relax
from dpproofs.verdict import Status
from dpproofs.vocabulary import indistinguishable, one_sided_close, statistical_difference


def replays(claim, verdict):
    """Execute the counterexample's replay source against the claim (it asserts falsity)."""
    exec(verdict.counterexample.replay, {"claim": claim})
    return True


def test_a_true_claim_is_verified_up_to_the_stated_size():
    # (0, delta)-closeness is TV <= delta (Cuff-Yu (8)); here in one direction only.
    claim = for_all_distributions(range(2, 5), delta=Interval(0, 1)).claim(
        lambda alg, p, q, delta: implies(
            alg,
            alg.le(statistical_difference(alg, p, q), delta),
            one_sided_close(alg, p, q, alg.const(1), delta),
        )
    )
    verdict = claim.decide(Deadline(30))
    # One sum (SD and the one-sided hockey-stick at gamma = 1 are the same sum), no family, two
    # rows: the small-model bound is N* = 2 + 1 = 3, and 3 and 4 were searched: proved.
    assert verdict.status is Status.PROVED
    assert "small-model theorem: m = 2 rows, N* = 3" in verdict.certificate
    assert "z3 unsat at 3 >= N* = 3 outcomes" in verdict.certificate
    assert verdict.reason == (
        "for all pairs of distributions on every finite number of outcomes, delta in [0, 1]"
    )


def test_a_claim_that_singles_out_an_outcome_stays_bounded():
    # p_0 <= e^eps q_0 + ... : the predicate indexes outcome 0, so it is a claim per size only.
    claim = for_all_distributions(range(2, 5), delta=Interval(0, 1)).claim(
        lambda alg, p, q, delta: implies(
            alg,
            alg.le(statistical_difference(alg, p, q), delta),
            alg.le(p[0], q[0] + delta),
        )
    )
    verdict = claim.decide(Deadline(30))
    assert verdict.status is Status.VERIFIED_BOUNDED
    assert verdict.coverage == (
        "all pairs of distributions with outcomes in {2, 3, 4}, delta in [0, 1] (not one formula "
        "for every size: p[0] singles out an outcome)"
    )
    assert len(verdict.certificate) == 3  # sizes 2, 3, 4


@pytest.mark.parametrize("presearch", [True, False])
def test_the_smallest_alphabet_is_reported(presearch):
    # "some outcome has probability >= 1/2" holds on 2 outcomes (max >= 1/2 always) and fails
    # first on 3 outcomes (the uniform distribution): the counterexample must have size 3.
    claim = for_all_distributions(range(2, 6), names=("p",)).claim(
        lambda alg, p: alg.any([alg.le(alg.const(F(1, 2)), x) for x in p])
    )
    verdict = search(claim, Deadline(30), use_presearch=presearch)
    assert verdict.status is Status.REFUTED
    assert dict(verdict.counterexample.observed)["size"] == "3 outcomes"
    assert replays(claim, verdict)


def test_z3_counterexamples_are_simplified_and_replay():
    # SD <= e^eps - 1 fails when delta > 0 mass moves: e.g. eps tiny, p, q far apart.
    claim = for_all_distributions(
        range(2, 4), eps=Interval(F(1, 100), 1), delta=Interval(0, 1)
    ).claim(
        lambda alg, p, q, E, delta: implies(
            alg,
            indistinguishable(alg, p, q, E, delta),
            alg.le(statistical_difference(alg, p, q), E - 1),
        )
    )
    verdict = search(claim, Deadline(30), use_presearch=False)
    assert verdict.status is Status.REFUTED
    assert "z3" in dict(verdict.counterexample.observed)["found by"]
    assert replays(claim, verdict)
    values = dict(verdict.counterexample.assignment)
    assert all(len(x) < 40 for x in values.values())  # small denominators after simplification


def test_log_parameters_make_e_eps_exactly_rational():
    # With eps = ln 2, e^eps = 2 exactly: p = (1, 0) vs q = (1/2, 1/2) satisfies p_y <= 2 q_y.
    claim = for_all_distributions(range(2, 3), eps=log_of(2)).claim(
        lambda alg, p, q, E: alg.le(p[0], E * q[0])
    )
    assert claim.holds_exactly(2, {"p": [[F(1), F(0)]], "q": [[F(1, 2), F(1, 2)]], "eps": F(0)})
    assert not claim.holds_exactly(2, {"p": [[F(1), F(0)]], "q": [[F(2, 5), F(3, 5)]], "eps": F(0)})


def test_an_exhausted_deadline_gives_unknown_never_verified():
    claim = for_all_distributions(range(2, 9), eps=Interval(F(1, 100), 3)).claim(
        lambda alg, p, q, E: implies(
            alg,
            indistinguishable(alg, p, q, E, alg.const(0)),
            indistinguishable(alg, q, p, E, alg.const(0)),
        )
    )
    verdict = claim.decide(Deadline(0.0))
    assert verdict.status is Status.UNKNOWN
    assert "time ran out" in verdict.reason


def test_malformed_claims_are_rejected():
    with pytest.raises(InvalidClaim):
        for_all_distributions(range(2, 3)).claim(lambda alg, p, q, zeta: True)
    with pytest.raises(InvalidClaim):
        for_all_distributions(range(2, 3), eps=0.5)  # floats are inexact
    with pytest.raises(InvalidClaim):
        Interval(1, 0)


@settings(max_examples=20, deadline=None)
@given(st.fractions(min_value=0, max_value=3, max_denominator=50))
def test_exp_facts_hold_at_the_true_exponential(x):
    # Every fact must admit E = e^x: with x fixed and E in a 64-bit bracket of e^x, satisfiable.
    xv, ev = z3.Real("x"), z3.Real("E")
    lo, hi = exp_bracket(x)
    solver = z3.Solver()
    solver.add(*exp_facts(xv, ev, Interval(0, 3)))
    solver.add(xv == z3.RealVal(f"{x.numerator}/{x.denominator}"))
    solver.add(ev >= z3.RealVal(f"{lo.numerator}/{lo.denominator}"))
    solver.add(ev <= z3.RealVal(f"{hi.numerator}/{hi.denominator}"))
    assert solver.check() == z3.sat


def test_exp_facts_exclude_a_wrong_value():
    # e^1 = 2.718...; E = 2.5 violates E >= 1 + x + x^2/2 + x^3/6 = 2.666... at x = 1.
    xv, ev = z3.Real("x"), z3.Real("E")
    solver = z3.Solver()
    solver.add(*exp_facts(xv, ev, Interval(0, 3)), xv == 1, ev == z3.RealVal("5/2"))
    assert solver.check() == z3.unsat


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.fractions(min_value=-2, max_value=2, max_denominator=8), min_size=3, max_size=3),
    st.fractions(min_value=0, max_value=2, max_denominator=8),
    st.booleans(),
)
def test_polarity_relaxation_is_equisatisfiable(xs, bound, negate):
    # sum_y (x_y - t)^+ <= bound (asserted true or false), with t free: the relaxed formula is
    # satisfiable exactly when the original is.
    t = z3.Real("t")
    zero = z3.RealVal(0)
    terms = [z3.RealVal(f"{x.numerator}/{x.denominator}") - t for x in xs]
    atom = z3.Sum([z3.If(u > zero, u, zero) for u in terms]) <= z3.RealVal(
        f"{bound.numerator}/{bound.denominator}"
    )
    formula = z3.Not(atom) if negate else atom
    relaxed, side = relax(z3.And(formula, t >= 0, t <= 1))
    original, changed = z3.Solver(), z3.Solver()
    original.add(formula, t >= 0, t <= 1)
    changed.add(relaxed, *side)
    assert original.check() == changed.check()
    assert (len(side) > 0) == (not negate)  # only the upper-bound position is relaxed
