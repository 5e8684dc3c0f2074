"""The privacy profile of a finite mechanism: exact DP quantities, maximised over neighbour pairs.

For a mechanism M and its ordered neighbour pairs (x, x'):

    pure epsilon      eps*      = max_{x~x'} D_inf(M(x) || M(x'))        (+oo if supports differ)
    delta(eps)                  = max_{x~x'} sum_y (M[x][y] - e^eps M[x'][y])^+
    eps(delta)                  = min { eps >= 0 : delta(eps) <= delta }  (+oo if none)
    total variation             = max_{x~x'} SD(M(x), M(x'))             (= delta(0))
    KL                          = max_{x~x'} D(M(x) || M(x'))
    Renyi of order a            = max_{x~x'} D_a(M(x) || M(x'))

Each quantity is exact (a sympy expression) when the entries are exact, with a float good to
1e-12 beside it; for a float mechanism only the float is given. The definitions are the
vocabulary's (:mod:`dpproofs.vocabulary`), evaluated in :class:`~dpproofs.algebra.ExactAlgebra`
(rigorous comparisons) or, for float mechanisms, :class:`~dpproofs.algebra.MarginAlgebra`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy

from dpproofs import vocabulary as V
from dpproofs.algebra import EXACT, MARGIN, Algebra, ExactAlgebra
from dpproofs.exact.parse import parse_exact
from dpproofs.exact.rigorous import float_value
from dpproofs.finite.mechanism import FiniteMechanism
from dpproofs.finite.parametric import algebra_for as parametric_algebra

Value = Any  # sympy.Expr for exact mechanisms, float for float mechanisms


@dataclass(frozen=True, slots=True)
class Quantity:
    """An exact value (None for float mechanisms), its float, and the pair attaining it."""

    exact: sympy.Expr | None
    value: float
    attained: tuple[Hashable, Hashable] | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "exact": render_exact(self.exact),
            "value": render_float(self.value),
            "attained": None if self.attained is None else [_label(a) for a in self.attained],
        }


@dataclass(frozen=True, slots=True)
class PureEpsilon:
    """max over ordered neighbour pairs and outputs of ln(M[x][y] / M[x'][y]), and where."""

    exact: sympy.Expr | None
    value: float
    attained: tuple[Hashable, Hashable, Hashable] | None

    def as_dict(self) -> dict[str, Any]:
        attained = None
        if self.attained is not None:
            x, x2, y = self.attained
            attained = {"input": _label(x), "neighbour": _label(x2), "output": _label(y)}
        return {
            "exact": render_exact(self.exact),
            "value": render_float(self.value),
            "attained": attained,
        }


def render_exact(value: sympy.Expr | None) -> str | None:
    """Exact value as a string that parses back (``parse_exact``); infinities as "inf"."""
    if value is None:
        return None
    if value is sympy.oo:
        return "inf"
    return str(value)


def render_float(value: float) -> float | str | None:
    """The float of a quantity for JSON: "inf" for +oo, None where there is no single number
    (a family over parameters: its value is the exact expression); never NaN."""
    if math.isnan(value):
        return None
    return "inf" if value == math.inf else value


def _label(x: Hashable) -> Any:
    return list(x) if isinstance(x, tuple) else x


def algebra_for(mechanism: FiniteMechanism) -> Algebra:
    """The exact algebra (uniform over the parameters' domains, if any), or floats."""
    if not mechanism.exact:
        return MARGIN
    return parametric_algebra(mechanism.parameters) if mechanism.parameters else EXACT


def _greater(mechanism: FiniteMechanism, a: Value, b: Value) -> bool:
    """a > b, decided exactly (rigorously) for exact mechanisms, as floats otherwise."""
    return bool(algebra_for(mechanism).lt(b, a)) if mechanism.exact else bool(a > b)


def _quantity(mechanism: FiniteMechanism, value: Value, pair: tuple[int, int] | None) -> Quantity:
    attained = None if pair is None else (mechanism.inputs[pair[0]], mechanism.inputs[pair[1]])
    if mechanism.exact:
        exact = sympy.simplify(value) if not value.is_Rational else value
        # A family over parameters has no single float value: nan says so.
        number = math.nan if exact.free_symbols else float_value(exact)
        return Quantity(exact, number, attained)
    return Quantity(None, float(value), attained)


def _max_over_pairs(
    mechanism: FiniteMechanism, of_pair: Callable[[Sequence[Value], Sequence[Value]], Value]
) -> Quantity:
    """max over ordered neighbour pairs (x, x') of of_pair(M(x), M(x')), with the maximiser."""
    best: Value = None
    best_pair = None
    alg = algebra_for(mechanism)
    for a, b in mechanism.pairs:
        value = of_pair(mechanism.rows[a], mechanism.rows[b])
        if best is None:
            best, best_pair = value, (a, b)
        elif mechanism.exact and isinstance(alg, ExactAlgebra):
            if not alg.at_least(best, value):  # a tie keeps the first pair: same value
                best, best_pair = value, (a, b)
        elif value > best:
            best, best_pair = value, (a, b)
    if best is None:  # no neighbour pairs: every quantity is vacuously 0
        return _quantity(mechanism, sympy.Integer(0) if mechanism.exact else 0.0, None)
    return _quantity(mechanism, best, best_pair)


def _number(mechanism: FiniteMechanism, text: str | Value) -> Value:
    symbols = {s.name: s for s, _ in mechanism.parameters}
    exact = parse_exact(text, symbols) if isinstance(text, str) else text
    return exact if mechanism.exact else float_value(exact)


def _exp(mechanism: FiniteMechanism, eps: Value) -> Value:
    return sympy.exp(eps) if mechanism.exact else math.exp(eps)


def pure_epsilon(mechanism: FiniteMechanism) -> PureEpsilon:
    """The smallest eps with M eps-DP: max_{x~x', y} ln(M[x][y] / M[x'][y]) (Vadhan section 2)."""
    alg = algebra_for(mechanism)
    quantity = _max_over_pairs(mechanism, lambda p, q: V.max_divergence(alg, p, q))
    if quantity.attained is None:
        return PureEpsilon(quantity.exact, quantity.value, None)
    x, x2 = quantity.attained
    p, q = mechanism.row(x), mechanism.row(x2)
    best = quantity.exact if mechanism.exact else quantity.value
    # The attaining output: the first y whose log-ratio equals the maximum.
    for y, (py, qy) in enumerate(zip(p, q, strict=True)):
        if (py == 0) is True:
            continue
        ratio = V.max_divergence(alg, [py], [qy])
        if not _greater(mechanism, best, ratio):
            return PureEpsilon(quantity.exact, quantity.value, (x, x2, mechanism.outputs[y]))
    raise AssertionError("the maximum log-ratio is attained at some output")


def delta_for_epsilon(mechanism: FiniteMechanism, epsilon: str | Value) -> Quantity:
    """delta(eps) = max_{x~x'} sum_y (M[x][y] - e^eps M[x'][y])^+ (the hockey-stick divergence)."""
    alg = algebra_for(mechanism)
    gamma = _exp(mechanism, _number(mechanism, epsilon))
    return _max_over_pairs(mechanism, lambda p, q: V.hockey_stick(alg, p, q, gamma))


def total_variation(mechanism: FiniteMechanism) -> Quantity:
    """max_{x~x'} SD(M(x), M(x')) = delta(0)."""
    alg = algebra_for(mechanism)
    return _max_over_pairs(mechanism, lambda p, q: V.statistical_difference(alg, p, q))


def kl_divergence(mechanism: FiniteMechanism) -> Quantity:
    """max_{x~x'} D(M(x) || M(x')), the KL-DP level of Cuff & Yu Definition 7."""
    alg = algebra_for(mechanism)
    return _max_over_pairs(mechanism, lambda p, q: V.kl_divergence(alg, p, q))


def renyi_divergence(mechanism: FiniteMechanism, order: str | Value) -> Quantity:
    """max_{x~x'} D_a(M(x) || M(x')); order 1 is KL and order "inf" is the pure epsilon."""
    if isinstance(order, str) and order.strip().lower() in ("inf", "oo", "infinity"):
        pe = pure_epsilon(mechanism)
        return Quantity(pe.exact, pe.value, None if pe.attained is None else pe.attained[:2])
    a = _number(mechanism, order)
    if (a == 1) is True:
        return kl_divergence(mechanism)
    if not _greater(mechanism, a, 0 if not mechanism.exact else sympy.Integer(0)):
        raise ValueError(f"a Renyi order must be > 0, got {order}")
    alg = algebra_for(mechanism)
    return _max_over_pairs(mechanism, lambda p, q: V.renyi_divergence(alg, p, q, a))


def epsilon_for_delta(mechanism: FiniteMechanism, delta: str | Value) -> Quantity:
    """eps(delta) = min{eps >= 0 : delta(eps) <= delta}, exactly; +oo when no eps is enough.

    delta(eps) is a maximum over pairs of non-increasing functions, so eps(delta) is the maximum
    over pairs of the per-pair inverse (see :func:`_pair_epsilon_for_delta`).
    """
    d = _number(mechanism, delta)
    return _max_over_pairs(mechanism, lambda p, q: _pair_epsilon_for_delta(mechanism, p, q, d))


def _pair_epsilon_for_delta(
    mechanism: FiniteMechanism, p: Sequence[Value], q: Sequence[Value], delta: Value
) -> Value:
    """The least eps >= 0 with H(e^eps) <= delta, for H(g) = sum_y (p_y - g q_y)^+.

    H is convex, non-increasing and piecewise linear in g, with breakpoints at the ratios
    r_y = p_y / q_y. On an interval between consecutive breakpoints, the positive set S is fixed
    and H(g) = A - g B with A = sum_S p_y, B = sum_S q_y, so the crossing H(g) = delta is
    g = (A - delta) / B, and eps = ln g. Outputs with q_y = 0 < p_y are in S for every g; if
    delta is below their mass, no eps suffices (+oo).
    """
    alg = algebra_for(mechanism)
    exact = mechanism.exact
    zero, one = (sympy.Integer(0), sympy.Integer(1)) if exact else (0.0, 1.0)
    infinity = sympy.oo if exact else math.inf

    def hockey(g: Value) -> Value:
        return V.hockey_stick(alg, p, q, g)

    def le(a: Value, b: Value) -> bool:
        return not _greater(mechanism, a, b)

    if le(hockey(one), delta):
        return zero
    ratios = [py / qy for py, qy in zip(p, q, strict=True) if (qy == 0) is not True]
    above_one = [r for r in ratios if _greater(mechanism, r, one)]
    ordered = sorted(
        set(above_one),
        key=functools.cmp_to_key(
            lambda a, b: (
                -1 if _greater(mechanism, b, a) else (1 if _greater(mechanism, a, b) else 0)
            )
        ),
    )
    lower = one
    for r in ordered:
        if le(hockey(r), delta):
            in_s = [
                (py, qy)
                for py, qy in zip(p, q, strict=True)
                if (qy == 0) is True or _greater(mechanism, py, lower * qy)
            ]
            mass_p = sum(py for py, _ in in_s)
            mass_q = sum(qy for _, qy in in_s)
            gamma = (mass_p - delta) / mass_q
            return sympy.log(gamma) if exact else math.log(gamma)
        lower = r
    return infinity


def databases_of(mechanism: FiniteMechanism) -> list[tuple[Hashable, ...]]:
    """Inputs as databases in D^n: tuples as they are; any other label x as the 1-tuple (x,)."""
    if all(isinstance(x, tuple) for x in mechanism.inputs):
        return [x for x in mechanism.inputs if isinstance(x, tuple)]
    return [(x,) for x in mechanism.inputs]


def profile_as_dict(
    mechanism: FiniteMechanism,
    epsilons: Sequence[str] = (),
    deltas: Sequence[str] = (),
    renyi_orders: Sequence[str] = ("2",),
    with_mi_dp: bool = True,
) -> dict[str, Any]:
    """The whole profile as JSON-ready data; ``epsilon``/``delta`` echo the strings given."""
    out: dict[str, Any] = {
        "name": mechanism.name,
        "exact": mechanism.exact,
        "neighbours": mechanism.neighbours.describe(),
        "pure_epsilon": pure_epsilon(mechanism).as_dict(),
        "delta": [{"epsilon": e, **delta_for_epsilon(mechanism, e).as_dict()} for e in epsilons],
        "epsilon_for_delta": [
            {"delta": d, **epsilon_for_delta(mechanism, d).as_dict()} for d in deltas
        ],
        "total_variation": total_variation(mechanism).as_dict(),
        "kl": kl_divergence(mechanism).as_dict(),
        "renyi": [{"order": a, **renyi_divergence(mechanism, a).as_dict()} for a in renyi_orders],
    }
    if with_mi_dp and mechanism.parameters:
        out["mi_dp"] = {"not_computed": MI_DP_FAMILY}
    elif with_mi_dp:
        out["mi_dp"] = mi_dp_as_dict(mechanism)
    return out


MI_DP_FAMILY = (
    "not computed for a family: MI-DP is a certified bracket of numbers; give the parameters "
    'values in the JSON file (e.g. "parameters": {"eps": "log(3)"})'
)


def mi_dp_as_dict(mechanism: FiniteMechanism) -> dict[str, Any]:
    """Certified bounds lower <= MI-DP <= upper (Cuff & Yu Definition 2), as exact strings."""
    from dpproofs.finite.information import mi_dp_bounds

    rows = mechanism.rows if mechanism.exact else _normalised_exact_rows(mechanism)
    bounds = mi_dp_bounds(rows, databases_of(mechanism))
    return {
        "lower": str(bounds.lower),
        "upper": str(bounds.upper),
        "lower_value": float(bounds.lower),
        "upper_value": float(bounds.upper),
        "exact": render_exact(bounds.exact),
    }


def _normalised_exact_rows(mechanism: FiniteMechanism) -> tuple[tuple[sympy.Expr, ...], ...]:
    """A float mechanism read exactly: each float's exact binary value, each row rescaled to sum
    to exactly 1 (the floats sum to 1 only within 1e-9)."""
    rows = []
    for row in mechanism.rows:
        exact = [sympy.Rational(Fraction(float(v))) for v in row]
        total = sympy.Add(*exact)
        rows.append(tuple(v / total for v in exact))
    return tuple(rows)
