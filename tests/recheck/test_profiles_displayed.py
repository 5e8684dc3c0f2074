"""delta(eps) of a concrete rational mechanism, replayed (recheck/profiles.py), against a brute
force over every output set; and the displayed counterexample against the replayed one
(recheck/displayed.py)."""

import itertools
from fractions import Fraction as F

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs import FiniteMechanism
from dpproofs.evidence import ExactEvaluation
from dpproofs.finite.claims import is_dp
from dpproofs.recheck.displayed import matches_witness, replay_mechanism
from dpproofs.recheck.pieces import Outcome, Piece
from dpproofs.recheck.profiles import delta_at_epsilon
from dpproofs.search import Interval, for_all_distributions, log_of
from dpproofs.vocabulary import hockey_stick

EPSILONS = ("0", "1/2", "1", "log(2)")


@st.composite
def rows(draw):
    """2 or 3 inputs, 2 or 3 outputs, entries multiples of 1/6 (some zero)."""
    n, k = draw(st.integers(2, 3)), draw(st.integers(2, 3))
    out = []
    for _ in range(n):
        cuts = sorted(draw(st.lists(st.integers(0, 6), min_size=k - 1, max_size=k - 1)))
        edges = [0, *cuts, 6]
        out.append([F(b - a, 6) for a, b in itertools.pairwise(edges)])
    return out


def brute_delta(table, eps):
    """max over ordered pairs and every output set S of P(S) - e^eps Q(S) (S empty: 0), the
    maximum picked by 50-digit evaluation and returned as its exact sympy term."""
    factor = sympy.exp(sympy.sympify(eps))
    best = sympy.Integer(0)
    outputs = range(len(table[0]))
    for x, x2 in itertools.permutations(range(len(table)), 2):
        for size in range(1, len(table[0]) + 1):
            for chosen in itertools.combinations(outputs, size):
                term = sum(sympy.Rational(table[x][y]) - factor * table[x2][y] for y in chosen)
                if sympy.N(term - best, 50) > 0:
                    best = sympy.expand(term)
    return best


def piece(status):
    return Piece("f.py", "t", status, (), {})


@settings(max_examples=40, deadline=None)
@given(rows(), st.sampled_from(EPSILONS), st.sampled_from(("1/10", "1/3")))
def test_delta_is_confirmed_exactly_at_the_brute_force_maximum(table, eps, bound):
    claim = is_dp(FiniteMechanism.from_rows([[str(v) for v in r] for r in table]), eps, bound)
    delta = brute_delta(table, eps)
    holds = sympy.N(delta - sympy.Rational(bound), 50) <= 0
    status = "proved" if holds else "refuted"
    right = ExactEvaluation("delta_at_epsilon", str(delta), "le", bound)
    assert delta_at_epsilon(piece(status), claim, right).outcome is Outcome.CONFIRMED
    # The other status, or a recorded value off by 1/1000 either way, fails.
    flipped = "refuted" if holds else "proved"
    assert delta_at_epsilon(piece(flipped), claim, right).outcome is Outcome.FAILED
    for off in (F(1, 1000), F(-1, 1000)):
        wrong = ExactEvaluation("delta_at_epsilon", str(delta + sympy.Rational(off)), "le", bound)
        assert delta_at_epsilon(piece(status), claim, wrong).outcome is Outcome.FAILED


RR = FiniteMechanism.from_rows([["3/4", "1/4"], ["1/4", "3/4"]], inputs=["+", "-"])


def test_a_displayed_set_is_replayed_on_the_mechanism():
    claim = is_dp(RR, "1", "1/100")
    # S = {0}: 3/4 > e/4 + 1/100 (e/4 ~ 0.68); S = {1}: 1/4 <= 3e/4 + 1/100.
    assert replay_mechanism(claim, {"x": "+", "x'": "-", "S": "[0]"}) == (True, "")
    assert replay_mechanism(claim, {"x": "+", "x'": "-", "S": "[1]"})[0] is False
    assert replay_mechanism(claim, {"x": "+", "x'": "+", "S": "[0]"})[0] is False  # no pair
    assert replay_mechanism(claim, {"x": "+", "x'": "-", "y": "0"})[0] is False  # not a set


def test_the_displayed_witness_must_be_the_replayed_one():
    claim = for_all_distributions([2], eps=Interval(F(1, 2), 1)).claim(
        lambda alg, p, q, E: alg.le(hockey_stick(alg, p, q, E), F(1, 10))
    )
    values = {"p": "[[1, 0]]", "q": "[[0, 1]]", "eps": "1"}
    shown = {"p": "[1, 0]", "q": "[0, 1]", "eps": "1"}  # one row shown as a distribution
    assert matches_witness(shown, values, claim, None) == ""
    assert "member" in matches_witness({**shown, "member": "2"}, values, claim, None)
    assert "not the witness's value" in matches_witness(
        {**shown, "q": "[1, 0]"}, values, claim, None
    )
    assert "names" in matches_witness({"p": "[1, 0]", "q": "[0, 1]"}, values, claim, None)
    pinned = for_all_distributions([2], eps=log_of(2)).claim(
        lambda alg, p, q, E: alg.le(hockey_stick(alg, p, q, E), F(1, 10))
    )
    two = {"p": "[[1, 0]]", "q": "[[0, 1]]"}
    assert matches_witness({"p": "[1, 0]", "q": "[0, 1]", "eps": "ln(2)"}, two, pinned, None) == ""
    assert matches_witness({"p": "[1, 0]", "q": "[0, 1]", "eps": "ln(3)"}, two, pinned, None)
    assert matches_witness({"p": "[1, 0]", "q": "[0, 1]"}, two, pinned, None)  # eps not shown
