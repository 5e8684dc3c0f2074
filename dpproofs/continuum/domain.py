"""The domain of a continuum claim: distributions (rows on the simplex) and parameter intervals.

A *row* is a distribution on m outcomes, its coordinates the variables ``name[i]`` (a channel
with k rows has the variables ``name[r][i]``, each row on the simplex). The domain is the product
of the simplices of all rows and of the closed parameter intervals [lo, hi].

Boxes give every variable a closed rational interval. The root box is [0, 1] per coordinate and
[lo, hi] per parameter. Tightening (:func:`tighten`) shrinks a box B without losing a point of
B intersect the domain: for a row with coordinates x_1 .. x_m in [l_i, u_i] and sum x = 1,

    x_i = 1 - sum_{j != i} x_j  lies in  [1 - sum_{j != i} u_j, 1 - sum_{j != i} l_j],

so [l_i, u_i] may be intersected with that interval; an empty intersection means the box has no
point of the domain. Splitting (:func:`split`) halves the widest side of a box (the first such
variable in the domain's order) at its midpoint; the two halves cover the box.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from dpproofs.errors import InvalidClaim

Box = dict[str, tuple[Fraction, Fraction]]


@dataclass(frozen=True, slots=True)
class Rows:
    """An object of the claim: ``rows`` distributions on ``outcomes`` outcomes (rows = 1 is a
    distribution, more is a channel with one row per input)."""

    name: str
    rows: int
    outcomes: int
    label: str = ""

    def variables(self) -> list[list[str]]:
        if self.rows == 1:
            return [[f"{self.name}[{i}]" for i in range(self.outcomes)]]
        return [[f"{self.name}[{r}][{i}]" for i in range(self.outcomes)] for r in range(self.rows)]

    def describe(self) -> str:
        if self.label:
            return f"{self.label} ({self.name})"
        if self.rows == 1:
            return f"all {self.name} on {self.outcomes} outcomes"
        return f"all {self.name} with {self.rows} inputs and {self.outcomes} outputs"


@dataclass(frozen=True, slots=True)
class Domain:
    objects: tuple[Rows, ...]
    params: tuple[tuple[str, Fraction, Fraction], ...]

    def __post_init__(self) -> None:
        names = [o.name for o in self.objects] + [p for p, _, _ in self.params]
        if len(set(names)) != len(names):
            raise InvalidClaim(f"names must be distinct: {names}")
        for o in self.objects:
            if o.rows < 1 or o.outcomes < 2:
                raise InvalidClaim(f"{o.name}: at least one row and two outcomes")
        for name, lo, hi in self.params:
            if not lo <= hi:
                raise InvalidClaim(f"the parameter {name} has an empty interval [{lo}, {hi}]")

    @property
    def rows(self) -> list[list[str]]:
        return [row for o in self.objects for row in o.variables()]

    @property
    def coordinates(self) -> frozenset[str]:
        return frozenset(v for row in self.rows for v in row)

    @property
    def variables(self) -> list[str]:
        return [v for row in self.rows for v in row] + [p for p, _, _ in self.params]

    def root(self) -> Box:
        box: Box = {v: (Fraction(0), Fraction(1)) for row in self.rows for v in row}
        box.update({name: (lo, hi) for name, lo, hi in self.params})
        return box

    def describe(self) -> str:
        """What a proof over this domain covers, e.g. "all p on 3 outcomes, all q on 3
        outcomes, eps in [1/100, 3]" (an object's label, when given, in place of "all ...")."""
        parts = [o.describe() for o in self.objects]
        parts += [
            f"{n} = {lo}" if lo == hi else f"{n} in [{lo}, {hi}]" for n, lo, hi in self.params
        ]
        return ", ".join(parts)

    def contains(self, point: Mapping[str, Fraction]) -> bool:
        """The exact point lies in the domain (rows on the simplex, parameters in range)."""
        for row in self.rows:
            if any(point[v] < 0 for v in row) or sum(point[v] for v in row) != 1:
                return False
        return all(lo <= point[n] <= hi for n, lo, hi in self.params)


def tighten(domain: Domain, box: Box) -> Box | None:
    """The box shrunk by the simplex constraints of every row (see the module), or None when it
    has no point of the domain."""
    out = dict(box)
    for row in domain.rows:
        lows = sum(out[v][0] for v in row)
        highs = sum(out[v][1] for v in row)
        if lows > 1 or highs < 1:
            return None
        for v in row:
            lo, hi = out[v]
            lo2 = max(lo, 1 - (highs - hi))
            hi2 = min(hi, 1 - (lows - lo))
            if lo2 > hi2:
                return None
            out[v] = (lo2, hi2)
    return out


def widest(domain: Domain, box: Box) -> str:
    """The first variable (domain order) of the widest side."""
    best = domain.variables[0]
    for v in domain.variables:
        if box[v][1] - box[v][0] > box[best][1] - box[best][0]:
            best = v
    return best


def split(domain: Domain, box: Box) -> tuple[str, Box, Box]:
    """Halve the widest side at its midpoint: (variable, lower half, upper half)."""
    v = widest(domain, box)
    lo, hi = box[v]
    mid = (lo + hi) / 2
    return v, {**box, v: (lo, mid)}, {**box, v: (mid, hi)}
