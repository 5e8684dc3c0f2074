"""Exact values of the K&S posterior helpers (theorems/kasiviswanathan_smith/_ks_posterior.py),
with their derivations."""

import importlib.util
from pathlib import Path

import sympy

from dpproofs.algebra import EXACT
from dpproofs.search import DatabaseSpace

HELPER = Path(__file__).resolve().parents[2] / "theorems/kasiviswanathan_smith/_ks_posterior.py"
_spec = importlib.util.spec_from_file_location("_ks_posterior", HELPER)
assert _spec is not None and _spec.loader is not None
post = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(post)

R = sympy.Rational
# X uniform on D = {0, 1}; A(0) = (3/4, 1/4), A(1) = (1/4, 3/4); A' = (1/2, 1/2) for both.
# Joint laws flattened as p[x * 2 + t]: p = (3/8, 1/8, 1/8, 3/8), q = (1/4, 1/4, 1/4, 1/4).
P = [R(3, 8), R(1, 8), R(1, 8), R(3, 8)]
Q = [R(1, 4)] * 4


def test_marginals_agree():
    # D-marginals: p gives (1/2, 1/2) = q's; (1/2, 1/4, 1/4, 0) gives (3/4, 1/4).
    assert post.marginals_agree(EXACT, P, Q, 2)
    assert not post.marginals_agree(EXACT, P, [R(1, 2), R(1, 4), R(1, 4), R(0)], 2)


def test_breach_of_first_and_mass_of_first():
    # At t = 0: X|_{A(X)=0} = (3/8, 1/8)/(1/2) = (3/4, 1/4), X|_{A'(X)=0} = (1/2, 1/2), SD = 1/4;
    # t = 1 is the mirror image (SD = 1/4). So both breach at c = 1/5 and neither at c = 1/4.
    assert post.breach_of_first(EXACT, P, Q, 2, 1, R(1, 5))
    assert post.breach_of_first(EXACT, P, Q, 2, 2, R(1, 5))
    assert not post.breach_of_first(EXACT, P, Q, 2, 1, R(1, 4))
    # A' always outputs 1: X|_{A'(X)=0} is undefined, so t = 0 breaches at any c (even c = 1).
    always_one = [R(0), R(1, 2), R(0), R(1, 2)]
    assert post.breach_of_first(EXACT, P, always_one, 2, 1, R(1))
    # Pr[A(X) = 0] = 3/8 + 1/8 = 1/2; both outputs: 1.
    assert post.mass_of_first(EXACT, P, 2, 1) == R(1, 2)
    assert post.mass_of_first(EXACT, P, 2, 2) == 1


def test_informed_prior():
    # D^2 in the order (0,0), (0,1), (1,0), (1,1); the real database (1,1) (number 3) with free
    # coordinate 0: the support is {(0,1), (1,1)}, weighted b[0], b[1].
    space = DatabaseSpace(domain=2, n=2)
    b = [R(1, 3), R(2, 3)]
    assert post.informed_prior(EXACT, space, b, 3, 0) == [0, R(1, 3), 0, R(2, 3)]
    # Free coordinate 1: the support is {(1,0), (1,1)}.
    assert post.informed_prior(EXACT, space, b, 3, 1) == [0, 0, R(1, 3), R(2, 3)]


def test_reality_oblivious_breach_mass():
    # n = 1: Game 1 sees A(0) for both databases, so bbar_1 is the prior b = (1/2, 1/2).
    # A(0) = (1/2, 1/2), A(1) = (1/4, 3/4). At t = 0, bbar_0 ~ (1/2, 1/4) = (2/3, 1/3), SD = 1/6;
    # at t = 1, bbar_0 ~ (1/2, 3/4) = (2/5, 3/5), SD = 1/10. At c = 1/8 only t = 0 breaches:
    # the breach probability is A(1)[0] = 1/4 for x = 1 and A(0)[0] = 1/2 for x = 0.
    space = DatabaseSpace(domain=2, n=1)
    rows = [[R(1, 2), R(1, 2)], [R(1, 4), R(3, 4)]]
    prior = [R(1, 2), R(1, 2)]
    mass = post.reality_oblivious_breach_mass
    assert mass(EXACT, prior, rows, space.games, 1, R(1, 8)) == R(1, 4)
    assert mass(EXACT, prior, rows, space.games, 0, R(1, 8)) == R(1, 2)
    # c = 1/6: no breach (SD <= c at both outputs); c = 1/11: both breach, probability 1.
    assert mass(EXACT, prior, rows, space.games, 1, R(1, 6)) == 0
    assert mass(EXACT, prior, rows, space.games, 1, R(1, 11)) == 1
