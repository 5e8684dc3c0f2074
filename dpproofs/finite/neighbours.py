"""Neighbour relations on the inputs (databases) of a finite mechanism.

A relation is a frozen record with one method, ``pairs(inputs)``: the ORDERED pairs of input
indices (i, j), i != j, that are neighbours. DP quantities maximise over these ordered pairs, so a
symmetric relation lists both (i, j) and (j, i).

* :class:`AllPairs`: every two distinct inputs are neighbours (one bit of data, or "all pairs").
* :class:`ExplicitPairs`: the listed pairs, closed under symmetry (neighbouring is symmetric).
* :class:`Hamming`: inputs are tuples in D^n; neighbours differ in exactly one entry
  ("change one entry", Cummings Remark 1; K&S section 1.1).
* :class:`AddRemove`: inputs are histograms in N^|X|; neighbours have ||x - y||_1 = 1
  (add or remove one entry, Cummings Remark 1).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from dpproofs.errors import InvalidMechanism

Pair = tuple[int, int]


def _hamming_distance(x: Any, y: Any) -> int:
    return sum(a != b for a, b in zip(x, y, strict=True))


def _l1_distance(x: Any, y: Any) -> int:
    return sum(abs(a - b) for a, b in zip(x, y, strict=True))


class NeighbourRelation(Protocol):
    def pairs(self, inputs: Sequence[Hashable]) -> tuple[Pair, ...]: ...

    def describe(self) -> str: ...


@dataclass(frozen=True, slots=True)
class AllPairs:
    def pairs(self, inputs: Sequence[Hashable]) -> tuple[Pair, ...]:
        n = len(inputs)
        return tuple((i, j) for i in range(n) for j in range(n) if i != j)

    def describe(self) -> str:
        return "all pairs"


@dataclass(frozen=True, slots=True)
class ExplicitPairs:
    """Neighbours listed by index; (i, j) also makes (j, i) a neighbour pair."""

    listed: tuple[Pair, ...]

    def pairs(self, inputs: Sequence[Hashable]) -> tuple[Pair, ...]:
        n = len(inputs)
        out: dict[Pair, None] = {}
        for position, (i, j) in enumerate(self.listed):
            for k in (i, j):
                if not (isinstance(k, int) and 0 <= k < n):
                    raise InvalidMechanism(
                        f"neighbour pair {position} ({i}, {j}): index {k} is not an input "
                        f"(inputs are numbered 0..{n - 1})"
                    )
            if i == j:
                raise InvalidMechanism(
                    f"neighbour pair {position} ({i}, {j}) pairs an input with itself"
                )
            out[(i, j)] = None
            out[(j, i)] = None
        return tuple(out)

    def describe(self) -> str:
        return f"{len(self.listed)} listed pairs"


@dataclass(frozen=True, slots=True)
class Hamming:
    """Inputs are the tuples x in D^n; x ~ x' iff they differ in exactly one of the n entries.
    A string of n characters is a database of n entries, one a character ("ab" is ("a", "b")),
    as in a mechanism JSON file."""

    n: int

    def pairs(self, inputs: Sequence[Hashable]) -> tuple[Pair, ...]:
        for index, x in enumerate(inputs):
            if not isinstance(x, tuple | str) or len(x) != self.n:
                raise InvalidMechanism(
                    f"input {index} ({x!r}) is not a database of {self.n} entries, as Hamming "
                    f"neighbours over D^{self.n} need"
                )
        return tuple(
            (i, j)
            for i, x in enumerate(inputs)
            for j, y in enumerate(inputs)
            if _hamming_distance(x, y) == 1
        )

    def describe(self) -> str:
        return f"Hamming distance 1 over D^{self.n}"


@dataclass(frozen=True, slots=True)
class AddRemove:
    """Inputs are histograms (tuples of counts); x ~ y iff ||x - y||_1 = 1."""

    def pairs(self, inputs: Sequence[Hashable]) -> tuple[Pair, ...]:
        width = None
        for index, x in enumerate(inputs):
            if not isinstance(x, tuple) or not all(isinstance(c, int) and c >= 0 for c in x):
                raise InvalidMechanism(f"input {index} ({x!r}) is not a histogram of counts")
            if width is not None and len(x) != width:
                raise InvalidMechanism(f"input {index} ({x!r}) has {len(x)} cells, not {width}")
            width = len(x)
        return tuple(
            (i, j)
            for i, x in enumerate(inputs)
            for j, y in enumerate(inputs)
            if _l1_distance(x, y) == 1
        )

    def describe(self) -> str:
        return "add/remove one entry (histograms, L1 distance 1)"


def neighbour_relation(spec: Any) -> NeighbourRelation:
    """The relation written as in a mechanism file: "all", [[i, j], ...], {"hamming": n}, ...

    A relation object (one with ``pairs`` and ``describe``) is returned as it is, so
    ``FiniteMechanism.from_rows(..., neighbours=...)`` takes either form."""
    if callable(getattr(spec, "pairs", None)) and callable(getattr(spec, "describe", None)):
        return spec
    if spec is None or spec == "all":
        return AllPairs()
    if spec in ("add-remove", "add_remove", "addremove"):
        return AddRemove()
    if isinstance(spec, dict) and set(spec) == {"hamming"}:
        n = spec["hamming"]
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise InvalidMechanism(
                f'"neighbours": {{"hamming": n}} needs a positive integer n, got {n!r}'
            )
        return Hamming(n)
    if isinstance(spec, list):
        pairs = []
        for position, pair in enumerate(spec):
            if not (isinstance(pair, list) and len(pair) == 2):
                raise InvalidMechanism(f"neighbour pair {position} ({pair!r}) is not [i, j]")
            pairs.append((pair[0], pair[1]))
        return ExplicitPairs(tuple(pairs))
    raise InvalidMechanism(
        f'unknown "neighbours" {spec!r}: use "all", [[i, j], ...], {{"hamming": n}} or "add-remove"'
    )
