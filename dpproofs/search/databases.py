"""Databases D^n over a small domain D = {0, ..., d-1}, and the index structures DP needs.

Databases are the tuples of D^n in lexicographic order; a mechanism's row x is the output
distribution of database number x. Neighbours differ in exactly one position (Hamming distance 1).
x_{-i} is x with position i replaced by the fixed default value ``default`` (K&S section 2).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cached_property

from dpproofs.errors import InvalidClaim


@dataclass(frozen=True)
class DatabaseSpace:
    """D^n with |D| = ``domain`` and n = ``n``; ``default`` is the value written for x_{-i}."""

    domain: int
    n: int
    default: int = 0

    def __post_init__(self) -> None:
        if self.domain < 1 or self.n < 1 or not 0 <= self.default < self.domain:
            raise InvalidClaim(f"bad database space {self}")

    @cached_property
    def databases(self) -> tuple[tuple[int, ...], ...]:
        return tuple(itertools.product(range(self.domain), repeat=self.n))

    @property
    def count(self) -> int:
        return self.domain**self.n

    def index(self, x: tuple[int, ...]) -> int:
        return self.databases.index(x)

    def distance(self, a: int, b: int) -> int:
        """Hamming distance between databases number a and b."""
        return sum(u != v for u, v in zip(self.databases[a], self.databases[b], strict=True))

    def pairs_within(self, k: int) -> tuple[tuple[int, int], ...]:
        """Ordered pairs (x, x') with 1 <= d(x, x') <= k."""
        m = range(self.count)
        return tuple((a, b) for a in m for b in m if 1 <= self.distance(a, b) <= k)

    @cached_property
    def neighbours(self) -> tuple[tuple[int, int], ...]:
        """Ordered neighbour pairs: Hamming distance exactly 1, both orders."""
        return self.pairs_within(1)

    @cached_property
    def groups(self) -> tuple[tuple[int, ...], ...]:
        """For each (i, x_{-i}): the databases agreeing with it off position i, ordered by x_i."""
        seen: list[tuple[int, ...]] = []
        for i in range(self.n):
            for x in self.databases:
                group = tuple(self.index((*x[:i], v, *x[i + 1 :])) for v in range(self.domain))
                if group not in seen:
                    seen.append(group)
        return tuple(seen)

    @cached_property
    def games(self) -> tuple[tuple[int, ...], ...]:
        """games[i][x] = index of x_{-i} (position i set to ``default``)."""
        return tuple(
            tuple(self.index((*x[:i], self.default, *x[i + 1 :])) for x in self.databases)
            for i in range(self.n)
        )

    def __str__(self) -> str:
        return f"D^{self.n} with |D| = {self.domain}"
