"""Every certified bracket of the accountant contains the true value, computed independently.

The truth is computed here without the PLD machinery (no basis, no polynomial powers, no
fixed point): the K-fold composition of a 2-input mechanism is enumerated by multinomial counts
(an outcome of M^K is, up to order, a count vector n with sum n = K; its probability under
input x is multinomial(n) prod_y p_y^n_y), in exact Fractions; logarithms are taken at the end
with mpmath at 60 digits, far below the float brackets' outward rounding. Two outputs are
enumerated for K up to 2000 (K + 1 count vectors), three for K up to 30.

The paths: small K is exact, large K bracketed (the exact budget is exceeded), and the grid path
is forced by lowering the support limit (the grid's soundness does not depend on the support or
on the number of slots, which is lowered too so that each draw is fast).
"""

from __future__ import annotations

import contextlib
import functools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from unittest import mock

import mpmath
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dpproofs.accounting import (
    Composition,
    delta_for_epsilon,
    epsilon_for_delta,
    kl_divergence,
    pure_epsilon,
    renyi_divergence,
)
from dpproofs.accounting import compose as compose_module
from dpproofs.accounting import grid as grid_module
from dpproofs.accounting.certified import Certified, Kind, Path
from dpproofs.finite import FiniteMechanism

Rows = tuple[tuple[Fraction, ...], tuple[Fraction, ...]]
DIGITS = 60


def counts(width: int, k: int) -> Iterator[tuple[int, ...]]:
    """Every count vector of ``width`` non-negative integers summing to k."""
    if width == 1:
        yield (k,)
        return
    for first in range(k, -1, -1):
        for rest in counts(width - 1, k - first):
            yield (first, *rest)


def multinomial(n: Sequence[int]) -> int:
    out, total = 1, 0
    for x in n:
        total += x
        out *= math.comb(total, x)
    return out


@dataclass(frozen=True)
class Classes:
    """The outcome classes of M^k for (P, Q): class i has P-mass p[i] / dp and Q-mass q[i] / dq
    (integers over the common denominators, so that no Fraction is reduced per class)."""

    p: tuple[int, ...]
    q: tuple[int, ...]
    dp: int
    dq: int


def composed(p: Sequence[Fraction], q: Sequence[Fraction], k: int) -> Classes:
    """P(n) = multinomial(n) prod_y p_y^n_y over the count vectors n, for P and for Q."""
    lp = math.lcm(*(x.denominator for x in p))
    lq = math.lcm(*(x.denominator for x in q))
    ap = [int(x * lp) for x in p]
    aq = [int(x * lq) for x in q]
    ps, qs = [], []
    for n in counts(len(p), k):
        c = multinomial(n)
        ps.append(c * math.prod(a**e for a, e in zip(ap, n, strict=True)))
        qs.append(c * math.prod(b**e for b, e in zip(aq, n, strict=True)))
    return Classes(tuple(ps), tuple(qs), lp**k, lq**k)


def hockey_stick(cl: Classes, gamma: Fraction) -> Fraction:
    """sum (P - gamma Q)^+ exactly: sum (p dq g_d - g_n q dp)^+ / (dp dq g_d)."""
    gn, gd = gamma.numerator, gamma.denominator
    total = 0
    for pi, qi in zip(cl.p, cl.q, strict=True):
        total += max(0, pi * cl.dq * gd - gn * qi * cl.dp)
    return Fraction(total, cl.dp * cl.dq * gd)


def crossing(cl: Classes, delta: Fraction) -> Fraction | None:
    """gamma* = min{gamma >= 1 : H(gamma) <= delta} exactly; None when H > delta everywhere.

    H(gamma) = a - gamma b on each piece between consecutive ratios, a and b the P and Q masses
    of the classes with ratio > gamma (Q = 0 counts as ratio +oo). Ratios p dq / (q dp) are
    compared by cross-multiplying."""
    live = [(pi, qi) for pi, qi in zip(cl.p, cl.q, strict=True) if pi > 0]
    a = sum(pi for pi, qi in live if qi == 0)  # units of 1 / dp
    if Fraction(a, cl.dp) > delta:
        return None
    finite = sorted(
        ((pi, qi) for pi, qi in live if qi > 0),
        key=functools.cmp_to_key(
            lambda x, y: (y[0] * x[1] > x[0] * y[1]) - (y[0] * x[1] < x[0] * y[1])
        ),
    )  # ratio descending
    b = 0  # units of 1 / dq
    dn, dd = delta.numerator, delta.denominator
    for j, (pi, qi) in enumerate(finite):
        a += pi
        b += qi
        if j + 1 < len(finite) and finite[j + 1][0] * qi == pi * finite[j + 1][1]:
            continue  # the same ratio: one group
        nxt = finite[j + 1] if j + 1 < len(finite) else None
        if nxt is None or nxt[0] * cl.dq <= nxt[1] * cl.dp:  # the piece reaches gamma = 1
            if (a * cl.dq - b * cl.dp) * dd > dn * cl.dp * cl.dq:
                return max(Fraction(1), (Fraction(a, cl.dp) - delta) * cl.dq / b)
            return Fraction(1)
        # H at the next ratio r' = P' dq / (Q' dp): a/dp - r' b/dq = (a Q' - P' b) / (Q' dp).
        if (a * nxt[1] - nxt[0] * b) * dd > dn * nxt[1] * cl.dp:
            return max(Fraction(1), (Fraction(a, cl.dp) - delta) * cl.dq / b)
    return Fraction(1)


def log(value: Fraction) -> mpmath.mpf:
    return mpmath.log(mpmath.mpf(value.numerator) / value.denominator)


def inside(answer: Certified, truth: mpmath.mpf | Fraction | None) -> None:
    """``truth`` (None: +oo) lies in the certified bracket, compared at 60 digits."""
    if truth is None:
        assert answer.kind is Kind.INFINITE, answer
        return
    assert answer.kind is Kind.FINITE, answer
    if isinstance(truth, Fraction):
        assert Fraction(answer.lower) <= truth <= Fraction(answer.upper), (answer, float(truth))
        return
    # The truth is good to about 1e-55 (60 digits, a few hundred roundings): a slack of 1e-50,
    # far below the floats' outward rounding, absorbs it.
    slack = mpmath.mpf(10) ** -50 * (1 + abs(truth))
    lower, upper = mpmath.mpf(answer.lower), mpmath.mpf(answer.upper)
    assert lower - slack <= truth <= upper + slack, (answer, truth)


def both_ways(rows: Rows) -> list[tuple[tuple[Fraction, ...], tuple[Fraction, ...]]]:
    return [(rows[0], rows[1]), (rows[1], rows[0])]


def truth_delta(rows: Rows, k: int, gamma: Fraction) -> Fraction:
    return max(hockey_stick(composed(p, q, k), gamma) for p, q in both_ways(rows))


def truth_epsilon(rows: Rows, k: int, delta: Fraction) -> mpmath.mpf | None:
    gammas = [crossing(composed(p, q, k), delta) for p, q in both_ways(rows)]
    if any(g is None for g in gammas):
        return None
    return max(log(g) for g in gammas if g is not None)


def truth_pure(rows: Rows, k: int) -> mpmath.mpf | None:
    """max over the composed outcomes of ln(P / Q): k times the single worst ratio."""
    worst = []
    for p, q in both_ways(rows):
        if any(a > 0 and b == 0 for a, b in zip(p, q, strict=True)):
            return None
        worst.append(k * max(log(a / b) for a, b in zip(p, q, strict=True) if a > 0))
    return max(worst)


def truth_renyi(rows: Rows, k: int, order: Fraction) -> mpmath.mpf | None:
    """max over pairs of ln(sum_o P^a Q^(1-a)) / (a - 1), over the composed outcomes."""
    out = []
    a = mpmath.mpf(order.numerator) / order.denominator
    for p, q in both_ways(rows):
        if order > 1 and any(x > 0 and y == 0 for x, y in zip(p, q, strict=True)):
            return None
        total = mpmath.mpf(0)
        cl = composed(p, q, k)
        for pi, qi in zip(cl.p, cl.q, strict=True):
            if pi > 0 and qi > 0:
                pp, qq = mpmath.mpf(pi) / cl.dp, mpmath.mpf(qi) / cl.dq
                total += pp**a * qq ** (1 - a)
        if total == 0:
            return None
        out.append(mpmath.log(total) / (a - 1))
    return max(out)


def truth_kl(rows: Rows, k: int) -> mpmath.mpf | None:
    out = []
    for p, q in both_ways(rows):
        if any(x > 0 and y == 0 for x, y in zip(p, q, strict=True)):
            return None
        total = mpmath.mpf(0)
        cl = composed(p, q, k)
        for pi, qi in zip(cl.p, cl.q, strict=True):
            if pi > 0:
                total += mpmath.mpf(pi) / cl.dp * log(Fraction(pi * cl.dq, qi * cl.dp))
        out.append(total)
    return max(out)


@st.composite
def symmetric_rows(draw: st.DrawFn) -> Rows:
    """Binary randomized response (a, b) vs (b, a): one generator, K + 1 atoms, so K = 2000
    stays on the exact and bracketed paths (a general binary mechanism has two generators and
    (K + 1)^2 Kronecker slots, which takes minutes at K = 2000 before the grid takes over)."""
    a, b = draw(st.integers(0, 6)), draw(st.integers(0, 6))
    if a + b == 0:
        a = 1
    p = (Fraction(a, a + b), Fraction(b, a + b))
    return p, (p[1], p[0])


@st.composite
def rows_of(draw: st.DrawFn, width: int) -> Rows:
    rows = []
    for _ in range(2):
        weights = draw(st.lists(st.integers(0, 6), min_size=width, max_size=width))
        if sum(weights) == 0:
            weights[0] = 1
        rows.append(tuple(Fraction(w, sum(weights)) for w in weights))
    return rows[0], rows[1]


def mechanism(rows: Rows) -> FiniteMechanism:
    return FiniteMechanism.from_rows([[str(x) for x in row] for row in rows], inputs=["a", "b"])


gammas = st.fractions(min_value=1, max_value=40, max_denominator=7)
deltas = st.sampled_from(
    [Fraction(0), Fraction(1, 10**300), Fraction(1, 10**9), Fraction(1, 1000), Fraction(1, 5)]
)


@contextlib.contextmanager
def small_grid(forced: bool) -> Iterator[None]:
    """A coarse grid (fast; sound at any size), and the grid path for every K when forced."""
    with contextlib.ExitStack() as stack:
        stack.enter_context(mock.patch.object(grid_module, "GRID_SLOTS", 1 << 10))
        if forced:
            stack.enter_context(mock.patch.object(compose_module, "SUPPORT_LIMIT", 0))
        yield


def check_all(
    rows: Rows, k: int, gamma: Fraction, delta: Fraction, forced: bool = False
) -> set[Path]:
    """Every quantity's bracket holds the truth; eps(0) is the pure epsilon. The paths used."""
    c: Composition = mechanism(rows) ** k
    with small_grid(forced):
        d = delta_for_epsilon(c, f"log({gamma})").value
        e = epsilon_for_delta(c, delta).value
        pure = pure_epsilon(c).value
    with mpmath.workdps(DIGITS):
        inside(d, truth_delta(rows, k, gamma))
        inside(e, truth_epsilon(rows, k, delta))
        inside(pure, truth_pure(rows, k))
    assert epsilon_for_delta(c, 0).value == pure
    return {d.path, e.path}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(symmetric_rows(), st.integers(1, 2000), gammas, deltas)
def test_randomized_response_up_to_k_2000(rows, k, gamma, delta):
    check_all(rows, k, gamma, delta)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows_of(2), st.integers(1, 60), gammas, deltas)
def test_two_outputs(rows, k, gamma, delta):
    check_all(rows, k, gamma, delta)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows_of(3), st.integers(1, 30), gammas, deltas)
def test_three_outputs(rows, k, gamma, delta):
    check_all(rows, k, gamma, delta)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows_of(2), st.integers(1, 2000), gammas, deltas)
def test_grid_path_two_outputs(rows, k, gamma, delta):
    paths = check_all(rows, k, gamma, delta, forced=True)
    assert paths <= {Path.GRID, Path.EXACT}  # EXACT: delta = 0 beyond the pure epsilon


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows_of(3), st.integers(1, 30), gammas, deltas)
def test_grid_path_three_outputs(rows, k, gamma, delta):
    check_all(rows, k, gamma, delta, forced=True)


orders = st.sampled_from([Fraction(1, 2), Fraction(2), Fraction(7, 3), Fraction(10**6)])


@settings(max_examples=30, deadline=None)
@given(st.one_of(rows_of(2), symmetric_rows()), st.integers(1, 2000), orders)
def test_divergences_up_to_k_2000(rows, k, order):
    c = mechanism(rows) ** k
    with mpmath.workdps(DIGITS):
        inside(kl_divergence(c).value, truth_kl(rows, k))
        inside(renyi_divergence(c, order).value, truth_renyi(rows, k, order))


@settings(max_examples=20, deadline=None)
@given(rows_of(3), st.integers(1, 30), orders)
def test_renyi_three_outputs_any_order(rows, k, order):
    c = mechanism(rows) ** k
    with mpmath.workdps(DIGITS):
        inside(renyi_divergence(c, order).value, truth_renyi(rows, k, order))
