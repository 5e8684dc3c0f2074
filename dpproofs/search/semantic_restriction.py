"""Semantic restriction: "semantic privacy on D^n => DP on D^n" for every n, from n = 1
(docs/design/neighbours.md, "Semantic restriction").

The claim, for |D| = 2 (the D of the n = 1 claim), every n >= 1 and every mechanism A on D^n:

    H_n(A): for every belief b on D^n placed on one group (K&S Definition 2.1 for all beliefs;
            or Definition 2.3, (c, delta), at the given beliefs w placed on every group)
    => A is DP on D^n with the ratio R and the slack s (pure when s is None).

A group g = (i, x_{-i}) is the |D| databases z_v (position i = v, the others x_{-i}). The
restriction A|g (a mechanism on D^1, A|g(v) = A(z_v)) and the belief w on D^1 placed on g
(b(z_v) = w_v) give, at every transcript t: the game-0 likelihoods and posteriors of b on D^n
are those of w on D^1 (relabelled); game i maps every z_v to z_0, so its likelihoods and
posterior are those of the one game of D^1. Hence at b, for game i, SD_i(t) = SD(t) of A|g at w,
and the breach event of D^n (some game breaches) contains the breach of A|g; the masses Z_0(t)
agree, so the D^n breach mass at b is >= the breach mass of A|g at w. So H_n(A) implies
H_1(A|g) for every g; the n = 1 claim "H_1 => DP" gives A|g DP, i.e. A DP on the ordered
neighbour pairs of g; every ordered neighbour pair of D^n lies in one group, so A is DP.

The rule's precondition holds by construction: the author gives only the constants
(``SemanticTerms``: c, delta, the beliefs on D^1, the ratio and slack, as functions of the
parameters); the rule writes the hypothesis with the vocabulary's semantic privacy and the
conclusion with its DP, on the one-group space D^1 (|D| = 2).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from dpproofs.algebra import implies
from dpproofs.errors import InvalidClaim
from dpproofs.search.databases import DatabaseSpace
from dpproofs.search.domains import Interval, Rational
from dpproofs.search.forall import SearchClaim, for_all
from dpproofs.search.objects import mechanism
from dpproofs.search.pairs import NeighbourPairClaim
from dpproofs.vocabulary import (
    mechanism_dp,
    mechanism_pure_dp,
    semantic_privacy,
    semantic_privacy_dd_at,
)

#: The one group of the n = 1 claim: D^1 with |D| = 2.
ONE_GROUP = DatabaseSpace(domain=2, n=1)
RESTRICTION = (
    "semantic-restriction rule (docs/design/neighbours.md, 'Semantic restriction'): a belief "
    "placed on one group (i, x_-i) makes game i the n = 1 game of the restricted mechanism, so "
    "semantic privacy on D^n implies it for every restriction to a group, and DP on every group "
    "is DP on D^n"
)


@dataclass(frozen=True)
class SemanticTerms:
    """The constants of one claim, as expressions of the parameters: ``c`` the semantic bound;
    ``delta`` None for Definition 2.1 for all beliefs (closed form), else Definition 2.3's
    delta at each of ``beliefs`` (distributions on D^1, |D| = 2); ``ratio`` e^eps' and
    ``slack`` delta' of the conclusion (None: pure DP)."""

    c: Any
    ratio: Any
    delta: Any = None
    beliefs: tuple[tuple[Any, Any], ...] = ()
    slack: Any = None


@dataclass(frozen=True)
class SemanticRestriction:
    """The semantic-restriction rule for one claim (module docstring): ``terms(alg, ...)``
    gives the constants, its further arguments named after the parameters (or their derived
    names ``E``, ``exp_<p>``, ``sqrt_<p>``, as in ``for_all``)."""

    terms: Callable[..., SemanticTerms]
    outputs: tuple[int, ...]
    params: tuple[tuple[str, Interval | Rational], ...]
    says: str

    def hypothesis(self, alg: Any, mech: Any, t: SemanticTerms) -> Any:
        """H_1 of the mechanism ``mech`` on D^1."""
        if t.delta is None:
            if t.beliefs:
                raise InvalidClaim("Definition 2.1 is taken for all beliefs (no beliefs given)")
            return semantic_privacy(alg, mech.rows, mech.games, t.c)
        if not t.beliefs or any(len(w) != ONE_GROUP.count for w in t.beliefs):
            raise InvalidClaim("Definition 2.3 needs beliefs on D^1 (two weights each)")
        return alg.all(
            semantic_privacy_dd_at(alg, w, mech.rows, mech.games, t.c, t.delta) for w in t.beliefs
        )

    def conclusion(self, alg: Any, mech: Any, t: SemanticTerms) -> Any:
        """DP of ``mech`` on its ordered neighbour pairs, ratio and slack of ``t``."""
        if t.slack is None:
            return mechanism_pure_dp(alg, mech.rows, mech.pairs, t.ratio)
        return mechanism_dp(alg, mech.rows, mech.pairs, t.ratio, t.slack)

    def claim(self) -> NeighbourPairClaim:
        """The n = 1 claim 'H_1 => DP' on D^1, |D| = 2, lifted to every n by the rule."""
        names = [n for n in inspect.signature(self.terms).parameters][1:]
        if "M" in names:
            raise InvalidClaim("the constants read the parameters only, not the mechanism")

        def predicate(alg: Any, M: Any, *values: Any) -> Any:
            t = self.terms(alg, *values)
            return implies(alg, self.hypothesis(alg, M, t), self.conclusion(alg, M, t))

        predicate.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
            [
                inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD)
                for n in ("alg", "M", *names)
            ]
        )
        quantifier = for_all(
            {"M": mechanism(ONE_GROUP)},
            self.outputs,
            size_name="outputs",
            what=f"mechanisms on {ONE_GROUP} (one group)",
            symmetric=True,
            **dict(self.params),
        )
        return NeighbourPairClaim(
            quantifier.claim(predicate, says=self.says),
            self.says,
            family="every D^n with n >= 1 and |D| = 2",
            reduction=RESTRICTION,
            member="n = 1, |D| = 2",
            direct=self.direct_claim,
        )

    def direct_claim(self, n: int) -> SearchClaim:
        """Psi(n) on D^n (|D| = 2) without the rule, at the smallest number of outputs: the
        hypothesis with the games of D^n, Definition 2.3 at every belief w placed on every
        group (0 off it), Definition 2.1 for all beliefs on D^n (the sources' hypothesis,
        stronger than 'beliefs on one group': a counterexample is still one of Psi(n)); the
        conclusion DP on every ordered neighbour pair of D^n."""
        space = DatabaseSpace(domain=2, n=n)
        names = [n for n in inspect.signature(self.terms).parameters][1:]

        def predicate(alg: Any, M: Any, *values: Any) -> Any:
            t = self.terms(alg, *values)
            if t.delta is None:
                hypothesis = semantic_privacy(alg, M.rows, space.games, t.c)
            else:
                hypothesis = alg.all(
                    semantic_privacy_dd_at(
                        alg, _placed(alg, space.count, g, w), M.rows, space.games, t.c, t.delta
                    )
                    for g in space.groups
                    for w in t.beliefs
                )
            return implies(alg, hypothesis, self.conclusion(alg, M, t))

        predicate.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
            [
                inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD)
                for n in ("alg", "M", *names)
            ]
        )
        quantifier = for_all(
            {"M": mechanism(space)},
            self.outputs[:1],
            size_name="outputs",
            what=f"mechanisms on {space}",
            symmetric=False,
            **dict(self.params),
        )
        return quantifier.claim(predicate, says=f"{self.says} (on {space}, no reduction)")


def _placed(alg: Any, count: int, group: tuple[int, ...], w: tuple[Any, Any]) -> list[Any]:
    """The belief on D^n equal to w on ``group`` (z_0, z_1) and 0 elsewhere."""
    b = [alg.const(0)] * count
    for v, k in enumerate(group):
        b[k] = w[v]
    return b


def semantic_to_dp_every_n(
    terms: Callable[..., SemanticTerms],
    outputs: Iterable[int],
    *,
    says: str,
    **params: Interval | Rational,
) -> NeighbourPairClaim:
    """'Semantic privacy (``terms``) on D^n => DP on D^n' for every n, |D| = 2 (module
    docstring), decided as its n = 1 claim."""
    return SemanticRestriction(terms, tuple(outputs), tuple(params.items()), says).claim()
