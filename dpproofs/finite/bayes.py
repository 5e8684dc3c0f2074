"""The Bayesian posteriors of Kasiviswanathan & Smith (seed 004_b0aca88671cf8a62.txt, section 2).

A mechanism A on databases x in D^n, a prior (belief) b on D^n, a transcript t. Game 0 runs A(x);
Game i runs A(x_{-i}), where x_{-i} is x with entry i replaced by a fixed default value of D.

    b_0[x | t] = Pr[A(x) = t] b[x]      / sum_y Pr[A(y) = t] b[y]
    b_i[x | t] = Pr[A(x_{-i}) = t] b[x] / sum_y Pr[A(y_{-i}) = t] b[y]

A is eps-semantically private (Definition 2.1) iff SD(b_0[.|t], b_i[.|t]) <= eps for every prior,
transcript and i. For ONE prior, :func:`semantic_privacy_level` computes the largest such SD
exactly. Indices i are 0-based here (the paper's i = 1..n is our 0..n-1).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any

import sympy

from dpproofs import vocabulary as V
from dpproofs.algebra import EXACT
from dpproofs.errors import InvalidMechanism
from dpproofs.finite.distributions import distribution
from dpproofs.finite.mechanism import FiniteMechanism
from dpproofs.finite.neighbours import Hamming


@dataclass(frozen=True, slots=True)
class Posteriors:
    """b_0[. | t] and b_i[. | t] over the mechanism's databases, and SD between them.

    ``game_i`` is None when t is impossible in Game i but possible in Game 0 (b_i undefined)."""

    game_0: tuple[sympy.Expr, ...]
    game_i: tuple[sympy.Expr, ...] | None
    statistical_difference: sympy.Expr


def _prior(mechanism: FiniteMechanism, prior: Mapping[Hashable, Any]) -> tuple[sympy.Expr, ...]:
    unknown = [x for x in prior if x not in mechanism.inputs]
    if unknown:
        raise InvalidMechanism(f"prior puts weight on {unknown[0]!r}, which is not a database")
    return distribution([prior.get(x, 0) for x in mechanism.inputs], "prior")


def _replaced(x: tuple[Any, ...], i: int, default: Any) -> tuple[Any, ...]:
    return (*x[:i], default, *x[i + 1 :])


def posteriors(
    mechanism: FiniteMechanism,
    prior: Mapping[Hashable, Any],
    transcript: Hashable,
    i: int,
    default: Any,
) -> Posteriors | None:
    """The two posteriors after seeing ``transcript``; None when t is impossible in Game 0."""
    if not isinstance(mechanism.neighbours, Hamming):
        raise InvalidMechanism("posteriors need a mechanism over D^n (Hamming neighbours)")
    if not 0 <= i < mechanism.neighbours.n:
        raise InvalidMechanism(f"entry index {i} is not in 0..{mechanism.neighbours.n - 1}")
    b = _prior(mechanism, prior)
    t = mechanism.outputs.index(transcript)
    likelihood_0 = [row[t] for row in mechanism.rows]
    likelihood_i = []
    for x in mechanism.inputs:
        assert isinstance(x, tuple)
        try:
            likelihood_i.append(mechanism.row(_replaced(x, i, default))[t])
        except ValueError as exc:
            raise InvalidMechanism(
                f"x_-i = {_replaced(x, i, default)!r} is not a database of the mechanism"
            ) from exc
    if EXACT.eq(sympy.Add(*(lx * bx for lx, bx in zip(likelihood_0, b, strict=True))), 0):
        return None
    game_0 = tuple(sympy.cancel(v) for v in V.posterior(EXACT, b, likelihood_0))
    if EXACT.eq(sympy.Add(*(lx * bx for lx, bx in zip(likelihood_i, b, strict=True))), 0):
        return Posteriors(game_0, None, sympy.Integer(1))
    game_i = tuple(sympy.cancel(v) for v in V.posterior(EXACT, b, likelihood_i))
    sd = sympy.sympify(V.statistical_difference(EXACT, game_0, game_i))
    return Posteriors(game_0, game_i, sd)


@dataclass(frozen=True, slots=True)
class SemanticLevel:
    """max over transcripts t and entries i of SD(b_0[.|t], b_i[.|t]) for one prior, and where."""

    value: sympy.Expr
    transcript: Hashable | None
    entry: int | None


def semantic_privacy_level(
    mechanism: FiniteMechanism, prior: Mapping[Hashable, Any], default: Any
) -> SemanticLevel:
    """The least eps for which Definition 2.1's inequality holds for this one prior."""
    best = SemanticLevel(sympy.Integer(0), None, None)
    n = mechanism.neighbours.n if isinstance(mechanism.neighbours, Hamming) else 0
    for t in mechanism.outputs:
        for i in range(n):
            post = posteriors(mechanism, prior, t, i, default)
            if post is not None and EXACT.lt(best.value, post.statistical_difference):
                best = SemanticLevel(post.statistical_difference, t, i)
    return best
