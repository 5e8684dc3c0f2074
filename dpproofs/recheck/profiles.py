"""Replaying delta(eps) of a concrete rational mechanism (an ``is_dp`` exact evaluation).

delta(eps) = max over neighbour pairs (x, x') of sum_y (M[x][y] - e^eps M[x'][y])^+. Each term's
sign is decided with Arb balls (e^eps enclosed; exact when e^eps is rational), each pair's sum
is kept as an exact sympy term, and the recorded value D is confirmed when every pair's sum is
<= D and one equals it (equality by expansion to the same sympy term; the order by balls).
The claimed relation ``D <= target`` is decided the same way and must agree with the verdict.
Undecided comparisons (every precision tried) leave the piece not replayed.
"""

from __future__ import annotations

from typing import Any

from dpproofs.evidence import ExactEvaluation
from dpproofs.recheck.balls import Real, Undecidable, compare, enclose, with_precision
from dpproofs.recheck.displayed import e_eps_of
from dpproofs.recheck.pieces import Finding, Piece, confirmed, failed, not_replayed
from dpproofs.recheck.witnesses import PRECISIONS, BadWitness


def _order(a: Any, b: Any) -> int:
    """-1, 0 or 1 for the exact sympy terms ``a`` and ``b`` (Undecidable when balls cannot)."""
    import sympy

    if sympy.expand(a - b) == 0:
        return 0
    return compare(enclose(a, {}), enclose(b, {}))


def _pair_sums(rows: Any, pairs: Any, e_eps: Any) -> list[Any]:
    import sympy

    factor: Real = enclose(e_eps, {})
    sums = []
    for x, x2 in pairs:
        chosen = [
            y
            for y, (p, q) in enumerate(zip(rows[x], rows[x2], strict=True))
            if p and compare(Real(p), factor * Real(q)) > 0
        ]
        sums.append(
            sympy.Add(
                *(sympy.Rational(rows[x][y]) - e_eps * sympy.Rational(rows[x2][y]) for y in chosen)
            )
        )
    return sums


def delta_at_epsilon(piece: Piece, claim: Any, record: ExactEvaluation) -> Finding:
    import sympy

    mechanism = claim.mechanism
    rows = None if mechanism.parameters else mechanism.rational_rows()
    if rows is None:
        return not_replayed(piece, "delta_at_epsilon of a non-rational mechanism is not recomputed")
    try:
        e_eps = e_eps_of(claim)
        measured = sympy.sympify(record.measured)
    except (BadWitness, sympy.SympifyError) as exc:
        return failed(piece, f"the recorded delta cannot be read: {exc}")
    for bits in PRECISIONS:
        try:
            with with_precision(bits):
                sums = _pair_sums(rows, mechanism.pairs, e_eps) or [sympy.Integer(0)]
                orders = [_order(s, measured) for s in sums]
                holds = _order(measured, claim.target) <= 0
        except Undecidable:
            continue
        except (TypeError, ValueError) as exc:
            return not_replayed(piece, f"delta_at_epsilon is not evaluated here ({exc})")
        if max(orders) != 0:
            return failed(piece, f"delta recomputed is not the report's {record.measured}")
        if holds != (piece.status == "proved"):
            return failed(
                piece,
                f"delta = {record.measured} <= {claim.target} is {holds}, the verdict "
                f"{piece.status}",
            )
        return confirmed(piece, f"delta_at_epsilon = {record.measured} recomputed exactly")
    return not_replayed(piece, f"delta_at_epsilon undecided at {PRECISIONS[-1]} bits")
