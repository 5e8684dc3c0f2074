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


# Generated claims of the rule's shape against brute force (docs/audit-issue30.md, bullet 3:
# the rule had brute force on one mechanism only). keep = e^(m eps)/(e^(m eps) + k - 1),
# other = 1/(e^(m eps) + k - 1), so pure eps = |m| eps exactly; the target is t eps.
# Soundness: PROVED only if the exact pure epsilon equals t eps at every k in 2..4 and eps
# sampled; completeness on this family: PROVED when t = |m|.
_PAIRS = [(1, 1), (-2, 2), ("1/2", "1/2"), ("-3/2", "3/2"), (2, 1), (-1, -1), (1, 0), ("3/2", 3)]


@pytest.mark.parametrize(("m", "t"), [(sympy.Rational(a), sympy.Rational(b)) for a, b in _PAIRS])
def test_generated_symmetric_responses_agree_with_brute_force(m, t):
    g = sympy.exp(m * eps)
    response = symmetric_response(k, g / (g + k - 1), 1 / (g + k - 1), {eps: "(0, oo)"}, "gen")
    status = pure_epsilon_is(response, t * eps).decide(Deadline(120)).status
    brute = all(
        sympy.simplify(
            pure_epsilon(FiniteMechanism.from_rows(response.at(size, {eps: at}))).exact - t * at
        )
        == 0
        for size in (2, 3, 4)
        for at in (sympy.Rational(1, 3), sympy.Integer(2))
    )
    assert (status is Status.PROVED) == brute
    assert brute == (t == abs(m))
