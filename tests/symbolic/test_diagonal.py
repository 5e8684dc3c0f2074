"""Rule DG (dpproofs/symbolic/diagonal.py, docs/design/diagonal.md): Pinsker proved and its
certificate replayed; generated claims against exact evaluation at rational points (a proof
never leaves a point where F < 0); false claims never proved; tampered certificates and
unmet preconditions refused; the soundness judge confirms a proof and finds a borrowed one
UNSOUND."""

from fractions import Fraction

import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sympy import FiniteSet, Interval, Rational, log

from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.evidence import DiagonalCertificate
from dpproofs.exact.rigorous import sign
from dpproofs.recheck.diagonal import replay_diagonal
from dpproofs.recheck.pieces import Outcome, Piece
from dpproofs.soundness.judge import CONFIRMED, UNSOUND, judge
from dpproofs.soundness.mutate import enumerate_mutants
from dpproofs.symbolic.diagonal import DiagonalCase, diagonal
from dpproofs.symbolic.diagonal_forms import (
    binary_kl,
    bsc_below_js,
    tv_below_js,
    tv_below_kl,
)
from dpproofs.verdict import Status

p, q = sympy.Symbol("p", real=True), sympy.Symbol("q", real=True)
t = sympy.Symbol("t", real=True)
UNIT = Interval.open(0, 1)


def _binary_kl() -> sympy.Expr:
    return p * log(p / q) + (1 - p) * log((1 - p) / (1 - q))


def _replay(claim, verdict):
    (record,) = [e for e in verdict.evidence if isinstance(e, DiagonalCertificate)]
    piece = Piece("f.py", "t", "proved", (), record.as_dict())
    return replay_diagonal(piece, claim, record)


def _grid_values(interval, denominator: int) -> list[Fraction]:
    """Every k/denominator of [0, 1] in the interval (its one point for {a})."""
    if isinstance(interval, FiniteSet):
        return [Fraction(int(a.p), int(a.q)) for a in interval]
    points = [Fraction(k, denominator) for k in range(denominator + 1)]
    return [x for x in points if interval.contains(Rational(x.numerator, x.denominator))]


def _negative_somewhere(claim, denominator: int = 12) -> bool:
    """F < 0 at some rational grid point of some case's domain (signs decided exactly)."""
    for case in claim.cases:
        for a in _grid_values(case.base, denominator):
            for b in _grid_values(case.moving, denominator):
                at = case.expression.subs({p: Rational(a), q: Rational(b)})
                if sign(at) < 0:
                    return True
    return False


def test_pinsker_is_proved_with_the_expected_certificate_and_replays():
    claim = tv_below_kl("Pinsker", 2 * t**2, t)
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.PROVED
    (record,) = verdict.evidence
    # Interior: (q - p) dF/dq = (q - p)^2 / (q (1 - q)) - 4 (q - p)^2
    #         = (q - p)^2 (2q - 1)^2 / (q (1 - q)): R = q (1 - q), S = (p - q)(2q - 1).
    n, m, r, s = (sympy.sympify(x, locals={"p": p, "q": q}) for x in record.cases[0])
    assert sympy.expand(r - q * (1 - q)) == 0
    assert sympy.expand(s**2 - ((p - q) * (2 * q - 1)) ** 2) == 0
    assert sympy.cancel(n / m - (q - p) ** 2 * (2 * q - 1) ** 2 / (q * (1 - q))) == 0
    assert _replay(claim, verdict).outcome is Outcome.CONFIRMED
    assert "every finite alphabet" in verdict.reason
    assert "; " not in verdict.reason  # the rechecker reads a reason's parts split at "; "


def test_a_constant_above_two_is_never_proved():
    # F = d - c (p - q)^2 ~ (2 - c) (p - q)^2 near p = q = 1/2: false for every c > 2.
    false = tv_below_kl("c = 21/10", Rational(21, 10) * t**2, t)
    assert false.decide(Deadline(60)).status is Status.UNKNOWN
    assert _negative_somewhere(false, 40)


def test_rule_dg_is_incomplete_on_the_true_quartic_refinement():
    # D >= 2 TV^2 + (4/9) TV^4 is true, but G changes sign (p = 0, q = 1/2): UNKNOWN.
    refined = tv_below_kl("refined", 2 * t**2 + Rational(4, 9) * t**4, t)
    verdict = refined.decide(Deadline(60))
    assert verdict.status is Status.UNKNOWN and "odd factors" in verdict.reason


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.fractions(min_value=0, max_value=3, max_denominator=8),
    st.fractions(min_value=-2, max_value=2, max_denominator=8),
)
def test_generated_tv_kl_claims_against_exact_points(c2, c4):
    bound = Rational(c2.numerator, c2.denominator) * t**2
    bound += Rational(c4.numerator, c4.denominator) * t**4
    claim = tv_below_kl("generated", bound, t)
    status = claim.decide(Deadline(60)).status
    assert status in (Status.PROVED, Status.UNKNOWN)
    if status is Status.PROVED:
        assert not _negative_somewhere(claim)
    if c2 > 2:
        assert status is not Status.PROVED


ENDS = st.fractions(min_value=-2, max_value=2, max_denominator=4)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.integers(min_value=-3, max_value=3), min_size=4, max_size=4),
    ENDS,
    ENDS,
    st.booleans(),
)
def test_generated_polynomial_claims_against_exact_points(coefficients, lo, hi, open_ends):
    # F = a (q - p)^2 + b (q - p)^3 + c p (q - p)^2 + d (q - p)^4 on p in P, q in [lo, hi]:
    # 0 on the diagonal; true or false depending on the coefficients and the box.
    a, b, c, d = coefficients
    u = q - p
    f = a * u**2 + b * u**3 + c * p * u**2 + d * u**4
    lo, hi = sorted((lo, hi))
    if lo == hi:
        hi = lo + 1
    moving = Interval(Rational(lo), Rational(hi), open_ends, open_ends)
    base = Interval(Rational(lo), Rational(hi), True, True)
    claim = diagonal("generated", p, q, [DiagonalCase(f, base, moving)])
    verdict = claim.decide(Deadline(60))
    if verdict.status is Status.PROVED:
        assert _replay(claim, verdict).outcome is Outcome.CONFIRMED
        for x in _grid_values(Interval.open(0, 1), 8):
            for y in _grid_values(Interval.open(0, 1), 8):
                xa, ya = lo + (hi - lo) * x, lo + (hi - lo) * y
                assert f.subs({p: Rational(xa), q: Rational(ya)}) >= 0, (xa, ya)


def test_tampered_certificates_fail_replay():
    claim = tv_below_kl("Pinsker", 2 * t**2, t)
    verdict = claim.decide(Deadline(60))
    (record,) = verdict.evidence
    n, m, r, s = record.cases[0]
    forgeries = [(n, m, f"-({r})", s), (n, m, r, "1"), (n, "1", r, s)]
    # Text that is not a small polynomial is refused before it is evaluated.
    forgeries += [(n, m, r, text) for text in ("__import__", "9**9**9", "((p + 1)**99)**99")]
    for bad in forgeries:
        forged = DiagonalCertificate((bad, *record.cases[1:]))
        piece = Piece("f.py", "t", "proved", (), forged.as_dict())
        assert replay_diagonal(piece, claim, forged).outcome is Outcome.FAILED, bad
    # The record of Pinsker does not replay for a false claim (c = 21/10).
    false = tv_below_kl("c = 21/10", Rational(21, 10) * t**2, t)
    piece = Piece("f.py", "t", "proved", (), record.as_dict())
    assert replay_diagonal(piece, false, record).outcome is Outcome.FAILED


def test_unmet_preconditions_leave_the_claim_unknown():
    f = _binary_kl() - 2 * (p - q) ** 2
    cases = {
        # p = 3/4 is not in q's range [0, 1/2]: the segment from the diagonal leaves it.
        "base": DiagonalCase(f, Interval.open(Rational(1, 2), 1), Interval.open(0, Rational(1, 2))),
        # ln(p/q) at q = 0: not defined on the closed range.
        "defined": DiagonalCase(f, UNIT, Interval.Ropen(0, 1)),
        # F(p, p) = 1, not 0.
        "diagonal": DiagonalCase(f + 1, UNIT, UNIT),
        # q/(q + 1) - p/(p + 1), written with nested denominators, is < 0 for q < p:
        # G = (q - p)/(q + 1)^2 changes sign (the conditions 1 + 1/q != 0 are read as
        # numerator times denominator, not refused).
        "nested": DiagonalCase(1 / (1 + 1 / q) - 1 / (1 + 1 / p), UNIT, UNIT),
    }
    for name, case in cases.items():
        verdict = diagonal(name, p, q, [case]).decide(Deadline(60))
        assert verdict.status is Status.UNKNOWN, name


def test_what_the_rule_does_not_read_is_an_error():
    with pytest.raises(InvalidClaim):
        diagonal("exp", p, q, [DiagonalCase(sympy.exp(q - p) - 1, UNIT, UNIT)])
    with pytest.raises(InvalidClaim):
        diagonal("sqrt", p, q, [DiagonalCase(sympy.sqrt(q) - sympy.sqrt(p), UNIT, UNIT)])
    with pytest.raises(InvalidClaim):
        tv_below_kl("odd", t**3, t)  # bound(|p - q|) is not bound(p - q)
    with pytest.raises(InvalidClaim):  # floats never reach a decision
        diagonal("float", p, q, [DiagonalCase(sympy.Float(0.5) * (q - p) ** 2, UNIT, UNIT)])
    with pytest.raises(InvalidClaim):
        diagonal("ends", p, q, [DiagonalCase((q - p) ** 2, Interval(0.0, 1), UNIT)])
    with pytest.raises(InvalidClaim):
        diagonal("names", q, p, [DiagonalCase(q - q, UNIT, UNIT)])


def test_soundness_judge_confirms_a_proof_and_finds_a_borrowed_one_unsound():
    claim = tv_below_kl("Pinsker", 2 * t**2, t)
    verdict = claim.decide(Deadline(60))
    judged = judge(claim, verdict, "t", 10)
    assert judged.finding == CONFIRMED and judged.points == 60
    false = tv_below_kl("c = 3", 3 * t**2, t)
    assert judge(false, verdict, "f", 10).finding == UNSOUND
    found = enumerate_mutants(claim, "t")
    assert len(found.mutants) == 6 and not found.not_mutated
    for mutant in found.mutants:
        assert mutant.build().decide(Deadline(60)).status is Status.UNKNOWN, mutant.id


def _js_negative_somewhere(claim, denominator: int = 12) -> bool:
    """F < 0 at a grid point of the case's domain (p, q in (0, 1), 0 < 2p - q < 1), exactly."""
    (case,) = claim.cases
    for a in _grid_values(UNIT, denominator):
        for b in _grid_values(UNIT, denominator):
            at = {p: Rational(a), q: Rational(b)}
            inside = all(c.subs(at) > 0 for c in case.constraints)
            if inside and sign(case.expression.subs(at)) < 0:
                return True
    return False


def test_tv_below_js_is_proved_at_one_half_and_replays():
    # JS(P, Q) >= TV^2 / 2 (Cuff & Yu's Lemma 2 (27) after I(uniform; W) = JS): order 2 in
    # the midpoint coordinates, where d^2F/dq^2 = (1/(a(1 - a)) + 1/(q(1 - q)))/2 - 4 >= 0
    # because x (1 - x) <= 1/4.
    claim = tv_below_js("JS", t**2 / 2, t)
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.PROVED
    assert _replay(claim, verdict).outcome is Outcome.CONFIRMED
    assert "every finite alphabet" in verdict.reason and "; " not in verdict.reason
    (case,) = claim.cases
    second = sympy.diff(case.expression, q, 2)
    a = 2 * p - q
    assert sympy.cancel(second - ((1 / (a * (1 - a)) + 1 / (q * (1 - q))) / 2 - 4)) == 0


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.fractions(min_value=0, max_value=1, max_denominator=12))
def test_generated_tv_js_claims_against_exact_points(c):
    # c TV^2 <= JS is false for every c > 1/2 (near P = Q = (1/2, 1/2), JS ~ TV^2 / 2).
    claim = tv_below_js("generated", Rational(c.numerator, c.denominator) * t**2, t)
    status = claim.decide(Deadline(60)).status
    if status is Status.PROVED:
        assert not _js_negative_somewhere(claim)
    if c > Fraction(1, 2):
        assert status is not Status.PROVED


def test_the_bsc_bound_below_js_is_proved_replays_and_a_larger_one_is_not():
    # JS(P, Q) >= ln 2 - h((1 - TV)/2) (Cuff & Yu's (28) and Appendix C): with TV = 2 (q - p),
    # d^2/dq^2 of the bound is 4/(1 - 4 (q - p)^2), and (1/(a(1 - a)) + 1/(q(1 - q)))/2 >=
    # 2/(a(1 - a) + q(1 - q)) = 1/(p(1 - p) - (q - p)^2) >= 4/(1 - 4 (q - p)^2) (AM-HM, then
    # p(1 - p) <= 1/4): G >= 0, with equality at p = 1/2 (the BSC).
    claim = bsc_below_js("BSC")
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.PROVED
    assert _replay(claim, verdict).outcome is Outcome.CONFIRMED
    assert not _js_negative_somewhere(claim)
    assert judge(claim, verdict, "f", 10).finding == CONFIRMED
    for mutant in enumerate_mutants(claim, "t").mutants:
        assert mutant.build().decide(Deadline(60)).status is Status.UNKNOWN, mutant.id
    (case,) = claim.cases
    a, u = 2 * p - q, q - p
    hand = (1 / (a * (1 - a)) + 1 / (q * (1 - q))) / 2 - 4 / (1 - 4 * u**2)
    assert sympy.cancel(sympy.diff(case.expression, q, 2) - hand) == 0
    # 11/10 of the bound: at p = 1/2 the bound equals JS, so F = -bound/10 < 0 off the diagonal.
    bound = (binary_kl(a, p) + binary_kl(q, p)) / 2 - case.expression
    larger = DiagonalCase(
        case.expression - bound / 10,
        case.base,
        case.moving,
        case.label,
        order=2,
        constraints=case.constraints,
    )
    false = diagonal("11/10 BSC", p, q, [larger])
    assert _js_negative_somewhere(false)
    assert false.decide(Deadline(60)).status is Status.UNKNOWN


def test_order_two_needs_the_first_derivative_to_vanish_and_the_constraints_to_hold():
    u = q - p
    # F = (q - p) + (q - p)^2: F(p, p) = 0 but dF/dq = 1 at q = p; false for q < p.
    rising = DiagonalCase(u + u**2, UNIT, UNIT, order=2)
    assert diagonal("x", p, q, [rising]).decide(Deadline(60)).status is Status.UNKNOWN
    # The constraint q - 2p > 0 excludes the diagonal point (p, p): not certified.
    off = DiagonalCase(u**2, UNIT, UNIT, order=2, constraints=(q - 2 * p,))
    assert diagonal("x", p, q, [off]).decide(Deadline(60)).status is Status.UNKNOWN
    # A constraint of degree 2 in q (its q-section may not be an interval), an order of 3.
    with pytest.raises(InvalidClaim):
        diagonal("x", p, q, [DiagonalCase(u**2, UNIT, UNIT, constraints=(q**2 - p,))])
    with pytest.raises(InvalidClaim):
        diagonal("x", p, q, [DiagonalCase(u**2, UNIT, UNIT, order=3)])


def test_a_spent_deadline_leaves_the_claim_unknown():
    verdict = tv_below_kl("Pinsker", 2 * t**2, t).decide(Deadline(0))
    assert verdict.status is Status.UNKNOWN and "deadline" in verdict.reason
