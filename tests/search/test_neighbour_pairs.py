"""The neighbour-pair reduction (docs/design/neighbours.md) against brute force on D^n.

Psi => Phi(n, D): for a two-row claim the search proves, every concrete mechanism on D^2 or D^3
(|D| in {2, 3}) that satisfies H on every neighbour pair satisfies C on every one, evaluated
exactly. A two-row counterexample lifts to D^n (rows by the first coordinate) with H on every
pair and C failing on one, so refutations are refutations of the family at every n too."""

from fractions import Fraction as F

import pytest
import sympy
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from dpproofs.algebra import EXACT
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.search import DatabaseSpace, log_of
from dpproofs.search.pairs import for_all_groups, for_all_neighbour_pairs
from dpproofs.verdict import Status
from dpproofs.vocabulary import one_sided_close

E1, E2 = sympy.Rational(3, 2), sympy.Rational(11, 10)


def _product(r1, r2):
    return [a * b for a in r1 for b in r2]


def hypothesis_dp(alg, x, y, exp_eps1, exp_eps2):
    return alg.all(
        [
            one_sided_close(alg, x[0], y[0], exp_eps1, 0),
            one_sided_close(alg, x[1], y[1], exp_eps2, 0),
        ]
    )


def composed(alg, x, y, exp_eps1, exp_eps2):
    """(M_1, M_2) is (eps_1 + eps_2)-DP: true (basic composition)."""
    return one_sided_close(alg, _product(*x), _product(*y), exp_eps1 * exp_eps2, 0)


def composed_too_tight(alg, x, y, exp_eps1, exp_eps2):
    """(M_1, M_2) is eps_1-DP: false once M_2 uses its budget."""
    return one_sided_close(alg, _product(*x), _product(*y), exp_eps1, 0)


def _claim(conclusion):
    return for_all_neighbour_pairs(
        ("M1", "M2"),
        (2,),
        hypothesis_dp,
        conclusion,
        says="composition",
        eps1=log_of(F(3, 2)),
        eps2=log_of(F(11, 10)),
    )


def _holds_on_all_pairs(predicate, space, rows):
    return all(predicate(EXACT, rows[a], rows[b], E1, E2) for a, b in space.neighbours)


@pytest.fixture(scope="module")
def verdicts():
    return {c.__name__: _claim(c).decide(Deadline(120)) for c in (composed, composed_too_tight)}


def test_the_two_row_claims_are_decided(verdicts):
    assert verdicts["composed"].status is Status.VERIFIED_BOUNDED  # fixed eps points, 2 outputs
    assert "every D^n with n >= 1 and |D| >= 2" in verdicts["composed"].coverage
    assert verdicts["composed_too_tight"].status is Status.REFUTED


grid = st.sampled_from([F(k, 8) for k in range(1, 8)])


@settings(max_examples=60, deadline=None)
@given(
    domain=st.integers(2, 3),
    n=st.integers(2, 3),
    data=st.data(),
)
def test_proved_two_row_claim_holds_on_every_dp_mechanism_of_d_n(domain, n, data):
    """Brute force: random mechanism pairs on D^n, pushed towards DP by mixing with a constant
    row; whenever H holds on every pair, C holds on every pair."""
    space = DatabaseSpace(domain, n)
    mix = data.draw(st.sampled_from([F(1, 10), F(1, 20), F(1, 40)]))

    def row():
        p = data.draw(grid)
        return [
            sympy.Rational(1, 2) + mix * (p - F(1, 2)),
            sympy.Rational(1, 2) - mix * (p - F(1, 2)),
        ]

    rows = [(row(), row()) for _ in range(space.count)]
    assume(_holds_on_all_pairs(hypothesis_dp, space, rows))
    assert _holds_on_all_pairs(composed, space, rows)


@pytest.mark.parametrize("domain,n", [(2, 2), (2, 3), (3, 2)])
def test_a_two_row_counterexample_lifts_to_d_n(domain, n):
    """Rows by the first coordinate: neighbours have equal rows (H holds: DP of equal rows) or
    the two counterexample rows (H holds both ways); C fails on a pair differing in position 1."""
    r = (
        [sympy.Rational(3, 5), sympy.Rational(2, 5)],
        [sympy.Rational(11, 21), sympy.Rational(10, 21)],
    )
    s = (
        [sympy.Rational(2, 5), sympy.Rational(3, 5)],
        [sympy.Rational(10, 21), sympy.Rational(11, 21)],
    )
    assert hypothesis_dp(EXACT, r, s, E1, E2) and hypothesis_dp(EXACT, s, r, E1, E2)
    assert not composed_too_tight(EXACT, r, s, E1, E2)
    space = DatabaseSpace(domain, n)
    rows = [r if x[0] == 0 else s for x in space.databases]
    assert _holds_on_all_pairs(hypothesis_dp, space, rows)
    assert not _holds_on_all_pairs(composed_too_tight, space, rows)
    assert _holds_on_all_pairs(composed, space, rows)


def _matrix(text):
    return [[sympy.Rational(v) for v in row.split(", ")] for row in text[2:-2].split("], [")]


@pytest.mark.parametrize("domain,n", [(2, 3), (3, 2)])
def test_the_searched_counterexample_lifts_to_d_n(verdicts, domain, n):
    """The decider's own two-row counterexample, lifted by the first coordinate."""
    assignment = dict(verdicts["composed_too_tight"].counterexample.assignment)
    m1, m2 = _matrix(assignment["M1"]), _matrix(assignment["M2"])
    assert len(m1) == len(m2) == 2  # two databases
    space = DatabaseSpace(domain, n)
    rows = [(m1[0], m2[0]) if x[0] == 0 else (m1[1], m2[1]) for x in space.databases]
    assert _holds_on_all_pairs(hypothesis_dp, space, rows)
    assert not _holds_on_all_pairs(composed_too_tight, space, rows)


def test_pair_predicates_must_take_the_two_rows():
    with pytest.raises(InvalidClaim):
        for_all_neighbour_pairs(("M",), (2,), lambda alg, x: True, composed, says="s")
    with pytest.raises(InvalidClaim):
        for_all_neighbour_pairs(("M", "M"), (2,), composed, composed, says="s")


def _group_dp(alg, rows, E):
    pairs = [(a, b) for a in range(len(rows)) for b in range(len(rows)) if a != b]
    return alg.all(one_sided_close(alg, rows[a][0], rows[b][0], E, 0) for a, b in pairs)


def _group_dp_doubled(alg, rows, E):
    return _group_dp(alg, rows, E * E)


@pytest.mark.parametrize("domain,n", [(2, 2), (2, 3), (3, 2)])
def test_group_claims_reduce_to_one_group(domain, n):
    """A group claim proved at n = 1 holds on random mechanisms of D^n (brute force), and the
    one-group counterexample of a false one, copied to every group of D^n, satisfies H on every
    group and fails C."""
    E = sympy.Rational(3, 2)
    proved = for_all_groups(
        ("M",), domain, (2,), _group_dp, _group_dp_doubled, says="s", eps=log_of(F(3, 2))
    ).decide(Deadline(60))
    assert proved.status is Status.VERIFIED_BOUNDED  # 2 outputs: bounded in the outputs only
    assert proved.coverage.startswith(f"every D^n with n >= 1 and |D| = {domain}")
    space = DatabaseSpace(domain, n)
    groups = space.groups
    state = 1
    for _ in range(20):
        rows = []
        for _x in space.databases:
            state = state * 48271 % 2147483647
            p = sympy.Rational(40 + state % 21, 100)  # rows in [2/5, 3/5]: often DP at 3/2
            rows.append(([p, 1 - p],))
        if all(_group_dp(EXACT, [rows[x] for x in g], E) for g in groups):
            assert all(_group_dp_doubled(EXACT, [rows[x] for x in g], E) for g in groups)

    # A false group claim: 'eps-DP => the group's rows are equal' (C reads only the group).
    def equal_rows(alg, rows, E):
        first = rows[0][0][0]
        return alg.all([c for r in rows for c in (alg.le(first, r[0][0]), alg.le(r[0][0], first))])

    refuted = for_all_groups(
        ("M",), domain, (2,), _group_dp, equal_rows, says="s", eps=log_of(F(3, 2))
    ).decide(Deadline(60))
    assert refuted.status is Status.REFUTED
    one_group = _matrix(dict(refuted.counterexample.assignment)["M"])
    assert len(one_group) == domain
    lifted = [(one_group[x[0]],) for x in space.databases]  # row by the first coordinate
    assert all(_group_dp(EXACT, [lifted[x] for x in g], E) for g in groups)
    assert not all(equal_rows(EXACT, [lifted[x] for x in g], E) for g in groups)
