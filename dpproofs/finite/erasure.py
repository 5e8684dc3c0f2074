"""Erased-function channels for every K (docs/design/erasure.md).

The channel (given as data, never as a callable): W[x] = d * (point mass at f(x)) + (1 - d) *
(point mass at e), e outside the range of f, where d (keep) is a sympy expression in real
parameters with their domains (not in K) and f is one of the whitelisted functions of
:class:`ErasedFunction`: IDENTITY on {1, .., K} (the K-ary erasure channel) or AGREEMENT on
{1, .., K}^2, f(x_1, x_2) = x_1 if x_1 = x_2 else * (Cuff & Yu's Example 5.1). The rule: if
0 <= d <= 1 (well-formed), then for every integer K >= 2

    I(p; W) = d H(f(X)) for every input law p, so C(W) = d ln |range f|,
    (IDENTITY) TV(W[x], W[x']) = d for x != x', and I(uniform; W) = d ln K,
    (AGREEMENT) every section x_i -> Y with the other entry fixed has capacity d ln 2,

with |range f| = K (IDENTITY), K + 1 (AGREEMENT). So "value = t" is the scalar claim closed
form = t. The well-formedness and that equation are decided by the scalar decider for every
REAL K >= 2 and every parameter point (stronger than every integer K). PROVED when both are
PROVED, else UNKNOWN naming the part.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

import sympy

from dpproofs.claim import decide_obligations, no_truth_value
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.symbolic.claim import ScalarClaim, holds
from dpproofs.symbolic.domain import DomainSpec
from dpproofs.verdict import Verdict

METHOD = "erased-function channel rule for every K >= 2 (docs/design/erasure.md)"
ROLES = ("well-formedness", "statement")


class ErasureValue(enum.Enum):
    """A quantity of the erasure channel that the rule gives in closed form."""

    ROW_DISTANCE = "total variation of every two distinct rows"
    CAPACITY = "capacity max_p I(p; W)"
    UNIFORM_INFORMATION = "I(X; Y) with X uniform"
    SECTION_CAPACITY = "capacity of every section x_i -> Y, x^{-i} fixed (so the MI-DP level)"


class ErasedFunction(enum.Enum):
    """The function f whose value the channel shows (else e), with its inputs."""

    IDENTITY = "x on {1..K}"
    AGREEMENT = "x_1 if x_1 = x_2 else * on {1..K}^2"


#: The values the rule gives for each function (the others are refused).
GIVEN = {
    ErasedFunction.IDENTITY: frozenset(ErasureValue),
    ErasedFunction.AGREEMENT: frozenset({ErasureValue.CAPACITY, ErasureValue.SECTION_CAPACITY}),
}


@dataclass(frozen=True, slots=True)
class ErasureChannel:
    """Output the input with probability ``keep``, the erasure symbol e otherwise."""

    k: sympy.Symbol
    keep: sympy.Expr
    parameters: tuple[tuple[sympy.Symbol, DomainSpec], ...]
    name: str
    function: ErasedFunction = ErasedFunction.IDENTITY

    def inputs(self, size: int) -> list[tuple[int, ...]]:
        """The databases at K = size: (x,) for IDENTITY, (x_1, x_2) for AGREEMENT."""
        values = range(1, size + 1)
        if self.function is ErasedFunction.IDENTITY:
            return [(x,) for x in values]
        return [(x1, x2) for x1 in values for x2 in values]

    def shown(self, database: tuple[int, ...]) -> int | str:
        """f(database)."""
        if self.function is ErasedFunction.IDENTITY:
            return database[0]
        return database[0] if database[0] == database[1] else "*"

    def outputs(self, size: int) -> list[int | str]:
        """The outputs at K = size: the range of f, then the erasure symbol e."""
        star: list[int | str] = ["*"] if self.function is ErasedFunction.AGREEMENT else []
        return [*range(1, size + 1), *star, "e"]

    def at(self, size: int, point: Mapping[sympy.Symbol, sympy.Expr]) -> list[list[sympy.Expr]]:
        """The matrix at K = size and the parameter point (exact sympy entries; rows in the
        order of :meth:`inputs`, columns in that of :meth:`outputs`)."""
        d = self.keep.xreplace(dict(point))
        zero = sympy.Integer(0)
        return [
            [d if y == self.shown(x) else (1 - d if y == "e" else zero) for y in self.outputs(size)]
            for x in self.inputs(size)
        ]

    def closed_form(self, value: ErasureValue) -> sympy.Expr:
        """The rule's value of ``value`` for every K >= 2 (module docstring)."""
        if value not in GIVEN[self.function]:
            raise InvalidClaim(f"erasure channel: the rule gives no {value.value} for {self.name}")
        if value is ErasureValue.ROW_DISTANCE:
            return self.keep
        with sympy.evaluate(False):
            if value is ErasureValue.SECTION_CAPACITY and self.function is ErasedFunction.AGREEMENT:
                return sympy.Mul(self.keep, sympy.log(2))
            if value is ErasureValue.CAPACITY and self.function is ErasedFunction.AGREEMENT:
                return sympy.Mul(self.keep, sympy.log(sympy.Add(self.k, 1)))
            return sympy.Mul(self.keep, sympy.log(self.k))


def erasure_channel(
    k: sympy.Symbol,
    keep: sympy.Expr,
    parameters: Mapping[sympy.Symbol, DomainSpec],
    name: str,
    function: ErasedFunction = ErasedFunction.IDENTITY,
) -> ErasureChannel:
    """The channel of the module docstring; ``keep`` reads only the parameters (not K)."""
    channel = ErasureChannel(k, sympy.sympify(keep), tuple(parameters.items()), name, function)
    _check(channel)
    return channel


def _check(channel: ErasureChannel) -> None:
    """The preconditions on the channel's data (InvalidClaim otherwise), checked again when a
    claim is built: a channel may also be made by ``dataclasses.replace`` or by hand."""
    names = {p for p, _ in channel.parameters}
    if channel.k in names:
        raise InvalidClaim(f"erasure channel: {channel.k} is the alphabet size, not a parameter")
    if not channel.keep.free_symbols <= names:
        raise InvalidClaim("erasure channel: keep may read only the parameters")


@dataclass(frozen=True, slots=True)
class ErasureClaim:
    """``value`` of ``channel`` equals ``target`` for every K >= 2 and every parameter point."""

    __bool__ = no_truth_value

    channel: ErasureChannel
    value: ErasureValue
    target: sympy.Expr
    parts: tuple[ScalarClaim, ...] = field(default=())

    def __post_init__(self) -> None:
        """The obligations are the rule's own, derived here from (channel, value, target): a
        claim built directly (parts left out) gets them; parts given otherwise are refused."""
        if not isinstance(self.channel, ErasureChannel) or not isinstance(self.value, ErasureValue):
            raise InvalidClaim("erasure channel: the claim needs an ErasureChannel, ErasureValue")
        target, parts = _obligations(self.channel, self.value, self.target)
        if self.parts and self.parts != parts:
            raise InvalidClaim(
                "erasure channel: the obligations are derived from the channel, value and "
                "target (build the claim with erasure_value_is, or leave parts out)"
            )
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "parts", parts)

    def describe(self) -> str:
        c = self.channel
        return f"{self.value.value} of {c.name} = {self.target} for every {c.k} >= 2"

    def decide(self, deadline: Deadline) -> Verdict:
        return decide_obligations(self.parts, ROLES, METHOD, deadline)


def erasure_value_is(
    channel: ErasureChannel, value: ErasureValue, target: sympy.Expr | str
) -> ErasureClaim:
    """The claim "``value`` of the channel = target" for every K >= 2 (module docstring)."""
    _check(channel)
    names = {p.name: p for p, _ in channel.parameters} | {channel.k.name: channel.k}
    t = sympy.sympify(target, locals=names) if isinstance(target, str) else sympy.sympify(target)
    return ErasureClaim(channel, value, t)


def _obligations(
    channel: ErasureChannel, value: ErasureValue, target: sympy.Expr
) -> tuple[sympy.Expr, tuple[ScalarClaim, ...]]:
    """(the target, the rule's two obligations: well-formedness, closed form = target), or
    InvalidClaim when the data break the rule's preconditions."""
    _check(channel)
    try:
        t = sympy.sympify(target, strict=True)
    except sympy.SympifyError as exc:
        raise InvalidClaim(f"erasure channel: the target {target!r} is not a formula") from exc
    if not t.free_symbols <= {channel.k, *(p for p, _ in channel.parameters)}:
        raise InvalidClaim("erasure channel: the target may read only K and the parameters")
    d, k = channel.keep, channel.k
    where = {k: (2, sympy.oo), **dict(channel.parameters)}
    with sympy.evaluate(False):
        formed = sympy.And(sympy.Ge(d, 0), sympy.Le(d, 1))
        statement = sympy.Eq(channel.closed_form(value), t)
    return t, (holds(formed, where=where), holds(statement, where=where))
