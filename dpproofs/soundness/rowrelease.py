"""Mutants of a row-release claim (docs/design/row-release.md).

Each mutant is the claim rebuilt by :mod:`dpproofs.finite.rowrelease` from edited data, so its
parts (well-formedness, statement) are derived again: ``bound*9/10`` and ``bound*1/2`` (the
statistical-difference bound tightened), ``weight*2`` (every row twice as likely), ``weight=0``
(nothing released: D_inf is 0, not +oo), and ``rows`` (``every`` <-> ``first``). The judge is
the brute force of :mod:`dpproofs.recheck.rowrelease` (n in {1, 2, 3}, |D| in {2, 3}): a PROVED
mutant it contradicts is UNSOUND. The symmetric k-ary response claims (another reduction of a
finite mechanism family to scalar claims) are mutated here too (``symmetric_edits``), and so
are the erased-function channel claims (``erasure_edits``) and the one-time pad claims
(``pad_edits``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import sympy

Edit = tuple[str, str, str, Callable[[], Any]]


def _rebuilt(claim: Any, release: Any, bound: Any) -> Any:
    from dpproofs.finite import rowrelease

    if claim.quantity is rowrelease.Quantity.TOTAL_VARIATION:
        return rowrelease.total_variation_at_most(release, bound)
    return rowrelease.max_divergence_is_infinite(release)


def _scaled(
    name: str, value: Any, factors: tuple[Any, ...], build: Callable[[Any], Any]
) -> Iterator[Edit]:
    """The constant edits "value -> factor value" of a claim's target or bound, one a factor,
    each built by ``build(factor * value)``."""
    for factor in factors:
        yield (
            f"{name}*{factor}",
            "constant",
            f"{value} -> {factor} {value}",
            functools.partial(build, factor * value),
        )


def edits(claim: Any) -> Iterator[Edit]:
    """The edits of the module docstring, in that order."""
    from dpproofs.finite.rowrelease import Rows

    release, bound = claim.release, claim.bound
    if bound is not None:
        for factor in (sympy.Rational(9, 10), sympy.Rational(1, 2)):
            yield (
                f"bound*{factor}",
                "constant",
                f"{bound} -> {factor * bound}",
                functools.partial(_rebuilt, claim, release, factor * bound),
            )
    for label, weight in (("weight*2", 2 * release.weight), ("weight=0", sympy.Integer(0))):
        yield (
            label,
            "constant",
            f"{release.weight} -> {weight}",
            functools.partial(_rebuilt, claim, replace(release, weight=weight), bound),
        )
    other = Rows.FIRST if release.rows is Rows.EVERY else Rows.EVERY
    yield (
        "rows",
        "reading",
        f"{release.rows.value} -> {other.value}",
        functools.partial(_rebuilt, claim, replace(release, rows=other), bound),
    )


def symmetric_edits(claim: Any) -> Iterator[Edit]:
    """A symmetric k-ary response claim (:mod:`dpproofs.finite.symmetric`): the target times
    9/10 and 11/10, keep and other swapped (the same |ln(a/b)|: a true mutant unless the swap
    breaks well-formedness), other doubled. Judged by :mod:`dpproofs.recheck.symmetric`."""
    from dpproofs.finite.symmetric import pure_epsilon_is

    r = claim.response
    yield from _scaled(
        "target",
        claim.target,
        (sympy.Rational(9, 10), sympy.Rational(11, 10)),
        functools.partial(pure_epsilon_is, r),
    )
    swapped = replace(r, keep=r.other, other=r.keep)
    yield (
        "swap",
        "reading",
        "keep <-> other",
        functools.partial(pure_epsilon_is, swapped, claim.target),
    )
    doubled = replace(r, other=2 * r.other)
    yield (
        "other*2",
        "constant",
        f"{r.other} -> 2 {r.other}",
        functools.partial(pure_epsilon_is, doubled, claim.target),
    )


def median_edits(claim: Any) -> Iterator[Edit]:
    """A median lower bound (:mod:`dpproofs.finite.median`): the bound times 11/10 and 2 (above
    what the witness gives at even n), lo and hi swapped. Judged by
    :mod:`dpproofs.recheck.median`."""
    from dpproofs.finite.median import median_sensitivity_at_least

    where = dict(claim.where)
    yield from _scaled(
        "bound",
        claim.bound,
        (sympy.Rational(11, 10), sympy.Integer(2)),
        lambda bound: median_sensitivity_at_least(claim.lo, claim.hi, bound, where),
    )
    yield (
        "swap",
        "reading",
        "lo <-> hi",
        functools.partial(median_sensitivity_at_least, claim.hi, claim.lo, claim.bound, where),
    )


def erasure_edits(claim: Any) -> Iterator[Edit]:
    """A K-ary erasure channel claim (:mod:`dpproofs.finite.erasure`): the target times 9/10 and
    11/10, keep halved (false unless d = 0), and another value read for the target (the row
    distance for a capacity, d against d ln K: false for d > 0 at K = 2, ln 2 < 1; else the
    section capacity d ln 2 for the capacity d ln(K + 1), and the other way round).
    Judged by :mod:`dpproofs.recheck.erasure`."""
    from dpproofs.finite.erasure import GIVEN, ErasureValue, erasure_value_is

    c = claim.channel
    yield from _scaled(
        "target",
        claim.target,
        (sympy.Rational(9, 10), sympy.Rational(11, 10)),
        functools.partial(erasure_value_is, c, claim.value),
    )
    halved = replace(c, keep=c.keep / 2)
    yield (
        "keep/2",
        "constant",
        f"{c.keep} -> {c.keep}/2",
        functools.partial(erasure_value_is, halved, claim.value, claim.target),
    )
    given = GIVEN[c.function]
    if claim.value is not ErasureValue.ROW_DISTANCE and ErasureValue.ROW_DISTANCE in given:
        other = ErasureValue.ROW_DISTANCE
    elif claim.value is ErasureValue.CAPACITY:
        other = ErasureValue.SECTION_CAPACITY
    else:
        other = ErasureValue.CAPACITY
    yield (
        "value",
        "reading",
        f"{claim.value.name} -> {other.name}",
        functools.partial(erasure_value_is, c, other, claim.target),
    )


def pad_edits(claim: Any) -> Iterator[Edit]:
    """A one-time pad claim (:mod:`dpproofs.finite.pad`): a target times 11/10 and plus 1/2 (ln m
    is not 11/10 ln m, 0 is not 1/2), and another release read for the same value (FIRST for
    PAIR: MI-DP 0 against ln m; PAIR for FIRST and SECOND: ln m against 0; no release mutant
    where the rule gives the value for the other release not at all). Judged by
    :mod:`dpproofs.recheck.pad`."""
    from dpproofs.finite.pad import GIVEN, PadRelease, pad_value_is

    pad, value, target = claim.pad, claim.value, claim.target
    if target is not None:
        for label, edited in (
            ("target*11/10", target * sympy.Rational(11, 10)),
            ("target+1/2", target + sympy.Rational(1, 2)),
        ):
            yield (
                label,
                "constant",
                f"{target} -> {edited}",
                functools.partial(pad_value_is, pad, value, edited),
            )
    other = PadRelease.FIRST if pad.release is PadRelease.PAIR else PadRelease.PAIR
    if value in GIVEN[other]:
        yield (
            "release",
            "reading",
            f"{pad.release.name} -> {other.name}",
            functools.partial(pad_value_is, replace(pad, release=other), value, target),
        )
