"""Mutants of an induction claim (docs/design/induction.md), and the judge of their verdicts.

Every mutant is the claim rebuilt by :func:`dpproofs.symbolic.induction.induction` from edited
data, so its four obligations (base, step, conclusion, instance) are derived again from the
edit; a mutant of the base or of the step that stays PROVED while the claim is false is what the
judge catches. The edits:

* ``claim rhs-1/2``, ``invariant rhs-1/2``: the right side of each comparison of the claim (of
  the invariant) moved by 1/2 towards a tighter bound (an equation's right side plus 1/2): a
  false claim, or an invariant whose base or step fails;
* ``start-1``: n0 -> n0 - 1 (when n0 >= 1; the base then moves to a smaller n);
* ``drop each``: the per-index assumptions dropped; ``drop H``: the hypotheses dropped;
* ``term*2``: each running term doubled (one at a time);
* ``instance*2``: each instance expression doubled.

The judge is the brute force of :mod:`dpproofs.recheck.induction` (the claim evaluated at
n = n0..n0 + 2 at rational points): a PROVED mutant it finds violated is UNSOUND.

A sequence induction over random variables (:mod:`dpproofs.entropic.induction`) is mutated by
``total/2`` (the statement's running total halved) and ``drop stage i``; its judge unrolls the
claim at k = 1, 2 (explicit variables Y_1, Y_2) and evaluates it exactly at the seeded joint
laws of :mod:`.entropic`: a PROVED mutant false at one of them is UNSOUND.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import sympy

Edit = tuple[str, str, str, Callable[[], Any]]
HALF = sympy.Rational(1, 2)


def _rebuilt(original: Any, **changes: Any) -> Any:
    from dpproofs.symbolic.induction import induction

    data = {
        "n": original.n,
        "start": original.start,
        "claim": original.claim,
        "invariant": original.invariant,
        "running": original.running,
        "each": dict(original.each),
        "each_assuming": original.each_assuming,
        "where": dict(original.where),
        "assuming": original.hypotheses,
        "instance": dict(original.instance),
    }
    return induction(**{**data, **changes})


def _lowered(formula: Any) -> Any:
    """Every comparison a OP b of ``formula`` (at any depth of And / Or) as a OP b - 1/2, with
    its direction: a <= b -> a <= b - 1/2, a >= b -> a >= b + 1/2 (both tighter); a = b ->
    a = b + 1/2."""
    if isinstance(formula, sympy.And | sympy.Or):
        return formula.func(*(_lowered(a) for a in formula.args))
    if isinstance(formula, sympy.Le | sympy.Lt):
        return formula.func(formula.lhs, formula.rhs - HALF, evaluate=False)
    if isinstance(formula, sympy.Ge | sympy.Gt | sympy.Eq):
        return formula.func(formula.lhs, formula.rhs + HALF, evaluate=False)
    return formula


def edits(claim: Any) -> Iterator[Edit]:
    """The edits of the module docstring, in that order."""
    yield (
        "claim rhs-1/2",
        "constant",
        f"{claim.claim} -> {_lowered(claim.claim)}",
        functools.partial(_rebuilt, claim, claim=_lowered(claim.claim)),
    )
    yield (
        "invariant rhs-1/2",
        "constant",
        f"{claim.invariant} -> {_lowered(claim.invariant)}",
        functools.partial(_rebuilt, claim, invariant=_lowered(claim.invariant)),
    )
    if claim.start >= 1:
        yield (
            "start-1",
            "constant",
            f"n0 = {claim.start} -> {claim.start - 1}",
            functools.partial(_rebuilt, claim, start=claim.start - 1),
        )
    if claim.each_assuming:
        yield (
            "drop each",
            "weaken",
            "per-index assumptions -> true",
            functools.partial(_rebuilt, claim, each_assuming=()),
        )
    if claim.hypotheses:
        yield (
            "drop H",
            "weaken",
            "hypotheses -> true",
            functools.partial(_rebuilt, claim, assuming=()),
        )
    for index, running in enumerate(claim.running):
        doubled = (*claim.running[:index], _doubled(running), *claim.running[index + 1 :])
        yield (
            f"term*2 {running.symbol}",
            "constant",
            f"{running.term} -> 2*({running.term})",
            functools.partial(_rebuilt, claim, running=doubled),
        )
    for q, e in claim.instance:
        changed = {**dict(claim.instance), q: 2 * e}
        yield (
            f"instance*2 {q}",
            "constant",
            f"{q} = {e} -> {2 * e}",
            functools.partial(_rebuilt, claim, instance=changed),
        )


def _doubled(running: Any) -> Any:
    from dataclasses import replace

    return replace(running, term=2 * running.term)


def sequence_edits(claim: Any) -> Iterator[Edit]:
    """A sequence induction (:mod:`dpproofs.entropic.induction`): the statement's total halved
    (E -> E/2: a tighter bound), each stage hypothesis dropped in turn."""
    from dpproofs.entropic.induction import sequence_induction, substitute
    from dpproofs.entropic.terms import Linear, Relation

    def rebuilt(statement: Any, stage: Any) -> Any:
        return sequence_induction(
            statement, stage, claim.given, claim.prefix, claim.new, claim.total, claim.each
        )

    half = {claim.total: Linear(params={claim.total: Fraction(1, 2)}, text=f"{claim.total}/2")}
    st = claim.statement
    halved = Relation(substitute(st.lhs, {}, half), substitute(st.rhs, {}, half), st.kind)
    yield (
        "total/2",
        "constant",
        f"{claim.total} -> {claim.total}/2 in {st}",
        functools.partial(rebuilt, halved, claim.stage),
    )
    for index, q in enumerate(claim.stage):
        rest = claim.stage[:index] + claim.stage[index + 1 :]
        yield (
            f"drop stage {index + 1}",
            "weaken",
            f"{q} -> true",
            functools.partial(rebuilt, st, rest),
        )
