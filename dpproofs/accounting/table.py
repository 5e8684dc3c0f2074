"""Reading delta(eps) and eps(delta) off a composed PLD, with certified (Arb) values.

The atoms are sorted by loss L_j = ln r_j (ascending). With gamma = e^eps,

    H(gamma) = m_inf + sum_{r_j > gamma} m_j (1 - gamma / r_j) = m_inf + A - gamma B,
    A = sum_{r_j > gamma} m_j,  B = sum_{r_j > gamma} m_j / r_j,

so delta(eps) = H(e^eps) (atoms with r_j = gamma contribute 0, so ties need no decision). H is
convex, non-increasing and linear between consecutive ratios; eps(delta) = max(0, ln gamma*) with
gamma* the crossing H(gamma*) = delta, found by walking the atoms down from the largest ratio:
on the piece [r_(j+1), r_j] it is gamma* = (m_inf + A_j - delta) / B_j, exactly. With bracketed
masses (lo <= m <= hi) every weight (1 - gamma/r_j) is >= 0, so the lo and hi masses give a lower
and an upper bound of H at every gamma, hence bounds on gamma* too; the answer is their hull.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from flint import arb, ctx

from dpproofs.accounting.certified import PRECISION, ball, hull
from dpproofs.accounting.power import Atoms

#: Losses closer than this (relative) to a threshold or to each other are compared with Arb.
_FLOAT_MARGIN = 1e-9


@dataclass(frozen=True, slots=True)
class LossTable:
    """Composed atoms sorted by loss, with the generators' logarithms as Arb balls."""

    atoms: Atoms
    order: tuple[int, ...]  # positions into atoms.indices, ascending loss
    losses: tuple[float, ...]  # float losses in that order
    log_generators: tuple[arb, ...]
    exact_generators: tuple[Fraction, ...] | None  # rational generators (None on a grid)
    exponents: tuple[tuple[int, ...], ...] = ()  # exponent vectors in sorted order
    powers: dict[tuple[int, int], arb] = field(default_factory=dict, compare=False)

    @classmethod
    def build(
        cls,
        atoms: Atoms,
        log_generators: Sequence[arb],
        exact_generators: Sequence[Fraction] | None,
    ) -> LossTable:
        logs = [float(g.mid()) for g in log_generators]
        vectors = [atoms.layout.decode(i) for i in atoms.indices]
        losses = [sum(e * g for e, g in zip(c, logs, strict=True)) for c in vectors]
        order = sorted(range(len(losses)), key=losses.__getitem__)
        table = cls(
            atoms,
            tuple(order),
            tuple(losses[i] for i in order),
            tuple(log_generators),
            None if exact_generators is None else tuple(exact_generators),
            tuple(vectors[i] for i in order),
        )
        table._certify_order()
        return table

    def loss(self, position: int) -> arb:
        """The loss of the atom at this sorted position, as an Arb ball."""
        c = self.exponents[position]
        return sum((e * g for e, g in zip(c, self.log_generators, strict=True)), arb(0))

    def exact_ratio(self, position: int) -> Fraction:
        assert self.exact_generators is not None
        c = self.exponents[position]
        r = Fraction(1)
        for e, g in zip(c, self.exact_generators, strict=True):
            r *= g**e
        return r

    def mass(self, position: int, upper: bool) -> arb:
        i = self.order[position]
        value = self.atoms.hi[i] if upper else self.atoms.lo[i]
        return ball(Fraction(value, self.atoms.denominator))

    def _certify_order(self) -> None:
        """Near-equal float losses are re-compared with Arb; distinct ratios must be ordered."""
        ls = self.losses
        close = [
            j
            for j in range(len(ls) - 1)
            if ls[j + 1] - ls[j] <= _FLOAT_MARGIN * (1 + abs(ls[j + 1]))
        ]
        with _precision():
            for j in close:
                if not self.loss(j) < self.loss(j + 1):
                    raise ArithmeticError(
                        f"cannot certify the order of the losses {self.losses[j]!r} and "
                        f"{self.losses[j + 1]!r}"
                    )

    def tail_start(self, eps: arb) -> tuple[int, list[int]]:
        """(t, unsure): atoms at positions >= t have loss > eps for sure, except ``unsure``
        ones (too close to eps to tell), which may equal eps; those below t have loss <= eps."""
        mid = float(eps.mid())
        lo = bisect.bisect_left(self.losses, mid - _FLOAT_MARGIN * (1 + abs(mid)))
        hi = bisect.bisect_right(self.losses, mid + _FLOAT_MARGIN * (1 + abs(mid)))
        unsure = []
        start = hi
        for j in range(lo, hi):
            loss = self.loss(j)
            if loss > eps:
                start = min(start, j)
            elif not loss <= eps:
                unsure.append(j)
        return min(start, hi), unsure

    def _power(self, dim: int, e: int) -> arb:
        """g_dim^e as a ball, cached (at most one exp per distinct exponent)."""
        key = (dim, e)
        if key not in self.powers:
            self.powers[key] = (e * self.log_generators[dim]).exp()
        return self.powers[key]

    def ratio(self, position: int, sign: int = 1) -> arb:
        """r_j (sign 1) or 1 / r_j (sign -1) of the atom at this position, as a ball."""
        out = arb(1)
        for dim, e in enumerate(self.exponents[position]):
            if e:
                out *= self._power(dim, sign * e)
        return out

    def _masses(self, upper: bool) -> tuple[int, ...]:
        return self.atoms.hi if upper else self.atoms.lo

    def _inverse_ratio_sum(self, positions: Sequence[int], upper: bool) -> arb:
        """sum_j m_j / r_j over the positions, in units of 1/D."""
        masses = self._masses(upper)
        total = arb(0)
        for j in positions:
            total += masses[self.order[j]] * self.ratio(j, -1)
        return total

    def hockey_stick(self, eps: arb, upper: bool) -> arb:
        """H(e^eps) computed with the lo (upper=False) or hi masses: a lower / upper bound."""
        start, unsure = self.tail_start(eps)
        gamma = eps.exp()
        masses = self._masses(upper)
        sure = [j for j in range(start, len(self.order)) if j not in unsure]
        a = sum(masses[self.order[j]] for j in sure)
        b = self._inverse_ratio_sum(sure, upper)
        d = ball(self.atoms.denominator)
        total = ball(self.atoms.infinity_mass) + ball(a) / d - gamma * b / d
        for j in unsure:  # loss = eps up to the ball: its term (m (1 - gamma/r))^+ is ~0, >= 0
            term = self.mass(j, upper) * (1 - gamma * self.ratio(j, -1))
            total += hull(arb(0), term) if upper else arb(0)
        return total

    def crossing(self, delta: Fraction, upper: bool) -> tuple[arb | None, int]:
        """gamma* with H(gamma*) = delta for the lo / hi masses (>= 1), as a ball, and the number
        of top atoms in the crossing piece; None when H never falls to delta (eps = +oo).

        Walking down from the top atom, with A, B the sums over the atoms passed (units of 1/D),
        H(r_(j-1)) = m_inf + (A - r_(j-1) B) / D, and on the piece gamma* = (A - t) / B where
        t = (delta - m_inf) D."""
        if self.atoms.infinity_mass > delta:
            return None, 0
        # t and A - t exactly (Fractions): with D = 2^2048, a ball of A alone at the working
        # precision would lose the difference A - t that the crossing is made of.
        target = (delta - self.atoms.infinity_mass) * self.atoms.denominator
        masses = self._masses(upper)
        a = 0
        b = arb(0)
        n = len(self.order)
        for count, j in enumerate(range(n - 1, -1, -1), start=1):
            m = masses[self.order[j]]
            a += m
            b += m * self.ratio(j, -1)
            stop = j == 0 or not self.losses[j - 1] > 0 or not self.loss(j - 1) > 0
            below = arb(1) if stop else self.ratio(j - 1)
            excess = ball(a - target)
            h = excess - below * b  # H(below) - delta, in units of 1 / D
            if h > 0:
                return excess / b, count
            if not h <= 0:  # the crossing is at the breakpoint, up to rounding
                return hull(excess / b, below), count
            if stop:
                return arb(1), count
        return arb(1), n

    def exact_crossing(self, delta: Fraction, count: int) -> Fraction:
        """gamma* exactly (exact tables only), on the piece of the top ``count`` atoms."""
        a = self.atoms.infinity_mass
        b = Fraction(0)
        n = len(self.order)
        for j in range(n - 1, n - 1 - count, -1):
            m = Fraction(self.atoms.lo[self.order[j]], self.atoms.denominator)
            a += m
            b += m / self.exact_ratio(j)
        return max(Fraction(1), (a - delta) / b) if b else Fraction(1)

    def exact_tail(self, eps: arb) -> tuple[Fraction, Fraction]:
        """(A, B) exactly (exact tables only), so that delta = m_inf + A - e^eps B."""
        start, unsure = self.tail_start(eps)
        a, b = Fraction(0), Fraction(0)
        for j in range(start, len(self.order)):
            if j in unsure:
                continue
            m = Fraction(self.atoms.lo[self.order[j]], self.atoms.denominator)
            a += m
            b += m / self.exact_ratio(j)
        return a, b


class _precision:
    """Raise Arb's working precision for a block (python-flint keeps it global)."""

    def __enter__(self) -> None:
        self.saved = ctx.prec
        ctx.prec = max(ctx.prec, 4 * PRECISION)

    def __exit__(self, *exc: object) -> None:
        ctx.prec = self.saved
