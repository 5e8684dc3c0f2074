"""Neighbour-pair and group claims over D^n for every n (docs/design/neighbours.md).

A *neighbour-pair claim* is

    for every n >= 1, every finite domain D with |D| >= 2, mechanisms M_1, .., M_m on D^n with
    the given number of outputs, shared objects and parameters:
        (for every ordered neighbour pair (x, x'): H(M(x), M(x')))
        => (for every ordered neighbour pair (x, x'): C(M(x), M(x')))

where M(x) = (M_1(x), .., M_m(x)) and H, C read only the two databases' rows (and the shared
objects and parameters): the author writes them as functions of the two row tuples, so they
cannot read any other row (the rule's precondition holds by construction).

Reduction (proved in the design note): the claim holds iff the two-row claim holds,

    for every r, r': H(r, r') and H(r', r) => C(r, r') and C(r', r),

which is the claim at n = 1, |D| = 2 (one neighbour pair, both orders). That two-row claim is an
ordinary search claim on D^1 with |D| = 2, decided by the engine; its verdict stands for every n
and |D| >= 2: proved or bounded in the outputs as it is, and a refutation is a refutation at
n = 1, |D| = 2, a member of the family.

A *group claim* (``for_all_groups``) is the same with groups for pairs: a group is (i, x_{-i}),
the |D| databases that agree off position i, ordered by x_i; every neighbour pair lies in exactly
one group, and the rows of a group are pairwise neighbours. For H and C functions of one group's
row tuples, "(for every group: H) => (for every group: C)" on D^n holds for every n iff it holds
at n = 1 (D^1 is one group), with the same D.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dpproofs.algebra import implies
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.search.databases import DatabaseSpace
from dpproofs.search.domains import Interval, Rational
from dpproofs.search.forall import SearchClaim, for_all
from dpproofs.search.objects import ObjectKind, mechanism
from dpproofs.verdict import Status, Verdict

#: The two-row space: D^1 with |D| = 2, neighbours (0, 1) and (1, 0).
TWO_ROWS = DatabaseSpace(domain=2, n=1)
REDUCTION = (
    "neighbour-pair reduction (docs/design/neighbours.md): the claim reads only the rows of "
    "the two neighbours, so the two-row claim (D^1, |D| = 2) stands for every D^n, n >= 1, "
    "|D| >= 2"
)
GROUP_REDUCTION = (
    "group reduction (docs/design/neighbours.md): the claim reads only the rows of one group "
    "(i, x_-i), so the one-group claim (n = 1) stands for every n with the same D"
)
PairPredicate = Callable[..., Any]


@dataclass(frozen=True)
class PairSource:
    """What the author gave a neighbour-pair or group claim, kept so that the claim can be
    stated on D^n directly, without the reduction (the sweep's cross-check does so):
    ``group_domain`` is |D| for a group claim, None for a neighbour-pair claim."""

    mechanisms: tuple[str, ...]
    outputs: tuple[int, ...]
    hypothesis: PairPredicate
    conclusion: PairPredicate
    shared: tuple[tuple[str, ObjectKind], ...]
    params: tuple[tuple[str, Interval | Rational], ...]
    group_domain: int | None = None


@dataclass(frozen=True)
class NeighbourPairClaim:
    """A neighbour-pair or group claim (module docstring), decided as its n = 1 claim ``inner``;
    ``family`` is what the n = 1 verdict stands for, ``reduction`` the rule that says so;
    ``source`` the author's conditions (None: not kept); ``direct`` (a rule that keeps no
    source, e.g. the semantic-restriction rule) states the claim on D^n, given n, without the
    rule, for the sweep's cross-check."""

    inner: SearchClaim
    says: str
    family: str = "every D^n with n >= 1 and |D| >= 2"
    reduction: str = REDUCTION
    member: str = "n = 1, |D| = 2"
    source: PairSource | None = None
    direct: Callable[[int], SearchClaim] | None = None

    def describe(self) -> str:
        return f"for {self.family}: {self.says}"

    def decide(self, deadline: Deadline) -> Verdict:
        verdict = self.inner.decide(deadline)
        if verdict.status is Status.PROVED:
            return dataclasses.replace(
                verdict, certificate=(f"{self.family}: {self.reduction}", *verdict.certificate)
            )
        if verdict.status is Status.VERIFIED_BOUNDED:
            coverage = f"{self.family} ({self.reduction}); {verdict.coverage}"
            return dataclasses.replace(verdict, coverage=coverage)
        if verdict.status is Status.REFUTED:
            # A counterexample of the n = 1 claim is a member of the family.
            return dataclasses.replace(verdict, reason=_joined(verdict.reason, f"at {self.member}"))
        return verdict


def for_all_neighbour_pairs(
    mechanisms: Sequence[str],
    outputs: Iterable[int],
    hypothesis: PairPredicate,
    conclusion: PairPredicate,
    *,
    says: str,
    shared: Mapping[str, ObjectKind] | None = None,
    **params: Interval | Rational,
) -> NeighbourPairClaim:
    """The neighbour-pair claim 'H on every neighbour pair => C on every neighbour pair'.

    ``hypothesis(alg, x, y, ...)`` and ``conclusion(alg, x, y, ...)`` receive the row tuples
    x = (M_1(x), ..), y = (M_1(x'), ..) of one ordered neighbour pair, in the order of
    ``mechanisms``; further arguments are resolved by name among the shared objects, the
    parameters and their derived names (``E``, ``exp_<p>``, ``sqrt_<p>``), as in ``for_all``.
    """

    def both_orders(alg: Any, rows: list[Any], h: PairPredicate, c: PairPredicate) -> Any:
        x, y = rows
        return implies(alg, alg.all([h(x, y), h(y, x)]), alg.all([c(x, y), c(y, x)]))

    outputs = tuple(outputs)
    inner = _one_space_claim(
        mechanisms,
        TWO_ROWS,
        outputs,
        (hypothesis, conclusion),
        3,
        both_orders,
        says,
        f"neighbour pairs of {', '.join(mechanisms)} (two rows each)",
        shared,
        params,
    )
    source = PairSource(
        tuple(mechanisms), outputs, hypothesis, conclusion, tuple((shared or {}).items()),
        tuple(params.items()),
    )  # fmt: skip
    return NeighbourPairClaim(inner, says, source=source)


def for_all_groups(
    mechanisms: Sequence[str],
    domain: int,
    outputs: Iterable[int],
    hypothesis: PairPredicate,
    conclusion: PairPredicate,
    *,
    says: str,
    shared: Mapping[str, ObjectKind] | None = None,
    **params: Interval | Rational,
) -> NeighbourPairClaim:
    """The group claim '(every group: H) => (every group: C)' on D^n, |D| = ``domain``, every n.

    ``hypothesis(alg, rows, ...)`` and ``conclusion(alg, rows, ...)`` receive the row tuples of
    the |D| databases of one group (rows[v] = (M_1(x), ..) for x_i = v), further arguments by
    name as in ``for_all_neighbour_pairs``. Decided at n = 1, where D^1 is the one group.
    """

    def one_group(alg: Any, rows: list[Any], h: PairPredicate, c: PairPredicate) -> Any:
        return implies(alg, h(rows), c(rows))

    outputs = tuple(outputs)
    inner = _one_space_claim(
        mechanisms,
        DatabaseSpace(domain=domain, n=1),
        outputs,
        (hypothesis, conclusion),
        2,
        one_group,
        says,
        f"groups (i, x_-i) of {', '.join(mechanisms)} ({domain} rows each)",
        shared,
        params,
    )
    return NeighbourPairClaim(
        inner,
        says,
        family=f"every D^n with n >= 1 and |D| = {domain}",
        reduction=GROUP_REDUCTION,
        member=f"n = 1, |D| = {domain}",
        source=PairSource(
            tuple(mechanisms),
            outputs,
            hypothesis,
            conclusion,
            tuple((shared or {}).items()),
            tuple(params.items()),
            domain,
        ),
    )


def _one_space_claim(
    mechanisms: Sequence[str],
    space: DatabaseSpace,
    outputs: Iterable[int],
    conditions: tuple[PairPredicate, PairPredicate],
    lead: int,
    body: Callable[[Any, list[Any], PairPredicate, PairPredicate], Any],
    says: str,
    what: str,
    shared: Mapping[str, ObjectKind] | None,
    params: Mapping[str, Interval | Rational],
) -> SearchClaim:
    """The search claim on ``space`` (D^1) whose predicate is ``body(alg, rows, H, C)``:
    rows[v] = (M_1(v), ..), H and C the author's conditions with their named arguments bound.
    The conditions take ``lead`` leading arguments (alg and the rows) and names after them."""
    names = tuple(mechanisms)
    if not names or len(set(names)) != len(names):
        raise InvalidClaim("a neighbour-pair or group claim names distinct mechanisms")
    hypothesis, conclusion = conditions
    asked = [sorted(_requested(f, lead)) for f in conditions]
    wanted = ["alg", *names, *sorted({*asked[0], *asked[1]} - set(names))]

    def predicate(*args: Any) -> Any:
        alg, given = args[0], dict(zip(wanted[1:], args[1:], strict=True))
        if any(len(given[name].rows) != space.count for name in names):
            raise InvalidClaim(f"the reduced claim has exactly {space.count} databases")
        rows = [tuple(given[name].rows[v] for name in names) for v in range(space.count)]
        h = {k: given[k] for k in asked[0]}
        c = {k: given[k] for k in asked[1]}
        return body(
            alg, rows, lambda *r: hypothesis(alg, *r, **h), lambda *r: conclusion(alg, *r, **c)
        )

    predicate.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in wanted]
    )
    objects: dict[str, ObjectKind] = {name: mechanism(space) for name in names}
    objects.update(shared or {})
    quantifier = for_all(
        objects,
        outputs,
        size_name="outputs",
        what=what + (f" with {', '.join(shared)}" if shared else ""),
        symmetric=True,
        **params,
    )
    return quantifier.claim(predicate, says=says)


def _requested(function: PairPredicate, rows: int = 3) -> set[str]:
    """The names a pair (group) predicate asks for beyond (alg, x, y) (beyond (alg, rows))."""
    parameters = list(inspect.signature(function).parameters)
    if len(parameters) < rows or parameters[0] != "alg":
        raise InvalidClaim(
            "a pair predicate is f(alg, x, y, ...), a group predicate f(alg, rows, ...)"
        )
    return set(parameters[rows:])


def _joined(reason: str, more: str) -> str:
    return f"{reason}; {more}" if reason else more
