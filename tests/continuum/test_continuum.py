"""The continuum decider: exact answers on known inequalities, brute force against dense exact
grids on generated claims, and replay of its evidence by the rechecker."""

from fractions import Fraction as F

import flint
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dpproofs.continuum import continuum, entropy, mutual_information, total_variation
from dpproofs.continuum.claim import point_truth, proportional_point
from dpproofs.continuum.domain import Domain, Rows, tighten
from dpproofs.continuum.enclosure import Encloser, Undefined
from dpproofs.continuum.terms import TermAlgebra, Var, XLogX, XLogY
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.evidence import ContinuumBoxes
from dpproofs.recheck import continuum as rc
from dpproofs.recheck.pieces import Outcome, Piece
from dpproofs.verdict import Status
from dpproofs.vocabulary import kl_divergence

ALG = TermAlgebra()


def decide(claim, seconds=60):
    return claim.decide(Deadline(seconds))


def test_entropy_and_kl_are_recognised_as_continuous_terms():
    p, q = Var("p"), Var("q")
    assert -(p * ALG.log(p)) == -XLogX(p)
    assert p * ALG.log(ALG.div(p, q)) == XLogY(p, q)


def test_t_log_t_is_enclosed_at_zero_and_at_its_minimum():
    # t ln t on [0, 1] has range [-1/e, 0]: the enclosure must contain both ends of it.
    box = {"p": (F(0), F(1))}
    ball = Encloser(box, frozenset({"p"})).enclose(XLogX(Var("p")))
    assert ball.contains(0) and ball.contains(-(1 / flint.arb(1).exp()))
    # A log of an argument that reaches 0 is not defined on the box.
    with pytest.raises(Undefined):
        Encloser(box, frozenset({"p"})).enclose(ALG.log(Var("p")))


def test_tightening_keeps_every_simplex_point():
    # Box p0 in [0, 1/4], p1 in [0, 1/4], p2 in [0, 1]: the simplex forces p2 >= 1/2.
    domain = Domain((Rows("p", 1, 3),), ())
    box = {"p[0]": (F(0), F(1, 4)), "p[1]": (F(0), F(1, 4)), "p[2]": (F(0), F(1))}
    assert tighten(domain, box)["p[2]"] == (F(1, 2), F(1))
    assert tighten(domain, {**box, "p[2]": (F(0), F(1, 3))}) is None


def test_strict_entropy_bound_is_proved_and_replayed():
    # H(p) <= ln 3 < 11/10 on 3 outcomes.
    claim = continuum("H < 11/10", lambda alg, p: alg.lt(entropy(alg, p), F(11, 10)), {"p": 3})
    verdict = decide(claim)
    assert verdict.status is Status.PROVED
    assert verdict.coverage is None  # proved: the domain is the claim's own, said in the reason
    assert verdict.reason == "for all p on 3 outcomes: every box certified"
    (record,) = verdict.evidence
    piece = Piece("f.py", "t", "proved", (), record.as_dict())
    assert rc.replay_boxes(piece, claim, record).outcome is Outcome.CONFIRMED
    # A tree with a certified leaf dropped does not account for every box.
    cut = ContinuumBoxes(record.variables, record.tree[:-1])
    assert rc.replay_boxes(piece, claim, cut).outcome is Outcome.FAILED
    # The same tree does not prove a false claim (H < 1).
    false = continuum("H < 1", lambda alg, p: alg.lt(entropy(alg, p), 1), {"p": 3})
    assert rc.replay_boxes(piece, false, record).outcome is Outcome.FAILED


def test_tv_at_most_kl_over_4_is_refuted_with_an_exact_witness():
    # TV <= KL/4 fails near p = q: TV ~ |d|, KL ~ 2 d^2 for binary laws at distance d.
    claim = continuum(
        "TV <= KL/4",
        lambda alg, p, q: alg.le(total_variation(alg, p, q), kl_divergence(alg, p, q) / 4),
        {"p": 2, "q": 2},
    )
    verdict = decide(claim)
    assert verdict.status is Status.REFUTED
    values = dict(verdict.counterexample.assignment)
    p = [F(values["p[0]"]), F(values["p[1]"])]
    q = [F(values["q[0]"]), F(values["q[1]"])]
    assert sum(p) == 1 and sum(q) == 1
    piece = Piece("f.py", "t", "refuted", (), verdict.evidence[0].as_dict())
    assert rc.replay_witness(piece, claim, values).outcome is Outcome.CONFIRMED


def test_pinsker_tight_at_p_equals_q_stays_unknown_not_proved():
    # 2 TV^2 <= KL is true, with equality on p = q: no box around the diagonal certifies.
    claim = continuum(
        "Pinsker",
        lambda alg, p, q: alg.le(2 * total_variation(alg, p, q) ** 2, kl_divergence(alg, p, q)),
        {"p": 2, "q": 2},
        budget=300,
    )
    verdict = decide(claim)
    assert verdict.status is Status.UNKNOWN and "300 boxes" in verdict.reason


def test_pinsker_with_a_margin_away_from_the_boundary_is_proved():
    # 2 TV^2 - 1/20 <= KL for q with both masses in [1/4, 3/4] (q as a parameter).
    claim = continuum(
        "Pinsker - 1/20",
        lambda alg, p, t: alg.le(
            2 * total_variation(alg, p, [t, 1 - t]) ** 2 - F(1, 20),
            kl_divergence(alg, p, [t, 1 - t]),
        ),
        {"p": 2},
        {"t": (F(1, 4), F(3, 4))},
    )
    assert decide(claim).status is Status.PROVED


def test_mutual_information_of_a_binary_channel_is_at_most_ln_2():
    # I(X;Y) <= H(X) <= ln 2 < 7/10, continuous up to the boundary (written with entropies).
    claim = continuum(
        "I <= 7/10",
        lambda alg, w, rows: alg.le(mutual_information(alg, w, rows), F(7, 10)),
        {"w": 2, "W": (2, 2)},
    )
    assert decide(claim).status is Status.PROVED


def test_floats_are_refused():
    claim = continuum("float", lambda alg, p: alg.le(p[0], 0.5), {"p": 2})
    with pytest.raises(InvalidClaim):
        decide(claim)


def test_a_spent_budget_names_the_boxes_left_and_is_deterministic():
    claim = continuum(
        "H >= 0 strictly (false at vertices, true inside)",
        lambda alg, p: alg.lt(0, entropy(alg, p)),
        {"p": 2},
    )
    first, second = decide(claim), decide(claim)
    assert first.status is Status.REFUTED  # p = (1, 0) has H = 0
    assert first.counterexample == second.counterexample


# Generated claims "a H(p) + b p_0 <= c" on 3 outcomes: the decider's answer must agree with a
# dense exact grid. A proof must leave no grid point false; a refutation's witness is exact.
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    a=st.integers(-3, 3),
    b=st.integers(-3, 3),
    c=st.fractions(F(-2), F(3), max_denominator=8),
)
def test_generated_entropy_claims_agree_with_dense_exact_grids(a, b, c):
    claim = continuum(
        "a H + b p0 <= c",
        lambda alg, p: alg.le(a * entropy(alg, p) + b * p[0], c),
        {"p": 3},
        budget=3000,
    )
    verdict = decide(claim)
    domain = claim.domain
    phi = claim.formula()
    grid = [
        {"p[0]": F(i, 12), "p[1]": F(j, 12), "p[2]": F(12 - i - j, 12)}
        for i in range(13)
        for j in range(13 - i)
    ]
    if verdict.status is Status.PROVED:
        assert all(point_truth(domain, phi, g) is not False for g in grid)
    elif verdict.status is Status.REFUTED:
        point = {k: F(v) for k, v in verdict.counterexample.assignment}
        assert domain.contains(point) and point_truth(domain, phi, point) is False
        assert sum(point.values()) == 1
    else:
        assert verdict.status is Status.UNKNOWN
    # A grid point that fails exactly means no proof.
    if any(point_truth(domain, phi, g) is False for g in grid):
        assert verdict.status is not Status.PROVED


def test_proportional_point_lies_in_the_box_and_on_the_simplex():
    domain = Domain((Rows("p", 1, 3),), (("e", F(0), F(1)),))
    box = tighten(
        domain,
        {
            "p[0]": (F(1, 8), F(1, 2)),
            "p[1]": (F(0), F(1, 4)),
            "p[2]": (F(0), F(1)),
            "e": (F(0), F(1)),
        },
    )
    point = proportional_point(domain, box)
    assert domain.contains(point)
    assert all(box[v][0] <= point[v] <= box[v][1] for v in box)


def test_a_violation_below_float_resolution_is_found_exactly():
    # H(1/3, 1/3, 1/3) = ln 3 = 1.09861228866810969...; the bound is 1e-17 below it, so the
    # uniform point (the root box's proportional point) refutes the claim, though floats see
    # a margin of 0 there.
    bound = F(109861228866810968, 10**17)
    claim = continuum("H <= ln 3 - 1e-17", lambda alg, p: alg.le(entropy(alg, p), bound), {"p": 3})
    verdict = decide(claim)
    assert verdict.status is Status.REFUTED
    assert dict(verdict.counterexample.assignment) == {"p[0]": "1/3", "p[1]": "1/3", "p[2]": "1/3"}


CELLS = [(x, y, z) for x in (0, 1) for y in (0, 1) for z in (0, 1)]


def _h(alg, j, coords):
    marginal = {}
    for index, cell in enumerate(CELLS):
        marginal.setdefault(tuple(cell[c] for c in coords), []).append(j[index])
    return entropy(alg, [alg.total(v) for v in marginal.values()]) if coords else 0


def _cmi(alg, j, a, b, c=()):
    return _h(alg, j, a + c) + _h(alg, j, b + c) - _h(alg, j, a + b + c) - _h(alg, j, c)


def test_the_chain_rule_is_an_identity_for_every_joint_law_and_is_replayed():
    # I(X; Y, Z) = I(X; Y) + I(X; Z | Y): rule ID, one box.
    def chain(alg, j):
        return alg.eq(
            _cmi(alg, j, (0,), (1, 2)), _cmi(alg, j, (0,), (1,)) + _cmi(alg, j, (0,), (2,), (1,))
        )

    claim = continuum("chain rule", chain, {"P": 8})
    verdict = decide(claim)
    assert verdict.status is Status.PROVED and verdict.evidence[0].tree == ("t",)
    piece = Piece("f.py", "t", "proved", (), verdict.evidence[0].as_dict())
    assert rc.replay_boxes(piece, claim, verdict.evidence[0]).outcome is Outcome.CONFIRMED

    # A wrong "identity" (the conditional term dropped) is not settled: refuted exactly.
    def wrong(alg, j):
        return alg.eq(_cmi(alg, j, (0,), (1, 2)), _cmi(alg, j, (0,), (1,)))

    assert decide(continuum("wrong", wrong, {"P": 8}, budget=200)).status is Status.REFUTED
    assert (
        rc.replay_boxes(piece, continuum("wrong", wrong, {"P": 8}), verdict.evidence[0]).outcome
        is Outcome.FAILED
    )


SUBSETS = [(0,), (1,), (2,), (0, 1), (0, 2), (1, 2), (0, 1, 2)]


@settings(max_examples=40, deadline=None)
@given(
    coefficients=st.lists(st.integers(-2, 2), min_size=7, max_size=7),
    seeds=st.lists(st.integers(1, 50), min_size=8, max_size=8),
)
def test_rule_id_agrees_with_exact_evaluation_on_generated_entropy_combinations(
    coefficients, seeds
):
    # d = sum_S c_S H(X_S) + (the chain rule's difference, which is 0): rule ID settles d = 0
    # exactly when every c_S is 0 (the seven joint entropies are linearly independent
    # functions), and a settled d is 0 at an exact point (Arb, 1024 bits).
    from dpproofs.continuum.identities import vanishes

    j = [Var(f"P[{i}]") for i in range(8)]
    chain = _cmi(ALG, j, (0,), (1, 2)) - _cmi(ALG, j, (0,), (1,)) - _cmi(ALG, j, (0,), (2,), (1,))
    d = chain + sum(c * _h(ALG, j, s) for c, s in zip(coefficients, SUBSETS, strict=True))
    coords = frozenset(v.name for v in j)
    settled = vanishes(d, coords)
    assert settled == all(c == 0 for c in coefficients)
    total = sum(seeds)
    point = {f"P[{i}]": (F(s, total), F(s, total)) for i, s in enumerate(seeds)}
    ball = Encloser(point, coords, 1024).enclose(d)
    if settled:
        assert ball.contains(0) and ball.rad() < flint.arb(10) ** -100
