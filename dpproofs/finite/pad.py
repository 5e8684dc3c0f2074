"""The one-time pad of Cuff & Yu's Example 4.3 for every alphabet size m (docs/design/pad.md).

Databases (x_1, x_2) in Z_m^2 (n = 2), U uniform on Z_m and independent of the database, and
three releases (given as data, never as callables): Y_1 = x_1 + U mod m (FIRST), Y_2 = U
(SECOND) and the pair (Y_1, Y_2) (PAIR). Neighbours differ in one entry. The rule: for every
integer m >= 2,

    FIRST, SECOND: every row is the uniform law on Z_m, so pure eps = 0 and MI-DP = 0;
    PAIR: the row of (x_1, x_2) is uniform on {(x_1 + u mod m, u)}: rows with different x_1
    have disjoint supports, so the pair is eps-DP for no finite eps (at the neighbours (0, 0),
    (1, 0) and the output (0, 0): 1/m > e^eps * 0), and MI-DP = ln m (the section x_1 -> Y is
    lossless, the section x_2 -> Y is constant).

Each claim is two scalar obligations decided for every REAL m >= 2 (stronger than every integer
m): the well-formedness (1/m >= 0 and m * (1/m) = 1: each row a law) and the statement (closed
form = target, or, for "no finite eps", 1/m > e^eps * 0 for every eps >= 0). PROVED when both
are PROVED, else UNKNOWN naming the part.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

import sympy

from dpproofs.claim import decide_obligations, no_truth_value
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.symbolic.claim import ScalarClaim, holds
from dpproofs.verdict import Verdict

METHOD = "one-time pad rule for every m >= 2 (docs/design/pad.md)"
ROLES = ("well-formedness", "statement")


class PadRelease(enum.Enum):
    """What the mechanism releases."""

    FIRST = "Y_1 = X_1 + U mod m"
    SECOND = "Y_2 = U"
    PAIR = "(Y_1, Y_2)"


class PadValue(enum.Enum):
    """A quantity of the release that the rule gives."""

    PURE_EPSILON = "pure eps (largest log-ratio over neighbours)"
    MI_DP = "MI-DP level (largest section capacity)"
    NOT_FINITELY_DP = "eps-DP for no finite eps"


#: The values the rule gives for each release (the others are refused).
GIVEN = {
    PadRelease.FIRST: frozenset({PadValue.PURE_EPSILON, PadValue.MI_DP}),
    PadRelease.SECOND: frozenset({PadValue.PURE_EPSILON, PadValue.MI_DP}),
    PadRelease.PAIR: frozenset({PadValue.MI_DP, PadValue.NOT_FINITELY_DP}),
}


@dataclass(frozen=True, slots=True)
class OneTimePad:
    """The release ``release`` of Example 4.3 on Z_m^2."""

    m: sympy.Symbol
    release: PadRelease
    name: str

    def inputs(self, size: int) -> list[tuple[int, int]]:
        """The databases (x_1, x_2) at m = size."""
        return [(x1, x2) for x1 in range(size) for x2 in range(size)]

    def outputs(self, size: int) -> list[tuple[int, ...]]:
        """The outputs at m = size: (y_1, y_2) for PAIR, (y,) otherwise."""
        if self.release is PadRelease.PAIR:
            return [(y1, u) for y1 in range(size) for u in range(size)]
        return [(y,) for y in range(size)]

    def at(self, size: int) -> list[list[sympy.Expr]]:
        """The matrix at m = size, written out from the definition: the row of a database is
        the law of the release over the m equally likely values u of U."""
        rows = []
        for x1, _ in self.inputs(size):
            released: list[tuple[int, ...]] = [
                {
                    PadRelease.FIRST: ((x1 + u) % size,),
                    PadRelease.SECOND: (u,),
                    PadRelease.PAIR: ((x1 + u) % size, u),
                }[self.release]
                for u in range(size)
            ]
            rows.append([sympy.Rational(released.count(y), size) for y in self.outputs(size)])
        return rows

    def closed_form(self, value: PadValue) -> sympy.Expr:
        """The rule's value (module docstring); NOT_FINITELY_DP has none (a statement)."""
        if value not in GIVEN[self.release] or value is PadValue.NOT_FINITELY_DP:
            raise InvalidClaim(f"one-time pad: the rule gives no {value.value} for {self.name}")
        if self.release is PadRelease.PAIR:
            return sympy.log(self.m, evaluate=False)
        return sympy.Integer(0)


def one_time_pad(m: sympy.Symbol, release: PadRelease, name: str) -> OneTimePad:
    """The release of the module docstring on Z_m^2."""
    return OneTimePad(m, release, name)


@dataclass(frozen=True, slots=True)
class PadClaim:
    """``value`` of ``pad`` is ``target`` (or holds) for every m >= 2."""

    __bool__ = no_truth_value

    pad: OneTimePad
    value: PadValue
    target: sympy.Expr | None
    parts: tuple[ScalarClaim, ...] = field(default=())

    def __post_init__(self) -> None:
        """The obligations are the rule's own, derived here from (pad, value, target): a claim
        built directly (parts left out) gets them; parts given otherwise are refused."""
        if not isinstance(self.pad, OneTimePad) or not isinstance(self.value, PadValue):
            raise InvalidClaim("one-time pad: the claim needs a OneTimePad and a PadValue")
        target, parts = _obligations(self.pad, self.value, self.target)
        if self.parts and self.parts != parts:
            raise InvalidClaim(
                "one-time pad: the obligations are derived from the release, value and target "
                "(build the claim with pad_value_is, or leave parts out)"
            )
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "parts", parts)

    def describe(self) -> str:
        said = self.value.value if self.target is None else f"{self.value.value} = {self.target}"
        return f"{said} for {self.pad.name}, every {self.pad.m} >= 2"

    def decide(self, deadline: Deadline) -> Verdict:
        return decide_obligations(self.parts, ROLES, METHOD, deadline)


def pad_value_is(pad: OneTimePad, value: PadValue, target: sympy.Expr | None = None) -> PadClaim:
    """The claim "``value`` of the release = target" (NOT_FINITELY_DP: no target) for every
    m >= 2 (module docstring)."""
    return PadClaim(pad, value, target)


def _obligations(
    pad: OneTimePad, value: PadValue, target: sympy.Expr | None
) -> tuple[sympy.Expr | None, tuple[ScalarClaim, ...]]:
    """(the target, the rule's two obligations: well-formedness, the statement), or
    InvalidClaim when the data break the rule's preconditions."""
    m = pad.m
    if not isinstance(m, sympy.Symbol) or not isinstance(pad.release, PadRelease):
        raise InvalidClaim(f"one-time pad: {pad.name}'s m and release are not a symbol, a release")
    if value not in GIVEN[pad.release]:
        raise InvalidClaim(f"one-time pad: the rule gives no {value.value} for {pad.name}")
    where: dict[sympy.Symbol, object] = {m: (2, sympy.oo)}
    with sympy.evaluate(False):
        share = sympy.Pow(m, -1)
        formed = sympy.And(sympy.Ge(share, 0), sympy.Eq(sympy.Mul(m, share), 1))
        if value is PadValue.NOT_FINITELY_DP:
            if target is not None:
                raise InvalidClaim("one-time pad: 'eps-DP for no finite eps' takes no target")
            eps = sympy.Symbol("eps", real=True)
            where[eps] = (0, sympy.oo)
            statement = sympy.Gt(share, sympy.Mul(sympy.exp(eps), 0))
            t = None
        else:
            if target is None:
                raise InvalidClaim(f"one-time pad: {value.value} needs a target")
            try:
                t = (
                    sympy.sympify(target, locals={m.name: m})
                    if isinstance(target, str)
                    else sympy.sympify(target, strict=True)
                )
            except sympy.SympifyError as exc:
                raise InvalidClaim(f"one-time pad: the target {target!r} is not a formula") from exc
            if not t.free_symbols <= {m}:
                raise InvalidClaim("one-time pad: the target may read only m")
            statement = sympy.Eq(pad.closed_form(value), t)
    return t, (holds(formed, where={m: (2, sympy.oo)}), holds(statement, where=where))
