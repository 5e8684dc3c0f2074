"""Mutants of the claims decided by a reduction rule, and the judge of their verdicts.

* A neighbour-pair or group claim (:mod:`dpproofs.search.pairs`) is decided as its n = 1 search
  claim ``inner``. Its mutants: the claim rebuilt from the author's conditions H, C with
  ``negate C`` (C -> not C) and ``drop H`` (H -> true), both false whenever H holds somewhere
  and C does not hold everywhere without H; then the search mutants of ``inner``
  (:mod:`.search`, those of its traced formula), each put back in the claim (so the mutant is
  decided through the rule), the author's conditions dropped (``source``: they no longer say
  what the mutated inner claim says). The judge is the search judge's, on the mutant's inner
  claim.
* An additive sensitivity claim (:mod:`dpproofs.finite.additive`) is mutated in its numbers and
  its reading: the bound times 9/10 and 11/10, the scale times 11/10, the other neighbour
  reading, "attained" dropped. The judge is the brute force of :mod:`dpproofs.recheck.additive`
  (every per-entry term of the class at |X| in {2, 3}, n in {1, 2, 3}): a verdict it contradicts
  is UNSOUND.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import replace
from fractions import Fraction
from typing import Any

Edit = tuple[str, str, str, Callable[[], Any]]


def _wrapped(claim: Any, build: Callable[[], Any]) -> Any:
    return replace(claim, inner=build(), source=None)


def _negated(condition: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(condition)  # the same signature: the claim asks for the same names
    def negated(alg: Any, *args: Any, **named: Any) -> Any:
        return alg.not_(condition(alg, *args, **named))

    return negated


def _true(condition: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(condition)
    def true(alg: Any, *args: Any, **named: Any) -> Any:
        return alg.all([])

    return true


def _rebuilt(claim: Any, hypothesis: Callable[..., Any], conclusion: Callable[..., Any]) -> Any:
    """``claim`` built again by its constructor with other conditions."""
    from dpproofs.search.pairs import for_all_groups, for_all_neighbour_pairs

    source = claim.source
    named = {"says": claim.says, "shared": dict(source.shared), **dict(source.params)}
    if source.group_domain is None:
        return for_all_neighbour_pairs(
            source.mechanisms, source.outputs, hypothesis, conclusion, **named
        )
    return for_all_groups(
        source.mechanisms, source.group_domain, source.outputs, hypothesis, conclusion, **named
    )


def pair_edits(claim: Any) -> Iterator[Edit]:
    """``negate C`` and ``drop H`` rebuilt from the source, then the search mutants of
    ``claim.inner``, decided through the reduction."""
    from dpproofs.soundness import search

    source = claim.source
    if source is not None:
        h, c = source.hypothesis, source.conclusion
        yield "negate C", "negate", "C -> not C", functools.partial(_rebuilt, claim, h, _negated(c))
        yield "drop H", "weaken", "H -> true", functools.partial(_rebuilt, claim, _true(h), c)
    for label, operator, where, build in search.edits(claim.inner):
        yield label, operator, where, functools.partial(_wrapped, claim, build)


def additive_edits(claim: Any) -> Iterator[Edit]:
    """The bound, scale, reading and attainment of an additive sensitivity claim mutated."""
    from dpproofs.finite.additive import Reading

    bound, scale = claim.bound, claim.scale
    for factor, text in ((Fraction(9, 10), "9/10"), (Fraction(11, 10), "11/10")):
        if bound.c != 0:
            changed = replace(bound, c=bound.c * factor)
            yield (
                f"bound*{text}",
                "constant",
                f"bound {bound} -> {changed}",
                functools.partial(replace, claim, bound=changed),
            )
    if scale.c != 0:
        changed = replace(scale, c=scale.c * Fraction(11, 10))
        yield (
            "scale*11/10",
            "constant",
            f"scale {scale} -> {changed}",
            functools.partial(replace, claim, scale=changed),
        )
    other = Reading.ADD_REMOVE if claim.reading is Reading.CHANGE else Reading.CHANGE
    yield (
        "reading",
        "reading",
        f"{claim.reading.value} -> {other.value}",
        functools.partial(replace, claim, reading=other),
    )
    if claim.attained:
        yield (
            "not attained",
            "weaken",
            "'= bound' -> '<= bound'",
            functools.partial(replace, claim, attained=False),
        )
