"""What a report says around a verdict of rule DG, the erasure rule, the one-time pad rule or
the chord rule (its texts: :mod:`.chordtext`), against what recheck re-derives.

People read such a verdict through its method, reason and certificate lines (the domain of each
case, the odd factor decided >= 0, the equation each obligation proved), not through its
records. So from the claim rebuilt from its theorem file and the replayed records, recheck
writes those texts again, with this package's own copy of the deciders' words (none is imported;
``tests/recheck/test_ruletext.py`` compares the copies with the deciders'), and compares them:

* a diagonal claim (docs/design/diagonal.md), proved: the method :data:`DIAGONAL_METHOD`; the
  reason "for <coverage>: every case certified", the coverage being the claim's reduction in
  words (only its builders give one) or "p in <P>, q in <Q>" of each case joined by " and ";
  one certificate line per case, in order, written from the case (label, else "case"; order k;
  P; Q) and its recorded (N, M, R, S), which :mod:`.diagonal` replays:
  "<label>: (q - p)^k d^kF/dq^k = (N)/(M), N M = (R) (S)^2, R >= 0 on p in P, q in Q";
* an erasure or one-time pad claim (docs/design/erasure.md, pad.md), proved: its rule's method,
  no reason, one line per obligation (role: well-formedness, statement), written from the
  obligation rebuilt with the claim (its own description, so its domains and equation) and what
  proved it, read off its replayed record: "<role>: <description>: proved (<method>)", the
  method being "z3 nonlinear real arithmetic (fact level L)" for z3 facts of level L, "interval
  branch and bound (Arb)" for boxes, the recorded method for a record of kind "none" (one of
  :data:`UNRECORDED`, the scalar decider's);
* a CV-TV claim (docs/design/convexity.md), proved: as an erasure claim, with its own roles
  (by its form) and the reason "for <coverage>: every obligation proved" (:func:`_convexity`);
* a posterior shift claim (rule PS, docs/design/posterior_shift.md), proved: as an erasure
  claim, with its roles "good outputs", "delta' where eps' < 1", "delta' where eps' >= 1" and
  the reason "for <coverage>: every obligation proved" (:func:`_posterior_shift`);
* a chord claim (docs/design/chord.md), proved: :mod:`.chordtext`;
* ``all_of`` of such claims, proved: "all of", the parts' reasons joined by "; " (each once), no
  certificate (:func:`dpproofs.verdict.conjunction`).

No coverage is shown, and every record's status is "proved": these rules only prove (a case or
obligation not proved leaves the claim unknown). Every text must be the derived one exactly, or
the verdict fails; a tree with another kind of claim, or records that do not give the texts,
leave them "not replayed".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dpproofs.recheck import chordtext
from dpproofs.recheck.claims import NotRebuilt, rebuild
from dpproofs.recheck.pieces import Outcome, Piece, Reported

DIAGONAL = ("dpproofs.symbolic.diagonal", "DiagonalClaim")
ERASURE = ("dpproofs.finite.erasure", "ErasureClaim")
PAD = ("dpproofs.finite.pad", "PadClaim")
CONVEXITY = ("dpproofs.finite.convexity", "MixtureTVClaim")
POSTERIOR_SHIFT = ("dpproofs.finite.posterior_shift", "PosteriorShiftClaim")
ALL_OF = ("dpproofs.claim", "AllOf")

#: The deciders' methods (copies; see the module docstring).
DIAGONAL_METHOD = "diagonal rule (F(p, p) = 0 and a signed derivative along the segment, z3)"
ERASURE_METHOD = "erased-function channel rule for every K >= 2 (docs/design/erasure.md)"
PAD_METHOD = "one-time pad rule for every m >= 2 (docs/design/pad.md)"
CONVEXITY_METHOD = (
    "convexity rule CV-TV for every number of inputs and outputs (docs/design/convexity.md)"
)
POSTERIOR_SHIFT_METHOD = (
    "posterior shift rule PS for every n, D and output space (docs/design/posterior_shift.md)"
)
#: Rule PS's obligations, in order.
POSTERIOR_SHIFT_ROLES = ("good outputs", "delta' where eps' < 1", "delta' where eps' >= 1")
ALL_OF_METHOD = "all of"
#: The obligations of the erasure and pad rules, in order.
ROLES = ("well-formedness", "statement")
#: What proved a scalar obligation, by the kind of its record (``none``: the record's method).
SCALAR_METHODS = {
    "z3-facts": "z3 nonlinear real arithmetic (fact level {level})",
    "interval-boxes": "interval branch and bound (Arb)",
}
#: What the scalar decider writes as the method of a proof that records no evidence.
UNRECORDED = (
    "sympy rewriting",
    "interval branch and bound (Arb)",
    "convexity: g'' >= 0 on the domain and g'(c) = 0 with g(c) >= 0",
)

Path = tuple[int, ...]
Texts = tuple[str, str, tuple[str, ...]]  # method, reason, certificate lines
Mismatch = tuple[Outcome, str] | None


class NotDerived(Exception):
    """The texts cannot be derived (a claim of another kind, records that do not give them)."""


def _home(claim: Any) -> tuple[str, str]:
    return type(claim).__module__, type(claim).__qualname__


def applies(verdict: Reported) -> bool:
    """Whether ``verdict`` is proved and its claim (rebuilt) is a claim of one of the three
    rules, or an ``all_of`` of such claims (at any depth)."""
    if verdict.status != "proved" or not verdict.pieces:
        return False
    try:
        return _ours(rebuild(verdict.file, verdict.theorem, ()))
    except NotRebuilt:
        return False


def _ours(claim: Any) -> bool:
    home = _home(claim)
    if home == ALL_OF:
        return all(_ours(part) for part in claim.parts)
    return home in (DIAGONAL, ERASURE, PAD, CONVEXITY, POSTERIOR_SHIFT, chordtext.HOME)


def told(verdict: Reported) -> Mismatch:
    """None when the verdict's method, reason, certificate and coverage are the texts derived
    (module docstring); else (FAILED, the first difference), or (NOT_REPLAYED, why)."""
    wrong = [p for p in verdict.pieces if p.status != "proved"]
    if wrong:
        return Outcome.FAILED, f"a record of part {list(wrong[0].part)} is {wrong[0].status}"
    if verdict.coverage:
        return Outcome.FAILED, f"a proved verdict shows the coverage {verdict.coverage!r}"
    try:
        method, reason, lines = _texts(verdict, rebuild(verdict.file, verdict.theorem, ()), ())
    except (NotDerived, NotRebuilt, chordtext.NotWritten) as exc:
        return Outcome.NOT_REPLAYED, f"the texts of the rule's verdict: {exc}"
    if verdict.method != method:
        return Outcome.FAILED, f"the method {verdict.method!r} is not the derived {method!r}"
    if verdict.reason != reason:
        return Outcome.FAILED, f"the reason {verdict.reason!r} is not the derived {reason!r}"
    shown = tuple(verdict.pieces[0].certificate)
    if shown != lines:
        return Outcome.FAILED, f"the certificate {list(shown)} is not the derived {list(lines)}"
    return None


def _texts(verdict: Reported, claim: Any, path: Path) -> Texts:
    home = _home(claim)
    if home == ALL_OF:
        parts = [_texts(verdict, part, (*path, i)) for i, part in enumerate(claim.parts)]
        return ALL_OF_METHOD, "; ".join(dict.fromkeys(r for _, r, _ in parts if r)), ()
    if home == DIAGONAL:
        return _diagonal(claim, _pieces(verdict, lambda p: p == path))
    if home == chordtext.HOME:
        return chordtext.texts(claim, _pieces(verdict, lambda p: p == path))
    method = {
        ERASURE: ERASURE_METHOD,
        PAD: PAD_METHOD,
        CONVEXITY: CONVEXITY_METHOD,
        POSTERIOR_SHIFT: POSTERIOR_SHIFT_METHOD,
    }.get(home)
    if method is None:
        raise NotDerived(f"part {list(path)} is a {home[1]}")
    roles: tuple[str, ...] = ROLES
    reason = ""
    if home == CONVEXITY:
        roles, reason = _convexity(claim)
    elif home == POSTERIOR_SHIFT:
        roles, reason = POSTERIOR_SHIFT_ROLES, _posterior_shift(claim)
    obligations = tuple(claim.parts)
    if len(obligations) != len(roles):
        raise NotDerived(f"{len(obligations)} obligations, not {len(roles)}")
    lines = []
    for index, (role, obligation) in enumerate(zip(roles, obligations, strict=True)):
        pieces = _pieces(verdict, lambda p, i=index: p == (*path, i))  # type: ignore[misc]
        lines.append(f"{role}: {obligation.describe()}: proved ({_proved_by(pieces)})")
    return method, reason, tuple(lines)


def _convexity(claim: Any) -> tuple[tuple[str, ...], str]:
    """CV-TV's roles (by the claim's form: homogeneity for JOINT only) and its reason, the
    coverage "every number of inputs and outputs (k >= 1, n >= 1), every channel W and prior
    pi, <delta> in <its domain>" read off the claim."""
    delta = claim.delta
    joint = ("homogeneity per outcome",) if claim.form.name == "JOINT" else ()
    roles = ("convexity per outcome", *joint, f"{delta} >= 0", f"bound >= {delta}")
    domain = dict(claim.where)[delta]
    coverage = (
        f"every number of inputs and outputs (k >= 1, n >= 1), every channel W and prior pi, "
        f"{delta} in {domain}"
    )
    return roles, f"for {coverage}: every obligation proved"


def _posterior_shift(claim: Any) -> str:
    """Rule PS's reason, its coverage read off the claim (n, eps, delta, the shift k)."""
    n, eps, delta = claim.n, claim.eps, claim.delta
    coverage = (
        f"every {n} >= 1, every finite D, every output space (finite, or densities w.r.t. one "
        f"measure), every mechanism and belief on D^{n}, {eps} > 0, {delta} in [0, 1) (rule PS "
        f"at a = {claim.shift} {eps})"
    )
    return f"for {coverage}: every obligation proved"


def _pieces(verdict: Reported, where: Callable[[Path], bool]) -> list[Piece]:
    return [p for p in verdict.pieces if where(p.part)]


def _proved_by(pieces: list[Piece]) -> str:
    """What proved a scalar obligation, from its one record."""
    if len(pieces) != 1:
        raise NotDerived(f"{len(pieces)} records for an obligation, not one")
    record = pieces[0].record
    kind = pieces[0].kind
    if kind == "none":
        if record.get("method") not in UNRECORDED:
            raise NotDerived(f"{record.get('method')!r} is no method of the scalar decider")
        return str(record["method"])
    if kind not in SCALAR_METHODS:
        raise NotDerived(f"a record of kind {kind!r} names no method")
    level = record.get("level")
    if kind == "z3-facts" and (not isinstance(level, int) or isinstance(level, bool)):
        raise NotDerived(f"the fact level {level!r} is not an integer")
    return SCALAR_METHODS[kind].format(level=level)


def _diagonal(claim: Any, pieces: list[Piece]) -> Texts:
    """Rule DG's texts from the claim's cases and the one certificate's (N, M, R, S)."""
    if len(pieces) != 1 or pieces[0].kind != "diagonal-certificate":
        raise NotDerived("a diagonal claim's texts need its one certificate")
    records = pieces[0].record.get("cases")
    if not isinstance(records, list) or len(records) != len(claim.cases):
        raise NotDerived("the certificate's cases are not the claim's")
    coverage = claim.reduction or " and ".join(
        f"p in {c.base}, q in {c.moving}" for c in claim.cases
    )
    lines = []
    for case, record in zip(claim.cases, records, strict=True):
        n, m, r, s = (str(record.get(f)) for f in ("numerator", "denominator", "odd", "square"))
        k = case.order
        lines.append(
            f"{case.label or 'case'}: (q - p)^{k} d^{k}F/dq^{k} = ({n})/({m}), "
            f"N M = ({r}) ({s})^2, {r} >= 0 on p in {case.base}, q in {case.moving}"
        )
    return DIAGONAL_METHOD, f"for {coverage}: every case certified", tuple(lines)
