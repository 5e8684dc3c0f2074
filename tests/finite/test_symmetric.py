"""The symmetric k-ary response rule (docs/design/symmetric-response.md) against the exact
calculus of finite mechanisms at k = 2..5, and its verdicts."""

import pytest
import sympy

from dpproofs import FiniteMechanism
from dpproofs.deadline import Deadline
from dpproofs.finite.profile import pure_epsilon
from dpproofs.finite.symmetric import pure_epsilon_is, symmetric_response
from dpproofs.recheck.symmetric import agrees
from dpproofs.soundness.mutate import enumerate_mutants
from dpproofs.verdict import Status

k = sympy.Symbol("k", positive=True)
eps = sympy.Symbol("eps", positive=True)
E = sympy.exp(eps)
RR = symmetric_response(k, E / (E + k - 1), 1 / (E + k - 1), {eps: "(0, oo)"}, "k-ary RR")


@pytest.mark.parametrize("size", [2, 3, 4, 5])
@pytest.mark.parametrize("at", [sympy.Rational(1, 2), sympy.Integer(1), sympy.Integer(3)])
def test_the_rule_is_the_exact_pure_epsilon(size, at):
    # keep / other = e^eps: the rule's |ln(a/b)| = eps at every k.
    rows = RR.at(size, {eps: at})
    exact = pure_epsilon(FiniteMechanism.from_rows(rows)).exact
    assert sympy.simplify(exact - at) == 0


def test_k_ary_randomized_response_is_exactly_eps_dp_for_every_k():
    claim = pure_epsilon_is(RR, eps)
    assert claim.decide(Deadline(120)).status is Status.PROVED
    assert agrees(claim, "proved")[0]


def test_a_wrong_target_is_not_proved_and_brute_force_says_so():
    # pure eps = eps, not 2 eps.
    claim = pure_epsilon_is(RR, 2 * eps)
    assert claim.decide(Deadline(120)).status is Status.UNKNOWN
    assert not agrees(claim, "proved")[0]


def test_the_mutants_are_listed():
    ids = [m.id for m in enumerate_mutants(pure_epsilon_is(RR, eps), "t").mutants]
    assert ids == ["t/target*9/10", "t/target*11/10", "t/swap", "t/other*2"]
