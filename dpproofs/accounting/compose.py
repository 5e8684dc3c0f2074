"""Composition of finite mechanisms, read exactly through their privacy-loss distributions.

``Composition`` is M_1^k_1 x ... x M_t^k_t: every mechanism run k_t times, independently (no
adaptivity), on the SAME input x; the output is the tuple of all outputs. How neighbour pairs
are matched, and when the answer is exact:

* same inputs (the mechanisms list the same input labels and the same ordered neighbour pairs):
  for each ordered pair (x, x') the PLD of the composition is the product of the pairs' PLDs
  (M_t(x) vs M_t(x')), each to its power, and delta(eps) = max over pairs of that pair's
  hockey stick. This is EXACT: the worst case of a sum is taken over the pairs of the product
  relation, never as the sum of separate worst cases (which is only an upper bound in general).
* different inputs: the composition is not defined on one input set, so each mechanism must have
  a DOMINATING pair, one of its ordered pairs whose hockey-stick curve is >= every other pair's at
  every eps (checked exactly at all breakpoints); the composition of the dominating pairs bounds
  every pair of every composition of the mechanisms on any shared input (Zhu, Dong, Wang 2022).
  The answer is then an upper bound, exact when one input pair attains all the dominating pairs
  at once; the result says which was used (``matching``).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from fractions import Fraction

from flint import ctx

from dpproofs.accounting.basis import multiplicative_basis
from dpproofs.accounting.certified import PRECISION, ball
from dpproofs.accounting.pld import PrivacyLoss
from dpproofs.accounting.power import Factor, compose, layout_of
from dpproofs.accounting.table import LossTable
from dpproofs.errors import DpProofsError

#: Beyond this many Kronecker slots the exact support is too big: the grid path takes over.
SUPPORT_LIMIT = 6_000_000


class InvalidComposition(DpProofsError, ValueError):
    """The mechanisms cannot be composed as asked (float entries, no dominating pair, k < 1...)."""


@dataclass(frozen=True, slots=True)
class Part:
    """A rational mechanism (rows of Fractions) with its ordered neighbour pairs, run k times."""

    rows: tuple[tuple[Fraction, ...], ...]
    inputs: tuple[Hashable, ...]
    pairs: tuple[tuple[int, int], ...]
    times: int
    name: str = ""

    def loss(self, pair: tuple[int, int]) -> PrivacyLoss:
        return PrivacyLoss.of(self.rows[pair[0]], self.rows[pair[1]])


def part_of(mechanism: object, times: int) -> Part:
    """A :class:`~dpproofs.finite.FiniteMechanism` with rational entries, as a Part."""
    rows = mechanism.rational_rows()  # type: ignore[attr-defined]
    if rows is None:
        raise InvalidComposition(
            "exact accounting needs rational entries (parametric, irrational or float entries "
            "are not supported)"
        )
    return Part(
        rows,
        tuple(mechanism.inputs),  # type: ignore[attr-defined]
        tuple(mechanism.pairs),  # type: ignore[attr-defined]
        check_times(times),
        mechanism.name,  # type: ignore[attr-defined]
    )


def check_times(times: object) -> int:
    if isinstance(times, bool) or not isinstance(times, int) or times < 1:
        raise InvalidComposition(f"a mechanism is composed k >= 1 times, got {times!r}")
    return times


def dominates(a: PrivacyLoss, b: PrivacyLoss) -> bool:
    """H_a(gamma) >= H_b(gamma) for every gamma >= 0, decided exactly.

    Both are piecewise linear in gamma with breakpoints at their ratios, equal to 1 at gamma = 0
    and to their infinite masses beyond the last ratio, so the breakpoints and 0 suffice."""
    if a.infinity_mass < b.infinity_mass:
        return False
    points = {Fraction(0), *a.ratios, *b.ratios}
    return all(a.hockey_stick(g) >= b.hockey_stick(g) for g in points)


@dataclass(frozen=True, slots=True)
class PairComposition:
    """The composed PLD of one matched ordered pair: its factors and, once built, its table."""

    label: tuple[Hashable, Hashable] | None
    losses: tuple[tuple[PrivacyLoss, int], ...]
    cache: dict[str, object] = field(default_factory=dict, compare=False, hash=False)

    def factors(self) -> tuple[tuple[Fraction, ...], list[Factor]]:
        all_ratios = sorted({r for pld, _ in self.losses for r in pld.ratios})
        generators, coordinates = multiplicative_basis(all_ratios)
        where = dict(zip(all_ratios, coordinates, strict=True))
        factors = [
            Factor(tuple(where[r] for r in pld.ratios), pld.masses, pld.infinity_mass, k)
            for pld, k in self.losses
        ]
        return generators, factors

    def too_big(self) -> bool:
        generators, factors = self.factors()
        return layout_of(factors, len(generators)).length > SUPPORT_LIMIT

    def table(self, bits: int | None = None) -> LossTable:
        key = f"table-{bits}"
        if key not in self.cache:
            generators, factors = self.factors()
            saved = ctx.prec
            ctx.prec = PRECISION
            try:
                logs = tuple(ball(g).log() for g in generators)
                atoms = compose(factors, len(generators), bits)
                self.cache[key] = LossTable.build(atoms, logs, generators)
            finally:
                ctx.prec = saved
        table = self.cache[key]
        assert isinstance(table, LossTable)
        return table


@dataclass(frozen=True, slots=True)
class Composition:
    """M_1^k_1 x ... x M_t^k_t on a shared input; see the module docstring for the matching."""

    parts: tuple[Part, ...]
    cache: dict[str, object] = field(default_factory=dict, compare=False, hash=False)

    @classmethod
    def of(cls, *mechanisms_and_times: tuple[object, int]) -> Composition:
        return cls(tuple(part_of(m, k) for m, k in mechanisms_and_times))

    def __mul__(self, other: Composition) -> Composition:
        return Composition(self.parts + other.parts)

    def __pow__(self, k: int) -> Composition:
        k = check_times(k)
        return Composition(
            tuple(Part(p.rows, p.inputs, p.pairs, p.times * k, p.name) for p in self.parts)
        )

    @property
    def matching(self) -> str:
        first = self.parts[0]
        same = all(
            p.inputs == first.inputs and set(p.pairs) == set(first.pairs) for p in self.parts
        )
        return "same inputs" if same else "dominating pairs"

    def pair_compositions(self) -> tuple[PairComposition, ...]:
        """One PairComposition per distinct composed PLD, labelled by a pair attaining it."""
        if "pairs" not in self.cache:
            self.cache["pairs"] = self._pair_compositions()
        pcs = self.cache["pairs"]
        assert isinstance(pcs, tuple)
        return pcs

    def _pair_compositions(self) -> tuple[PairComposition, ...]:
        if not self.parts:
            raise InvalidComposition("nothing to compose")
        if self.matching == "same inputs":
            first = self.parts[0]
            seen: dict[tuple[tuple[PrivacyLoss, int], ...], PairComposition] = {}
            for pair in first.pairs:
                losses = tuple((p.loss(pair), p.times) for p in self.parts)
                if losses not in seen:
                    label = (first.inputs[pair[0]], first.inputs[pair[1]])
                    seen[losses] = PairComposition(label, losses)
            return tuple(seen.values())
        dominating: list[tuple[PrivacyLoss, int]] = []
        for part in self.parts:
            candidates = [part.loss(pair) for pair in part.pairs]
            best = next(
                (c for c in candidates if all(dominates(c, other) for other in candidates)), None
            )
            if best is None:
                raise InvalidComposition(
                    f"{part.name or 'a mechanism'}: the mechanisms have different inputs and no "
                    "single neighbour pair dominates the others; give them the same inputs"
                )
            dominating.append((best, part.times))
        return (PairComposition(None, tuple(dominating)),)


def compose_mechanisms(*mechanisms_and_times: tuple[object, int]) -> Composition:
    """``compose((m1, k1), (m2, k2), ...)``: the composition M_1^k_1 x M_2^k_2 x ..."""
    return Composition.of(*mechanisms_and_times)
