"""Mutants of a built claim: walk the claim tree and mutate one thing at a time.

Mutants transform the claim object a theorem function returns, never its source text. The walk
(deterministic: the same claim gives the same mutants, ids and order in every process):

* :class:`~dpproofs.claim.AllOf`: each part in turn, ids ``part <i>/...``; a mutant is that part
  mutated, decided on its own (the other parts are the original's, unchanged);
* the informed-belief reduction: its precondition mutants (:mod:`.informed`), then its parts;
* :class:`~dpproofs.claim.Premise`: the claim it wraps (``premise/...``), judged as a plain
  claim (its failure is no longer hidden as UNKNOWN);
* :class:`~dpproofs.finite.claims.ForEach`: its first member (``member 1/...``);
* scalar, search, exact-fact, quantity, derivation, continuum and diagonal claims: see
  :mod:`.scalar`, :mod:`.search`, :mod:`.concrete`, :mod:`.continuum`, :mod:`.diagonal`,
  :mod:`.entropic` (Shannon claims); chord claims (Lemma CM): :mod:`.chord`;
  neighbour-pair, group and additive sensitivity claims: :mod:`.reduced`; induction claims:
  :mod:`.induction`; row-release claims: :mod:`.rowrelease`; posterior shift claims (rule PS):
  :mod:`.posterior_shift`;
* any other kind: listed in ``not_mutated``, never skipped silently.

A mutant that equals its original (a no-op) is not listed; it is counted in ``noops``.
:func:`capped` keeps at most K mutants of a theorem, chosen by a hash of their ids (stable across
runs and machines), in enumeration order; a reduction rule's precondition mutants are always kept.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

#: Default number of mutants kept per theorem.
DEFAULT_MAX_PER_THEOREM = 12


@dataclass(frozen=True)
class Mutant:
    """One mutant: ``id`` (``<theorem>/<path>/<edit>``), the kind of edit, what it changed,
    the kind of claim mutated, and how to build it."""

    id: str
    operator: str
    where: str
    kind: str
    build: Callable[[], Any] = field(repr=False, compare=False)


@dataclass
class Enumeration:
    """The mutants of one theorem's claim and what the walk could not mutate."""

    mutants: list[Mutant] = field(default_factory=list)
    not_mutated: list[str] = field(default_factory=list)
    formula_missing: int = 0
    noops: int = 0


def kind_of(claim: Any) -> str:
    return {
        "ScalarClaim": "scalar",
        "SearchClaim": "search",
        "ExactFact": "exact-fact",
        "QuantityClaim": "quantity",
        "DerivationClaim": "derivation",
        "AllOf": "all-of",
        "Premise": "premise",
        "InformedBeliefReduction": "informed-belief-reduction",
        "ForEach": "for-each",
        "ContinuumClaim": "continuum",
        "DiagonalClaim": "diagonal",
        "ChordClaim": "chord",
        "ShannonClaim": "shannon",
        "NeighbourPairClaim": "neighbour-pair",
        "AdditiveSensitivity": "additive",
        "InductionClaim": "induction",
        "RowReleaseClaim": "row-release",
        "SequenceInduction": "sequence-induction",
        "SymmetricEpsilonClaim": "symmetric-response",
        "ErasureClaim": "erasure",
        "PadClaim": "one-time-pad",
        "MedianLowerBound": "median",
        "MixtureTVClaim": "convexity",
        "PosteriorShiftClaim": "posterior-shift",
    }.get(type(claim).__name__, type(claim).__name__)


def enumerate_mutants(claim: Any, theorem_id: str) -> Enumeration:
    """Every mutant of ``claim`` (see the module docstring)."""
    out = Enumeration()
    _walk(claim, f"{theorem_id}/", out)
    return out


def _walk(claim: Any, prefix: str, out: Enumeration) -> None:
    from dpproofs.claim import AllOf, ExactFact, Premise
    from dpproofs.continuum.claim import ContinuumClaim
    from dpproofs.entropic.claim import ShannonClaim
    from dpproofs.entropic.induction import SequenceInduction
    from dpproofs.finite.additive import AdditiveSensitivity
    from dpproofs.finite.claims import ForEach, QuantityClaim
    from dpproofs.finite.convexity import MixtureTVClaim
    from dpproofs.finite.erasure import ErasureClaim
    from dpproofs.finite.median import MedianLowerBound
    from dpproofs.finite.pad import PadClaim
    from dpproofs.finite.posterior_shift import PosteriorShiftClaim
    from dpproofs.finite.rowrelease import RowReleaseClaim
    from dpproofs.finite.symmetric import SymmetricEpsilonClaim
    from dpproofs.search.forall import SearchClaim
    from dpproofs.search.informed import InformedBeliefReduction
    from dpproofs.search.pairs import NeighbourPairClaim
    from dpproofs.soundness import (
        chord,
        concrete,
        continuum,
        convexity,
        diagonal,
        entropic,
        induction,
        informed,
        posterior_shift,
        reduced,
        rowrelease,
        scalar,
        search,
    )
    from dpproofs.steps.check import DerivationClaim
    from dpproofs.symbolic.chord import ChordClaim
    from dpproofs.symbolic.claim import ScalarClaim
    from dpproofs.symbolic.diagonal import DiagonalClaim
    from dpproofs.symbolic.induction import InductionClaim

    kind = kind_of(claim)
    if isinstance(claim, InformedBeliefReduction):
        for label, operator, where, build in informed.edits(claim):
            out.mutants.append(Mutant(f"{prefix}{label}", operator, where, kind, build))
        for index, part in enumerate(claim.parts, start=1):
            _walk(part, f"{prefix}part {index}/", out)
        return
    if isinstance(claim, Premise):
        # A premise's mutant is judged as the plain claim it wraps: the premise's
        # UNKNOWN-on-failure would hide a mutant that the deciders refute.
        _walk(claim.claim, f"{prefix}premise/", out)
        return
    if isinstance(claim, AllOf):
        for index, part in enumerate(claim.parts, start=1):
            _walk(part, f"{prefix}part {index}/", out)
        return
    if isinstance(claim, ForEach):
        label, args = claim.members[0]
        _walk(claim.build(*args), f"{prefix}member 1/", out)
        return
    edits: Iterator[tuple[str, str, str, Callable[[], Any]]]
    if isinstance(claim, ScalarClaim):
        problem = claim.problem

        def scalar_edits() -> Iterator[tuple[str, str, str, Callable[[], Any]]]:
            for label, operator, where, build in scalar.edits(problem):
                built = build()
                if built == problem:
                    out.noops += 1
                    continue
                yield label, operator, where, functools.partial(ScalarClaim, built)

        edits = scalar_edits()
    elif isinstance(claim, SearchClaim):
        if claim.formula.root is None:
            out.formula_missing += 1
        edits = search.edits(claim)
    elif isinstance(claim, ExactFact):
        edits = concrete.fact_edits(claim)
    elif isinstance(claim, QuantityClaim):
        edits = concrete.quantity_edits(claim)
    elif isinstance(claim, DerivationClaim):
        edits = concrete.derivation_edits(claim)
    elif isinstance(claim, ContinuumClaim):
        edits = continuum.edits(claim)
    elif isinstance(claim, DiagonalClaim):
        edits = diagonal.edits(claim)
    elif isinstance(claim, ChordClaim):
        edits = chord.edits(claim)
    elif isinstance(claim, ShannonClaim):
        edits = entropic.edits(claim)
    elif isinstance(claim, NeighbourPairClaim):
        if claim.inner.formula.root is None:
            out.formula_missing += 1
        edits = reduced.pair_edits(claim)
    elif isinstance(claim, AdditiveSensitivity):
        edits = reduced.additive_edits(claim)
    elif isinstance(claim, InductionClaim):
        edits = induction.edits(claim)
    elif isinstance(claim, RowReleaseClaim):
        edits = rowrelease.edits(claim)
    elif isinstance(claim, SequenceInduction):
        edits = induction.sequence_edits(claim)
    elif isinstance(claim, SymmetricEpsilonClaim):
        edits = rowrelease.symmetric_edits(claim)
    elif isinstance(claim, ErasureClaim):
        edits = rowrelease.erasure_edits(claim)
    elif isinstance(claim, PadClaim):
        edits = rowrelease.pad_edits(claim)
    elif isinstance(claim, MedianLowerBound):
        edits = rowrelease.median_edits(claim)
    elif isinstance(claim, MixtureTVClaim):
        edits = convexity.edits(claim)
    elif isinstance(claim, PosteriorShiftClaim):
        edits = posterior_shift.edits(claim)
    else:
        out.not_mutated.append(f"{prefix.rstrip('/')}: not mutated (kind {kind})")
        return
    before = len(out.mutants)
    for label, operator, where, build in edits:
        out.mutants.append(Mutant(f"{prefix}{label}", operator, where, kind, build))
    if len(out.mutants) == before:
        out.not_mutated.append(f"{prefix.rstrip('/')}: no mutation applies (kind {kind})")


def _rank(mutant_id: str) -> str:
    return hashlib.sha256(mutant_id.encode()).hexdigest()


#: Kinds whose mutants break a reduction rule's preconditions: always kept by :func:`capped`
#: (a rule's few mutants would otherwise be lost among the many of its parts).
ALWAYS_KEPT = ("informed-belief-reduction",)


def capped(mutants: list[Mutant], limit: int | None) -> list[Mutant]:
    """At most ``limit`` mutants (None: all), chosen by the hash of their ids, in order; the
    mutants of a rule's preconditions (:data:`ALWAYS_KEPT`) first, whatever the limit."""
    if limit is None or len(mutants) <= limit:
        return list(mutants)
    kept = {m.id for m in mutants if m.kind in ALWAYS_KEPT}
    rest = sorted((m for m in mutants if m.id not in kept), key=lambda m: _rank(m.id))
    chosen = kept | {m.id for m in rest[: max(0, limit - len(kept))]}
    return [m for m in mutants if m.id in chosen]
