"""Claims about concrete finite mechanisms, decided by exact evaluation of the calculus.

For a concrete mechanism, exact evaluation *is* proof: ``pure_epsilon_is(M, "log(3)")`` is PROVED
when the exact pure epsilon of M equals ln 3 (compared rigorously) and REFUTED otherwise, with the
pair and output where the maximum is attained as the counterexample. A claim over a finite family
(``for_each``) is VERIFIED_BOUNDED, with the family as its coverage.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import sympy

from dpproofs.claim import Claim, no_truth_value, timed_decide
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim, Undecided
from dpproofs.exact.parse import parse_exact
from dpproofs.finite.mechanism import FiniteMechanism
from dpproofs.finite.parametric import Parameters
from dpproofs.finite.profile import (
    algebra_for,
    delta_for_epsilon,
    pure_epsilon,
    total_variation,
)
from dpproofs.finite.records import quantity_evidence
from dpproofs.verdict import Counterexample, Status, Verdict


def _exact(mechanism: FiniteMechanism) -> None:
    if not mechanism.exact:
        raise InvalidClaim(
            f"mechanism {mechanism.name or ''} has float entries{mechanism.built_at}; claims "
            "need exact entries "
            "(write them as strings such as '3/4')"
        )


def _value(text: str | sympy.Expr, mechanism: FiniteMechanism | None = None) -> sympy.Expr:
    symbols = {s.name: s for s, _ in mechanism.parameters} if mechanism else {}
    return parse_exact(text, symbols)


def _name(mechanism: FiniteMechanism) -> str:
    return mechanism.name or "M"


Witness = Callable[[Any], tuple[dict[str, object], dict[str, object], str]]


@dataclass(frozen=True, slots=True)
class QuantityClaim:
    """The claim "quantity <relation> target" about a concrete (or parametric) mechanism.

    ``compute`` returns a Quantity or PureEpsilon of the calculus; ``relation`` names the exact
    algebra's comparison ("le" or "eq"). When the claim fails, ``witness`` turns the quantity into
    a concrete counterexample (assignment, observed values, replay source) where one exists.
    """

    __bool__ = no_truth_value

    mechanism: FiniteMechanism
    statement: str
    measured: str
    compute: Callable[[], Any]
    relation: str
    target: sympy.Expr
    witness: Witness | None = None
    #: The same claim about another mechanism with the parameters substituted (for parametric
    #: mechanisms: a refutation is made concrete at a sampled parameter value).
    rebuild: Callable[[FiniteMechanism, dict[sympy.Symbol, sympy.Expr]], QuantityClaim] | None = (
        None
    )

    def __post_init__(self) -> None:
        # The quantity is computed by dpproofs' calculus, never by an author's callable (which
        # could return any number, or an object that says what the author wants).
        for part in (self.compute, self.witness, self.rebuild):
            if part is not None and not getattr(part, "__module__", "").startswith("dpproofs."):
                raise InvalidClaim(
                    "a QuantityClaim is built by pure_epsilon_is, pure_epsilon_at_most, is_dp or "
                    "total_variation_at_most; its computation cannot be supplied by the author"
                )

    def describe(self) -> str:
        return self.statement

    def decide(self, deadline: Deadline) -> Verdict:
        method = "exact evaluation"
        try:
            quantity = self.compute()
            assert quantity.exact is not None
            holds = bool(
                getattr(algebra_for(self.mechanism), self.relation)(quantity.exact, self.target)
            )
        except Undecided as exc:
            return Verdict.unknown(method, str(exc))
        observed: dict[str, object] = {
            self.measured: quantity.exact,
            "attained_at": quantity.attained,
            "claimed": self.target,
        }
        evidence = [quantity_evidence(self.measured, quantity.exact, self.relation, self.target)]
        if holds:
            return Verdict.proved(
                method,
                certificate=[f"{k} = {v}" for k, v in observed.items()],
                evidence=evidence,
            )
        if self.mechanism.parameters:
            return self._refute_at_a_point(deadline, observed)
        if self.witness is not None:
            assignment, seen, replay = self.witness(quantity)
            return Verdict.refuted(
                method,
                Counterexample.of(assignment, {**seen, **observed}, replay),
                evidence=evidence,
            )
        return Verdict.refuted(method, Counterexample.of({}, observed), evidence=evidence)

    def _refute_at_a_point(self, deadline: Deadline, observed: dict[str, object]) -> Verdict:
        """The comparison fails uniformly over the parameters' domains (the parametric algebra
        decides only uniform signs), so it fails at any parameter value: re-decide the claim
        exactly at simple rational values and report the first concrete failure."""
        if self.rebuild is None:
            return Verdict.unknown("exact evaluation", "fails for the family; no concrete witness")
        for values in sample_points(self.mechanism.parameters):
            concrete = self.rebuild(self.mechanism.at(values), values)
            verdict = timed_decide(concrete, deadline)
            if verdict.status is Status.REFUTED and verdict.counterexample is not None:
                cx = verdict.counterexample
                given = tuple((str(k), str(v)) for k, v in values.items())
                return Verdict.refuted(
                    verdict.method, Counterexample((*given, *cx.assignment), cx.observed, cx.replay)
                )
        return Verdict.unknown(
            "exact evaluation",
            f"fails for the family ({observed}) but no sampled parameter value confirmed it",
        )


def sample_points(parameters: Parameters) -> list[dict[sympy.Symbol, sympy.Expr]]:
    """A few simple rational parameter values inside the domains (one coordinate at a time)."""
    choices = []
    for symbol, interval in parameters:
        lo, hi = interval.start, interval.end
        if lo.is_finite and hi.is_finite:
            options = [(lo + hi) / 2, lo + (hi - lo) / 4]
        elif lo.is_finite:
            options = [lo + 1, lo + sympy.Rational(1, 2), lo + 2]
        elif hi.is_finite:
            options = [hi - 1, hi - 2]
        else:
            options = [sympy.Integer(1), sympy.Integer(0), sympy.Integer(-1)]
        choices.append((symbol, [v for v in options if interval.contains(v) is sympy.true]))
    return [
        {symbol: options[k] for symbol, options in choices}
        for k in range(min(len(options) for _, options in choices))
    ]


def _replay(lhs: sympy.Expr, rhs: sympy.Expr, meaning: str) -> str:
    """Python source asserting lhs > rhs with sympy and a rigorous sign (no dpproofs calculus)."""
    return (
        "import sympy\n"
        "from dpproofs.exact.rigorous import sign\n"
        f"lhs = sympy.sympify({str(lhs)!r})\n"
        f"rhs = sympy.sympify({str(rhs)!r})\n"
        f"assert sign(lhs - rhs) > 0  # {meaning}\n"
    )


def _set_witness(mechanism: FiniteMechanism, e_eps: sympy.Expr, delta: sympy.Expr) -> Witness:
    """For "P(S) <= e^eps Q(S) + delta for all S" failing at the attaining pair (x, x'): the set
    S = {y : M[x][y] > e^eps M[x'][y]}, which maximises P(S) - e^eps Q(S)."""

    def witness(quantity: Any) -> tuple[dict[str, object], dict[str, object], str]:
        x, x2 = quantity.attained
        p, q = mechanism.row(x), mechanism.row(x2)
        alg = algebra_for(mechanism)
        chosen = [y for y, (py, qy) in enumerate(zip(p, q, strict=True)) if alg.lt(e_eps * qy, py)]
        p_s = sympy.Add(*(p[y] for y in chosen))
        q_s = sympy.Add(*(q[y] for y in chosen))
        rhs = e_eps * q_s + delta
        assignment = {"x": x, "x'": x2, "S": [mechanism.outputs[y] for y in chosen]}
        seen = {"Pr[M(x) in S]": p_s, "e^eps Pr[M(x') in S] + delta": rhs}
        return assignment, seen, _replay(p_s, rhs, "Pr[M(x) in S] > e^eps Pr[M(x') in S] + delta")

    return witness


def _ratio_witness(mechanism: FiniteMechanism, target: sympy.Expr) -> Witness:
    """For "max_{x~x', y} ln(M[x][y] / M[x'][y]) <= target" failing: the attaining (x, x', y)
    has M[x][y] > e^target M[x'][y]. (An equality claim failing the other way, maximum below
    target, has no single witness: the maximum itself is the evidence.)"""

    def witness(quantity: Any) -> tuple[dict[str, object], dict[str, object], str]:
        x, x2, y = quantity.attained
        py = mechanism.row(x)[mechanism.outputs.index(y)]
        qy = mechanism.row(x2)[mechanism.outputs.index(y)]
        rhs = sympy.exp(target) * qy
        if not algebra_for(mechanism).lt(rhs, py):
            return {}, {}, ""
        assignment = {"x": x, "x'": x2, "y": y}
        seen = {"Pr[M(x) = y]": py, "e^eps Pr[M(x') = y]": rhs}
        return assignment, seen, _replay(py, rhs, "Pr[M(x) = y] > e^eps Pr[M(x') = y]")

    return witness


def pure_epsilon_is(mechanism: FiniteMechanism, value: str | sympy.Expr) -> QuantityClaim:
    """max_{x~x', y} ln(M[x][y] / M[x'][y]) == value: M is value-DP and no smaller eps works."""
    _exact(mechanism)
    target = _value(value, mechanism)
    return QuantityClaim(
        mechanism,
        f"pure epsilon of {_name(mechanism)} is {target}",
        "pure_epsilon",
        lambda: pure_epsilon(mechanism),
        "eq",
        target,
        _ratio_witness(mechanism, target),
        lambda m, at: pure_epsilon_is(m, target.xreplace(at)),
    )


def pure_epsilon_at_most(mechanism: FiniteMechanism, value: str | sympy.Expr) -> QuantityClaim:
    """M is eps-DP for eps = value: max_{x~x', y} ln(M[x][y] / M[x'][y]) <= value."""
    _exact(mechanism)
    bound = _value(value, mechanism)
    return QuantityClaim(
        mechanism,
        f"{_name(mechanism)} is {bound}-DP",
        "pure_epsilon",
        lambda: pure_epsilon(mechanism),
        "le",
        bound,
        _ratio_witness(mechanism, bound),
        lambda m, at: pure_epsilon_at_most(m, bound.xreplace(at)),
    )


def is_dp(
    mechanism: FiniteMechanism, epsilon: str | sympy.Expr, delta: str | sympy.Expr
) -> QuantityClaim:
    """M is (eps, delta)-DP: delta(eps) = max_{x~x'} sum_y (M[x][y] - e^eps M[x'][y])^+ <= delta."""
    _exact(mechanism)
    eps, d = _value(epsilon, mechanism), _value(delta, mechanism)
    return QuantityClaim(
        mechanism,
        f"{_name(mechanism)} is ({eps}, {d})-DP",
        "delta_at_epsilon",
        lambda: delta_for_epsilon(mechanism, eps),
        "le",
        d,
        _set_witness(mechanism, sympy.exp(eps), d),
        lambda m, at: is_dp(m, eps.xreplace(at), d.xreplace(at)),
    )


def total_variation_at_most(mechanism: FiniteMechanism, value: str | sympy.Expr) -> QuantityClaim:
    """max_{x~x'} SD(M(x), M(x')) <= value (the statistical-difference notion of Vadhan 1.1)."""
    _exact(mechanism)
    bound = _value(value, mechanism)
    return QuantityClaim(
        mechanism,
        f"statistical difference of {_name(mechanism)} is at most {bound}",
        "total_variation",
        lambda: total_variation(mechanism),
        "le",
        bound,
        _set_witness(mechanism, sympy.Integer(1), bound),
        lambda m, at: total_variation_at_most(m, bound.xreplace(at)),
    )


@dataclass(frozen=True, slots=True)
class ForEach:
    """``claim(member)`` for every member of a finite family; at best VERIFIED_BOUNDED.

    The first member whose claim is refuted refutes the whole (its parameters are added to the
    counterexample); an unknown member makes the whole unknown.
    """

    __bool__ = no_truth_value

    family: str
    members: tuple[tuple[str, Any], ...]
    build: Callable[..., Claim]

    def describe(self) -> str:
        return f"for each {self.family}: {self.build(*self.members[0][1]).describe()} ..."

    def decide(self, deadline: Deadline) -> Verdict:
        bounded: list[str] = []
        decided: list[Verdict] = []  # the members' verdicts: their evidence, by member index
        for index, (label, args) in enumerate(self.members):
            share = deadline.share(1 / (len(self.members) - index))
            verdict = timed_decide(self.build(*args), share)
            decided.append(verdict)
            if verdict.status is Status.REFUTED:
                assert verdict.counterexample is not None
                cx = verdict.counterexample
                return replace(
                    Verdict.refuted(
                        verdict.method,
                        Counterexample((("member", label), *cx.assignment), cx.observed, cx.replay),
                    ),
                    parts=tuple(decided),
                )
            if verdict.status in (Status.UNKNOWN, Status.ERROR):
                return Verdict(
                    verdict.status, verdict.method, reason=f"at {label}: {verdict.reason}"
                )
            if verdict.status is Status.VERIFIED_BOUNDED:
                bounded.append(f"{label}: {verdict.coverage}")
        # A member that is itself only verified up to a bound keeps its bound in the coverage.
        coverage = f"{self.family} ({len(self.members)} cases)"
        if bounded:
            coverage += "; bounded members: " + "; ".join(bounded)
        verdict = Verdict.verified_bounded("exact evaluation of each member", coverage=coverage)
        return replace(verdict, parts=tuple(decided))


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
