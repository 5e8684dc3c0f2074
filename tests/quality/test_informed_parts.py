"""The parts the library builds for the informed-belief reduction
(dpproofs/search/informed_parts.py; docs/design/neighbours.md, "Informed beliefs" and "Beliefs on
one group"), checked by brute force: each part's predicate, evaluated exactly on random
mechanisms of D^1 or D^2 (|D| = 2) at random parameter values, equals this file's own
computation of the design note's statement of that part (Fractions; the breach event written out
as SD of two posteriors, not with dpproofs.vocabulary):

    (J) informed:  DP => for each x, eps E Pr_{t ~ A(x)}[breach of game 1] <= eps E s + 2 delta;
    (J) one group: DP => sum_t Z0(t) [Z0(t) > 0, breach of game 1] <= s + 2 delta/(eps E);
    (Z):           DP => for each x, eps E Pr_{t ~ A(x)}[Z0(t) = 0] <= eps E s + 2 delta;
    (S) at K:      DP and every t in K breaches game 2 for some two-point belief => eps E times
                   the mass of K <= eps E s + 2 delta, under A(x) for x = (0, 1), (1, 1)
                   (informed), under every choice of A((u_t, 1)) per t (one group);

with c = E^3 - 1 + 2 s. The predicate is a function of its arguments, so s (sqrt(delta) in a
claim) is drawn freely here, negative included: the bound is then met on some DP mechanisms and
broken on others, and both outcomes are asserted (the comparison is not vacuous)."""

import itertools
import random
from fractions import Fraction as F

import pytest

from dpproofs.algebra import EXACT
from dpproofs.search.informed_parts import (
    INFORMED,
    ONE,
    ONE_GROUP,
    SQUARE,
    Joint,
    Square,
    Zero,
    joint,
    rebuilt,
    refusal,
    squares,
    zero,
)
from dpproofs.search.objects import Mechanism

#: The two-point beliefs tried for "some belief breaches" (w = k/200, both ends included).
GRID = [F(k, 200) for k in range(201)]


def _row(rng, outputs, mix=F(1)):
    """A random exact distribution (zeros included), mixed towards uniform by ``mix``."""
    weights = [rng.choice([0, 1, 2, 3, 7]) for _ in range(outputs)]
    if sum(weights) == 0:
        weights[0] = 1
    return [mix * F(w, sum(weights)) + (1 - mix) * F(1, outputs) for w in weights]


def _rows(rng, count, outputs):
    """A random mechanism, its rows mixed alike towards uniform (so that DP ones are common)."""
    mix = rng.choice([F(1, 10), F(1, 3), F(1)])
    return [_row(rng, outputs, mix) for _ in range(count)]


def _dp(rows, pairs, e, delta):
    """(eps, delta)-DP on the ordered pairs: the worst set S is {t: A(a)[t] > E A(b)[t]}."""
    return all(
        sum(max(F(0), p - e * q) for p, q in zip(rows[a], rows[b], strict=True)) <= delta
        for a, b in pairs
    )


def _breach(prior, l0, li, c):
    """SD(b0[.|t], bi[.|t]) > c, or bi undefined (Zi = 0); no breach where Z0 = 0 < Zi."""
    z0 = sum(p * a for p, a in zip(prior, l0, strict=True))
    zi = sum(p * a for p, a in zip(prior, li, strict=True))
    if zi == 0:
        return True
    if z0 == 0:
        return False
    sd = sum(max(F(0), p * a / z0 - p * b / zi) for p, a, b in zip(prior, l0, li, strict=True))
    return sd > c


def _point(rng):
    e = rng.choice([F(11, 10), F(3, 2), F(2), F(7)])
    eps = rng.choice([F(1, 10), F(1, 2), F(1), F(2)])
    delta = rng.choice([F(0), F(1, 100), F(1, 10), F(1, 4)])
    s = rng.choice([F(-1), F(-1, 5), F(-1, 20), F(0), F(1, 20), F(1, 10), F(1, 2)])
    return e, eps, delta, s


def _expected_joint(beliefs, rows, b, e, eps, delta, s):
    c = e**3 - 1 + 2 * s
    outputs = range(len(rows[0]))
    game = [[rows[0][t]] * 2 for t in outputs]  # game 1 of D^1: both databases read A(0)
    column = [[rows[0][t], rows[1][t]] for t in outputs]
    if beliefs == ONE_GROUP:
        z0 = [b[0] * rows[0][t] + b[1] * rows[1][t] for t in outputs]
        mass = sum(z0[t] for t in outputs if z0[t] > 0 and _breach(b, column[t], game[t], c))
        private = mass <= s + 2 * delta / (eps * e)
    else:
        private = all(
            eps * e * sum(rows[x][t] for t in outputs if _breach(b, column[t], game[t], c))
            <= eps * e * s + 2 * delta
            for x in (0, 1)
        )
    return not _dp(rows, ONE.neighbours, e, delta) or private


def _expected_zero(rows, b, e, eps, delta, s):
    c = e**3 - 1 + 2 * s
    outputs = range(len(rows[0]))
    column = [[rows[0][t], rows[1][t]] for t in outputs]
    private = all(
        eps * e * sum(rows[x][t] for t in outputs if _breach(b, column[t], column[t], c))
        <= eps * e * s + 2 * delta
        for x in (0, 1)
    )
    return not _dp(rows, ONE.neighbours, e, delta) or private


def _expected_square(beliefs, k, rows, e, eps, delta, s):
    c = e**3 - 1 + 2 * s
    # D^2 = (0, 0), (0, 1), (1, 0), (1, 1): Game 0 reads (u, 1), game 2 reads (u, 0).
    breach = all(
        any(
            _breach([w, 1 - w], [rows[1][t], rows[3][t]], [rows[0][t], rows[2][t]], c) for w in GRID
        )
        for t in k
    )
    if beliefs == ONE_GROUP:
        choices = list(itertools.product((1, 3), repeat=len(k)))
    else:
        choices = [(x,) * len(k) for x in (1, 3)]
    bounded = all(
        eps * e * sum(rows[x][t] for x, t in zip(u, k, strict=True)) <= eps * e * s + 2 * delta
        for u in choices
    )
    return not (_dp(rows, SQUARE.neighbours, e, delta) and breach) or bounded


@pytest.mark.parametrize("beliefs", [INFORMED, ONE_GROUP])
def test_joint_and_zero_are_the_design_note_events(beliefs):
    rng = random.Random(4100 + len(beliefs))
    said = {True: 0, False: 0}
    for _ in range(400):
        outputs = rng.choice([2, 3])
        rows = _rows(rng, ONE.count, outputs)
        b = _row(rng, 2) if rng.random() < 0.8 else rng.choice([[F(1), F(0)], [F(0), F(1)]])
        e, eps, delta, s = _point(rng)
        M = Mechanism(rows, ONE)
        got = Joint(beliefs)(EXACT, M, b, e, eps, delta, s)
        assert got == _expected_joint(beliefs, rows, b, e, eps, delta, s), (rows, b, e, s)
        if beliefs == INFORMED:
            got_z = Zero()(EXACT, M, b, e, eps, delta, s)
            assert got_z == _expected_zero(rows, b, e, eps, delta, s), (rows, b, e, s)
        if _dp(rows, ONE.neighbours, e, delta):
            said[bool(got)] += 1
    assert said[True] > 0 and said[False] > 0, said


@pytest.mark.parametrize("beliefs", [INFORMED, ONE_GROUP])
@pytest.mark.parametrize("k", [(0,), (1,), (0, 1)])
def test_square_is_the_design_note_event(beliefs, k):
    rng = random.Random(4200 + 7 * len(k) + k[0] + len(beliefs))
    said = {True: 0, False: 0}
    for _ in range(200):
        rows = _rows(rng, SQUARE.count, 2)
        e, eps, delta, s = _point(rng)
        got = Square(beliefs, k)(EXACT, Mechanism(rows, SQUARE), e, eps, delta, s)
        assert got == _expected_square(beliefs, k, rows, e, eps, delta, s), (rows, e, s)
        if _dp(rows, SQUARE.neighbours, e, delta):
            said[bool(got)] += 1
    assert said[True] > 0 and said[False] > 0, said


def test_the_library_claims_are_recognised_and_nothing_else():
    eps, delta = F(1, 2), F(1, 100)
    for beliefs in (INFORMED, ONE_GROUP):
        built = joint(beliefs, eps, delta, (2, 3))
        assert refusal("(J)", built, beliefs) is None
        assert rebuilt(built) is not built and refusal("(J)", rebuilt(built), beliefs) is None
        assert all(refusal("(S)", c, beliefs) is None for c in squares(beliefs, eps, delta))
    assert refusal("(Z)", zero(eps, delta), INFORMED) is None
    # The same predicate under another quantifier (a 3-valued D, or a belief on 3 points).
    from dpproofs.search import DatabaseSpace, distribution, for_all_mechanisms

    said = joint(INFORMED, eps, delta).says
    three = for_all_mechanisms(
        DatabaseSpace(domain=3, n=1), (2,), extra={"b": distribution(3)}, eps=eps, delta=delta
    )
    wide = three.claim(Joint(INFORMED), says=said)
    assert refusal("(J)", wide, INFORMED) == (
        "(J) differs from the library's (J) at its eps, delta and output counts"
    )
    # A theorem file's own predicate on the library's quantifier.
    own = for_all_mechanisms(ONE, (2,), extra={"b": distribution(2)}, eps=eps, delta=delta)
    assert refusal("(Z)", own.claim(lambda alg, M, b: alg.const(True)), INFORMED).startswith(
        "(Z) is not built by dpproofs.search.informed_parts"
    )
    # A square at a breach set that is none of the nonempty sets, or at 3 outputs.
    assert (
        rebuilt(squares(INFORMED, eps, delta)[0].quantifier.claim(Square(INFORMED, (1, 0)))) is None
    )
