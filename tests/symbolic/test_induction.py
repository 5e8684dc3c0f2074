"""Induction as a claim form (docs/design/induction.md) against exact evaluation at n = 1..N.

The brute force: for generated claims "sum_{j=1..n} (a v_j + b) <= c n + d for every v_j in
[lo, hi]" (and products of (1 - q) with Bernoulli's invariant), every n in 1..N and every choice
of the per-index values among the domain's ends and middle, evaluated in Fractions. A PROVED
verdict with a violation is unsound; the derivation of each exact value is in the test."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.symbolic.induction import ROLES, induction, running_product, running_sum
from dpproofs.verdict import Status

n = sympy.Symbol("n", positive=True)
v = sympy.Symbol("v", real=True)
N = 5


def _sum_claim(a: int, b: int, c: int, d: int, lo: int, hi: int, invariant_slack: int = 0):
    s = running_sum("S", a * v + b)
    claim = s.symbol <= c * n + d
    invariant = s.symbol <= c * n + d - invariant_slack
    return induction(n, 1, claim, invariant, [s], each={v: (lo, hi)})


def _sum_holds(a: int, b: int, c: int, d: int, lo: int, hi: int) -> bool:
    """Exact evaluation at every n in 1..N over v_j in {lo, (lo + hi)/2, hi}: the sum is affine
    in each v_j, so its largest value over [lo, hi]^n is at the ends (the middle is a check)."""
    points = [Fraction(lo), Fraction(lo + hi, 2), Fraction(hi)]
    for size in range(1, N + 1):
        for values in itertools.product(points, repeat=size):
            if sum(a * x + b for x in values) > c * size + d:
                return False
    return True


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    a=st.integers(-2, 2),
    b=st.integers(-2, 2),
    c=st.integers(-2, 3),
    d=st.integers(-2, 2),
    lo=st.integers(-2, 1),
    width=st.integers(1, 2),
    slack=st.integers(-1, 1),
)
def test_proved_sums_hold_at_every_small_n(a, b, c, d, lo, width, slack):
    claim = _sum_claim(a, b, c, d, lo, lo + width, slack)
    verdict = claim.decide(Deadline(60))
    assert verdict.status in (Status.PROVED, Status.UNKNOWN)
    if verdict.status is Status.PROVED:
        assert _sum_holds(a, b, c, d, lo, lo + width)
        assert [p.status for p in verdict.parts] == [Status.PROVED] * 4


def test_a_true_sum_is_proved_with_both_parts_in_the_certificate():
    # |v| <= 1 per index: a v + b = v - 0 has max 1, so S(n) <= n, and the claim S <= n holds.
    verdict = _sum_claim(1, 0, 1, 0, -1, 1).decide(Deadline(60))
    assert verdict.status is Status.PROVED
    assert [line.split(":")[0] for line in verdict.certificate] == list(ROLES)


def test_a_false_base_is_not_proved():
    # S(1) = v <= 1 at v = 1, but the claim S <= n - 1 says S(1) <= 0: false at n = 1.
    claim = _sum_claim(1, 0, 1, -1, 0, 1)
    assert not _sum_holds(1, 0, 1, -1, 0, 1)
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.UNKNOWN
    assert verdict.reason.startswith("the base is refuted")


def test_a_false_step_is_not_proved():
    # S(n) = n v_j summed with v in [0, 1]: S(n) <= n, so S <= 1 holds at n = 1 (the base) and
    # fails at n = 2 (v_1 = v_2 = 1 gives 2): the step S <= 1 => S + v <= 1 is false.
    claim = _sum_claim(1, 0, 0, 1, 0, 1)
    assert not _sum_holds(1, 0, 0, 1, 0, 1)
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.UNKNOWN
    assert verdict.reason.startswith("the step is refuted")


def _bernoulli(instance_value: sympy.Expr, beta_domain: str):
    q = sympy.Symbol("q", real=True)
    beta = sympy.Symbol("beta", real=True)
    p = running_product("P", 1 - q)
    return induction(
        n,
        1,
        sympy.Le(1 - p.symbol, beta),
        sympy.And(p.symbol >= 0, p.symbol >= 1 - n * q),
        [p],
        where={q: "[0, 1]", beta: beta_domain},
        instance={q: instance_value},
    )


def test_bernoulli_union_bound_for_every_k():
    # 1 - (1 - beta/n)^n <= beta, beta in (0, 1]: Bernoulli, (1 - q)^n >= 1 - n q on [0, 1].
    beta = sympy.Symbol("beta", real=True)
    verdict = _bernoulli(beta / n, "(0, 1]").decide(Deadline(60))
    assert verdict.status is Status.PROVED
    for size in range(1, N + 1):
        for b in (Fraction(1, 3), Fraction(1)):
            assert 1 - (1 - b / size) ** size <= b


def test_an_instance_outside_its_domain_is_not_proved():
    # beta in (0, 2]: beta/n = 2 > 1 at n = 1, outside q's domain [0, 1]; and the claim is false
    # there: 1 - (1 - 2)^1 = 2 <= 2 holds, but at n = 2, beta = 2: 1 - 0 = 1 <= 2 holds too; the
    # part that must fail is the instance, whatever the claim's truth.
    beta = sympy.Symbol("beta", real=True)
    verdict = _bernoulli(beta / n, "(0, 2]").decide(Deadline(60))
    assert verdict.status is Status.UNKNOWN
    assert verdict.reason.startswith("the instance is refuted")


def test_a_term_reading_n_is_refused():
    s = running_sum("S", n * v)
    with pytest.raises(InvalidClaim, match="term of S"):
        induction(n, 1, s.symbol <= n, s.symbol <= n, [s], each={v: (0, 1)})


def test_a_claim_reading_a_per_index_variable_is_refused():
    s = running_sum("S", v)
    with pytest.raises(InvalidClaim, match="claim may read only"):
        induction(n, 1, s.symbol <= v, s.symbol <= v, [s], each={v: (0, 1)})


def _doubled_sum_claim(factor: int):
    # S = sum v_j, T = sum 2 v_j: T = 2 S for every n; T = factor * S fails for factor != 2 at
    # n = 1, v_1 = 1 (T = 2, factor * S = factor).
    s, t = running_sum("S", v), running_sum("T", 2 * v)
    claim = sympy.Eq(t.symbol, factor * s.symbol)
    return induction(n, 1, claim, claim, [s, t], each={v: (0, 1)})


def test_an_equation_of_the_invariant_is_substituted_and_a_false_one_is_not_proved():
    proved = _doubled_sum_claim(2)
    # The step reads T = 2 S by substitution: its statement has no T, and no premise.
    assert proved.parts[1].problem.assumptions == ()
    assert proved.decide(Deadline(60)).status is Status.PROVED
    false = _doubled_sum_claim(3).decide(Deadline(60))
    assert false.status is Status.UNKNOWN
    assert false.reason.startswith("the base is refuted")


def test_a_parameter_named_like_a_copy_of_the_base_is_refused():
    # The base writes v_1 as v__1; a parameter v__1 would be the same symbol, and the base would
    # be decided only at v_1 = that parameter.
    clash = sympy.Symbol("v__1", real=True)
    s = running_sum("S", v)
    with pytest.raises(InvalidClaim, match="reserved"):
        induction(
            n,
            1,
            s.symbol <= n + clash,
            s.symbol <= n + clash,
            [s],
            each={v: (0, 1)},
            where={clash: (0, 1)},
        )


def _weighted_mean(total_weight: int):
    """For every k >= 1, a_j in (0, 1] and real r_j <= eps: sum a_j = total_weight implies
    sum a_j r_j <= eps (the shape of cuffyu.sec6_4: I(X; Y) as the mean of its log-ratios)."""
    a = sympy.Symbol("a", positive=True)
    r, eps = sympy.symbols("r eps", real=True)
    info, mass = running_sum("I", a * r), running_sum("W", a)
    return induction(
        n,
        1,
        sympy.Implies(sympy.Eq(mass.symbol, total_weight), info.symbol <= eps),
        sympy.And(info.symbol <= eps * mass.symbol, mass.symbol > 0),
        [info, mass],
        each={a: "(0, 1]", r: "(-oo, oo)"},
        each_assuming=[r <= eps],
        where={eps: "(-oo, oo)"},
    )


def test_a_mean_of_log_ratios_is_proved_and_a_mean_of_weight_2_is_not():
    assert _weighted_mean(1).decide(Deadline(60)).status is Status.PROVED
    # Weights a = (1, 1) (adding up to 2) with r_j = eps = 1: sum a_j r_j = 2 > 1 = eps.
    verdict = _weighted_mean(2).decide(Deadline(60))
    assert verdict.status is Status.UNKNOWN
    assert verdict.reason.startswith("the conclusion is refuted")
