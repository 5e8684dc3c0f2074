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
class NeighbourPairClaim:
    """A neighbour-pair or group claim (module docstring), decided as its n = 1 claim ``inner``;
    ``family`` is what the n = 1 verdict stands for, ``reduction`` the rule that says so."""

    inner: SearchClaim
    says: str
    family: str = "every D^n with n >= 1 and |D| >= 2"
    reduction: str = REDUCTION
    member: str = "n = 1, |D| = 2"

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
    if not mechanisms or len(set(mechanisms)) != len(mechanisms):
        raise InvalidClaim("a neighbour-pair claim names one or more distinct mechanisms")
    names = tuple(mechanisms)
    extra = _requested(hypothesis) | _requested(conclusion)
    objects: dict[str, ObjectKind] = {name: mechanism(TWO_ROWS) for name in names}
    objects.update(shared or {})

    wanted = ["alg", *names, *sorted(extra - set(names))]
    hypothesis_names = sorted(_requested(hypothesis))
    conclusion_names = sorted(_requested(conclusion))

    def predicate(*args: Any) -> Any:
        alg, given = args[0], dict(zip(wanted[1:], args[1:], strict=True))
        if any(len(given[name].rows) != 2 for name in names):
            raise InvalidClaim("the two-row claim has exactly two databases")
        x, y = (tuple(given[name].rows[i] for name in names) for i in (0, 1))
        h = {k: given[k] for k in hypothesis_names}
        c = {k: given[k] for k in conclusion_names}
        return implies(
            alg,
            alg.all([hypothesis(alg, x, y, **h), hypothesis(alg, y, x, **h)]),
            alg.all([conclusion(alg, x, y, **c), conclusion(alg, y, x, **c)]),
        )

    predicate.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in wanted]
    )
    quantifier = for_all(
        objects,
        outputs,
        size_name="outputs",
        what=f"neighbour pairs of {', '.join(names)} (two rows each)"
        + (f" with {', '.join(shared)}" if shared else ""),
        symmetric=True,
        **params,
    )
    return NeighbourPairClaim(quantifier.claim(predicate, says=says), says)


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
    if not mechanisms or len(set(mechanisms)) != len(mechanisms):
        raise InvalidClaim("a group claim names one or more distinct mechanisms")
    names = tuple(mechanisms)
    space = DatabaseSpace(domain=domain, n=1)
    hypothesis_names = sorted(_requested(hypothesis, 2))
    conclusion_names = sorted(_requested(conclusion, 2))
    wanted = ["alg", *names, *sorted({*hypothesis_names, *conclusion_names} - set(names))]

    def predicate(*args: Any) -> Any:
        alg, given = args[0], dict(zip(wanted[1:], args[1:], strict=True))
        if any(len(given[name].rows) != domain for name in names):
            raise InvalidClaim("the one-group claim has exactly |D| databases")
        rows = [tuple(given[name].rows[v] for name in names) for v in range(domain)]
        h = {k: given[k] for k in hypothesis_names}
        c = {k: given[k] for k in conclusion_names}
        return implies(alg, hypothesis(alg, rows, **h), conclusion(alg, rows, **c))

    predicate.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in wanted]
    )
    objects: dict[str, ObjectKind] = {name: mechanism(space) for name in names}
    objects.update(shared or {})
    quantifier = for_all(
        objects,
        outputs,
        size_name="outputs",
        what=f"groups (i, x_-i) of {', '.join(names)} ({domain} rows each)"
        + (f" with {', '.join(shared)}" if shared else ""),
        symmetric=True,
        **params,
    )
    return NeighbourPairClaim(
        quantifier.claim(predicate, says=says),
        says,
        family=f"every D^n with n >= 1 and |D| = {domain}",
        reduction=GROUP_REDUCTION,
        member=f"n = 1, |D| = {domain}",
    )


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
