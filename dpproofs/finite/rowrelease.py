"""Row release on D^n for every n and every universe D with |D| >= 2 (docs/design/row-release.md).

The mechanism (given as data, never as a callable): on x in D^n, for each row i it outputs the
pair (i, x_i) with probability w_i(n), and a fixed symbol "nothing" with the rest,
1 - sum_i w_i(n). The weights are

* ``every``: w_i(n) = c(n) for every row i (sum n c(n)), or
* ``first``: w_1(n) = c(n), w_i(n) = 0 for i >= 2 (sum c(n)),

with c(n) a sympy expression in n. Neighbours differ in one row. The rule:

    sup over neighbours of SD(M(x), M(x')) = c(n),
    sup over neighbours of D_inf(M(x) || M(x')) = +oo iff c(n) > 0,

for every n >= 1 and every D with |D| >= 2. So "SD <= b(n)" for every n is the scalar claim
c(n) <= b(n), and "D_inf = +oo" for every n is c(n) > 0, both decided by the scalar decider for
every REAL n >= 1 (which includes every integer), after the well-formedness claim
c(n) >= 0 and sum_i w_i(n) <= 1. PROVED when both parts are PROVED; otherwise UNKNOWN with the
part and its reason (a real counterexample n need not be an integer).
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

METHOD = "row-release rule for every n and |D| >= 2 (docs/design/row-release.md)"


class Rows(enum.Enum):
    EVERY = "every"
    FIRST = "first"


class Quantity(enum.Enum):
    TOTAL_VARIATION = "statistical difference"
    PURE_EPSILON = "max-divergence"


@dataclass(frozen=True, slots=True)
class RowRelease:
    """Output (i, x_i) with probability c(n) for each row i (``every``) or for row 1 only
    (``first``), else "nothing"."""

    n: sympy.Symbol
    weight: sympy.Expr
    rows: Rows
    name: str

    @property
    def total(self) -> sympy.Expr:
        """sum_i w_i(n)."""
        if self.rows is Rows.EVERY:
            return sympy.Mul(self.n, self.weight, evaluate=False)
        return self.weight

    def weights(self, size: int) -> list[sympy.Expr]:
        """w_1(size), ..., w_size(size)."""
        c = self.weight.xreplace({self.n: sympy.Integer(size)})
        if self.rows is Rows.EVERY:
            return [c] * size
        return [c] + [sympy.Integer(0)] * (size - 1)


def row_release(n: sympy.Symbol, weight: sympy.Expr | str, rows: str, name: str) -> RowRelease:
    """The mechanism of the module docstring; ``weight`` reads only ``n``."""
    c = sympy.sympify(weight)
    if not c.free_symbols <= {n}:
        raise InvalidClaim(f"row release: the weight may read only {n}, not {c.free_symbols}")
    try:
        kind = Rows(rows)
    except ValueError as exc:
        raise InvalidClaim("row release: rows is 'every' or 'first'") from exc
    return RowRelease(n, c, kind, name)


@dataclass(frozen=True, slots=True)
class RowReleaseClaim:
    """``quantity`` over neighbours of ``release`` at most ``bound`` (statistical difference) or
    +oo (max-divergence), for every n >= 1 and |D| >= 2; ``parts``: well-formed, statement."""

    __bool__ = no_truth_value

    release: RowRelease
    quantity: Quantity
    bound: sympy.Expr | None
    parts: tuple[ScalarClaim, ...] = field(default=())

    def describe(self) -> str:
        what = (
            f"SD(M(x), M(x')) <= {self.bound}"
            if self.quantity is Quantity.TOTAL_VARIATION
            else "D_inf(M(x) || M(x')) = +oo"
        )
        return (
            f"{self.release.name}: {what} for all neighbours x, x' in D^{self.release.n}, "
            f"every {self.release.n} >= 1 and |D| >= 2"
        )

    def decide(self, deadline: Deadline) -> Verdict:
        return decide_obligations(self.parts, ("well-formedness", "statement"), METHOD, deadline)


def _parts(release: RowRelease, quantity: Quantity, bound: sympy.Expr | None) -> tuple:
    n, c = release.n, release.weight
    where = {n: (1, sympy.oo)}
    # Written with sympy's evaluation off: n * (1/n) <= 1 stays a comparison to decide.
    with sympy.evaluate(False):
        well_formed = sympy.And(sympy.Ge(c, 0), sympy.Le(release.total, 1))
    formed = holds(well_formed, where=where)
    if quantity is Quantity.TOTAL_VARIATION:
        assert bound is not None
        statement = holds(sympy.Le(c, bound, evaluate=False), where=where)
    else:
        statement = holds(sympy.Gt(c, 0, evaluate=False), where=where)
    return formed, statement


def total_variation_at_most(release: RowRelease, bound: sympy.Expr | str) -> RowReleaseClaim:
    """max over neighbours of SD(M(x), M(x')) <= bound(n), every n >= 1 and |D| >= 2."""
    b = sympy.sympify(bound)
    if not b.free_symbols <= {release.n}:
        raise InvalidClaim(f"row release: the bound may read only {release.n}")
    parts = _parts(release, Quantity.TOTAL_VARIATION, b)
    return RowReleaseClaim(release, Quantity.TOTAL_VARIATION, b, parts)


def max_divergence_is_infinite(release: RowRelease) -> RowReleaseClaim:
    """max over neighbours of D_inf(M(x) || M(x')) = +oo (not eps-DP for any finite eps)."""
    parts = _parts(release, Quantity.PURE_EPSILON, None)
    return RowReleaseClaim(release, Quantity.PURE_EPSILON, None, parts)
