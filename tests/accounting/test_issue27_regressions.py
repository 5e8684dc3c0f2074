"""The certified brackets of issue 27 that excluded the truth, and the answers that were not
answers (inf / NaN in a bracket, no time limit). Each test failed before its fix."""

from __future__ import annotations

import io
import json
import math
from fractions import Fraction

import mpmath
import pytest
from flint import arb, fmpz_poly
from hypothesis import given
from hypothesis import strategies as st

from dpproofs.accounting import (
    delta_for_epsilon,
    epsilon_for_delta,
    pure_epsilon,
    renyi_divergence,
)
from dpproofs.accounting.certified import Kind, hull
from dpproofs.accounting.rounding import ceil_div, ceil_shift, floor_div, floor_shift, poly_shift
from dpproofs.cli.main import main
from dpproofs.finite import FiniteMechanism

RR34 = FiniteMechanism.from_rows([["3/4", "1/4"], ["1/4", "3/4"]], inputs=["+", "-"])
# Ratios 3, 5/7 and 15/29: three generators, so K = 1300 has ~1300^3 slots (the grid path).
GRID3 = FiniteMechanism.from_rows(
    [["1/2", "1/4", "1/4"], ["1/6", "7/20", "29/60"]], inputs=["a", "b"]
)


def contains(answer: object, truth: mpmath.mpf) -> bool:
    value = answer.value  # type: ignore[attr-defined]
    return bool(mpmath.mpf(value.lower) <= truth <= mpmath.mpf(value.upper))


def test_flint_truncates_where_the_ceiling_is_needed():
    # The example: -((-[7,5,1,3,0,9]) // 4) with flint's truncating // gave
    # [2,2,0,0,0,3]; the ceilings of 7/4, 5/4, 1/4, 3/4, 0/4, 9/4 are 2, 2, 1, 1, 0, 3.
    poly = fmpz_poly([7, 5, 1, 3, 0, 9])
    assert poly_shift(poly, 2, up=True) == fmpz_poly([2, 2, 1, 1, 0, 3])
    assert poly_shift(poly, 2, up=False) == fmpz_poly([1, 1, 0, 0, 0, 2])


@given(st.lists(st.integers(-(10**40), 10**40), min_size=1, max_size=8), st.integers(0, 140))
def test_directed_rounding_is_the_floor_and_the_ceiling(coefficients, s):
    poly = fmpz_poly(coefficients)
    want = [Fraction(c, 2**s) for c in coefficients]
    ups = [int(c) for c in poly_shift(poly, s, up=True).coeffs()]
    downs = [int(c) for c in poly_shift(poly, s, up=False).coeffs()]
    pad = len(coefficients)
    ups, downs = ups + [0] * (pad - len(ups)), downs + [0] * (pad - len(downs))
    assert ups == [math.ceil(w) for w in want] == [ceil_shift(c, s) for c in coefficients]
    assert downs == [math.floor(w) for w in want] == [floor_shift(c, s) for c in coefficients]
    for c in coefficients:
        assert floor_div(c, 7) == math.floor(Fraction(c, 7))
        assert ceil_div(c, 7) == math.ceil(Fraction(c, 7))


def test_rr_1000_eps_of_zero_is_the_pure_epsilon():
    # The top atom of RR^1000 has ratio 3^1000 and mass (3/4)^1000 > 0: eps(0) = 1000 ln 3,
    # not 903.06 (every atom below 2^-128 had upper mass 0).
    c = RR34**1000
    eps0 = epsilon_for_delta(c, "0").value
    assert eps0 == pure_epsilon(c).value
    assert str(eps0.exact) == "1000*log(3)"
    with mpmath.workdps(40):
        assert contains(epsilon_for_delta(c, "0"), 1000 * mpmath.log(3))


def test_rr_1000_delta_beyond_the_second_atom():
    # Above 999 ln 3 only the top atom (ratio 3^1000, mass (3/4)^1000) counts:
    # delta = (3/4)^1000 (1 - 3^999 / 3^1000) = 2 * 3^999 / 4^1000 ~ 7.68e-126, not 0.
    got = delta_for_epsilon(RR34**1000, "999*log(3)").value
    truth = Fraction(2 * 3**999, 4**1000)
    assert Fraction(got.lower) <= truth <= Fraction(got.upper)
    assert got.lower > 0


def test_rr_1000_eps_of_a_tiny_delta():
    # delta = 1e-300 < (3/4)^1000 ~ 2^-415: the crossing is on the top piece,
    # H(g) = (3/4)^1000 (1 - g / 3^1000), so g* = 3^1000 (1 - delta / (3/4)^1000). The hull of
    # the lower and upper crossings, [e^903, e^1098], once held 0 and gave eps = 0.
    gamma = Fraction(3**1000) * (1 - Fraction(1, 10**300) / Fraction(3, 4) ** 1000)
    with mpmath.workdps(60):
        truth = mpmath.log(mpmath.mpf(gamma.numerator)) - mpmath.log(gamma.denominator)
        assert contains(epsilon_for_delta(RR34**1000, "1e-300"), truth)


def test_hull_of_a_nan_ball_is_not_finite():
    # hull(NaN, 0) was 0: comparisons with NaN are False, so the end of 0 was chosen.
    assert not hull(arb("nan"), arb(0)).is_finite()
    assert not hull(arb(0), arb("nan")).is_finite()


def test_grid_path_eps_of_zero_is_the_pure_epsilon():
    # 3 outputs composed 1300 times: the grid path; eps(0) was [706.5, 787.75].
    c = GRID3**1300
    assert c.pair_compositions()[0].too_big()
    got = epsilon_for_delta(c, "0")
    assert str(got.value.exact) == "1300*log(3)"
    with mpmath.workdps(40):
        assert contains(got, 1300 * mpmath.log(3))


def test_an_epsilon_beyond_the_pure_epsilon_gives_delta_zero_exactly():
    # eps = 1e400 >= ln 3: no atom has ratio > e^eps, delta = 0 (was lower = upper = inf).
    got = delta_for_epsilon(RR34**1, "1e400").value
    assert (got.kind, got.lower, got.upper, got.exact) == (Kind.FINITE, 0.0, 0.0, 0)


def test_a_huge_renyi_order_is_finite():
    # D_a = ln 3 + ln(3/4 + (1/4) 9^-(a-1)) / (a - 1), in [ln 3 + ln(3/4)/(a-1), ln 3]: at
    # a = 1e400 it is ln 3 to far below a float (was NaN, NaN, NaN).
    got = renyi_divergence(RR34**1, "1e400")
    assert got.value.kind is Kind.FINITE
    with mpmath.workdps(40):
        assert contains(got, mpmath.log(3))


def _no_constants(name: str) -> float:
    raise AssertionError(f"{name} in JSON")


def test_json_says_infinite_in_words(tmp_path):
    # The second output is impossible under b: an infinite atom, so pure epsilon, KL and
    # Renyi 2 are +oo, and eps(delta) is +oo for delta < 1/2 (the atom's mass).
    path = tmp_path / "m.json"
    path.write_text(json.dumps({"inputs": ["a", "b"], "rows": [["1/2", "1/2"], ["1", "0"]]}))
    out, err = io.StringIO(), io.StringIO()
    argv = ["compose", f"{path}:3", "--delta", "1/4", "--renyi", "1e400", "--json"]
    assert main(argv, stdout=out, stderr=err) == 0, err.getvalue()
    data = json.loads(out.getvalue(), parse_constant=_no_constants)
    for q in (data["pure_epsilon"], data["kl"], data["renyi"][0], data["epsilon_for_delta"][0]):
        assert q["status"] == "infinite" and q["value"] == "infinite"
        assert q["lower"] is None and q["upper"] is None and q["reason"]
    assert data["delta"] == [] and data["total_variation"]["status"] == "certified"


def test_compose_of_k_1e23_and_of_1e7_on_the_grid_answer_at_once(examples_rr, tmp_path):
    # K = 10^23: pure epsilon, KL and Renyi from the factors (the pure epsilon computed 3^K);
    # the rest need a grid of >= K + 1 slots: "too large" at once, with the reason. The same
    # for 3 outputs (3 generators, the grid path) composed 10^7 times.
    grid3 = tmp_path / "grid3.json"
    grid3.write_text(json.dumps({"inputs": ["a", "b"], "rows": _rows(GRID3)}))
    for part in (f"{examples_rr}:{10**23}", f"{grid3}:{10**7}"):
        out, err = io.StringIO(), io.StringIO()
        argv = ["compose", part, "--epsilon", "1", "--delta", "1/100", "--json"]
        assert main(argv, stdout=out, stderr=err) == 0, err.getvalue()
        data = json.loads(out.getvalue(), parse_constant=_no_constants)
        assert data["pure_epsilon"]["status"] == "certified"
        assert data["kl"]["status"] == "certified"
        for q in (data["delta"][0], data["epsilon_for_delta"][0], data["total_variation"]):
            assert q["status"] == "unknown" and q["reason"].startswith("too large: the grid"), q


def test_compose_stops_at_its_timeout(tmp_path):
    # GRID3^(10^6): a grid of ~2 * 10^6 slots, minutes of work; --timeout 2 stops each
    # costly quantity at its share (counted once the fork server is up).
    grid3 = tmp_path / "grid3.json"
    grid3.write_text(json.dumps({"inputs": ["a", "b"], "rows": _rows(GRID3)}))
    out, err = io.StringIO(), io.StringIO()
    argv = ["compose", f"{grid3}:{10**6}", "--epsilon", "1", "--timeout", "2", "--json"]
    assert main(argv, stdout=out, stderr=err) == 0, err.getvalue()
    data = json.loads(out.getvalue(), parse_constant=_no_constants)
    for q in (data["delta"][0], data["total_variation"]):
        assert q["status"] == "unknown" and "time limit 2 s" in q["reason"], q
    assert data["pure_epsilon"]["exact"] == f"{10**6}*log(3)"


def _rows(m: FiniteMechanism) -> list[list[str]]:
    return [[str(x) for x in row] for row in m.rows]


@pytest.fixture
def examples_rr(tmp_path):
    path = tmp_path / "rr.json"
    path.write_text(json.dumps({"inputs": ["+", "-"], "rows": [["3/4", "1/4"], ["1/4", "3/4"]]}))
    return path


def test_an_epsilon_a_hair_below_a_loss_is_not_delta_zero():
    # eps = ln 3 - 10^-70, closer to the top loss ln 3 than Arb's 192 bits tell apart: the atom
    # was skipped as "equal" and delta certified as exactly 0 (closed form "0"). The truth is
    # (3/4)(1 - e^eps / 3) = (3/4)(1 - e^(-10^-70)) ~ 7.5e-71.
    got = delta_for_epsilon(RR34**1, "log(3) - 10**-70").value
    with mpmath.workdps(100):
        truth = mpmath.mpf(3) / 4 * -mpmath.expm1(-(mpmath.mpf(10) ** -70))
        assert mpmath.mpf(got.lower) <= truth <= mpmath.mpf(got.upper)
    assert got.exact is None
    # Exactly on the loss the atom adds 0, decided exactly: the closed form stands.
    assert delta_for_epsilon(RR34**1, "log(9)/2").value.exact == 0


def test_eps_of_delta_one_is_zero_on_the_bracketed_path():
    # delta(eps) <= 1 always, so eps(1) = 0. With bracketed masses (upper sums a hair above 1)
    # the crossing's ball reached 0 and below; its logarithm was NaN (before the hull fix, the
    # NaN was hidden by hull(NaN, 0) = 0). eps = max(0, ln gamma) is taken on the ball's ends.
    got = epsilon_for_delta(RR34**2000, "1").value
    assert got.kind is Kind.FINITE and got.lower <= 0 <= got.upper
    assert got.upper - got.lower < 1e-12


def test_an_infinite_mass_too_large_to_write_is_refused_with_the_reason():
    # (1 - 1/2)^(10^23) has 10^23 bits: computing it never ended; now "too large", which the
    # CLI reports as unknown with this reason.
    half = FiniteMechanism.from_rows([["1/2", "1/2"], ["1", "0"]], inputs=["a", "b"])
    with pytest.raises(ArithmeticError, match="too large"):
        delta_for_epsilon(half ** (10**23), "1")
