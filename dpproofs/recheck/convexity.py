"""The convexity rule CV-TV (docs/design/convexity.md) checked by brute force.

Channels with k in {1, 2, 3, 4} inputs and n in {2, 3, 4} outputs (seeded rational rows, and
every row a point mass), priors (uniform, seeded, and every point mass), written out with
Fractions: P_Y, TV(W_x, P_Y), TV(P_XY, P_X P_Y) and sum_x pi_x TV(W_x, P_Y) are computed
entry by entry. At the tightest delta the hypothesis admits (the largest pairwise TV of the
rows) and at the domain's points (1/2, 1, 2, or its ends) above it, inside the claim's domain,
the claim's conclusion is evaluated exactly: a claim reported proved that fails there fails
(the equality of the JOINT form at every channel and prior). The claim is recognised by its
class's home; no decider is imported.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

import sympy

from dpproofs.recheck.symmetric import _points

HOME = ("dpproofs.finite.convexity", "MixtureTVClaim")

Row = tuple[Fraction, ...]


def tv(p: Sequence[Fraction], q: Sequence[Fraction]) -> Fraction:
    """(1/2) sum_y |p_y - q_y|."""
    return sum((abs(a - b) for a, b in zip(p, q, strict=True)), Fraction(0)) / 2


def _law(rng: random.Random, size: int) -> Row:
    weights = [rng.randint(0, 4) for _ in range(size)]
    if not any(weights):
        weights[rng.randrange(size)] = 1
    total = sum(weights)
    return tuple(Fraction(w, total) for w in weights)


def _point(size: int, at: int) -> Row:
    return tuple(Fraction(int(y == at)) for y in range(size))


def instances(seed: int = 30) -> Iterator[tuple[tuple[Row, ...], Row]]:
    """(rows W, prior pi) for k in 1..4 inputs and n in 2..4 outputs (see the module docstring)."""
    rng = random.Random(seed)
    for k, n in itertools.product(range(1, 5), range(2, 5)):
        channels = [tuple(_law(rng, n) for _ in range(k)) for _ in range(4)]
        channels.append(tuple(_point(n, x % n) for x in range(k)))
        priors = [tuple(Fraction(1, k) for _ in range(k)), _law(rng, k)]
        priors += [_point(k, x) for x in range(k)]
        for rows in channels:
            for prior in priors:
                yield rows, prior


def _fraction(value: Any) -> Fraction | None:
    value = sympy.nsimplify(value) if not getattr(value, "is_Rational", False) else value
    return Fraction(int(value.p), int(value.q)) if value.is_Rational else None


def _interval(domain: Any) -> sympy.Interval:
    if isinstance(domain, str):
        text = domain.strip()
        lo, hi = (sympy.sympify(part.strip()) for part in text[1:-1].split(","))
        return sympy.Interval(lo, hi, text[0] == "(", text[-1] == ")")
    return sympy.Interval(*domain) if isinstance(domain, tuple) else domain


def _deltas(claim: Any, tightest: Fraction | None) -> list[Fraction]:
    """The deltas of the claim's domain at which the hypothesis holds for rows whose largest
    pairwise TV is ``tightest`` (None: one row, no pair, every delta): that value, the domain's
    points (1/2, 1, 2) and its finite ends."""
    domain = dict(claim.where)[claim.delta]
    interval = _interval(domain)
    candidates = [*_points(domain), interval.start, interval.end]
    if tightest is not None:
        candidates.append(sympy.Rational(tightest.numerator, tightest.denominator))
    inside = [c for c in candidates if c.is_finite and interval.contains(c) is sympy.true]
    fractions = {f for c in inside if (f := _fraction(c)) is not None}
    return sorted(f for f in fractions if tightest is None or f >= tightest)


def agrees(claim: Any, status: str) -> tuple[bool, str]:
    """(False, why) when a claim reported proved fails at a brute-force instance."""
    checked = 0
    for rows, prior in instances():
        k, n = len(rows), len(rows[0])
        marginal = tuple(
            sum((prior[x] * rows[x][y] for x in range(k)), Fraction(0)) for y in range(n)
        )
        to_marginal = [tv(row, marginal) for row in rows]
        joint = [prior[x] * rows[x][y] for x in range(k) for y in range(n)]
        product = [prior[x] * marginal[y] for x in range(k) for y in range(n)]
        weighted = sum((prior[x] * to_marginal[x] for x in range(k)), Fraction(0))
        joint_tv = tv(joint, product)
        joint_form = claim.form.name == "JOINT"
        if status == "proved" and joint_form and joint_tv != weighted:
            return (
                False,
                f"at W = {rows}, pi = {prior}: TV(P_XY, P_X P_Y) = {joint_tv} != {weighted}",
            )
        pairs = [tv(a, b) for a, b in itertools.permutations(rows, 2)]
        tightest = max(pairs) if pairs else None
        for delta in _deltas(claim, tightest):
            bound = _fraction(
                claim.bound.xreplace(
                    {claim.delta: sympy.Rational(delta.numerator, delta.denominator)}
                )
            )
            if bound is None:
                continue
            checked += 1
            worst = joint_tv if joint_form else max(to_marginal)
            if status == "proved" and worst > bound:
                return False, (
                    f"at W = {rows}, pi = {prior}, {claim.delta} = {delta}: {worst} > {bound}"
                )
    return True, f"convexity: {checked} (channel, prior, delta) instances at k <= 4, n <= 4 hold"
