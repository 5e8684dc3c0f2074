"""Symmetric k-ary response for every k (docs/design/symmetric-response.md).

The mechanism (given as data, never as a callable): inputs and outputs {1, .., k}, every two
inputs neighbours, M[i][i] = a (keep) and M[i][j] = b (other) for j != i, where a and b are
sympy expressions in k and real parameters with their domains. The rule: if a >= 0, b > 0 and
a + (k - 1) b = 1 (well-formed), then for every k >= 2

    pure eps(M) = max over i != j and outputs y of ln(M[i][y] / M[j][y]) = |ln(a / b)|,

so "pure eps(M) = t" is t >= 0 and (a = e^t b or b = e^t a). Both claims are decided by the
scalar decider for every REAL k >= 2 and every parameter point (stronger than every integer k).
PROVED when both are PROVED, else UNKNOWN naming the part.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import sympy

from dpproofs.claim import decide_obligations, no_truth_value
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.symbolic.claim import ScalarClaim, holds
from dpproofs.symbolic.domain import DomainSpec
from dpproofs.verdict import Verdict

METHOD = "symmetric k-ary response rule for every k >= 2 (docs/design/symmetric-response.md)"
ROLES = ("well-formedness", "statement")


@dataclass(frozen=True, slots=True)
class SymmetricResponse:
    """Keep the input with probability ``keep``, report each other value with ``other``."""

    k: sympy.Symbol
    keep: sympy.Expr
    other: sympy.Expr
    parameters: tuple[tuple[sympy.Symbol, DomainSpec], ...]
    name: str

    def at(self, size: int, point: Mapping[sympy.Symbol, sympy.Expr]) -> list[list[sympy.Expr]]:
        """The matrix at k = size and the parameter point (exact sympy entries)."""
        where = {self.k: sympy.Integer(size), **point}
        a, b = self.keep.xreplace(where), self.other.xreplace(where)
        return [[a if i == j else b for j in range(size)] for i in range(size)]


def symmetric_response(
    k: sympy.Symbol,
    keep: sympy.Expr,
    other: sympy.Expr,
    parameters: Mapping[sympy.Symbol, DomainSpec],
    name: str,
) -> SymmetricResponse:
    """The mechanism of the module docstring; ``keep`` and ``other`` read only k and the
    parameters."""
    allowed = {k, *parameters}
    for what, e in (("keep", keep), ("other", other)):
        if not sympy.sympify(e).free_symbols <= allowed:
            raise InvalidClaim(f"symmetric response: {what} may read only {k} and the parameters")
    return SymmetricResponse(
        k, sympy.sympify(keep), sympy.sympify(other), tuple(parameters.items()), name
    )


@dataclass(frozen=True, slots=True)
class SymmetricEpsilonClaim:
    """pure eps of ``response`` equals ``target`` for every k >= 2 and every parameter point."""

    __bool__ = no_truth_value

    response: SymmetricResponse
    target: sympy.Expr
    parts: tuple[ScalarClaim, ...] = field(default=())

    def describe(self) -> str:
        r = self.response
        return f"pure eps of {r.name} = {self.target} for every {r.k} >= 2"

    def decide(self, deadline: Deadline) -> Verdict:
        return decide_obligations(self.parts, ROLES, METHOD, deadline)


def pure_epsilon_is(response: SymmetricResponse, target: sympy.Expr) -> SymmetricEpsilonClaim:
    """The claim "pure eps(M) = target" for every k >= 2 (module docstring)."""
    t = sympy.sympify(target)
    if not t.free_symbols <= {response.k, *(p for p, _ in response.parameters)}:
        raise InvalidClaim("symmetric response: the target may read only k and the parameters")
    a, b, k = response.keep, response.other, response.k
    where = {k: (2, sympy.oo), **dict(response.parameters)}
    with sympy.evaluate(False):
        formed = sympy.And(
            sympy.Ge(a, 0), sympy.Gt(b, 0), sympy.Eq(sympy.Add(a, sympy.Mul(k - 1, b)), 1)
        )
        statement = sympy.And(
            sympy.Ge(t, 0),
            sympy.Or(
                sympy.Eq(a, sympy.Mul(sympy.exp(t), b)), sympy.Eq(b, sympy.Mul(sympy.exp(t), a))
            ),
        )
    parts = (holds(formed, where=where), holds(statement, where=where))
    return SymmetricEpsilonClaim(response, t, parts)
