"""Sensitivity of additive statistics, for every n and every universe (docs/design/additive.md).

An additive statistic on X^n is f_g(x) = c(n) * sum_i g(x_i) with a per-entry term g: X -> V,
V a set of scalars or of vectors in Q^d (distances in the l1 norm; for scalars |.|), and a scale
c(n) = c or c / n (c > 0 rational). Its sensitivity under a neighbour relation is
Delta f_g = max over neighbours (x, y) of ||f_g(x) - f_g(y)||_1.

The rule (statement and proof in the design note): for every finite universe X with |X| >= 2
and every n >= 1,

* change one entry:  sup over g: X -> V of Delta f_g = c(n) * diam V,
  diam V = sup over v, w in V of ||v - w||_1;
* add/remove one entry (constant scale c only): sup over g of Delta f_g = c * rad V,
  rad V = sup over v in V of ||v||_1;

and both suprema are attained (V is finite, a closed interval, or the unit vectors). So a claim
"sup_g Delta f_g <= B(n)" (or "= B(n)") for every n and every universe is decided by comparing
two exact rationals per n-power, with no enumeration; the attaining witness (X = {0, 1} or {0},
n = 1) is evaluated entry by entry outside the rule, as the exact re-check.

The per-entry class is data (:class:`TermValues`), never an author's callable: the rule applies
only to statistics the claim builds itself as sums of per-entry terms.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.evidence import ExactFacts
from dpproofs.facts import Facts
from dpproofs.verdict import Counterexample, Verdict

Vector = tuple[Fraction, ...]
METHOD = "additive sensitivity rule (docs/design/additive.md)"


class Reading(enum.Enum):
    """Which neighbours: change one entry (same n) or add/remove one entry (n and n - 1)."""

    CHANGE = "change one entry"
    ADD_REMOVE = "add/remove one entry"


class TermKind(enum.Enum):
    POINTS = "every g: X -> V, V a finite set"
    INTERVAL = "every g: X -> [lo, hi]"
    UNIT_VECTORS = "every partition of X into k buckets, g(a) = e_(bucket of a), every k"


@dataclass(frozen=True, slots=True)
class TermValues:
    """The class of per-entry terms g: X -> V (see the module docstring)."""

    kind: TermKind
    points: tuple[Vector, ...] = ()

    def __post_init__(self) -> None:
        if self.kind is TermKind.UNIT_VECTORS:
            if self.points:
                raise InvalidClaim("unit vectors take no points")
            return
        if not self.points or len({len(p) for p in self.points}) != 1:
            raise InvalidClaim(f"per-entry values need points of one dimension: {self.points}")
        if not all(isinstance(c, Fraction) for p in self.points for c in p):
            raise InvalidClaim("per-entry values are exact rationals (Fraction)")
        if self.kind is TermKind.INTERVAL and (
            len(self.points) != 2 or len(self.points[0]) != 1 or self.points[0] > self.points[1]
        ):
            raise InvalidClaim(f"an interval of per-entry values is [lo, hi]: {self.points}")

    def diameter(self) -> tuple[Fraction, Vector, Vector]:
        """diam V and two values v, w of V with ||v - w||_1 = diam V."""
        if self.kind is TermKind.UNIT_VECTORS:
            return Fraction(2), (Fraction(1), Fraction(0)), (Fraction(0), Fraction(1))
        return max(
            ((_l1(v, w), v, w) for v, w in itertools.product(self.points, repeat=2)),
            key=lambda t: t[0],
        )

    def radius(self) -> tuple[Fraction, Vector]:
        """rad V and a value v of V with ||v||_1 = rad V."""
        if self.kind is TermKind.UNIT_VECTORS:
            return Fraction(1), (Fraction(1),)
        return max(((_l1(v, tuple(0 * c for c in v)), v) for v in self.points), key=lambda t: t[0])

    def describe(self) -> str:
        if self.kind is TermKind.UNIT_VECTORS:
            return self.kind.value
        if self.kind is TermKind.INTERVAL:
            return f"every g: X -> [{self.points[0][0]}, {self.points[1][0]}]"
        shown = ", ".join(_show(p) for p in self.points)
        return f"every g: X -> {{{shown}}}"


def values(*points: Fraction | int | Sequence[Fraction | int]) -> TermValues:
    """Every g: X -> {points} (scalars, or vectors of one dimension)."""
    vectors = tuple(
        tuple(Fraction(c) for c in p) if isinstance(p, Sequence) else (Fraction(p),) for p in points
    )
    return TermValues(TermKind.POINTS, tuple(dict.fromkeys(vectors)))


def interval(lo: Fraction | int, hi: Fraction | int) -> TermValues:
    """Every g: X -> [lo, hi]."""
    return TermValues(TermKind.INTERVAL, ((Fraction(lo),), (Fraction(hi),)))


def unit_vectors() -> TermValues:
    """Histograms: every partition of X into k >= 1 buckets, g(a) = e_j for a in bucket j."""
    return TermValues(TermKind.UNIT_VECTORS)


@dataclass(frozen=True, slots=True)
class Scaled:
    """c or c / n (``per_n``), c >= 0 rational: a scale or a bound as a function of n."""

    c: Fraction
    per_n: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.c, Fraction) or self.c < 0:
            raise InvalidClaim(f"a scale or bound is a rational >= 0: {self.c!r}")

    def at(self, n: int) -> Fraction:
        return self.c / n if self.per_n else self.c

    def __str__(self) -> str:
        return f"{self.c}/n" if self.per_n else str(self.c)


@dataclass(frozen=True, slots=True)
class AdditiveSensitivity:
    """sup over g in ``terms`` of Delta (scale(n) * sum_i g(x_i)) <= bound(n), and = bound(n)
    when ``attained``, for every finite universe X with |X| >= 2 and every n >= 1."""

    statement: str
    terms: TermValues
    reading: Reading
    scale: Scaled
    bound: Scaled
    attained: bool = True

    def describe(self) -> str:
        return self.statement

    def coverage(self) -> str:
        return (
            f"every finite universe X with |X| >= 2 and every n >= 1 ({self.reading.value}; "
            f"{self.terms.describe()}; scale {self.scale})"
        )

    def decide(self, deadline: Deadline) -> Verdict:
        del deadline  # a constant number of exact operations
        if self.reading is Reading.ADD_REMOVE and self.scale.per_n:
            # x and y have sizes n and n - 1: a scale c/n is not a common factor. Outside the rule.
            return Verdict.unknown(
                METHOD, "add/remove neighbours with a scale depending on n: not an additive shape"
            )
        value, witness = self._supremum()
        facts = Facts()
        self.check(facts)
        evidence = [ExactFacts(tuple(facts.decided))]
        checked = witness.delta(self.scale)
        if facts.holds():
            certificate = [
                f"rule: sup over g of Delta = scale * "
                f"{'diam' if self.reading is Reading.CHANGE else 'rad'} V = {self.scale} "
                f"* {value}",
                f"attained at n = 1 by {witness.assignment()}: Delta = {checked} "
                "(evaluated exactly)",
                f"covered: {self.coverage()}",
            ]
            return Verdict.proved(METHOD, certificate, evidence=evidence)
        n_bad = _failing_n(value, self.scale, self.bound, self.attained)
        return Verdict.refuted(
            METHOD,
            # The witness is shown with the observed values: the replayed comparisons
            # (exact-facts evidence) are what a re-check confirms, as for an exact fact.
            Counterexample.of(
                {},
                {
                    "n": n_bad,
                    **witness.assignment(),
                    "Delta at n = 1 (evaluated entry by entry)": checked,
                    f"sup_g Delta at n = {n_bad}": value * self.scale.at(n_bad),
                    f"bound at n = {n_bad}": self.bound.at(n_bad),
                    **{f"fails: {text}": "false (decided exactly)" for text in facts.failed()},
                },
            ),
            evidence=evidence,
        )

    def check(self, facts: Any) -> None:
        """State the rule's comparisons on a facts recorder (decided by the recorder, and
        replayed so by ``dpproofs recheck``). With s = c * diam V (rad V) and the bound b or
        b / n: the same form compares s with b; a scale c / n under a constant bound needs
        s <= b (n = 1 is the worst) and, for equality at every n, s = b = 0; a constant scale
        under b / n needs s = 0 (and b = 0 for equality). The attaining witness at n = 1 is
        evaluated entry by entry and must give s * scale(1) / c."""
        value, witness = self._supremum()
        s, b = value * self.scale.c, self.bound.c
        facts.equal(
            "witness Delta at n = 1, entry by entry",
            witness.delta(self.scale),
            value * self.scale.at(1),
        )
        if self.scale.per_n == self.bound.per_n:
            facts.at_most("c * sup_g Delta per unit of scale <= bound", s, b)
            if self.attained:
                facts.equal("attained: c * sup_g Delta per unit of scale = bound", s, b)
            return
        if self.scale.per_n:
            facts.at_most("s/n <= b for every n: s <= b", s, b)
        else:
            facts.equal("s <= b/n for every n: s = 0", s, 0)
        if self.attained:
            facts.equal("attained at every n: s = 0", s, 0)
            facts.equal("attained at every n: b = 0", b, 0)

    def _supremum(self) -> tuple[Fraction, Witness]:
        """The rule's sup_g Delta / scale(n) and a witness attaining it at n = 1."""
        if self.reading is Reading.CHANGE:
            value, v, w = self.terms.diameter()
            return value, Witness(2, (v, w), (0,), (1,))
        value, v = self.terms.radius()
        return value, Witness(1, (v,), (0,), ())


def additive_sensitivity(
    statement: str,
    terms: TermValues,
    reading: Reading,
    bound: Fraction | int,
    *,
    scale: Fraction | int = 1,
    per_n: bool = False,
    attained: bool = True,
) -> AdditiveSensitivity:
    """The claim 'sup over g of Delta (scale * sum_i g(x_i)) <= bound (= bound if attained)' for
    every universe and every n; ``per_n`` divides both scale and bound by n."""
    return AdditiveSensitivity(
        statement,
        terms,
        reading,
        Scaled(Fraction(scale), per_n),
        Scaled(Fraction(bound), per_n),
        attained,
    )


def _l1(v: Vector, w: Vector) -> Fraction:
    return sum((abs(a - b) for a, b in zip(v, w, strict=True)), Fraction(0))


def _show(v: Vector) -> str:
    return str(v[0]) if len(v) == 1 else "(" + ", ".join(map(str, v)) + ")"


def _failing_n(value: Fraction, scale: Scaled, bound: Scaled, attained: bool) -> int:
    """An n >= 1 at which the comparison fails (n = 1 or 2 always suffices for c or c/n)."""
    for n in (1, 2):
        left, right = value * scale.at(n), bound.at(n)
        if left > right or (attained and left != right):
            return n
    raise AssertionError("a failing comparison fails at n = 1 or n = 2")


@dataclass(frozen=True, slots=True)
class Witness:
    """A universe {0, .., size - 1}, a per-entry term g and neighbours x, y at n = 1 (or 0)."""

    size: int
    g: tuple[Vector, ...]
    x: tuple[int, ...]
    y: tuple[int, ...]

    def delta(self, scale: Scaled) -> Fraction:
        """||f_g(x) - f_g(y)||_1 with f_g = scale(n) * sum_i g(x_i), n = len(x), evaluated
        entry by entry (the re-check of the rule's value, independent of diam and rad)."""
        return _l1(self._sum(self.x), self._sum(self.y)) * scale.at(len(self.x))

    def _sum(self, x: tuple[int, ...]) -> Vector:
        dim = len(self.g[0])
        return tuple(sum((self.g[e][j] for e in x), Fraction(0)) for j in range(dim))

    def assignment(self) -> dict[str, str]:
        table = ", ".join(f"{a} -> {_show(v)}" for a, v in enumerate(self.g))
        universe = "{" + ", ".join(map(str, range(self.size))) + "}"
        return {"X": universe, "g": table, "x": str(self.x), "y": str(self.y)}
