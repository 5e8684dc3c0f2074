"""What a report says around a verdict of Lemma CM / CV / GP (the chord rule,
docs/design/chord.md), written again from the rebuilt claim and its one replayed record.

This package's own copy of the decider's words (:mod:`dpproofs.symbolic.chord` is not
imported; ``tests/recheck/test_chordtext.py`` compares the copies with the decider's):

* the method :data:`METHOD`;
* the reason "for <coverage> (cases: a second derivative > 0, B - U >= 0 for eps > 0): every
  case certified", the coverage written from the claim's level c, quantity, hypothesis and
  group n (:func:`coverage`): the closeness level, the alphabets, the range of eps and n and
  the neighbour relation are each read off the claim, never off the report;
* three certificate lines, from the record (phi'' or d^2/dq^2 p ln(p/q), U, N/D, m and how
  N D >= 0 was shown) and the claim (the hypothesis names the differentiated function; t is
  eps, or "t" for a group claim):
  "<function> = <second> > 0 (z3)", "U(<t>) = <chord>",
  "B - U = (<N>)/(<D>) at s = e^(<t>/<m>): identically 0" (or ">= 0 (z3)").

The record itself is replayed by :mod:`.chord` (phi'', U and N/D derived again), so a line that
equals the one written from the record says what was replayed.
"""

from __future__ import annotations

from typing import Any

from dpproofs.recheck.pieces import Piece

HOME = ("dpproofs.symbolic.chord", "ChordClaim")
METHOD = "chord rule (Lemma CM: r ln r below its chord, Lemma CV: D convex in Q, z3)"
#: What is differentiated twice, by hypothesis.
SECOND = {"close": "phi''(r), phi(r) = r ln r, for r > 0", "kl": "d^2/dq^2 p ln(p/q) for p, q > 0"}


class NotWritten(Exception):
    """The texts cannot be written (not the one chord record)."""


def coverage(claim: Any) -> str:
    """The claim's coverage in words (the decider's ``ChordClaim.coverage``)."""
    c = "" if claim.level == 1 else f"{claim.level} "
    if claim.group is not None:
        n = claim.group
        return (
            f"every {n} >= 1, eps > 0, finite alphabets of the entries and of Y, every prior "
            f"on D^{n} and every mechanism that is ({c}eps)-DP over Hamming neighbours "
            f"(Lemma GP: two databases are joined by at most {n} neighbour steps, so their "
            f"rows are ({n} {c}eps, 0)-close, then I(X, Y) = sum_x pi(x) D(P_x||P_Y), Lemma "
            f"MX and Lemma CM in t = {n} eps)"
        )
    if claim.quantity == "kl":
        return (
            f"every eps > 0 and every pair P, Q of distributions on every finite alphabet "
            f"that is ({c}eps, 0)-close (Lemma CM: r = P/Q lies in [e^-{c}eps, e^{c}eps] and "
            "r ln r is below its chord there, and closeness is symmetric, so D(Q||P) is "
            "bounded too)"
        )
    rows, lemma = (
        (f"pairwise ({c}eps, 0)-close", "Lemma MX: P_Y is close to each row, and Lemma CM")
        if claim.hypothesis == "close"
        else (f"with D(P_x||P_x') <= {c}eps", "Lemma CV: D is convex in its second argument")
    )
    return (
        f"every eps > 0, every prior on every finite input alphabet and every channel on "
        f"every finite output alphabet whose rows are {rows} (I(X, Y) = sum_x pi(x) "
        f"D(P_x||P_Y), {lemma})"
    )


def texts(claim: Any, pieces: list[Piece]) -> tuple[str, str, tuple[str, ...]]:
    """(method, reason, certificate lines) of the claim's proved verdict (module docstring)."""
    if len(pieces) != 1 or pieces[0].kind != "chord-certificate":
        raise NotWritten("a chord claim's texts need its one certificate")
    record = pieces[0].record
    fields = ("second", "chord", "power", "numerator", "denominator", "way")
    second, chord, power, top, bottom, way = (record.get(f) for f in fields)
    if claim.hypothesis not in SECOND or way not in ("identity", "z3"):
        raise NotWritten(f"the hypothesis {claim.hypothesis!r} or the way {way!r} is not read")
    t = claim.eps if claim.group is None else "t"
    shown = "identically 0" if way == "identity" else ">= 0 (z3)"
    reason = (
        f"for {coverage(claim)} (cases: a second derivative > 0, B - U >= 0 for eps > 0): "
        "every case certified"
    )
    lines = (
        f"{SECOND[claim.hypothesis]} = {second} > 0 (z3)",
        f"U({t}) = {chord}",
        f"B - U = ({top})/({bottom}) at s = e^({t}/{power}): {shown}",
    )
    return METHOD, reason, lines
