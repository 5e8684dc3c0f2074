"""The K-ary erasure channel for every K (docs/design/erasure.md).

The channel (given as data, never as a callable): inputs {1, .., K}, outputs {1, .., K, e},
W[x][x] = d (keep), W[x][e] = 1 - d (erase), W[x][y] = 0 for y not in {x, e}, where d is a sympy
expression in real parameters with their domains (not in K). The rule: if 0 <= d <= 1
(well-formed), then for every integer K >= 2

    TV(W[x], W[x']) = d for every two distinct inputs x != x',
    I(p; W) = d H(p) for every input law p, so C(W) = max_p I(p; W) = d ln K,
    attained by the uniform input: I(uniform; W) = d ln K,

so "value = t" is the scalar claim closed form = t. The well-formedness and that equation are
decided by the scalar decider for every REAL K >= 2 and every parameter point (stronger than
every integer K). PROVED when both are PROVED, else UNKNOWN naming the part.
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

METHOD = "K-ary erasure channel rule for every K >= 2 (docs/design/erasure.md)"
ROLES = ("well-formedness", "statement")


class ErasureValue(enum.Enum):
    """A quantity of the erasure channel that the rule gives in closed form."""

    ROW_DISTANCE = "total variation of every two distinct rows"
    CAPACITY = "capacity max_p I(p; W)"
    UNIFORM_INFORMATION = "I(X; Y) with X uniform"


@dataclass(frozen=True, slots=True)
class ErasureChannel:
    """Output the input with probability ``keep``, the erasure symbol e otherwise."""

    k: sympy.Symbol
    keep: sympy.Expr
    parameters: tuple[tuple[sympy.Symbol, DomainSpec], ...]
    name: str

    def at(self, size: int, point: Mapping[sympy.Symbol, sympy.Expr]) -> list[list[sympy.Expr]]:
        """The matrix at K = size and the parameter point (exact sympy entries; the erasure
        symbol is the last column)."""
        d = self.keep.xreplace(dict(point))
        zero = sympy.Integer(0)
        return [[d if y == x else zero for y in range(size)] + [1 - d] for x in range(size)]

    def closed_form(self, value: ErasureValue) -> sympy.Expr:
        """The rule's value of ``value`` for every K >= 2 (module docstring)."""
        if value is ErasureValue.ROW_DISTANCE:
            return self.keep
        with sympy.evaluate(False):
            return sympy.Mul(self.keep, sympy.log(self.k))


def erasure_channel(
    k: sympy.Symbol, keep: sympy.Expr, parameters: Mapping[sympy.Symbol, DomainSpec], name: str
) -> ErasureChannel:
    """The channel of the module docstring; ``keep`` reads only the parameters (not K)."""
    if k in parameters:
        raise InvalidClaim(f"erasure channel: {k} is the alphabet size, not a parameter")
    if not sympy.sympify(keep).free_symbols <= set(parameters):
        raise InvalidClaim("erasure channel: keep may read only the parameters")
    return ErasureChannel(k, sympy.sympify(keep), tuple(parameters.items()), name)


@dataclass(frozen=True, slots=True)
class ErasureClaim:
    """``value`` of ``channel`` equals ``target`` for every K >= 2 and every parameter point."""

    __bool__ = no_truth_value

    channel: ErasureChannel
    value: ErasureValue
    target: sympy.Expr
    parts: tuple[ScalarClaim, ...] = field(default=())

    def describe(self) -> str:
        c = self.channel
        return f"{self.value.value} of {c.name} = {self.target} for every {c.k} >= 2"

    def decide(self, deadline: Deadline) -> Verdict:
        return decide_obligations(self.parts, ROLES, METHOD, deadline)


def erasure_value_is(
    channel: ErasureChannel, value: ErasureValue, target: sympy.Expr | str
) -> ErasureClaim:
    """The claim "``value`` of the channel = target" for every K >= 2 (module docstring)."""
    names = {p.name: p for p, _ in channel.parameters} | {channel.k.name: channel.k}
    t = sympy.sympify(target, locals=names) if isinstance(target, str) else sympy.sympify(target)
    if not t.free_symbols <= {channel.k, *(p for p, _ in channel.parameters)}:
        raise InvalidClaim("erasure channel: the target may read only K and the parameters")
    d, k = channel.keep, channel.k
    where = {k: (2, sympy.oo), **dict(channel.parameters)}
    with sympy.evaluate(False):
        formed = sympy.And(sympy.Ge(d, 0), sympy.Le(d, 1))
        statement = sympy.Eq(channel.closed_form(value), t)
    parts = (holds(formed, where=where), holds(statement, where=where))
    return ErasureClaim(channel, value, t, parts)
