"""The finite objects a search claim quantifies over, all represented as row-stochastic matrices.

A distribution on k outcomes is a 1 x k matrix, a randomized algorithm (channel) from m inputs
to k outputs is an m x k matrix, and a mechanism on databases D^n is a |D|^n x k matrix whose
rows are indexed by the databases of a :class:`DatabaseSpace`. An *object kind* maps the search
size (the number of outcomes/outputs being tried) to a :class:`Shape`; ``wrap`` turns the matrix
into the value the predicate receives (a list for a distribution, a list of rows for a channel, a
:class:`Mechanism` for a mechanism).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from dpproofs.errors import InvalidClaim
from dpproofs.search.databases import DatabaseSpace

Matrix = list[list[Any]]


@dataclass(frozen=True)
class Mechanism:
    """A mechanism's rows together with the database space that indexes them."""

    rows: Sequence[Sequence[Any]]
    space: DatabaseSpace

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        """Ordered neighbour pairs (Hamming distance 1)."""
        return self.space.neighbours

    @property
    def groups(self) -> tuple[tuple[int, ...], ...]:
        return self.space.groups

    @property
    def games(self) -> tuple[tuple[int, ...], ...]:
        return self.space.games

    def pairs_within(self, k: int) -> tuple[tuple[int, int], ...]:
        return self.space.pairs_within(k)


@dataclass(frozen=True)
class Shape:
    """A rows x cols row-stochastic matrix, how to present it, and how to print it as Python."""

    rows: int
    cols: int
    wrap: Callable[[Matrix], Any]
    text: str
    size_axis: bool  # True when cols is the search size (the axis symmetry breaking sorts)
    vector: bool = False  # True for a distribution (shown and passed as a single row)
    size_rows: bool = False  # True when rows is the search size (a channel from the outcomes)


ObjectKind = Callable[[int], Shape]


def distribution(outcomes: int | None = None) -> ObjectKind:
    """A probability distribution on ``outcomes`` outcomes (default: the search size)."""

    def shape(size: int) -> Shape:
        k = size if outcomes is None else outcomes
        return Shape(1, k, lambda m: m[0], f"distribution on {k}", outcomes is None, vector=True)

    return shape


def channel(inputs: int | None = None, outputs: int | None = None) -> ObjectKind:
    """A randomized algorithm from ``inputs`` to ``outputs`` symbols (None: the search size)."""
    if inputs is None and outputs is None:
        raise InvalidClaim("a channel needs at least one fixed dimension")

    def shape(size: int) -> Shape:
        m = size if inputs is None else inputs
        k = size if outputs is None else outputs
        return Shape(
            m, k, lambda rows: rows, f"{m} x {k} channel", outputs is None, size_rows=inputs is None
        )

    return shape


def mechanism(space: DatabaseSpace) -> ObjectKind:
    """A mechanism on the databases of ``space`` with the search size as number of outputs."""

    def shape(size: int) -> Shape:
        return Shape(
            space.count, size, lambda rows: Mechanism(rows, space), f"mechanism on {space}", True
        )

    return shape


def check_matrix(name: str, shape: Shape, matrix: Sequence[Sequence[Fraction]]) -> None:
    """Raise InvalidClaim unless ``matrix`` is an exact row-stochastic matrix of ``shape``."""
    if len(matrix) != shape.rows or any(len(row) != shape.cols for row in matrix):
        raise InvalidClaim(f"{name} must be {shape.rows} x {shape.cols}")
    for row in matrix:
        if any(v < 0 for v in row) or sum(row) != 1:
            raise InvalidClaim(f"{name} has a row that is not a probability distribution: {row}")


def render_matrix(matrix: Sequence[Sequence[Fraction]]) -> str:
    """Python source for an exact matrix: [[F(1, 2), F(1, 2)], ...]."""
    return (
        "["
        + ", ".join("[" + ", ".join(render_fraction(v) for v in row) + "]" for row in matrix)
        + "]"
    )


def render_fraction(v: Fraction) -> str:
    return f"F({v.numerator}, {v.denominator})" if v.denominator != 1 else f"F({v.numerator})"


def show_matrix(shape: Shape, matrix: Sequence[Sequence[Fraction]]) -> str:
    """Human-readable exact value: a distribution as [a, b], a matrix as [[...], ...]."""
    rows = ["[" + ", ".join(str(v) for v in row) + "]" for row in matrix]
    if shape.vector:
        return rows[0]
    return "[" + ", ".join(rows) + "]"
