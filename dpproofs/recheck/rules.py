"""What ``dpproofs recheck`` says of the reduction rules behind a piece of evidence.

* An additive sensitivity claim (docs/design/additive.md) proves or refutes with exact facts,
  which :mod:`.comparisons` decides again; here its conclusion is also compared with brute force
  at |X| in {2, 3}, n in {1, 2, 3} (:mod:`.additive`): a disagreement fails the piece. The rule
  for every n and every universe (its proof) is not replayed, and the finding says so.
* An obligation (base, step, conclusion, instance) of an induction claim
  (docs/design/induction.md) is replayed as the scalar claim it is; the claim itself is also
  evaluated at n = n0..n0 + 2 (:mod:`.induction`): a violation of a proved claim fails the piece.
* A part (well-formedness, statement) of a row-release claim (docs/design/row-release.md) is
  replayed as the scalar claim it is; the claim is also compared with brute force at n in
  {1, 2, 3}, |D| in {2, 3} (:mod:`.rowrelease`): a disagreement fails the piece.
* A part of a symmetric k-ary response claim (docs/design/symmetric-response.md) is replayed as
  the scalar claim it is; the claim is compared with brute force at k in {2, 3, 4}
  (:mod:`.symmetric`).
* A part of a K-ary erasure channel claim (docs/design/erasure.md) is replayed as the scalar
  claim it is; the claim is compared with brute force at K in {2, 3, 4} (:mod:`.erasure`).
* A part of a one-time pad claim (docs/design/pad.md) likewise, with brute force at m in
  {2, 3, 4} (:mod:`.pad`).
* A part of a median lower bound (docs/design/median.md): its witness is written out at
  n = 1..6 (:mod:`.median`).
* An obligation of a convexity claim CV-TV (docs/design/convexity.md) is replayed as the scalar
  claim it is; the claim is compared with brute force on channels with k <= 4 inputs and
  n <= 4 outputs (:mod:`.convexity`).
* An obligation of a posterior shift claim (rule PS, docs/design/posterior_shift.md) is
  replayed as the scalar claim it is; the claim is compared with brute force on exact
  mechanisms on D^n, n <= 3, |D| <= 3, with beliefs mostly on E (:mod:`.posterior_shift`).
* The base and step of an induction over a sequence of random variables are replayed as the
  Shannon claims they are; the rule is noted, not replayed.
* A neighbour-pair or group claim (docs/design/neighbours.md) is replayed as its n = 1 search
  claim (:func:`.claims.rebuild`); that its verdict stands for every D^n is the rule, which is not
  replayed: the finding says so, and that the rule's precondition (conditions of one pair's, or
  one group's, rows) holds by construction of the claim. A semantic-restriction claim
  (:mod:`dpproofs.search.semantic_restriction`) is a group claim of this kind: its n = 1 claim
  is replayed, the lift to every n (the rule) is noted.

Claims are recognised by their class's home; no decider is imported.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dpproofs.recheck.pieces import Finding, Outcome, failed

PAIRS = ("dpproofs.search.pairs", "NeighbourPairClaim")
ADDITIVE = ("dpproofs.finite.additive", "AdditiveSensitivity")
INDUCTION = ("dpproofs.symbolic.induction", "InductionClaim")
ROW_RELEASE = ("dpproofs.finite.rowrelease", "RowReleaseClaim")
SEQUENCE = ("dpproofs.entropic.induction", "SequenceInduction")
SYMMETRIC = ("dpproofs.finite.symmetric", "SymmetricEpsilonClaim")
ERASURE = ("dpproofs.finite.erasure", "ErasureClaim")
PAD = ("dpproofs.finite.pad", "PadClaim")
MEDIAN = ("dpproofs.finite.median", "MedianLowerBound")
CONVEXITY = ("dpproofs.finite.convexity", "MixtureTVClaim")
POSTERIOR_SHIFT = ("dpproofs.finite.posterior_shift", "PosteriorShiftClaim")


def _home(claim: Any) -> tuple[str, str]:
    kind = type(claim)
    return kind.__module__, kind.__qualname__


def with_rule(finding: Finding, claim: Any) -> Finding:
    """``finding`` about a piece of ``claim`` (as the theorem builds it), with what the rule
    behind it adds: the brute force of an additive claim, the reduction's note otherwise."""
    from dpproofs.recheck.additive import agrees

    home = _home(claim)
    if home == ADDITIVE and finding.outcome is Outcome.CONFIRMED:
        ok, said = agrees(claim, finding.piece.status)
        if not ok:
            return failed(finding.piece, f"additive sensitivity rule: {said}")
        note = (
            f"{said}; the rule for every n and universe (docs/design/additive.md) is a proof, "
            "not replayed"
        )
        return replace(finding, why=f"{finding.why}; {note}" if finding.why else note)
    if home == PAIRS and finding.outcome is not Outcome.FAILED:
        precondition = (
            "the vocabulary's semantic privacy at beliefs placed on one group => DP"
            if claim.reduction.startswith("semantic-restriction")
            else "conditions of the rows of one pair or group"
        )
        note = (
            f"the n = 1 claim's evidence; that it stands for {claim.family} is the "
            f"{claim.reduction.split(' (')[0]} (docs/design/neighbours.md), not replayed: a proof "
            f"whose precondition ({precondition}) holds by construction"
        )
        return replace(finding, why=f"{finding.why}; {note}" if finding.why else note)
    return finding


def with_parent(finding: Finding, parent: Any) -> Finding:
    """``finding`` about a part of the induction or row-release claim ``parent`` (else
    unchanged), with the brute force of :mod:`.induction` or :mod:`.rowrelease`; the rule
    itself is a proof, not replayed."""
    from dpproofs.recheck import convexity, erasure, induction, median, pad, rowrelease, symmetric
    from dpproofs.recheck import posterior_shift as shift_rule

    if parent is None or finding.outcome is Outcome.FAILED:
        return finding
    home = _home(parent)
    if home == SEQUENCE:
        said = (
            "the base or step of an induction over Y_1, Y_2, ...; the rule "
            "(docs/design/induction.md) is a proof, not replayed"
        )
        return replace(finding, why=f"{finding.why}; {said}" if finding.why else said)
    if home == INDUCTION:
        agrees, rule, note = induction.agrees, "induction rule", "docs/design/induction.md"
    elif home == ROW_RELEASE:
        agrees, rule, note = rowrelease.agrees, "row-release rule", "docs/design/row-release.md"
    elif home == MEDIAN:
        agrees, rule, note = median.agrees, "median witness rule", "docs/design/median.md"
    elif home == SYMMETRIC:
        agrees, rule = symmetric.agrees, "symmetric response rule"
        note = "docs/design/symmetric-response.md"
    elif home == ERASURE:
        agrees, rule, note = erasure.agrees, "erasure channel rule", "docs/design/erasure.md"
    elif home == PAD:
        agrees, rule, note = pad.agrees, "one-time pad rule", "docs/design/pad.md"
    elif home == CONVEXITY:
        agrees, rule, note = convexity.agrees, "convexity rule", "docs/design/convexity.md"
    elif home == POSTERIOR_SHIFT:
        agrees, rule = shift_rule.agrees, "posterior shift rule PS"
        note = "docs/design/posterior_shift.md"
    else:
        return finding
    ok, said = agrees(parent, "proved" if finding.piece.status == "proved" else "")
    if not ok:
        return failed(finding.piece, f"{rule}: {said}")
    said = f"{said}; the rule ({note}) is a proof, not replayed"
    return replace(finding, why=f"{finding.why}; {said}" if finding.why else said)
