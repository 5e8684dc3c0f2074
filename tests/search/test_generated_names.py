"""Generated solver names (issue 26, class 5): a user's name never becomes one of dpproofs' own
variables. Every generated z3 name has a character no user name may have: "p[0][1]" (an object's
entry), "E!eps" (e^eps), "relax!3" (polarity), "exp!1" (symbolic translation), "c!0" (the
rechecker's scalar encoding), "exp!eps" / "sqrt!x" / "p[0][0]" (the rechecker's re-solve).
Search names must be Python identifiers other than ``alg``; symbolic names may not contain "!".

Before, a parameter named ``E__eps`` WAS the variable for e^eps: "E__eps <= e^eps" with E__eps
free in [0, 10] came back unsat, although E__eps = 10 > e^2 is a counterexample."""

import dataclasses
from types import SimpleNamespace

import pytest
import sympy

from dpproofs.claim import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.recheck.pieces import Outcome, Piece
from dpproofs.recheck.resolve import resolve_size
from dpproofs.recheck.scalar import reprove
from dpproofs.search import Interval, for_all_distributions
from dpproofs.search.engine import search
from dpproofs.symbolic import holds
from dpproofs.symbolic.translate import Translation
from dpproofs.verdict import Status


@pytest.mark.parametrize(
    ("derived", "param", "claim_text"),
    [
        # eps in [1, 2]: e^eps <= e^2 < 8 <= 10 = the parameter's top.
        ("E", "E__eps", lambda alg, p, E, E__eps: alg.le(E__eps, E)),
        (
            "exp_eps",
            "exp_eps__eps",
            lambda alg, p, exp_eps, exp_eps__eps: alg.le(exp_eps__eps, exp_eps),
        ),
        # sqrt(eps) <= sqrt(2) < 2 <= 10.
        (
            "sqrt_eps",
            "sqrt_eps__eps",
            lambda alg, p, sqrt_eps, sqrt_eps__eps: alg.le(sqrt_eps__eps, sqrt_eps),
        ),
    ],
)
def test_a_parameter_named_like_a_derived_variable_is_its_own_variable(derived, param, claim_text):
    quantifier = for_all_distributions(
        [1], names=("p",), eps=Interval(1, 2), **{param: Interval(0, 10)}
    )
    # z3 alone (the numeric pre-search evaluates exactly, with no solver names)
    verdict = search(quantifier.claim(claim_text), Deadline(60), use_presearch=False)
    assert verdict.status is Status.REFUTED, (derived, verdict)


@pytest.mark.parametrize(
    "name",
    ["p[0][0]", "E!eps", "relax!1", "exp!eps", "sqrt!eps", "alg", "1x", ""],
)
def test_names_outside_the_identifiers_are_refused(name):
    with pytest.raises(InvalidClaim, match="cannot name an object or parameter"):
        for_all_distributions([2], names=("p",), **{name: Interval(0, 1)})
    with pytest.raises(InvalidClaim, match="cannot name an object or parameter"):
        for_all_distributions([2], names=(name,))


def test_an_object_and_a_parameter_of_one_name_are_refused():
    with pytest.raises(InvalidClaim, match="names two objects or parameters"):
        for_all_distributions([2], names=("p",), p=Interval(0, 1))


@pytest.mark.parametrize("names", [("a!1",), ("x", "x")])
def test_the_symbolic_translation_refuses_names_it_could_alias(names):
    variables = tuple(sympy.Symbol(n, **({"real": True} if k else {})) for k, n in enumerate(names))
    problem = SimpleNamespace(
        variables=variables, domains=tuple(sympy.Interval(0, 1) for _ in names)
    )
    with pytest.raises(InvalidClaim, match="distinct and without '!'"):
        Translation(problem, 0)


@pytest.mark.parametrize(
    ("params", "claim_text"),
    [
        # The rechecker named e^eps "exp_eps" and the entries of p "p_0_0".
        (
            {"eps": Interval(0, 1), "exp_eps": Interval(0, 10)},
            lambda alg, p, E, exp_eps: alg.le(exp_eps, E),
        ),
        ({"p_0_0": Interval(0, 2)}, lambda alg, p, p_0_0: alg.le(p_0_0, p[0])),
    ],
)
def test_the_rechecker_re_solve_keeps_parameters_apart(params, claim_text):
    # exp_eps = 10 > e^1 and p_0_0 = 2 > 1 >= p[0] are counterexamples: never unsat.
    claim = for_all_distributions([1], names=("p",), **params).claim(claim_text)
    answer, detail = resolve_size(claim, 1, 20.0)
    assert answer in ("sat", "counterexample"), (answer, detail)


@pytest.mark.parametrize("names", [("c!0",), ("x", "x")])
def test_the_scalar_recheck_does_not_replay_names_it_could_alias(names):
    # Its fresh variables are "<kind>!<n>" (c!0: a constant's value, formerly "c.0").
    problem = holds("x >= 0", {"x": "[0, 1]"}).problem
    variables = tuple(sympy.Symbol(n, **({"real": True} if k else {})) for k, n in enumerate(names))
    domains = problem.domains * len(names)
    renamed = dataclasses.replace(problem, variables=variables, domains=domains)
    piece = Piece("names", "aliased", "proved", (), {"kind": "z3-facts"})
    finding = reprove(piece, renamed, 5.0)
    assert finding.outcome is Outcome.NOT_REPLAYED
    assert "distinct and without '!'" in finding.why
