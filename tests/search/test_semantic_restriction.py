"""The semantic-restriction rule (dpproofs.search.semantic_restriction, docs/design/neighbours.md,
'Semantic restriction') against brute force: random exact mechanisms on D^2 and D^3 (|D| = 2),
beliefs placed on one group (i, x_-i), every quantity evaluated exactly (EXACT)."""

import random
from fractions import Fraction as R

import pytest

from dpproofs.algebra import EXACT
from dpproofs.claim import AllOf
from dpproofs.errors import InvalidClaim
from dpproofs.search.databases import DatabaseSpace
from dpproofs.search.pairs import NeighbourPairClaim
from dpproofs.search.semantic_restriction import (
    ONE_GROUP,
    RESTRICTION,
    SemanticRestriction,
    SemanticTerms,
    semantic_to_dp_every_n,
)
from dpproofs.vocabulary import (
    mechanism_dp,
    semantic_breach_mass,
    semantic_privacy,
    semantic_privacy_dd_at,
)


def _row(rng, outputs, spread):
    """A random exact distribution near uniform (weights 10 +- spread), zeros sometimes."""
    weights = [max(0, 10 + rng.randint(-spread, spread)) for _ in range(outputs)]
    if sum(weights) == 0:
        weights[0] = 1
    return [R(w, sum(weights)) for w in weights]


def _groups(space):
    """(i, indices of z_0, z_1) of every group (i, x_-i) of D^n, |D| = 2."""
    found = set()
    for i in range(space.n):
        for x in space.databases:
            found.add((i, tuple(space.index((*x[:i], v, *x[i + 1 :])) for v in (0, 1))))
    return sorted(found)


def _placed(space, group, w):
    """The belief on D^n equal to w on the group's databases, 0 elsewhere."""
    b = [R(0)] * space.count
    for v, k in enumerate(group):
        b[k] = w[v]
    return b


def _mechanism(rng, space, outputs, spread):
    return [_row(rng, outputs, spread) for _ in range(space.count)]


@pytest.mark.parametrize("n", [2, 3])
def test_breach_mass_on_dn_contains_the_restricted_one(n):
    # Rule step: at a belief b placed on g = (i, x_-i), game i's breach mass on D^n is exactly
    # the breach mass of A|g at w on D^1, and the breach mass over all games is at least it.
    rng = random.Random(300 + n)
    space = DatabaseSpace(domain=2, n=n)
    strict = 0
    for _ in range(40):
        rows = _mechanism(rng, space, rng.choice([2, 3]), rng.choice([3, 9, 10]))
        c = R(rng.randint(1, 9), 10)
        w0 = R(rng.randint(0, 8), 8)
        w = (w0, 1 - w0)
        for i, group in _groups(space):
            b = _placed(space, group, w)
            sub = [rows[k] for k in group]
            one = semantic_breach_mass(EXACT, list(w), sub, ONE_GROUP.games, c)
            game_i = semantic_breach_mass(EXACT, b, rows, [space.games[i]], c)
            every = semantic_breach_mass(EXACT, b, rows, space.games, c)
            assert game_i == one
            assert every >= one
            strict += bool(every > one)
    assert strict > 0  # the containment is strict somewhere: the other games do breach


@pytest.mark.parametrize("n", [2, 3])
def test_all_beliefs_on_dn_imply_all_beliefs_on_every_restriction(n):
    rng = random.Random(310 + n)
    space = DatabaseSpace(domain=2, n=n)
    held = 0
    for _ in range(30):
        rows = _mechanism(rng, space, 2, rng.choice([1, 2, 4]))
        c = R(rng.randint(1, 5), 10)
        if semantic_privacy(EXACT, rows, space.games, c):
            held += 1
            for _, group in _groups(space):
                sub = [rows[k] for k in group]
                assert semantic_privacy(EXACT, sub, ONE_GROUP.games, c)
    assert held > 0


def _corrected(gamma, delta, rows, space):
    """The lifted claim of ks.theorem2_4.part2_corrected on D^n, evaluated exactly:
    (hypothesis at both beliefs placed on every group) => (ratio, slack)-DP on D^n."""
    c = (gamma - 1) / 2
    high, low = (gamma + 1) / 4, (3 - gamma) / 4
    hypothesis = all(
        semantic_privacy_dd_at(EXACT, _placed(space, g, w), rows, space.games, c, delta)
        for _, g in _groups(space)
        for w in ((low, high), (high, low))
    )
    ratio = ((1 + gamma) / (3 - gamma)) ** 2
    return hypothesis, mechanism_dp(EXACT, rows, space.neighbours, ratio, 4 * delta / (3 - gamma))


@pytest.mark.parametrize("n", [2, 3])
def test_the_whole_implication_on_small_cases(n):
    # The claim the rule lifts, checked on D^n directly: whenever the hypothesis holds, DP holds.
    rng = random.Random(320 + n)
    space = DatabaseSpace(domain=2, n=n)
    held = tight = 0
    for _ in range(60):
        rows = _mechanism(rng, space, 2, rng.choice([1, 2, 3, 6]))
        gamma = rng.choice([R(11, 10), R(3, 2), R(2), R(5, 2)])
        delta = rng.choice([R(0), R(1, 100), R(1, 10)])
        hypothesis, dp = _corrected(gamma, delta, rows, space)
        assert dp or not hypothesis, (rows, gamma, delta)
        if hypothesis:
            held += 1
            # Not vacuous: the weaker conclusion (gamma, delta)-DP fails on some of these.
            tight += not mechanism_dp(EXACT, rows, space.neighbours, gamma, delta)
    assert held >= 20 and tight > 0, (held, tight)  # measured: n = 2: 49, 11; n = 3: 42, 10


def test_the_claim_is_a_group_claim_decided_at_n_1():
    claim = semantic_to_dp_every_n(
        lambda alg, E: SemanticTerms(c=alg.div(E - 1, alg.const(2)), ratio=E * E),
        range(2, 3),
        says="s",
        eps=R(1, 2),
    )
    assert isinstance(claim, NeighbourPairClaim)
    assert claim.reduction == RESTRICTION
    assert claim.family == "every D^n with n >= 1 and |D| = 2"
    assert "D^1" in claim.inner.describe() or "mechanism" in claim.inner.describe()
    assert not isinstance(claim, AllOf)


@pytest.mark.parametrize(
    "terms",
    [
        SemanticTerms(c=R(1, 2), ratio=R(2), beliefs=((R(1, 2), R(1, 2)),)),  # 2.1 with beliefs
        SemanticTerms(c=R(1, 2), ratio=R(2), delta=R(0)),  # 2.3 without beliefs
        SemanticTerms(c=R(1, 2), ratio=R(2), delta=R(0), beliefs=((R(1),),)),  # not on D^1
    ],
)
def test_the_rule_refuses_a_hypothesis_it_cannot_place(terms):
    rule = SemanticRestriction(lambda alg: terms, (2,), (), "s")
    rows = [[R(1, 2), R(1, 2)], [R(1, 2), R(1, 2)]]

    class Mech:
        pass

    m = Mech()
    m.rows, m.games = rows, ONE_GROUP.games
    with pytest.raises(InvalidClaim):
        rule.hypothesis(EXACT, m, terms)
