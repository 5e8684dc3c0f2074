"""The parts (J), (Z) and (S) of the informed-belief reduction (docs/design/neighbours.md,
"Informed beliefs" and "Beliefs on one group"), built by the library from what it owns: the
database space (D^1 or D^2, |D| = 2), the beliefs ("informed": K&S Theorem A.3, t drawn from
A(x); "one group": Theorem 2.4 part 1, t drawn from A(b)), the breach event
(``vocabulary.posteriors_close`` with c = e^{3 eps} - 1 + 2 sqrt(delta)) and the bound
delta'' = sqrt(delta) + 2 delta/(eps e^eps), each multiplied out by eps e^eps > 0.

    (J)  on D^1, for all A (eps, delta)-DP and beliefs b:
           informed:  Pr_{t ~ A(x)}[not posteriors_close(b, L0, L1, c)] <= delta'' for each x;
           one group: Definition 2.3 (``semantic_privacy_dd_at``) with delta' = delta''.
    (Z)  on D^1, the identity game (L1 = L0), informed beliefs only:
           Pr_{t ~ A(x)}[Z0(t) = 0] <= delta'' for each x.
    (S)  on D^2, game 2 of the square (coordinate 2 fixed to 1), split on the breach set K (a
         nonempty set of the 2 outputs): if every t in K breaches game 2 for some two-point
         belief, the mass of K is <= delta'' under A(x) for x = (0, 1) and (1, 1) (informed),
         or under every choice of A((u_t, 1)) per t (one group: Z0(t) <= max_u).

Each part is a :class:`~dpproofs.search.forall.SearchClaim` whose predicate is one of this
module's frozen predicate classes (:class:`Joint`, :class:`Zero`, :class:`Square`): the
predicate is the tag saying which part it is, for which beliefs (and for (S), which K). The
reduction (:mod:`dpproofs.search.informed`) accepts a part only where :func:`refusal` finds it
this module's claim for its role and beliefs at its own eps, delta and output counts, and
decides :func:`rebuilt` (the claim rebuilt here), never the object the theorem file passed.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from dpproofs.algebra import implies
from dpproofs.claim import AllOf, Claim
from dpproofs.outcomes import outcome_total
from dpproofs.search.databases import DatabaseSpace
from dpproofs.search.domains import Interval, Rational
from dpproofs.search.forall import SearchClaim, for_all_mechanisms
from dpproofs.search.objects import Shape, distribution
from dpproofs.vocabulary import (
    mechanism_dp,
    posteriors_close,
    semantic_privacy_dd_at,
    sup_reweighted_sd_at_most,
)

INFORMED, ONE_GROUP = "informed", "one group"
ONE, SQUARE = DatabaseSpace(domain=2, n=1), DatabaseSpace(domain=2, n=2)
#: The nonempty sets of (S)'s 2 outputs: (S) at a point needs each (the breach set is one).
BREACH_SETS = ((0,), (1,), (0, 1))


def informed_prior(alg: Any, space: DatabaseSpace, b: Any, x: int, j: int) -> list[Any]:
    """The informed belief for the real database number x with free coordinate j: b on the
    values of coordinate j, the other coordinates fixed to x's."""
    real = space.databases[x]
    zero = alg.const(0)
    return [
        b[y[j]] if all(y[k] == real[k] for k in range(space.n) if k != j) else zero
        for y in space.databases
    ]


def reality_oblivious_breach_mass(
    alg: Any, prior: Any, rows: Any, games: Any, x: int, c: Any
) -> Any:
    """Pr over t <- A(x) that SD(bbar_0[.|t], bbar_i[.|t]) > c for some i (K&S Definition A.1's
    failure event; an undefined posterior counts as a breach); rows[y] = A(y), games[i][y] =
    index of y_{-i}."""
    zero = alg.const(0)

    def breach(*column: Any) -> Any:
        games_at_t = [[column[g[y]] for y in range(len(column))] for g in games]
        close = alg.all(posteriors_close(alg, prior, list(column), li, c) for li in games_at_t)
        return alg.ite(close, zero, column[x])

    return outcome_total(alg, rows, breach)


def some_two_point_belief_breaches(alg: Any, l0: Any, li: Any, c: Any) -> Any:
    """Some belief b = (w, 1 - w) on two databases makes ``posteriors_close(b, l0, li, c)``
    false (l0, li: the two databases' likelihoods of one transcript in Game 0 and Game i).

    w = 1 (w = 0) gives Zi = li[0] (li[1]): false iff that likelihood is 0 (the gap is 0 there).
    For w in (0, 1): Zi = 0 needs li = (0, 0), covered by the first case; otherwise the formula
    is false iff SD > c, and the supremum over such w of SD is at most c iff
    ``sup_reweighted_sd_at_most(l0, li, c)`` (vocabulary; with l0 = (0, 0), Z0 = 0 and the gap
    is 0 at every w, and the closed form holds too). So: li[0] = 0 or li[1] = 0 or not sup <= c.
    """
    zero = alg.const(0)
    return alg.any(
        [
            alg.le(li[0], zero),
            alg.le(li[1], zero),
            alg.not_(sup_reweighted_sd_at_most(alg, l0, li, c)),
        ]
    )


def _times_bound(E: Any, eps: Any, delta: Any, sqrt_delta: Any) -> Any:
    """delta'' times eps e^eps: eps e^eps sqrt(delta) + 2 delta."""
    return eps * E * sqrt_delta + 2 * delta


@dataclass(frozen=True, slots=True)
class Joint:
    """(J): the claim at n = 1 for ``beliefs`` (module docstring)."""

    beliefs: str
    role: ClassVar[str] = "(J)"

    def __call__(
        self, alg: Any, M: Any, b: Any, E: Any, eps: Any, delta: Any, sqrt_delta: Any
    ) -> Any:
        c = E * E * E - 1 + 2 * sqrt_delta
        if self.beliefs == ONE_GROUP:
            # delta' = n delta'' at n = len(M.games) = 1, as Theorem 2.4 states it.
            bound = len(M.games) * (sqrt_delta + alg.div(2 * delta, eps * E))
            private = semantic_privacy_dd_at(alg, b, M.rows, M.games, c, bound)
        else:
            private = alg.all(
                alg.le(
                    eps
                    * E
                    * reality_oblivious_breach_mass(
                        alg, informed_prior(alg, ONE, b, x, 0), M.rows, M.games, x, c
                    ),
                    ONE.n * _times_bound(E, eps, delta, sqrt_delta),
                )
                for x in range(ONE.count)
            )
        return implies(alg, mechanism_dp(alg, M.rows, M.pairs, E, delta), private)


@dataclass(frozen=True, slots=True)
class Zero:
    """(Z): on D^1 with the identity game, Pr_{t ~ A(x)}[Z0(t) = 0] <= delta''."""

    role: ClassVar[str] = "(Z)"

    def __call__(
        self, alg: Any, M: Any, b: Any, E: Any, eps: Any, delta: Any, sqrt_delta: Any
    ) -> Any:
        c = E * E * E - 1 + 2 * sqrt_delta
        masses = (
            reality_oblivious_breach_mass(alg, list(b), M.rows, [(0, 1)], x, c) for x in (0, 1)
        )
        bound = _times_bound(E, eps, delta, sqrt_delta)
        return implies(
            alg,
            mechanism_dp(alg, M.rows, M.pairs, E, delta),
            alg.all(alg.le(eps * E * m, bound) for m in masses),
        )


@dataclass(frozen=True, slots=True)
class Square:
    """(S) at the breach set ``breaching`` for ``beliefs`` (module docstring)."""

    beliefs: str
    breaching: tuple[int, ...]
    role: ClassVar[str] = "(S)"

    def __call__(self, alg: Any, M: Any, E: Any, eps: Any, delta: Any, sqrt_delta: Any) -> Any:
        c = E * E * E - 1 + 2 * sqrt_delta
        # D^2 databases (0, 0), (0, 1), (1, 0), (1, 1): Game 0 reads (u, 1), game 2 (u, 0).
        breach = alg.all(
            some_two_point_belief_breaches(
                alg, [M.rows[1][t], M.rows[3][t]], [M.rows[0][t], M.rows[2][t]], c
            )
            for t in self.breaching
        )
        if self.beliefs == ONE_GROUP:
            k = len(self.breaching)
            choices: Iterable[tuple[int, ...]] = itertools.product((1, 3), repeat=k)
        else:
            choices = ((x,) * len(self.breaching) for x in (1, 3))
        masses = [
            alg.total(M.rows[x][t] for x, t in zip(u, self.breaching, strict=True)) for u in choices
        ]
        bound = _times_bound(E, eps, delta, sqrt_delta)
        return implies(
            alg,
            alg.all([mechanism_dp(alg, M.rows, M.pairs, E, delta), breach]),
            alg.all(alg.le(eps * E * m, bound) for m in masses),
        )


JOINT_SAYS = {
    INFORMED: "(eps, delta)-DP => RO (eps', delta')-semantic privacy, informed b",
    ONE_GROUP: "(eps, delta)-DP => (eps', delta')-semantic privacy for the belief b",
}


Param = Interval | Rational


def joint(beliefs: str, eps: Param, delta: Param, outputs: Iterable[int] = (2,)) -> SearchClaim:
    """(J) for ``beliefs`` at eps, delta and the output counts ``outputs``."""
    space = for_all_mechanisms(ONE, outputs, extra={"b": distribution(2)}, eps=eps, delta=delta)
    return space.claim(Joint(beliefs), says=JOINT_SAYS[beliefs])


def zero(eps: Param, delta: Param, outputs: Iterable[int] = (2,)) -> SearchClaim:
    """(Z) at eps, delta and the output counts ``outputs`` (informed beliefs only)."""
    space = for_all_mechanisms(ONE, outputs, extra={"b": distribution(2)}, eps=eps, delta=delta)
    return space.claim(Zero(), says="(eps, delta)-DP => Pr_{t ~ A(x)}[Z0(t) = 0] <= delta''")


def square(beliefs: str, eps: Param, delta: Param, breaching: tuple[int, ...]) -> SearchClaim:
    """(S) for ``beliefs`` at eps and delta, 2 outputs, the breach set ``breaching``."""
    return for_all_mechanisms(SQUARE, (2,), eps=eps, delta=delta).claim(
        Square(beliefs, tuple(breaching)),
        says=f"outputs {set(breaching)} breach game 2 of the square => mass <= delta''",
    )


def squares(beliefs: str, eps: Param, delta: Param) -> tuple[SearchClaim, ...]:
    """(S) at eps and delta for every breach set (:data:`BREACH_SETS`), in that order."""
    return tuple(square(beliefs, eps, delta, k) for k in BREACH_SETS)


def rebuilt(claim: Any) -> SearchClaim | None:
    """The library's part with ``claim``'s tag (its predicate) at ``claim``'s eps, delta and
    output counts (None: ``claim`` carries no tag of this module, or other parameters)."""
    predicate = getattr(claim, "predicate", None)
    quantifier = getattr(claim, "quantifier", None)
    if type(claim) is not SearchClaim or quantifier is None:
        return None
    params = dict(quantifier.params)
    if [name for name, _ in quantifier.params] != ["eps", "delta"]:
        return None
    eps, delta, sizes = params["eps"], params["delta"], quantifier.sizes
    if type(predicate) is Joint and predicate.beliefs in JOINT_SAYS:
        return joint(predicate.beliefs, eps, delta, sizes)
    if type(predicate) is Zero:
        return zero(eps, delta, sizes)
    square_at = sizes == (2,) and getattr(predicate, "breaching", None) in BREACH_SETS
    if type(predicate) is Square and predicate.beliefs in JOINT_SAYS and square_at:
        return square(predicate.beliefs, eps, delta, predicate.breaching)
    return None


def _data(shape: Shape) -> tuple[Any, ...]:
    """A shape's fields but its callable ``wrap``."""
    return tuple(getattr(shape, f.name) for f in dataclasses.fields(shape) if f.name != "wrap")


def _shown(claim: SearchClaim) -> tuple[Any, ...]:
    """What a claim is, its objects' callables left out (their shapes' data kept at each size)."""
    q = claim.quantifier
    objects = tuple((name, [_data(kind(size)) for size in q.sizes]) for name, kind in q.objects)
    return claim.predicate, claim.says, dataclasses.replace(q, objects=()), objects


def refusal(which: str, claim: Any, beliefs: str) -> str | None:
    """Why ``claim`` is not this module's part ``which`` ("(J)", "(Z)", "(S)") for ``beliefs``
    (None: it is, at its own eps, delta and output counts)."""
    built = rebuilt(claim)
    tag = getattr(claim, "predicate", None)
    if built is None and isinstance(tag, Joint | Zero | Square):
        return (
            f"{which} carries the library's {tag.role} predicate at output counts, "
            "parameters or a breach set the library does not build it at"
        )
    if built is None:
        return (
            f"{which} is not built by dpproofs.search.informed_parts (a part of the reduction "
            "is the library's claim, not a theorem file's predicate)"
        )
    role = getattr(built.predicate, "role", None)
    if role != which:
        return f"{which} is the library's {role} part, not its {which}"
    tagged = getattr(built.predicate, "beliefs", INFORMED)
    if tagged != beliefs:
        return f"{which} is built for {tagged} beliefs, the reduction's are {beliefs} beliefs"
    if _shown(built) != _shown(claim):
        return f"{which} differs from the library's {which} at its eps, delta and output counts"
    return None


def library(part: Claim) -> Claim:
    """``part`` with each search claim replaced by :func:`rebuilt` (kept where there is none:
    the reduction then refuses it)."""
    if isinstance(part, AllOf):
        return AllOf(tuple(library(p) for p in part.parts))
    built = rebuilt(part)
    return part if built is None else built
