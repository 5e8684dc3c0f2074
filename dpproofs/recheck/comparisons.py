"""Replaying an ``exact_fact``: run its check again and decide every stated comparison anew.

An exact fact's check states comparisons (``facts.equal``, ``at_most``, ``less_than``) between
exact values; the first run decided each with the deciders' rigorous comparison. Here the check
is run again (it is the theorem's own code, rebuilt from its file) with :class:`Recorder`, which
decides each comparison by this package's means only:

* ``a <= b`` and ``a < b``: the sign of a - b from Arb balls (:mod:`.balls`), at 64, 256 and
  1024 bits; a difference that is exactly 0 (polynomial expansion, then logarithms expanded over
  positive rationals) decides ``<=`` true and ``<`` false;
* ``a = b``: exactly 0 as above, or a ball of a - b that excludes 0 (false).

Whatever cannot be decided so makes the piece "not replayed" (never a guess). A comparison with
one of dpproofs' certified brackets (a capacity enclosure) is not replayed: recomputing the
bracket is the calculus' work. The replay confirms the evidence when the check states the same
comparisons in the same order, each decided the same way, and the verdict is the one they give
(proved: all hold; refuted: one fails).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from dpproofs.evidence import ExactFacts
from dpproofs.recheck.balls import Undecidable, enclose, sign, with_precision
from dpproofs.recheck.pieces import Finding, Piece, confirmed, failed, not_replayed

#: Arb working precisions tried in turn for a sign.
PRECISIONS = (64, 256, 1024)


class NotReplayable(Exception):
    """A comparison this package does not decide (a certified bracket, a value it cannot read)."""


def _exact(value: Any) -> Any:
    import sympy

    if isinstance(value, bool) or not isinstance(value, int | Fraction | sympy.Expr):
        raise NotReplayable(
            f"{type(value).__name__} value (a certified bracket is not recomputed here)"
        )
    return sympy.sympify(value)


def exactly_zero(difference: Any) -> bool:
    """Whether ``difference`` (a constant sympy term) is 0 as an identity: polynomial expansion,
    or expansion after splitting logarithms of positive rationals (ln 4 - 2 ln 2 = 0)."""
    import sympy

    if sympy.expand(difference) is sympy.S.Zero:
        return True
    return sympy.expand(sympy.expand_log(difference, force=True)) is sympy.S.Zero


def sign_of(difference: Any) -> int:
    """The sign of a constant sympy term, from balls at increasing precision (Undecidable)."""
    last: Undecidable | None = None
    for bits in PRECISIONS:
        with with_precision(bits):
            try:
                return sign(enclose(difference, {}))
            except Undecidable as exc:
                last = exc
    assert last is not None
    raise last


def order(a: Any, b: Any) -> int:
    """sign(a - b) for constants of the extended reals: +oo and -oo are ordered among themselves
    and above/below every finite value (a - b would be nan for equal infinities); finite values
    by :func:`exactly_zero`, then :func:`sign_of`."""
    import sympy

    infinities = {sympy.oo: 1, sympy.S.NegativeInfinity: -1}
    ia, ib = infinities.get(a, 0), infinities.get(b, 0)
    if ia or ib:
        return (ia > ib) - (ia < ib) if ia != ib else 0
    if exactly_zero(a - b):
        return 0
    return sign_of(a - b)


class Recorder:
    """The ``facts`` argument of an exact_fact check, deciding each comparison here."""

    def __init__(self) -> None:
        self.decided: list[tuple[str, bool]] = []

    def _record(self, name: str, left: Any, symbol: str, right: Any, holds: bool) -> None:
        self.decided.append((f"{name}: {left} {symbol} {right}", holds))

    def equal(self, name: str, value: Any, claimed: Any) -> None:
        a, b = _exact(value), _exact(claimed)
        self._record(name, a, "=", b, order(a, b) == 0)

    def at_most(self, name: str, value: Any, bound: Any) -> None:
        a, b = _exact(value), _exact(bound)
        self._record(name, a, "<=", b, order(a, b) <= 0)

    def less_than(self, name: str, value: Any, bound: Any) -> None:
        a, b = _exact(value), _exact(bound)
        self._record(name, a, "<", b, order(a, b) < 0)

    def holds(self) -> bool:
        return all(ok for _, ok in self.decided)

    def failed(self) -> list[str]:
        return [text for text, ok in self.decided if not ok]


def replay_facts(piece: Piece, claim: Any, record: ExactFacts) -> Finding:
    """Run the rebuilt exact fact's check with a :class:`Recorder` and compare with ``record``."""
    check = getattr(claim, "check", None)
    if check is None:
        return failed(piece, "exact-facts evidence, but the claim is not an exact fact")
    recorder = Recorder()
    try:
        check(recorder)
    except (Undecidable, NotReplayable) as exc:
        return not_replayed(piece, f"a comparison is not decided here: {exc}")
    mine, theirs = recorder.decided, list(record.comparisons)
    if [t for t, _ in mine] != [t for t, _ in theirs]:
        return failed(
            piece,
            f"the check states {len(mine)} comparisons, not the report's {len(theirs)} "
            "(or not the same ones)",
        )
    for (text, holds), (_, reported) in zip(mine, theirs, strict=True):
        if holds != reported:
            return failed(piece, f"{text}: decided {holds} here; the report says {reported}")
    if recorder.holds() != (piece.status == "proved"):
        return failed(piece, f"the comparisons give {recorder.holds()}, the verdict {piece.status}")
    return confirmed(piece, f"{len(mine)} comparisons decided again with Arb balls")
