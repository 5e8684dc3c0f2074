"""Regressions for the soundness red team's findings: each false or undefined claim below was
once PROVED or wrongly REFUTED. Each must now come back UNKNOWN, ERROR (undefined at a named
point) or be rejected as malformed."""

import pytest
import sympy as sp
from sympy import Abs, Ne, log, sqrt

from dpproofs.claim import Deadline, timed_decide
from dpproofs.errors import InvalidClaim
from dpproofs.finite import FiniteMechanism, kl_divergence, pure_epsilon
from dpproofs.symbolic import decide_scalar, holds
from dpproofs.verdict import Status

x, y = sp.symbols("x y")


@pytest.mark.parametrize(
    ("statement", "where"),
    [
        # 1/0 at every point: canonicalising y in [1, 2] rewrites Abs(y) to y.
        (Ne(1 / (y - Abs(y)), 5), {y: "[1, 2]"}),
        # undefined at x = 0
        (Abs(x) / x <= 1, {x: "[0, 1]"}),
        (Ne(1 / x, 0), {x: "[0, 1]"}),
        # sqrt(-y) is not real on (0, 1]
        (Abs(sqrt(-y)) <= 1, {y: "[0, 1]"}),
    ],
)
def test_undefined_claims_are_never_proved(statement, where):
    try:
        claim = holds(statement, where)
    except InvalidClaim:
        return  # rejected as malformed (undefined on the whole domain): never proved
    # ERROR when the search finds a point where a term is undefined (issue 14), else UNKNOWN.
    assert timed_decide(claim, Deadline(10)).status in (Status.UNKNOWN, Status.ERROR)


def test_solver_names_cannot_be_aliased():
    s = sp.Symbol("exp!1")
    with pytest.raises(ValueError, match="may not contain '!'"):
        holds(sp.Or(Ne(s**2, 2), sp.exp(s) < s), {s: "(-oo, oo)"})


def test_assumptions_with_complex_intermediates_do_not_admit_a_point():
    # log(-1) = i pi and |i pi| = pi >= 3: under real semantics x = -1 violates the assumption.
    verdict = decide_scalar(x >= 1, assuming=[Abs(log(x)) >= 3, x**2 >= 1], timeout=10)
    assert verdict.status is not Status.REFUTED


def test_replay_survives_symbols_named_like_constants():
    e_var = sp.Symbol("E")
    verdict = decide_scalar(e_var >= sp.E, where={e_var: "[0, 3]"}, timeout=10)
    assert verdict.status is Status.REFUTED
    exec(verdict.counterexample.replay, {})


def test_hidden_exact_zero_entries_are_read_as_zero():
    m = FiniteMechanism.from_rows([["1/2", "1/2"], ["1", "log(6) - log(2) - log(3)"]])
    # (1/2)/0 at output 1: the supports differ.
    assert pure_epsilon(m).exact == sp.oo
    assert kl_divergence(m).exact == sp.oo
