"""The exact privacy-loss distribution (PLD) of an ordered pair of finite distributions.

For distributions P, Q on a finite set (P = M(x), Q = M(x') for an ordered neighbour pair), the
PLD is the law of the log-likelihood ratio L = ln(P(y) / Q(y)) when y ~ P. It is finite:

    atoms        r_j = P(y) / Q(y) for the outputs with P(y) > 0 and Q(y) > 0, grouped by equal
                 ratio, each with its P-mass m_j = sum of P(y) over the group;
    infinite atom  m_inf = P({y : Q(y) = 0}), the P-mass that Q cannot produce.

Outputs with P(y) = 0 carry no P-mass and drop out. Everything DP reads from a pair is a function
of this record: delta(eps) = m_inf + sum_j m_j (1 - e^eps / r_j)^+, pure epsilon = max_j ln r_j
(+oo if m_inf > 0), Renyi D_a = ln(sum_j m_j r_j^(a-1)) / (a - 1) (a < 1 also on the finite part
only), and the PLD of a product of pairs is the product measure of the PLDs (ratios multiply).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True, slots=True)
class PrivacyLoss:
    """The exact PLD of an ordered pair (P, Q): distinct ratios r_j, ascending, and P-masses."""

    ratios: tuple[Fraction, ...]
    masses: tuple[Fraction, ...]
    infinity_mass: Fraction

    @classmethod
    def of(cls, p: Sequence[Fraction], q: Sequence[Fraction]) -> PrivacyLoss:
        """The PLD of P against Q (rows of rational probabilities of equal length)."""
        grouped: dict[Fraction, Fraction] = {}
        infinity = Fraction(0)
        for py, qy in zip(p, q, strict=True):
            if py == 0:
                continue
            if qy == 0:
                infinity += py
            else:
                ratio = Fraction(py) / Fraction(qy)
                grouped[ratio] = grouped.get(ratio, Fraction(0)) + py
        ratios = tuple(sorted(grouped))
        return cls(ratios, tuple(grouped[r] for r in ratios), infinity)

    @property
    def max_ratio(self) -> Fraction | None:
        """e^(pure epsilon) of the pair, None when it is +oo (an infinite atom)."""
        if self.infinity_mass > 0:
            return None
        return max(self.ratios, default=Fraction(1))

    def hockey_stick(self, gamma: Fraction) -> Fraction:
        """sum_y (P(y) - gamma Q(y))^+ exactly, for a rational gamma >= 0."""
        total = self.infinity_mass
        for r, m in zip(self.ratios, self.masses, strict=True):
            if r > gamma:
                total += m * (1 - gamma / r)
        return total

    def moment(self, power: Fraction) -> Fraction | None:
        """sum_j m_j r_j^power = E_P[(P/Q)^power] on the finite atoms, when it is rational."""
        total = Fraction(0)
        for r, m in zip(self.ratios, self.masses, strict=True):
            if power.denominator != 1:
                return None
            total += m * r ** int(power)
        return total
