"""Claims about concrete finite mechanisms, decided by exact evaluation of the calculus.

For a concrete mechanism, exact evaluation *is* proof: ``pure_epsilon_is(M, "log(3)")`` is PROVED
when the exact pure epsilon of M equals ln 3 (compared rigorously) and REFUTED otherwise, with the
pair and output where the maximum is attained as the counterexample. A claim over a finite family
(``for_each``) is VERIFIED_BOUNDED, with the family as its coverage.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import sympy

from dpproofs.claim import Claim, Deadline, ExactFact, timed_decide
from dpproofs.errors import InvalidClaim
from dpproofs.exact.parse import parse_exact
from dpproofs.finite.mechanism import FiniteMechanism
from dpproofs.finite.profile import (
    algebra_for,
    delta_for_epsilon,
    pure_epsilon,
    total_variation,
)
from dpproofs.verdict import Counterexample, Status, Verdict


def _exact(mechanism: FiniteMechanism) -> None:
    if not mechanism.exact:
        raise InvalidClaim(
            f"mechanism {mechanism.name or ''} has float entries; claims need exact entries "
            "(write them as strings such as '3/4')"
        )


def _value(text: str | sympy.Expr, mechanism: FiniteMechanism | None = None) -> sympy.Expr:
    symbols = {s.name: s for s, _ in mechanism.parameters} if mechanism else {}
    return parse_exact(text, symbols)


def _name(mechanism: FiniteMechanism) -> str:
    return mechanism.name or "M"


def _quantity_claim(
    mechanism: FiniteMechanism,
    statement: str,
    measured: str,
    compute: Callable[[], Any],
    relation: str,
    target: sympy.Expr,
) -> ExactFact:
    """The claim "compute() <relation> target", decided with the mechanism's exact algebra.

    ``compute`` returns a Quantity or PureEpsilon of the calculus; the observed values (the
    quantity, where it is attained, and the target) are the evidence either way.
    """

    def check() -> tuple[bool, dict[str, object]]:
        quantity = compute()
        assert quantity.exact is not None
        decide = getattr(algebra_for(mechanism), relation)
        return bool(decide(quantity.exact, target)), {
            measured: quantity.exact,
            "attained_at": quantity.attained,
            "claimed": target,
        }

    return ExactFact(statement, check)


def pure_epsilon_is(mechanism: FiniteMechanism, value: str | sympy.Expr) -> ExactFact:
    """max_{x~x', y} ln(M[x][y] / M[x'][y]) == value: M is value-DP and no smaller eps works."""
    _exact(mechanism)
    target = _value(value, mechanism)
    return _quantity_claim(
        mechanism,
        f"pure epsilon of {_name(mechanism)} is {target}",
        "pure_epsilon",
        lambda: pure_epsilon(mechanism),
        "eq",
        target,
    )


def pure_epsilon_at_most(mechanism: FiniteMechanism, value: str | sympy.Expr) -> ExactFact:
    """M is eps-DP for eps = value: max_{x~x', y} ln(M[x][y] / M[x'][y]) <= value."""
    _exact(mechanism)
    bound = _value(value, mechanism)
    return _quantity_claim(
        mechanism,
        f"{_name(mechanism)} is {bound}-DP",
        "pure_epsilon",
        lambda: pure_epsilon(mechanism),
        "le",
        bound,
    )


def is_dp(
    mechanism: FiniteMechanism, epsilon: str | sympy.Expr, delta: str | sympy.Expr
) -> ExactFact:
    """M is (eps, delta)-DP: delta(eps) = max_{x~x'} sum_y (M[x][y] - e^eps M[x'][y])^+ <= delta."""
    _exact(mechanism)
    eps, d = _value(epsilon, mechanism), _value(delta, mechanism)
    return _quantity_claim(
        mechanism,
        f"{_name(mechanism)} is ({eps}, {d})-DP",
        "delta_at_epsilon",
        lambda: delta_for_epsilon(mechanism, eps),
        "le",
        d,
    )


def total_variation_at_most(mechanism: FiniteMechanism, value: str | sympy.Expr) -> ExactFact:
    """max_{x~x'} SD(M(x), M(x')) <= value (the statistical-difference notion of Vadhan 1.1)."""
    _exact(mechanism)
    bound = _value(value, mechanism)
    return _quantity_claim(
        mechanism,
        f"statistical difference of {_name(mechanism)} is at most {bound}",
        "total_variation",
        lambda: total_variation(mechanism),
        "le",
        bound,
    )


@dataclass(frozen=True, slots=True)
class ForEach:
    """``claim(member)`` for every member of a finite family; at best VERIFIED_BOUNDED.

    The first member whose claim is refuted refutes the whole (its parameters are added to the
    counterexample); an unknown member makes the whole unknown.
    """

    family: str
    members: tuple[tuple[str, Any], ...]
    build: Callable[..., Claim]

    def describe(self) -> str:
        return f"for each {self.family}: {self.build(*self.members[0][1]).describe()} ..."

    def decide(self, deadline: Deadline) -> Verdict:
        proved = 0
        for index, (label, args) in enumerate(self.members):
            share = deadline.share(1 / (len(self.members) - index))
            verdict = timed_decide(self.build(*args), share)
            if verdict.status is Status.REFUTED:
                assert verdict.counterexample is not None
                cx = verdict.counterexample
                return Verdict.refuted(
                    verdict.method,
                    Counterexample((("member", label), *cx.assignment), cx.observed, cx.replay),
                )
            if verdict.status in (Status.UNKNOWN, Status.ERROR):
                return Verdict(
                    verdict.status, verdict.method, reason=f"at {label}: {verdict.reason}"
                )
            proved += 1
        return Verdict.verified_bounded(
            "exact evaluation of each member", coverage=f"{self.family} ({proved} cases)"
        )


def for_each(
    family: str,
    members: Iterable[tuple[Any, ...]],
    claim: Callable[..., Claim],
    label: Callable[..., str] | None = None,
) -> ForEach:
    """The claim ``claim(*m)`` for every ``m`` in ``members``; ``family`` describes the coverage."""
    listed: Sequence[tuple[Any, ...]] = [tuple(m) for m in members]
    if not listed:
        raise InvalidClaim("for_each needs at least one member")
    name = label or (lambda *args: ", ".join(str(a) for a in args))
    return ForEach(family, tuple((name(*m), m) for m in listed), claim)
