"""DP quantities of a :class:`~dpproofs.accounting.compose.Composition`, certified.

    delta(eps)     = max over matched pairs of H_pair(e^eps)           (read off the composed PLD)
    eps(delta)     = max over matched pairs of the inverse of H_pair   (exact on each linear piece)
    total variation = delta(0)
    pure epsilon   = max over pairs of sum_t k_t ln(max ratio of pair t)   (+oo: infinite atom)
    Renyi D_a, KL  = max over pairs of sum_t k_t D_a(pair t)         (additive under products)

Every float is certified (Arb balls; see :mod:`dpproofs.accounting.certified`); the closed form is
given when the PLD is exact and the expression small. A bracketed PLD whose answer is not tight
to 1e-12 relative is recomputed with twice the fixed-point precision (up to 4 times).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any

from flint import arb, ctx

from dpproofs.accounting.certified import (
    PRECISION,
    Certified,
    Kind,
    Path,
    ball,
    certified,
    hull,
    infinite,
)
from dpproofs.accounting.compose import Composition, PairComposition
from dpproofs.accounting.pld import PrivacyLoss
from dpproofs.accounting.power import FIXED_POINT_BITS
from dpproofs.accounting.table import LossTable
from dpproofs.errors import UsageError

#: Relative width under which a bracketed answer is accepted.
TIGHT = 1e-12
#: Closed forms whose rationals take more bits than this are not shown.
SHOW_LIMIT_BITS = 800


@dataclass(frozen=True, slots=True)
class Answer:
    """A certified value and the ordered pair attaining it (None when matched by domination)."""

    value: Certified
    attained: tuple[Hashable, Hashable] | None

    def as_dict(self) -> dict[str, Any]:
        attained = (
            None
            if self.attained is None
            else [list(a) if isinstance(a, tuple) else a for a in self.attained]
        )
        return {**self.value.as_dict(), "attained": attained}


def parse_number(text: str | Fraction | int | Any) -> tuple[Fraction | None, Any]:
    """(rational value or None, exact sympy value or None): plain rationals and decimals are
    read without sympy ("1/100", "1e-6", "0.5"); anything else goes to the exact parser."""
    if isinstance(text, Fraction | int):
        return Fraction(text), None
    if isinstance(text, str):
        try:
            return Fraction(text.strip()), None
        except (ValueError, ZeroDivisionError):
            pass
    from dpproofs.exact.parse import parse_exact

    expr = parse_exact(text) if isinstance(text, str) else text
    if expr.is_Rational:
        return Fraction(int(expr.p), int(expr.q)), None
    return None, expr


def _enclose(rational: Fraction | None, expr: Any) -> arb:
    if rational is not None:
        return ball(rational)
    from dpproofs.exact.rigorous import enclose

    return enclose(expr, bits=PRECISION)


def _sympy_number(rational: Fraction | None, expr: Any) -> Any:
    import sympy

    if rational is None:
        return expr
    return sympy.Rational(rational.numerator, rational.denominator)


def _small(*values: Fraction) -> bool:
    bits = sum(v.numerator.bit_length() + v.denominator.bit_length() for v in values)
    return bits <= SHOW_LIMIT_BITS


def _with_precision(fn: Callable[[], Any]) -> Any:
    saved = ctx.prec
    ctx.prec = PRECISION
    try:
        return fn()
    finally:
        ctx.prec = saved


def _log(value: Fraction) -> arb:
    return ball(value).log()


def _tight(x: Certified) -> bool:
    return math.isinf(x.value) or x.upper - x.lower <= TIGHT * abs(x.value) + 1e-300


def _refined(pc: PairComposition, compute: Callable[[LossTable], Certified]) -> Certified:
    """Exact table when small; else bracketed, re-run with more bits until tight."""
    if pc.too_big():
        from dpproofs.accounting.grid import grid_answer

        return grid_answer(pc, compute)
    table = pc.table()
    result = _with_precision(lambda: compute(table))
    bits = FIXED_POINT_BITS
    for _ in range(4):
        if table.atoms.exact or _tight(result):
            break
        bits *= 2
        table = pc.table(bits)
        result = _with_precision(partial(compute, table))
    return result


def _maximum(answers: Sequence[tuple[Certified, tuple[Hashable, Hashable] | None]]) -> Answer:
    """The max over pairs: [max lower, max upper]; the closed form of a pair that certainly
    attains it (its lower bound is >= every other upper bound), or of all pairs when equal.
    With no neighbouring pairs (one input) every quantity is the empty maximum, 0, as for a
    single mechanism. One infinite pair makes the maximum infinite; otherwise one unknown pair
    makes it unknown (with that pair's reason)."""
    if not answers:
        return Answer(Certified(0.0, 0.0, 0.0, Path.EXACT, "0"), None)
    for kind in (Kind.INFINITE, Kind.UNKNOWN):
        for a, pair in answers:
            if a.kind is kind:
                return Answer(a, pair)
    best, label = max(answers, key=lambda a: a[0].upper)
    lower = max(a[0].lower for a in answers)
    value = max(a[0].value for a in answers)
    unique = all(a[0].upper <= best.lower or a[0] is best for a in answers)
    same = all(a[0].exact is not None and a[0].exact == best.exact for a in answers)
    exact = best.exact if (unique or same) else None
    if exact is None:
        exact, label = _exact_maximum(answers, best, label)
    return Answer(Certified(value, lower, best.upper, best.path, exact), label)


def _exact_maximum(
    answers: Sequence[tuple[Certified, tuple[Hashable, Hashable] | None]],
    best: Certified,
    label: tuple[Hashable, Hashable] | None,
) -> tuple[Any, tuple[Hashable, Hashable] | None]:
    """When the brackets overlap but every pair has a closed form (sympy), the largest closed
    form by a rigorous comparison; else no closed form (the bracket stands)."""
    import sympy

    if not all(isinstance(a[0].exact, sympy.Basic) for a in answers):
        return None, label
    from dpproofs.errors import Undecided
    from dpproofs.exact.rigorous import compare

    top, top_label = answers[0][0].exact, answers[0][1]
    try:
        for certified_value, pair in answers[1:]:
            if compare(certified_value.exact, top) > 0:
                top, top_label = certified_value.exact, pair
    except Undecided:
        return None, label
    return top, top_label


def _pure_ball(pc: PairComposition) -> arb | None:
    """ln R = sum_t k_t ln(max ratio of pair t) as a ball, None when +oo (an infinite atom).

    Computed from the logarithms (never R itself, which has about k bits)."""
    total = arb(0)
    for pld, k in pc.losses:
        top = pld.max_ratio
        if top is None:
            return None
        total += k * _log(top)
    return total


#: log(R) is written as the log of one number while R's numerator and denominator have at most
#: this many digits (log(9), log(108)); beyond, as sum_t k_t log(r_t).
SHOW_DIGITS = 12


def _pure_closed_form(pc: PairComposition) -> Any:
    """log(R), R = prod_t r_t^k_t: ``log(108)`` when R is short, else the sum ``200*log(3)``,
    never the log of the 96-digit integer 3^200 (the pairs with the same top ratio r are merged,
    their k added). A pair with an infinite atom has no top ratio and is left out (the caller
    reports +oo for it)."""
    import sympy

    merged: dict[Fraction, int] = {}
    for pld, k in pc.losses:
        if pld.max_ratio is not None:
            merged[pld.max_ratio] = merged.get(pld.max_ratio, 0) + k
    limit = 10**SHOW_DIGITS
    bits = sum(
        k * (t.numerator.bit_length() + t.denominator.bit_length()) for t, k in merged.items()
    )
    if bits <= 2 * limit.bit_length():  # then R is worth computing (a few dozen digits at most)
        ratio = math.prod((t**k for t, k in merged.items()), start=Fraction(1))
        if ratio.numerator < limit and ratio.denominator < limit:
            return sympy.log(sympy.Rational(ratio.numerator, ratio.denominator))
    terms = [
        sympy.Integer(k) * sympy.log(sympy.Rational(t.numerator, t.denominator))
        for t, k in merged.items()
    ]
    return sympy.Add(*terms)


def _loss_is(table: LossTable, position: int, rational: Fraction | None, expr: Any) -> bool:
    """eps = ln r_j exactly (decided rigorously; an undecided comparison is False)."""
    import sympy

    from dpproofs.errors import Undecided
    from dpproofs.exact.rigorous import compare

    r = table.exact_ratio(position)
    try:
        eps = _sympy_number(rational, expr)
        return compare(eps, sympy.log(sympy.Rational(r.numerator, r.denominator))) == 0
    except Undecided:
        return False


def _log_at_least_one(gamma: arb) -> arb:
    """ln(max(1, gamma)) for every gamma in the ball: the hull of the logarithms of its ends,
    each raised to 1 first (max(1, .) is monotone, so the ends bound it). eps(delta) =
    max(0, ln gamma*), and rounding may put a crossing's ball at or below 0 (delta near 1)."""
    if not gamma.is_finite():
        return arb("nan")
    one = arb(1)
    lo = gamma.lower() if gamma.lower() > one else one
    hi = gamma.upper() if gamma.upper() > one else one
    return hull(arb(lo).log(), arb(hi).log())


def _certainly_at_least(x: arb, y: arb) -> bool:
    return bool(x >= y)


def delta_for_epsilon(composition: Composition, epsilon: str | Fraction | Any) -> Answer:
    """delta(eps) = max over matched pairs of m_inf + sum_j m_j (1 - e^eps / r_j)^+.

    A pair whose pure epsilon ln R is certainly <= eps has delta(eps) = 0 exactly (no atom has
    r_j > e^eps, and no infinite atom), whatever the size of eps."""
    rational, expr = parse_number(epsilon)
    eps = _with_precision(lambda: _enclose(rational, expr))

    def compute(table: LossTable) -> Certified:
        lo = table.hockey_stick(eps, upper=False)
        _, unsure = table.tail_start(eps)
        if table.atoms.exact and all(_loss_is(table, j, rational, expr) for j in unsure):
            exact = None
            a, b = table.exact_tail(eps)
            total = table.atoms.infinity_mass + a
            if _small(total, b):
                import sympy

                exact = sympy.Rational(total.numerator, total.denominator) - sympy.exp(
                    _sympy_number(rational, expr)
                ) * sympy.Rational(b.numerator, b.denominator)
            return certified(lo, Path.EXACT, exact)
        # An atom whose loss Arb cannot tell from eps contributes [0, its term]: the bracket is
        # the hull of both sums, with no closed form (it might be a hair above eps).
        path = Path.EXACT if table.atoms.exact else Path.BRACKETED
        return certified(hull(lo, table.hockey_stick(eps, upper=True)), path)

    answers = []
    for pc in composition.pair_compositions():
        pure = _with_precision(partial(_pure_ball, pc))
        if pure is not None and _with_precision(partial(_certainly_at_least, eps, pure)):
            answers.append((Certified(0.0, 0.0, 0.0, Path.EXACT, 0), pc.label))
        else:
            answers.append((_refined(pc, compute), pc.label))
    return _maximum(answers)


def epsilon_for_delta(composition: Composition, delta: str | Fraction | Any) -> Answer:
    """eps(delta) = min{eps >= 0 : delta(eps) <= delta}: max over pairs of max(0, ln gamma*).

    eps(0) is the pure epsilon (delta(eps) = 0 exactly when e^eps >= every ratio of positive
    mass and there is no infinite atom), computed as such."""
    rational, _ = parse_number(delta)
    if rational is None:
        raise UsageError(f"delta must be a rational number, got {delta}")
    if not 0 <= rational <= 1:
        raise UsageError(f"delta must be in [0, 1], got {delta}")
    if rational == 0:
        return pure_epsilon(composition)

    def compute(table: LossTable) -> Certified:
        path = Path.EXACT if table.atoms.exact else Path.BRACKETED
        results = []
        for upper in (False,) if table.atoms.exact else (False, True):
            gamma, count = table.crossing(rational, upper)
            if gamma is None:
                return infinite(path, _NEVER_REACHED)
            results.append((gamma, count))
        # The hull of the logarithms, not the logarithm of the hull (see certified.hull).
        eps = _log_at_least_one(results[0][0])
        if len(results) == 2:
            eps = hull(eps, _log_at_least_one(results[1][0]))
        exact = None
        if table.atoms.exact:
            g = table.exact_crossing(rational, results[0][1])
            if g == 1:
                eps, exact = arb(0), 0
            elif _small(g):
                import sympy

                exact = sympy.log(sympy.Rational(g.numerator, g.denominator))
                eps = ball(g).log()
        return certified(eps, path, exact)

    pcs = composition.pair_compositions()
    return _maximum([(_refined(pc, compute), pc.label) for pc in pcs])


#: Why eps(delta) is infinite.
_NEVER_REACHED = "the infinite atom's mass exceeds delta, so delta(eps) > delta for every eps"
#: Why a divergence is infinite.
_SINGULAR = "M(x) puts mass where M(x') puts none"


def total_variation(composition: Composition) -> Answer:
    """max over pairs of SD(P, Q) = delta(0)."""
    return delta_for_epsilon(composition, Fraction(0))


def pure_epsilon(composition: Composition) -> Answer:
    """max over matched pairs of sum_t k_t ln(max ratio of pair t); +oo with an infinite atom."""
    answers = []
    for pc in composition.pair_compositions():
        value = _with_precision(partial(_pure_ball, pc))
        if value is None:
            answers.append((infinite(Path.EXACT, _SINGULAR), pc.label))
        else:
            answers.append((certified(value, Path.EXACT, _pure_closed_form(pc)), pc.label))
    return _maximum(answers)


def _renyi_of_pair(pld: PrivacyLoss, a: Fraction) -> arb | None:
    """D_a of one pair as a ball, None when +oo.

    With r* the largest ratio and S = sum_j m_j (r_j / r*)^(a-1) (finite atoms only),
    D_a = ln(sum_j m_j r_j^(a-1)) / (a - 1) = ln r* + ln(S) / (a - 1). For a > 1 every term of
    S lies in [0, m_j] and the top term is m* > 0, so S is in [m*, 1]: a term whose ball is not
    finite (a huge order) is replaced by [0, m_j], and ln S / (a - 1) stays finite and small."""
    if (a > 1 and pld.infinity_mass > 0) or not pld.ratios:
        return None
    top = pld.ratios[-1]
    order = ball(a - 1)
    total = ball(pld.masses[-1])  # the top term, (r* / r*)^(a-1) = 1 exactly
    for r, m in zip(pld.ratios[:-1], pld.masses[:-1], strict=True):
        term = ball(m) * (order * _log(r / top)).exp()
        if a > 1 and not (term.is_finite() and term >= 0 and term <= ball(m)):
            term = ball(m) * arb(0.5, 0.5)
        total += term
    return _log(top) + total.log() / order


def renyi_divergence(composition: Composition, order: str | Fraction | int) -> Answer:
    """max over pairs of sum_t k_t D_a(pair t), D_a = ln(sum_j m_j r_j^(a-1)) / (a - 1).

    Orders a > 0, a != 1, rational; +oo when a > 1 and some pair has an infinite atom (or a
    pair has no finite atom at all)."""
    a, _ = parse_number(order)
    if a is None or a <= 0 or a == 1:
        raise UsageError(f"a Renyi order is a rational a > 0, a != 1, got {order}")
    answers = []
    for pc in composition.pair_compositions():

        def value(pc: PairComposition = pc) -> arb | None:
            total = arb(0)
            for pld, k in pc.losses:
                part = _renyi_of_pair(pld, a)
                if part is None:
                    return None
                total += k * part
            return total

        got = _with_precision(value)
        if got is None:
            answers.append((infinite(Path.EXACT, _SINGULAR), pc.label))
        else:
            answers.append((certified(got, Path.EXACT), pc.label))
    return _maximum(answers)


def kl_divergence(composition: Composition) -> Answer:
    """max over pairs of sum_t k_t KL(pair t), KL = sum_j m_j ln r_j (+oo with an infinite atom)."""
    answers = []
    for pc in composition.pair_compositions():
        if any(pld.infinity_mass > 0 for pld, _ in pc.losses):
            answers.append((infinite(Path.EXACT, _SINGULAR), pc.label))
            continue

        def value(pc: PairComposition = pc) -> arb:
            total = arb(0)
            for pld, k in pc.losses:
                for r, m in zip(pld.ratios, pld.masses, strict=True):
                    total += k * ball(m) * ball(r).log()
            return total

        answers.append((certified(_with_precision(value), Path.EXACT), pc.label))
    return _maximum(answers)
