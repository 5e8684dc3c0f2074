"""The Gaussian mechanism's (eps, delta) curve in the continuum decider: Phi enclosed by Arb
(erfc), claims over parameter boxes decided by branch and bound and checked against mpmath at
60 digits, Lemma G1 (docs/design/branch-and-bound.md) against mpmath, and replay of the trees."""

from fractions import Fraction as F

import mpmath
import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dpproofs.continuum import continuum
from dpproofs.continuum.claim import point_truth
from dpproofs.continuum.enclosure import Encloser
from dpproofs.continuum.terms import NormalCdf, TermAlgebra, Var
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.exact.rigorous import ball_endpoints
from dpproofs.recheck import continuum as rc
from dpproofs.recheck.pieces import Outcome, Piece
from dpproofs.soundness.judge import CONFIRMED, judge
from dpproofs.soundness.mutate import enumerate_mutants
from dpproofs.verdict import Status
from dpproofs.vocabulary import gaussian_delta

ALG = TermAlgebra()
mpmath.mp.dps = 60


def exact_delta(eps, ratio):
    """delta(eps) of N(ratio, 1) against N(0, 1) (sigma/Delta = 1/ratio), at 60 digits."""
    eps, ratio = mp(eps), mpmath.mpf(ratio) if isinstance(ratio, mpmath.mpf) else mp(ratio)
    a, b = ratio / 2 - eps / ratio, -ratio / 2 - eps / ratio
    return mpmath.ncdf(a) - mpmath.exp(eps) * mpmath.ncdf(b)


def mp(x):
    return mpmath.mpf(x.numerator) / x.denominator


def _contains(ball, value):
    """value (60 digits, error ~1e-60, far below any ball's radius here) lies in the ball."""
    lo, hi = ball_endpoints(ball)
    return mp(lo) <= value <= mp(hi)


@settings(max_examples=40, deadline=None)
@given(
    lo=st.fractions(F(-40), F(40), max_denominator=64),
    width=st.fractions(F(0), F(5), max_denominator=64),
)
def test_phi_is_enclosed_on_every_interval_by_the_decider_and_the_rechecker(lo, width):
    # Phi increases, so its range on [lo, hi] is [Phi(lo), Phi(hi)]: both ends and the midpoint
    # (mpmath, 60 digits) lie in the decider's ball and in the rechecker's erfc ball.
    hi = lo + width
    ball = Encloser({"x": (lo, hi)}, frozenset()).enclose(NormalCdf(Var("x")))
    values = [mpmath.ncdf(mp(v)) for v in (lo, (lo + hi) / 2, hi)]
    assert all(_contains(ball, v) for v in values)
    x = sympy.Symbol("x")
    box = rc._Box({"x": (lo, hi)}, {"x": x}, frozenset())
    again = box.ball(rc.SympyTerms().normal_cdf(x))
    assert all(_contains(again, v) for v in values)


def _box_claim(e0, e1, u0, u1, bound):
    """delta(eps) <= bound for eps in [e0, e1] and Delta/sigma in [u0, u1] (u0 > 0)."""
    return continuum(
        "gaussian delta(eps) <= bound",
        lambda alg, eps, u: alg.le(gaussian_delta(alg, eps, u, eps / u), bound),
        {},
        {"eps": (e0, e1), "u": (u0, u1)},
        budget=200,
    )


# Generated claims over boxes of (eps, Delta/sigma): every box the decider proves true must hold
# at every generated point of it by mpmath; a refutation's witness must fail by mpmath.
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    e0=st.fractions(F(0), F(4), max_denominator=8),
    ew=st.fractions(F(1, 8), F(2), max_denominator=8),
    u0=st.fractions(F(1, 8), F(4), max_denominator=8),
    uw=st.fractions(F(1, 8), F(2), max_denominator=8),
    bound=st.fractions(F(0), F(1), max_denominator=64),
    probes=st.lists(st.tuples(st.fractions(F(0), F(1)), st.fractions(F(0), F(1))), max_size=8),
)
def test_generated_gaussian_claims_agree_with_mpmath(e0, ew, u0, uw, bound, probes):
    claim = _box_claim(e0, e0 + ew, u0, u0 + uw, bound)
    verdict = claim.decide(Deadline(60))
    points = [(e0 + s * ew, u0 + t * uw) for s, t in [(0, 0), (0, 1), (1, 0), (1, 1), *probes]]
    if verdict.status is Status.PROVED:
        assert all(exact_delta(e, u) <= mp(bound) for e, u in points)
    elif verdict.status is Status.REFUTED:
        point = {k: F(v) for k, v in verdict.counterexample.assignment}
        assert claim.domain.contains(point)
        assert exact_delta(point["eps"], point["u"]) > mp(bound)
    else:
        assert verdict.status is Status.UNKNOWN
    # A point that fails by mpmath (with a margin far above 60-digit rounding) forbids a proof.
    if any(exact_delta(e, u) > mp(bound) + mpmath.mpf(10) ** -40 for e, u in points):
        assert verdict.status is not Status.PROVED


def _calibrated(c, delta_lo):
    """delta(eps) <= delta at sigma^2 = c ln(1/delta)/eps^2: eps sigma = sqrt(c ln(1/delta))."""

    def predicate(alg, eps, delta):
        eps_sigma = alg.sqrt(c * alg.log(1 / delta))
        return alg.le(gaussian_delta(alg, eps, eps / eps_sigma, eps_sigma), delta)

    return continuum("calibrated", predicate, {}, {"eps": (0, 1), "delta": (delta_lo, F(1, 2))})


def test_calibration_c2_is_proved_and_replayed_and_its_tree_does_not_prove_a_smaller_c():
    claim = _calibrated(2, F(1, 100))
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.PROVED
    (record,) = verdict.evidence
    piece = Piece("f.py", "t", "proved", (), record.as_dict())
    assert rc.replay_boxes(piece, claim, record).outcome is Outcome.CONFIRMED
    # c = 1/2 is false here (at eps = 1, delta = 1/100: delta(eps) ~ 0.0296 > 1/100); the c = 2
    # tree must not replay for it. (K&S's c = 1 holds on this part; it fails below delta ~ 1e-6.)
    wrong = _calibrated(F(1, 2), F(1, 100))
    assert rc.replay_boxes(piece, wrong, record).outcome is Outcome.FAILED
    refuted = wrong.decide(Deadline(60))
    assert refuted.status is Status.REFUTED
    point = {k: F(v) for k, v in refuted.counterexample.assignment}
    assert point_truth(wrong.domain, wrong.formula(), point) is False
    assert rc.truth_at(wrong, point) is False
    eps, delta = point["eps"], point["delta"]
    sigma = mpmath.sqrt(mpmath.log(1 / mp(delta)) / 2) / mp(eps)
    assert exact_delta(eps, 1 / sigma) > mp(delta)


# Lemma G1 against mpmath: for eps in (0, 1] and delta in (0, 1/100], with r = sqrt(2 ln(1/delta)),
# w = 1/r, a = eps/(2r): delta(eps) <= Phi(a - r) <= delta w e^(eps/2) / ((5/2)(1 - eps w^2/2))
# <= delta; and w <= 1/3 (the tail's box).
@settings(max_examples=60, deadline=None)
@given(
    eps=st.fractions(F(1, 10**6), F(1), max_denominator=10**6),
    mantissa=st.integers(1, 99),
    exponent=st.integers(2, 300),
)
def test_lemma_g1_chain_holds_by_mpmath(eps, mantissa, exponent):
    delta = mpmath.mpf(mantissa) / 100 * mpmath.mpf(10) ** (-exponent + 1)
    delta = min(delta, mpmath.mpf(1) / 100)
    e = mp(eps)
    r = mpmath.sqrt(2 * mpmath.log(1 / delta))
    w, a = 1 / r, e / (2 * r)
    assert w <= mpmath.mpf(1) / 3
    profile = mpmath.ncdf(a - r) - mpmath.exp(e) * mpmath.ncdf(-a - r)
    mills = delta * w * mpmath.exp(e / 2) / (mpmath.mpf(5) / 2 * (1 - e * w**2 / 2))
    assert 0 < profile <= mpmath.ncdf(a - r) <= mills <= delta


def test_a_float_inside_phi_is_refused():
    with pytest.raises(InvalidClaim):
        ALG.normal_cdf(0.5)


def assert_mutants_refuted_and_replayed(claim, key, ids):
    """The sweep's mutants of ``claim`` are exactly ``ids``; each is refuted, its witness
    replayed by the judge."""
    found = enumerate_mutants(claim, key)
    assert [m.id for m in found.mutants] == [f"{key}/{i}" for i in ids]
    for mutant in found.mutants:
        mutated = mutant.build()
        verdict = mutated.decide(Deadline(60))
        assert verdict.status is Status.REFUTED, mutant.id
        assert judge(mutated, verdict, mutant.id, 10).finding == CONFIRMED


def test_mutants_of_the_calibration_claim_are_refuted_and_replayed():
    claim = _calibrated(2, F(1, 100))
    assert_mutants_refuted_and_replayed(claim, "g", ["negate", "cut eps", "cut delta"])


def _point(bound, covers=""):
    """delta(0) < bound at Delta/sigma = 64: delta(0) = 1 - 2 Phi(-32) = 1 - 2.5e-225."""
    return continuum(
        "delta(0) < bound",
        lambda alg, eps, u: alg.lt(gaussian_delta(alg, eps, u, eps / u), bound),
        {},
        {"eps": (0, 0), "u": (64, 64)},
        covers=covers,
    )


def test_a_point_is_decided_at_growing_precision_and_a_covered_part_stays_bounded():
    # 64 bits cannot tell 1 - 2.5e-225 from 1; the point is decided at 1024 bits, not split.
    proved = _point(1).decide(Deadline(60))
    assert proved.status is Status.PROVED and proved.evidence[0].tree == ("t",)
    refuted = _point(1 - F(1, 10**200)).decide(Deadline(60))
    assert refuted.status is Status.REFUTED
    assert dict(refuted.counterexample.assignment) == {"eps": "0", "u": "64"}
    # The same box said to be a part of a larger statement: verified-bounded, and the rechecker
    # (reading covers from the claim, not from the report) shows no more than that.
    claim = _point(1, covers="the corner of a box")
    bounded = claim.decide(Deadline(60))
    assert bounded.status is Status.VERIFIED_BOUNDED
    assert bounded.coverage.startswith("every box of eps = 0, u = 64")
    assert bounded.coverage.endswith("this covers the corner of a box)")
    piece = Piece("f.py", "t", "proved", (), bounded.evidence[0].as_dict())
    finding = rc.replay_boxes(piece, claim, bounded.evidence[0])
    assert finding.outcome is Outcome.CONFIRMED and finding.supports == "verified-bounded"
    assert rc.replay_boxes(piece, _point(1), bounded.evidence[0]).supports is None


# Lemma G2 against mpmath: delta(eps) at Delta/sigma = u decreases in eps and increases in u,
# with d delta/d eps = -e^eps Phi(B) and d delta/d u = phi(A) (A = u/2 - eps/u, B = A - u).
@settings(max_examples=40, deadline=None)
@given(
    eps=st.fractions(F(0), F(20), max_denominator=64),
    de=st.fractions(F(1, 64), F(5), max_denominator=64),
    u=st.fractions(F(1, 16), F(16), max_denominator=64),
    du=st.fractions(F(1, 64), F(5), max_denominator=64),
)
def test_lemma_g2_monotonicity_and_derivatives_by_mpmath(eps, de, u, du):
    assert exact_delta(eps + de, u) < exact_delta(eps, u)
    assert exact_delta(eps, u) < exact_delta(eps, u + du)
    e, r = mp(eps), mp(u)
    a, b = r / 2 - e / r, -r / 2 - e / r

    def profile(x, y):
        return mpmath.ncdf(y / 2 - x / y) - mpmath.exp(x) * mpmath.ncdf(-y / 2 - x / y)

    d_eps = mpmath.diff(lambda x: profile(x, r), e)
    d_u = mpmath.diff(lambda y: profile(e, y), r)
    assert abs(d_eps + mpmath.exp(e) * mpmath.ncdf(b)) <= mpmath.mpf(10) ** -30 * (1 + abs(d_eps))
    assert abs(d_u - mpmath.npdf(a)) <= mpmath.mpf(10) ** -30 * (1 + abs(d_u))


def test_a_failing_premise_refutes_nothing():
    # Lemma G1's covering premise with w <= 1/4: 16 <= 2 ln 100 = 9.2 is false, but the lemma
    # merely does not apply; the statement it serves is not refuted.
    def covering(alg, delta):
        return alg.le(16, 2 * alg.log(1 / delta))

    params = {"delta": (F(1, 100), F(1, 100))}
    plain = continuum("covering", covering, {}, params).decide(Deadline(60))
    assert plain.status is Status.REFUTED
    premise = continuum("covering", covering, {}, params, premise="Lemma G1 (C)")
    verdict = premise.decide(Deadline(60))
    assert verdict.status is Status.UNKNOWN and verdict.counterexample is None
    assert verdict.reason.startswith("Lemma G1 (C) fails at delta = 1/100 (exact)")


def test_the_mutants_of_a_premise_are_judged_as_plain_claims():
    # Lemma G1 (T) as a premise: its mutants drop the premise, so they are refuted (and
    # replayed), not hidden behind the premise's UNKNOWN.
    def tail(alg, eps, w):
        return alg.le(w * alg.exp(eps / 2), F(5, 2) * (1 - eps * w**2 / 2))

    claim = continuum("T", tail, {}, {"eps": (0, 1), "w": (0, F(1, 3))}, premise="Lemma G1 (T)")
    assert claim.decide(Deadline(60)).status is Status.PROVED
    assert_mutants_refuted_and_replayed(claim, "p", ["negate", "cut eps", "cut w"])
