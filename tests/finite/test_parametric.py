"""Mechanisms over a parameter domain: comparisons must hold uniformly, or stay undecided."""

import pytest
import sympy

from dpproofs.errors import InvalidMechanism, Undecided
from dpproofs.exact import compare
from dpproofs.finite import FiniteMechanism, delta_for_epsilon, pure_epsilon, total_variation
from dpproofs.finite.parametric import parameter_symbols

((EPS, _),) = parameter_symbols({"eps": "(0, oo)"})
E = sympy.exp(EPS)


def k_rr(k):
    keep, other = E / (E + k - 1), 1 / (E + k - 1)
    rows = [[keep if i == j else other for j in range(k)] for i in range(k)]
    return FiniteMechanism.from_rows(rows, parameters={"eps": "(0, oo)"})


@pytest.mark.parametrize("k", [2, 3, 5])
def test_k_ary_randomized_response_is_exactly_eps_dp_for_every_eps(k):
    # The worst ratio is keep/other = e^eps (the others are 1 and e^-eps), uniformly in eps > 0.
    assert pure_epsilon(k_rr(k)).exact == EPS


def test_k_ary_delta_and_total_variation_in_closed_form():
    # delta(eps/2): only the kept output has keep - e^(eps/2) other = (e^eps - e^(eps/2))/(e^eps+2)
    # > 0; TV = keep - other = (e^eps - 1)/(e^eps + 2).
    m = k_rr(3)
    delta = delta_for_epsilon(m, "eps/2").exact
    assert sympy.simplify(delta - (E - sympy.exp(EPS / 2)) / (E + 2)) == 0
    assert sympy.simplify(total_variation(m).exact - (E - 1) / (E + 2)) == 0


def test_a_sign_that_changes_inside_the_domain_is_undecided():
    # Rows (1/2, 1/2) and (eps, 1 - eps) for eps in (0, 1): the worst ratio is 1/(2 eps) for
    # eps < 1/2 but 2 eps for eps > 1/2, so no single closed form holds on the whole domain.
    m = FiniteMechanism.from_rows(
        [["1/2", "1/2"], ["eps", "1 - eps"]], parameters={"eps": "(0, 1)"}
    )
    with pytest.raises(Undecided):
        pure_epsilon(m)


def test_validation_holds_uniformly_over_the_domain():
    # 1 - eps < 0 for eps in (1, 2): the entry is not a probability somewhere in the domain.
    with pytest.raises(InvalidMechanism, match=r"cannot decide that 1 - eps >= 0|negative"):
        FiniteMechanism.from_rows([["eps", "1 - eps"]], parameters={"eps": "(0, 2)"})
    with pytest.raises(InvalidMechanism, match="not 1"):
        FiniteMechanism.from_rows([["eps", "1"]], parameters={"eps": "(0, 1)"})


def test_parametric_results_agree_with_exact_results_at_a_point():
    # At eps = 1 the family's pure epsilon and TV specialise to the concrete mechanism's.
    m = k_rr(4)
    concrete = FiniteMechanism.from_rows(
        [[sympy.sympify(v).subs(EPS, 1) for v in row] for row in m.rows]
    )
    assert compare(total_variation(m).exact.subs(EPS, 1), total_variation(concrete).exact) == 0
    assert compare(pure_epsilon(m).exact.subs(EPS, 1), pure_epsilon(concrete).exact) == 0


def test_a_false_claim_about_a_family_is_refuted_at_a_concrete_parameter_value():
    # 3-ary RR is exactly eps-DP, so "(eps/2)-DP" fails for every eps > 0; the refutation names
    # a concrete eps (the first sample point, 1) and the output where e^(1/2) is exceeded.
    from dpproofs.claim import Deadline, timed_decide
    from dpproofs.finite import pure_epsilon_at_most
    from dpproofs.verdict import Status

    verdict = timed_decide(pure_epsilon_at_most(k_rr(3), "eps/2"), Deadline(30))
    assert verdict.status is Status.REFUTED
    assignment = dict(verdict.counterexample.assignment)
    assert assignment["eps"] == "1" and {"x", "x'", "y"} <= assignment.keys()
    exec(verdict.counterexample.replay, {})


def test_entries_may_vanish_at_a_closed_end_of_the_domain():
    # Red-team finding: a on [0, 1/2] is >= 0 with equality at 0, which validation must accept.
    # TV = |a - 1/2| = 1/2 - a on the whole domain (a tie at a = 1/2 selects the same value).
    m = FiniteMechanism.from_rows([["a", "1-a"], ["1/2", "1/2"]], parameters={"a": "[0, 1/2]"})
    a = m.parameters[0][0]
    assert sympy.simplify(total_variation(m).exact - (sympy.Rational(1, 2) - a)) == 0
    # The pure epsilon is infinite at a = 0 and ln(1/(2a)) elsewhere: no single closed form.
    with pytest.raises(Undecided):
        pure_epsilon(m)
