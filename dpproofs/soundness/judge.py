"""Judging a mutant's verdict by a route independent of the deciders.

* REFUTED: the counterexample is replayed by the rechecker (:mod:`dpproofs.recheck`): a scalar,
  search or step witness by exact / Arb evaluation (:mod:`dpproofs.recheck.witnesses`), a
  quantity of a concrete rational mechanism by recomputing it with Fractions, an exact fact by
  deciding its comparisons again with Arb balls (both in :mod:`.recompute`). A replay that
  FAILS (the claim holds at the witness) is UNSOUND; one that cannot be carried out is "not
  replayed".
* PROVED / VERIFIED-BOUNDED: a counterexample is looked for inside what the verdict covers
  (:mod:`.sample`; for a quantity or a fact, the same recomputations as above). One found is
  UNSOUND; none found is "no counterexample" with the number of points tried.
* A neighbour-pair or group claim is judged as its n = 1 search claim (its verdict is that
  claim's); an additive sensitivity claim, whatever its verdict, by the brute force of
  :mod:`dpproofs.recheck.additive` (a disagreement is UNSOUND); an induction claim by the brute
  force of :mod:`dpproofs.recheck.induction` (a proved claim violated at n = n0..n0 + 2 is
  UNSOUND); a row-release claim by the brute force of :mod:`dpproofs.recheck.rowrelease`;
  an informed-belief reduction decided although a precondition fails is UNSOUND.
* UNKNOWN / ERROR: nothing to judge.

The findings and the pieces the routes share are :mod:`.judgement`'s.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import Any

from dpproofs.soundness.judgement import (
    CONFIRMED,
    NO_COUNTEREXAMPLE,
    NOT_CHECKED,
    NOT_REPLAYED,
    NOTHING,
    UNSOUND,
    Judgement,
)
from dpproofs.soundness.judgement import from_finding as _from_finding
from dpproofs.soundness.judgement import piece as _piece
from dpproofs.soundness.judgement import witness as _witness
from dpproofs.soundness.recompute import judge_fact, judge_quantity
from dpproofs.verdict import Status, Verdict


def judge(claim: Any, verdict: Verdict, key: str, seconds: float) -> Judgement:
    """The independent finding about ``verdict`` for the mutant ``claim`` (``key`` seeds the
    sampling; ``seconds`` bounds it)."""
    if verdict.status in (Status.UNKNOWN, Status.ERROR):
        return Judgement(NOTHING)
    kind = type(claim).__name__
    handler = {
        "ScalarClaim": _scalar,
        "SearchClaim": _search,
        "DerivationClaim": _derivation,
        "QuantityClaim": judge_quantity,
        "MutatedFact": judge_fact,
        "ContinuumClaim": _continuum,
        "DiagonalClaim": _diagonal,
        "ChordClaim": _chord,
        "ShannonClaim": _shannon,
        "NeighbourPairClaim": _reduced,
        "AdditiveSensitivity": _additive,
        "InductionClaim": _closed_form,
        "RowReleaseClaim": _closed_form,
        "SequenceInduction": _sequence,
        "SymmetricEpsilonClaim": _closed_form,
        "ErasureClaim": _closed_form,
        "PadClaim": _closed_form,
        "MedianLowerBound": _closed_form,
        "MixtureTVClaim": _closed_form,
        "InformedBeliefReduction": _informed,
        "PosteriorShiftClaim": _closed_form,
    }.get(kind)
    if handler is None:
        return Judgement(NOT_CHECKED, f"no independent route for a {kind}")
    try:
        return handler(claim, verdict, key, seconds)
    except Exception as exc:  # the judge's own fault is no finding about the verdict
        return Judgement(NOT_CHECKED, f"the judge raised {type(exc).__name__}: {exc}")


def _informed(claim: Any, verdict: Verdict, key: str, seconds: float) -> Judgement:
    """A reduction decided although a precondition fails is UNSOUND; else its parts are judged
    as the mutants of their own (the rule's proof is the design note's)."""
    failed = claim.preconditions()
    if failed:
        return Judgement(UNSOUND, f"{verdict.status.value}, yet {'; '.join(failed)}")
    return Judgement(NOT_CHECKED, "the parts are judged as mutants of their own")


def _sampled(found: Any, what: str) -> Judgement:
    if found.counterexample is not None:
        point = ", ".join(f"{k} = {v}" for k, v in found.counterexample.items())
        return Judgement(
            UNSOUND,
            f"{what} is false at {point} (decided exactly)",
            found.points,
            found.skipped,
        )
    note = f"; {found.note}" if found.note else ""
    outside = f", {found.outside} outside the assumptions" if found.outside else ""
    return Judgement(
        NO_COUNTEREXAMPLE,
        f"{found.points} points tried, {found.skipped} skipped{outside}{note}",
        found.points,
        found.skipped,
    )


def _assignment(verdict: Verdict) -> tuple[tuple[str, str], ...]:
    return verdict.counterexample.assignment if verdict.counterexample else ()


def _scalar(claim: Any, verdict: Verdict, key: str, seconds: float) -> Judgement:
    from dpproofs.recheck.witnesses import replay_scalar
    from dpproofs.soundness.sample import sample_scalar

    problem = claim.problem
    if verdict.status is Status.REFUTED:
        witness = _witness(verdict, "scalar")
        values = dict(witness.values if witness else _assignment(verdict))
        return _from_finding(replay_scalar(_piece(key, "refuted"), problem, values))
    return _sampled(sample_scalar(problem, key, seconds), "the statement")


def _search(claim: Any, verdict: Verdict, key: str, seconds: float) -> Judgement:
    from dpproofs.evidence import BoundedSearch
    from dpproofs.recheck.witnesses import replay_search
    from dpproofs.soundness.sample import sample_search

    if verdict.status is Status.REFUTED:
        witness = _witness(verdict, "search")
        if witness is None:
            return Judgement(NOT_REPLAYED, "the refutation carries no search witness")
        piece = _piece(key, "refuted")
        return _from_finding(replay_search(piece, claim, dict(witness.values), witness.size or 0))
    sizes = list(claim.quantifier.sizes)
    if verdict.status is Status.VERIFIED_BOUNDED:
        covered = [
            s.size for e in verdict.evidence if isinstance(e, BoundedSearch) for s in e.sizes
        ]
        sizes = sorted(set(covered)) or _sizes_in(verdict.coverage or "", sizes)
    return _sampled(sample_search(claim, sizes[:6], key, seconds), "the predicate")


def _reduced(claim: Any, verdict: Verdict, key: str, seconds: float) -> Judgement:
    """A neighbour-pair or group claim: its verdict is its n = 1 claim's, judged as a search."""
    return _search(claim.inner, verdict, key, seconds)


def _additive(claim: Any, verdict: Verdict, key: str, seconds: float) -> Judgement:
    """An additive sensitivity claim against brute force (:mod:`dpproofs.recheck.additive`)."""
    from dpproofs.recheck.additive import agrees

    ok, said = agrees(claim, verdict.status.value)
    if not ok:
        return Judgement(UNSOUND, said)
    return Judgement(CONFIRMED if verdict.status is Status.REFUTED else NO_COUNTEREXAMPLE, said)


def _by_replay(
    claim: Any,
    verdict: Verdict,
    key: str,
    kind: str,
    proof_type: type,
    replays: tuple[Callable[..., Any], Callable[..., Any]],
    falsifiers: Iterable[str | None],
) -> Judgement:
    """A decider's own evidence replayed by the rechecker, then a search for a counterexample.

    REFUTED: the ``kind`` witness is replayed by ``replays[0]``. PROVED: the first evidence of
    ``proof_type`` is replayed by ``replays[1]``, then each item of ``falsifiers`` is one point
    tried: ``None`` where the claim holds there, else the point shown (UNSOUND)."""
    replay_witness, replay_proof = replays
    if verdict.status is Status.REFUTED:
        witness = _witness(verdict, kind)
        if witness is None:
            return Judgement(NOT_REPLAYED, f"the refutation carries no {kind} witness")
        return _from_finding(replay_witness(_piece(key, "refuted"), claim, dict(witness.values)))
    proofs = [e for e in verdict.evidence if isinstance(e, proof_type)]
    if not proofs:
        return Judgement(NOT_REPLAYED, f"the proof carries no {kind} evidence")
    finding = replay_proof(_piece(key, "proved"), claim, proofs[0])
    tried = 0
    for shown in falsifiers:
        tried += 1
        if shown is not None:
            return Judgement(UNSOUND, shown, tried, 0)
    judged = _from_finding(finding)
    return replace(judged, points=tried) if judged.finding != UNSOUND else judged


def _brute(
    agrees: Callable[[Any, str], tuple[bool, str]], claim: Any, verdict: Verdict
) -> Judgement:
    """A verdict against a rechecker's brute force ``agrees(claim, status)``."""
    ok, said = agrees(claim, verdict.status.value)
    return Judgement(NO_COUNTEREXAMPLE, said) if ok else Judgement(UNSOUND, said)


def _closed_form(claim: Any, verdict: Verdict, key: str, seconds: float) -> Judgement:
    """A closed-form rule's claim (induction, row release, symmetric response, erasure, one-time
    pad, median witness, convexity, posterior shift) against brute force at small sizes
    (``dpproofs.recheck.<rule>``)."""
    from dpproofs.recheck import convexity, erasure, induction, median, pad, rowrelease, symmetric
    from dpproofs.recheck import posterior_shift as shift_rule

    rule = {
        "InductionClaim": induction,
        "RowReleaseClaim": rowrelease,
        "SymmetricEpsilonClaim": symmetric,
        "ErasureClaim": erasure,
        "PadClaim": pad,
        "MedianLowerBound": median,
        "MixtureTVClaim": convexity,
        "PosteriorShiftClaim": shift_rule,
    }[type(claim).__name__]
    return _brute(rule.agrees, claim, verdict)


def _sequence(claim: Any, verdict: Verdict, key: str, seconds: float) -> Judgement:
    """A sequence induction: the claim unrolled at k = 1, 2, evaluated exactly at seeded laws."""
    from dpproofs.entropic.induction import unrolled
    from dpproofs.recheck.entropic import truth_at
    from dpproofs.soundness.entropic import laws, parameter_points

    tried = 0
    for k in (1, 2):
        shannon = unrolled(claim, k)
        names = list(shannon.names())
        for masses in laws(names, f"{key}/{k}"):
            for point in parameter_points(shannon):
                tried += 1
                if truth_at(shannon, names, masses, point) is False:
                    shown = ", ".join(f"P{c} = {v}" for c, v in sorted(masses.items()))
                    why = f"at k = {k} the target fails at {shown}, {point} (exact)"
                    return Judgement(UNSOUND, why, tried, 0)
    return Judgement(NO_COUNTEREXAMPLE, f"{tried} exact laws at k = 1, 2", tried, 0)


def _continuum(claim: Any, verdict: Verdict, key: str, seconds: float) -> Judgement:
    from dpproofs.evidence import ContinuumBoxes
    from dpproofs.recheck.continuum import replay_boxes, replay_witness, truth_at
    from dpproofs.soundness.continuum import points

    def falsifiers() -> Iterator[str | None]:
        for point in points(claim, key):
            if truth_at(claim, point) is False:
                shown = ", ".join(f"{k} = {v}" for k, v in point.items())
                yield f"the predicate is false at {shown} (Arb)"
            else:
                yield None

    replays = (replay_witness, replay_boxes)
    return _by_replay(claim, verdict, key, "continuum", ContinuumBoxes, replays, falsifiers())


def _diagonal(claim: Any, verdict: Verdict, key: str, seconds: float) -> Judgement:
    """Rule DG's certificate replayed, then F decided exactly at seeded rational points of each
    case's domain (:mod:`dpproofs.soundness.diagonal`)."""
    from dpproofs.evidence import DiagonalCertificate
    from dpproofs.recheck.diagonal import replay_diagonal, replay_witness, truth_at
    from dpproofs.soundness.diagonal import points

    def falsifiers() -> Iterator[str | None]:
        for case, p, q in points(claim, key):
            false = truth_at(claim, case, p, q) is False
            yield f"F < 0 at p = {p}, q = {q} ({case.label or 'a case'}; exact)" if false else None

    replays = (replay_witness, replay_diagonal)
    return _by_replay(claim, verdict, key, "diagonal", DiagonalCertificate, replays, falsifiers())


def _chord(claim: Any, verdict: Verdict, key: str, seconds: float) -> Judgement:
    """Lemma CM's certificate replayed, then D(P||Q) <= B (or I <= B) decided exactly on seeded
    rational distributions (:mod:`dpproofs.soundness.chord`)."""
    from dpproofs.chord_certificate import ChordCertificate
    from dpproofs.recheck.chord import replay_chord, replay_witness, truth_at
    from dpproofs.soundness.chord import instances

    def falsifiers() -> Iterator[str | None]:
        for rows, prior, stretch, entries in instances(claim, key):
            if truth_at(claim, rows, prior, stretch, entries) is False:
                shown = " ".join(f"({', '.join(map(str, law))})" for law in (*rows, prior))
                yield f"the bound fails at rows, prior {shown}, {stretch} eps0 (Arb)"
            else:
                yield None

    replays = (replay_witness, replay_chord)
    return _by_replay(claim, verdict, key, "chord", ChordCertificate, replays, falsifiers())


def _shannon(claim: Any, verdict: Verdict, key: str, seconds: float) -> Judgement:
    from dpproofs.recheck.entropic import replay_certificate, replay_witness, truth_at
    from dpproofs.shannon_certificate import ShannonCertificate
    from dpproofs.soundness.entropic import laws, parameter_points

    names = list(claim.names())

    def falsifiers() -> Iterator[str | None]:
        for masses in laws(names, key):
            for point in parameter_points(claim):
                if truth_at(claim, names, masses, point) is False:
                    shown = ", ".join(f"P{k} = {v}" for k, v in sorted(masses.items()))
                    yield f"the target fails at {shown}, {point} (exact)"
                else:
                    yield None

    replays = (replay_witness, replay_certificate)
    return _by_replay(claim, verdict, key, "entropic", ShannonCertificate, replays, falsifiers())


def _sizes_in(coverage: str, default: list[int]) -> list[int]:
    """The sizes a coverage text lists ("outcomes in {2, 3}" or "2 outcomes")."""
    braces = re.search(r"\{([\d, ]+)\}", coverage)
    if braces:
        return [int(v) for v in braces.group(1).split(",")]
    single = re.match(r"\D*?(\d+) ", coverage)
    return [int(single.group(1))] if single else default


def _derivation(claim: Any, verdict: Verdict, key: str, seconds: float) -> Judgement:
    from dpproofs.recheck.witnesses import replay_step
    from dpproofs.soundness.sample import sample_scalar
    from dpproofs.symbolic.claim import holds

    derivation = claim.derivation
    (step,) = derivation.steps
    if verdict.status is Status.REFUTED:
        witness = _witness(verdict, "step")
        values = dict(witness.values if witness else _assignment(verdict))
        piece = _piece(key, "refuted")
        return _from_finding(replay_step(piece, claim, values, step.index))
    # The step read the way the rechecker reads it (holds() builds, it decides nothing).
    text = " ".join([step.statement, *derivation.assumptions])
    where = {k: v for k, v in derivation.where if re.search(rf"\b{re.escape(k)}\b", text)}
    assuming = (*derivation.assumptions, *([step.premise] if step.premise else []))
    problem = holds(step.statement, where=where, assuming=assuming).problem
    return _sampled(sample_scalar(problem, key, seconds), f"step {step.index}")
