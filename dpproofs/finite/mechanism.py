"""Finite mechanisms: row-stochastic matrices with a neighbour relation on their inputs.

M[x][y] = Pr[M(x) = y] for inputs (databases) x and outputs y. Entries are either all exact
(sympy numbers: rationals, or closed forms such as exp(1)/(exp(1) + 3)) or all floats. Validation
happens on construction and names the offending row and column: entries must be finite and
>= 0, and every row must sum to 1 (exactly for exact entries, decided rigorously; within 1e-9 for
floats).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeAlias

import sympy

from dpproofs.errors import InvalidExpression, InvalidMechanism, Undecided, author_line
from dpproofs.exact.parse import parse_exact
from dpproofs.exact.rigorous import sign
from dpproofs.finite.neighbours import NeighbourRelation, Pair, neighbour_relation
from dpproofs.finite.parametric import Parameters, ParametricSign, parameter_symbols

if TYPE_CHECKING:
    from dpproofs.accounting.compose import Composition

FLOAT_ROW_TOLERANCE = 1e-9

#: An entry: an exact sympy number, or a float in a float mechanism.
Entry: TypeAlias = Any


@dataclass(frozen=True, slots=True)
class FiniteMechanism:
    """A validated finite mechanism. Build it with :meth:`from_rows`."""

    rows: tuple[tuple[Entry, ...], ...]
    inputs: tuple[Hashable, ...]
    outputs: tuple[Hashable, ...]
    neighbours: NeighbourRelation
    name: str = ""
    exact: bool = True
    parameters: Parameters = ()
    #: For a float mechanism: " (at file:line)", the author's line that built it, so that a claim
    #: refusing its floats names where they were written (not only where the claim was built).
    built_at: str = field(default="", compare=False)

    @classmethod
    def from_rows(
        cls,
        rows: Sequence[Sequence[Any]],
        inputs: Sequence[Hashable] | None = None,
        outputs: Sequence[Hashable] | None = None,
        neighbours: NeighbourRelation | str | list[Any] | dict[str, Any] | None = None,
        name: str = "",
        parameters: Mapping[str, Any] | None = None,
    ) -> FiniteMechanism:
        """Validate and build. Strings and ints/Fractions/sympy numbers are exact; Python floats
        make the whole mechanism a float mechanism (then nothing computed from it is exact).

        ``parameters`` maps names used in the entries to their domains, e.g.
        ``{"eps": "(0, oo)"}``: the mechanism is then a family, and every comparison the
        calculus makes must hold uniformly over the domain (:mod:`dpproofs.finite.parametric`).
        Build the entries from :func:`parameter_symbols` symbols (or write them as strings)."""
        if not rows:
            raise InvalidMechanism("a mechanism needs at least one row (input)")
        width = len(rows[0])
        inputs = tuple(range(len(rows))) if inputs is None else tuple(inputs)
        outputs = tuple(range(width)) if outputs is None else tuple(outputs)
        if len(inputs) != len(rows):
            raise InvalidMechanism(f"{len(rows)} rows but {len(inputs)} inputs")
        if len(set(inputs)) != len(inputs):
            raise InvalidMechanism("inputs must be distinct")
        if len(set(outputs)) != len(outputs):
            raise InvalidMechanism("outputs must be distinct")
        for r, row in enumerate(rows):
            if len(row) != len(outputs):
                raise InvalidMechanism(
                    f"row {r} (input {inputs[r]!r}) has {len(row)} entries but there are "
                    f"{len(outputs)} outputs"
                )
        is_float = any(isinstance(v, float) for row in rows for v in row)
        symbols = parameter_symbols(parameters) if parameters else ()
        if symbols and is_float:
            raise InvalidMechanism("a mechanism with parameters needs exact entries, not floats")
        context = _EntryContext(inputs, outputs, is_float, symbols)
        parsed = tuple(
            tuple(context.parse(v, r, c) for c, v in enumerate(row)) for r, row in enumerate(rows)
        )
        for r, row in enumerate(parsed):
            context.check_row(row, r)
        # A relation, or its mechanism-file form: "all", [[i, j], ...], {"hamming": n}, ...
        relation = neighbour_relation(neighbours)
        relation.pairs(inputs)  # validates the relation against the inputs
        built_at = author_line() if is_float else ""
        return cls(parsed, inputs, outputs, relation, name, not is_float, symbols, built_at)

    @property
    def pairs(self) -> tuple[Pair, ...]:
        """Ordered neighbour pairs of input indices."""
        return self.neighbours.pairs(self.inputs)

    def __pow__(self, k: int) -> Composition:
        """M^k, the k-fold composition, read through PLDs (:mod:`dpproofs.accounting`)."""
        from dpproofs.accounting.compose import Composition

        return Composition.of((self, k))

    def row(self, x: Hashable) -> tuple[Entry, ...]:
        return self.rows[self.inputs.index(x)]

    def at(self, values: Mapping[sympy.Symbol, Any]) -> FiniteMechanism:
        """The member of a parametric family at the given parameter values (re-validated)."""
        rows = [[sympy.sympify(v).xreplace(dict(values)) for v in row] for row in self.rows]
        left = {s: i for s, i in self.parameters if s not in values}
        return FiniteMechanism.from_rows(
            rows,
            self.inputs,
            self.outputs,
            self.neighbours,
            self.name,
            {s.name: i for s, i in left.items()} or None,
        )

    def rational_rows(self) -> tuple[tuple[Fraction, ...], ...] | None:
        """The rows as Fractions when every entry is rational, else None (fast exact path)."""
        if not self.exact or not all(v.is_Rational for row in self.rows for v in row):
            return None
        return tuple(tuple(Fraction(int(v.p), int(v.q)) for v in row) for row in self.rows)


def _where(r: int, c: int, inputs: Sequence[Hashable], outputs: Sequence[Hashable]) -> str:
    return f"row {r} (input {inputs[r]!r}), column {c} (output {outputs[c]!r})"


class _EntryContext:
    """Parses and checks entries: exactly (rigorously, or uniformly over the parameters' domains
    when there are parameters) or as floats."""

    def __init__(
        self,
        inputs: Sequence[Hashable],
        outputs: Sequence[Hashable],
        is_float: bool,
        parameters: Parameters,
    ) -> None:
        self.inputs, self.outputs, self.is_float = inputs, outputs, is_float
        self.symbols = {s.name: s for s, _ in parameters}
        parametric = ParametricSign(parameters) if parameters else None
        self.sign = parametric or sign
        # Non-negativity may hold with equality somewhere (an entry a on a in [0, 1/2]).
        self.weak_sign = parametric.weak if parametric else sign

    def parse(self, value: Any, r: int, c: int) -> Entry:
        where = _where(r, c, self.inputs, self.outputs)
        if self.is_float:
            return _parse_float(value, where)
        try:
            expr = parse_exact(value, self.symbols)
        except InvalidExpression as exc:
            raise InvalidMechanism(f"{where}: {exc}") from exc
        if expr.has(sympy.nan, sympy.zoo, sympy.oo, sympy.S.NegativeInfinity):
            raise InvalidMechanism(f"{where}: entry {expr} is not a finite probability")
        try:
            s = self.weak_sign(expr)
        except Undecided as exc:
            raise InvalidMechanism(f"{where}: cannot decide that {expr} >= 0 ({exc})") from exc
        if s < 0:
            raise InvalidMechanism(f"{where}: entry {expr} is negative")
        # An entry proved exactly 0 is stored as the literal 0, so that supports (which outputs
        # a row can produce) are read structurally everywhere downstream.
        return sympy.Integer(0) if s == 0 else expr

    def check_row(self, row: Sequence[Entry], r: int) -> None:
        label = self.inputs[r]
        if self.is_float:
            total = math.fsum(float(v) for v in row)
            if abs(total - 1.0) > FLOAT_ROW_TOLERANCE:
                raise InvalidMechanism(
                    f"row {r} (input {label!r}) sums to {total!r}, not 1 "
                    f"(tolerance {FLOAT_ROW_TOLERANCE})"
                )
            return
        total = sympy.Add(*row)
        try:
            off = self.sign(total - 1)
        except Undecided as exc:
            raise InvalidMechanism(
                f"row {r} (input {label!r}): cannot decide that it sums to 1 ({exc})"
            ) from exc
        if off != 0:
            raise InvalidMechanism(f"row {r} (input {label!r}) sums to {total}, not 1")


def _parse_float(value: Any, where: str) -> float:
    if isinstance(value, str | sympy.Expr):
        try:
            value = float(parse_exact(value) if isinstance(value, str) else value)
        except (InvalidExpression, TypeError) as exc:
            raise InvalidMechanism(f"{where}: {exc}") from exc
    if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
        raise InvalidMechanism(f"{where}: {value!r} is not a number")
    number = float(value)
    if math.isnan(number) or math.isinf(number):
        raise InvalidMechanism(f"{where}: entry is {number}, not a probability")
    if number < 0:
        raise InvalidMechanism(f"{where}: entry {number} is negative")
    return number
