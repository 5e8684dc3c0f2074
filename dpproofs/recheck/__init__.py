"""``dpproofs recheck``: replay the evidence of a report without trusting the run that wrote it.

Every piece of evidence (:mod:`dpproofs.evidence`) is replayed against the claim rebuilt from
its theorem file, by code that does not import the deciders (the search engine, its session and
lifting, the refinement loop, the scalar pipeline and its solvers, the finite calculus, the
steps checker; ``tests/recheck`` checks the import graph):

* witnesses, by exact arithmetic: Fractions, and Arb balls for e^x and log
  (:mod:`.witnesses`, :mod:`.balls`);
* bounded verifications, by re-solving every size with a second z3 encoding (:mod:`.resolve`);
* the small-model reduction, by its arithmetic and the unsat it needs (:mod:`.certificates`);
* boxes of one parameter (eps) of a search claim: their tiling of the domain and the brackets
  of e^eps (:mod:`.paramboxes`; the per-box unsat is not re-solved: "not replayed");
* interval proofs, by checking that the boxes tile the domain and deciding each box again
  (:mod:`.intervals`);
* exact evaluations of concrete rational mechanisms, by recomputing the quantity (delta(eps)
  in :mod:`.profiles`);
* branch-and-bound proofs over the simplex, by rebuilding the bisection tree and enclosing the
  predicate on each leaf with this package's own Arb evaluation (:mod:`.continuum`);
* Shannon-type certificates, coefficient-wise in Fractions, and entropic witnesses by exact
  log combinations and Arb (:mod:`.entropic`);
* the comparisons of an ``exact_fact``, by running its check again and deciding each comparison
  with Arb balls (:mod:`.comparisons`).

Each theorem file is replayed in a child of its own (forked, with a memory cap,
:func:`dpproofs.run.isolation.run_child`; with ``jobs`` > 1 each verdict, the heaviest first,
so that one file's verdicts share the workers): its module and helpers are imported there,
never in the recheck's process; a child that ends without an answer leaves its verdicts
"not replayed". The findings come back in the report's order whatever ``jobs`` is.

Kinds not replayed yet say why (z3 facts of a scalar proof, a verdict that records no
evidence). Each verdict's status is then derived from what was replayed and compared with the
report's (:mod:`.verdicts`). Nothing here prints; :mod:`dpproofs.cli.recheck` renders the
findings.

Layer: a checker. May import the core, the exact arithmetic, the run layer and the deciders'
models (never their decision procedures, as above); the views and the command line import it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from dpproofs.evidence import (
    BoundedSearch,
    ChordCertificate,
    ContinuumBoxes,
    DiagonalCertificate,
    ExactEvaluation,
    ExactFacts,
    IntervalBoxes,
    LocalisedConjunct,
    ParamBoxes,
    ShannonCertificate,
    SmallModel,
    Witness,
    from_dict,
)
from dpproofs.recheck import (
    certificates,
    chord,
    comparisons,
    continuum,
    derivations,
    diagonal,
    entropic,
    intervals,
    paramboxes,
    profiles,
    scalar,
    witnesses,
)
from dpproofs.recheck.certificates import RESOLVE_SECONDS
from dpproofs.recheck.claims import (
    NoSuchPart,
    NotRebuilt,
    declared_ids,
    enter,
    rebuild,
    reduced_claim,
)
from dpproofs.recheck.pieces import (
    Finding,
    Outcome,
    Piece,
    Reported,
    failed,
    not_replayed,
    read_report,
    read_verdicts,
)
from dpproofs.recheck.rules import with_parent, with_rule
from dpproofs.recheck.verdicts import Judged, judge

__all__ = [
    "Finding",
    "Judged",
    "Outcome",
    "Piece",
    "Summary",
    "read_report",
    "recheck",
    "recheck_verdicts",
]

#: Why a kind is not replayed yet.
NOT_YET = {
    "none": "the verdict records no evidence (method: {method})",
}
#: Scalar proofs whose first-run facts are not re-derived: the claim is proved again instead.
REPROVED = ("z3-facts", "none")


#: What a confirmed piece of each kind shows about its part (see Finding.supports); exact
#: evaluations and exact facts are confirmed only when their relation decides as the piece's
#: status says, so they show that status.
SUPPORTS = {
    "witness": "refuted",
    "bounded-search": "verified-bounded",
    "small-model": "lifts",
    "interval-boxes": "proved",
    "continuum-boxes": "proved",
    "diagonal-certificate": "proved",
    "chord-certificate": "proved",
    "shannon-certificate": "proved",
    "z3-facts": "proved",
    "none": "proved",
}


@dataclass(frozen=True, slots=True)
class Summary:
    findings: tuple[Finding, ...]
    verdicts: tuple[Judged, ...] = ()
    #: (file, theorem id) declared by a file of the report but not listed in it: the report
    #: does not account for it (a run with -k lists a subset; --allow-unreplayed accepts it).
    absent: tuple[tuple[str, str], ...] = ()

    def count(self, outcome: Outcome) -> int:
        return sum(f.outcome is outcome for f in self.findings)

    def verdicts_count(self, outcome: Outcome) -> int:
        return sum(v.outcome is outcome for v in self.verdicts)

    @property
    def failed(self) -> bool:
        """Some piece does not hold, or some verdict's status is contradicted by the replay."""
        return self.count(Outcome.FAILED) + self.verdicts_count(Outcome.FAILED) > 0

    @property
    def unconfirmed(self) -> int:
        """Verdicts whose status could not be derived from replayed evidence."""
        return self.verdicts_count(Outcome.NOT_REPLAYED)

    def ok(self, allow_unreplayed: bool = False) -> bool:
        """Nothing failed, and every verdict's status is confirmed and every declared theorem
        listed (or ``allow_unreplayed``)."""
        return not self.failed and (allow_unreplayed or not (self.unconfirmed or self.absent))


def _one(piece: Piece, group: Sequence[Piece], resolve: float) -> Finding:
    record = {k: v for k, v in piece.record.items() if k not in ("part", "status")}
    if piece.kind == "z3-facts" or (piece.kind == "none" and piece.status == "proved"):
        return _reprove(piece, record, resolve)
    if piece.kind in NOT_YET:
        return not_replayed(piece, NOT_YET[piece.kind].format(method=record.get("method", "")))
    try:
        evidence = from_dict(record)
    except ValueError as exc:
        return failed(piece, f"malformed evidence: {exc}")
    try:
        claim = rebuild(piece.file, piece.theorem, piece.part)
    except NoSuchPart as exc:
        return failed(piece, f"the evidence names a part the claim does not have: {exc}")
    except NotRebuilt as exc:
        return not_replayed(piece, f"the claim cannot be rebuilt: {exc}")
    siblings = [
        from_dict({k: v for k, v in p.record.items() if k not in ("part", "status")})
        for p in group
        if p.part == piece.part and p.kind in ("bounded-search", "small-model")
    ]
    if isinstance(evidence, Witness):
        if piece.status != "refuted":
            return failed(piece, f"a witness, but the verdict is {piece.status}")
        return _witness(piece, claim, evidence)
    if isinstance(evidence, BoundedSearch):
        lifted = [s for s in siblings if isinstance(s, SmallModel)]
        model = lifted[0] if lifted else None
        return certificates.bounded(piece, claim, evidence, model, resolve > 0, resolve)
    if isinstance(evidence, IntervalBoxes):
        return intervals.replay_boxes(piece, claim.problem, evidence)
    if isinstance(evidence, ContinuumBoxes):
        return continuum.replay_boxes(piece, claim, evidence)
    if isinstance(evidence, DiagonalCertificate):
        return diagonal.replay_diagonal(piece, claim, evidence)
    if isinstance(evidence, ChordCertificate):
        return chord.replay_chord(piece, claim, evidence)
    if isinstance(evidence, ShannonCertificate):
        return entropic.replay_certificate(piece, claim, evidence)
    if isinstance(evidence, ParamBoxes):
        return paramboxes.param_boxes(piece, claim, evidence)
    if isinstance(evidence, SmallModel):
        unsat = [
            s.size
            for b in siblings
            if isinstance(b, BoundedSearch)
            for s in b.sizes
            if s.result == "unsat"
        ]
        searches = [b for b in siblings if isinstance(b, BoundedSearch)]
        sizes = searches[0] if len(searches) == 1 else None
        return certificates.small_model(piece, claim, evidence, unsat, sizes)
    if isinstance(evidence, LocalisedConjunct):
        return certificates.localised(piece, claim, evidence)
    if isinstance(evidence, ExactFacts):
        return comparisons.replay_facts(piece, claim, evidence)
    if isinstance(evidence, ExactEvaluation):
        finding = certificates.exact_evaluation(piece, claim, evidence)
        if finding.outcome is Outcome.NOT_REPLAYED and evidence.quantity == "delta_at_epsilon":
            return profiles.delta_at_epsilon(piece, claim, evidence)
        return finding
    return failed(piece, f"{piece.kind} evidence does not decide a claim here")


def _reprove(piece: Piece, record: Mapping[str, Any], resolve: float) -> Finding:
    """A proved scalar claim, proved again by the second encoding (:mod:`.scalar`)."""
    why = (
        "the first run's facts are not re-derived"
        if piece.kind == "z3-facts"
        else (NOT_YET["none"].format(method=record.get("method", "")))
    )
    try:
        claim = rebuild(piece.file, piece.theorem, piece.part)
    except NotRebuilt as exc:
        return not_replayed(piece, f"the claim cannot be rebuilt: {exc}")
    problem = getattr(claim, "problem", None)
    derivation = getattr(claim, "derivation", None)
    if problem is None and derivation is None:
        return not_replayed(piece, why)
    if resolve <= 0:
        return not_replayed(piece, f"{why}; proving it again skipped (--no-bounded)")
    if derivation is not None:
        return derivations.reprove_derivation(piece, derivation, resolve)
    return scalar.reprove(piece, problem, resolve)


#: The fields a witness of each kind has (the others must be null).
WITNESS_FIELDS = {
    "search": "size",
    "search-cegar": "size",
    "scalar": "",
    "step": "step",
    "continuum": "",
    "entropic": "",
}


def _witness(piece: Piece, claim: Any, evidence: Witness) -> Finding:
    values = dict(evidence.values)
    has = WITNESS_FIELDS.get(evidence.claim, "")
    for field in ("size", "step"):
        if (getattr(evidence, field) is None) == (field == has):
            return failed(
                piece, f"a {evidence.claim} witness with {field} {getattr(evidence, field)}"
            )
    replay: dict[str, Callable[[], Finding]] = {
        "search": lambda: witnesses.replay_search(piece, claim, values, evidence.size or 0),
        "search-cegar": lambda: witnesses.replay_cegar(piece, claim, values, evidence.size or 0),
        "scalar": lambda: witnesses.replay_scalar(piece, claim.problem, values),
        "step": lambda: witnesses.replay_step(piece, claim, values, evidence.step or 0),
        "continuum": lambda: continuum.replay_witness(piece, claim, values),
        "entropic": lambda: entropic.replay_witness(piece, claim, values),
    }
    if evidence.claim not in replay:
        return failed(piece, f"unknown witness kind {evidence.claim!r}")
    try:
        return replay[evidence.claim]()
    except AttributeError as exc:
        return failed(piece, f"the claim does not have the witness's form ({exc})")


def _guarded(piece: Piece, group: Sequence[Piece], resolve: float) -> Finding:
    start = time.perf_counter()
    try:
        finding = _ruled(_one(piece, group, resolve))
    except Exception as exc:  # a fault while replaying is no confirmation and no failure
        finding = not_replayed(piece, f"the replay raised {type(exc).__name__}: {exc}")
    supports = None
    if finding.outcome is Outcome.CONFIRMED:
        # A replay may say less than its kind (a continuum box that is only a part of the
        # statement, re-read from the claim): then that.
        supports = finding.supports or SUPPORTS.get(piece.kind)
        if piece.kind in ("exact-evaluation", "exact-facts"):
            supports = "proved" if piece.status == "proved" else "refuted"
        if piece.kind == "small-model" and piece.status == "verified-bounded":
            # A lifting at parameters pinned to chosen points (its status was re-derived from
            # the claim by .liftedtext): every finite alphabet, but at those points only.
            supports = "verified-bounded"
    return replace(finding, seconds=time.perf_counter() - start, supports=supports)


def _ruled(finding: Finding) -> Finding:
    """``finding`` with what a reduction rule behind its claim adds (:mod:`.rules`)."""
    piece = finding.piece
    try:
        claim = reduced_claim(piece.file, piece.theorem, piece.part)
        parent = reduced_claim(piece.file, piece.theorem, piece.part[:-1]) if piece.part else None
    except Exception:  # building is author code; _one said what it could of the piece
        return finding
    return with_parent(with_rule(finding, claim), parent)


def _judged(verdict: Reported, findings: Sequence[Finding], resolve: float) -> Judged:
    try:
        return judge(verdict, findings, resolve)
    except Exception as exc:  # a fault while judging confirms nothing
        return Judged(verdict, Outcome.NOT_REPLAYED, None, f"judging raised {exc!r}")


#: One file's (report index, findings, judgement) per verdict, and its declared theorems absent.
_Done = tuple[list[tuple[int, tuple[Finding, ...], Judged]], list[tuple[str, str]]]


def _file(
    verdicts: Sequence[tuple[int, Reported]],
    resolve: float,
    listed: frozenset[str] | None = None,
) -> _Done:
    """Replay ``verdicts`` (of one theorem file); with ``listed`` (every theorem of that file
    the report lists), also the file's declared theorems not among them."""
    enter(str(Path(verdicts[0][1].file).resolve().parent))
    out = []
    for index, verdict in verdicts:
        findings = tuple(_guarded(p, verdict.pieces, resolve) for p in verdict.pieces)
        out.append((index, findings, _judged(verdict, findings, resolve)))
    file = verdicts[0][1].file
    try:
        declared = declared_ids(file) if listed is not None else []
    except NotRebuilt:
        declared = []
    absent = [(file, t) for t in declared if listed is not None and t not in listed]
    return out, absent


#: Seconds one theorem file's child may take (its re-solves have their own limits).
FILE_SECONDS = 4 * 3600.0


def _file_main(
    verdicts: Sequence[tuple[int, Reported]],
    resolve: float,
    listed: frozenset[str] | None,
    deadline_at: float,
    memory_bytes: int,
    channel: Connection,
) -> None:
    """Child entry point: replay one theorem file's verdicts and send what was found."""
    from dpproofs.run.worker import _enter_child

    _enter_child(deadline_at, memory_bytes)
    channel.send(_file(verdicts, resolve, listed))
    channel.close()


#: What one child replays: verdicts of one theorem file, and the file's listed theorems when
#: this child also says which of its declared theorems the report leaves out (else None).
_Unit = tuple[list[tuple[int, Reported]], frozenset[str] | None]


def _isolated(unit: _Unit, resolve: float) -> _Done:
    """:func:`_file` in a child (forked: the theorem file is imported there, never here; a
    file that ends its process or runs out of memory makes its verdicts "not replayed")."""
    from dpproofs.run.isolation import Limits, run_child

    verdicts, listed = unit
    outcome = run_child(_file_main, (verdicts, resolve, listed), Limits(FILE_SECONDS), forked=True)
    if isinstance(outcome.value, tuple):
        return outcome.value
    why = f"the rechecking process of this file ended: {outcome.failure or 'no answer'}"
    return [
        (
            index,
            tuple(not_replayed(piece, why) for piece in verdict.pieces),
            Judged(verdict, Outcome.NOT_REPLAYED, None, why),
        )
        for index, verdict in verdicts
    ], []


def recheck_verdicts(
    verdicts: Sequence[Reported], resolve: float = RESOLVE_SECONDS, jobs: int = 1
) -> Summary:
    """Replay every piece and judge every verdict (grouped by theorem file; files in parallel
    when ``jobs`` > 1); findings and verdicts come in the report's order. ``resolve`` is the
    time of one re-solve of a bounded search (seconds; 0 skips the re-solves)."""
    files: dict[str, list[tuple[int, Reported]]] = {}
    for index, verdict in enumerate(verdicts):
        files.setdefault(verdict.file, []).append((index, verdict))
    # One folder after another: a helper module of the same name in two theorem folders
    # must be each folder's own when its claims are rebuilt (claims.enter forgets the other's).
    groups = sorted(files.values(), key=lambda g: str(Path(g[0][1].file).resolve().parent))
    # Each file in its own child: author code (the theorem file, its helpers) never runs here.
    if jobs <= 1:
        results = [_isolated((g, frozenset(v.theorem for _, v in g)), resolve) for g in groups]
    else:
        # Each verdict in a child of its own (a file may hold most of the work), the largest
        # first; the answers are put back in the report's order, so the output is --jobs 1's.
        units = _units(groups)
        order = sorted(range(len(units)), key=lambda i: (-_weight(units[i][0]), i))
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            answers = pool.map(_isolated, [units[i] for i in order], [resolve] * len(order))
            done = dict(zip(order, answers, strict=True))
        results = [done[i] for i in range(len(units))]
    found = sorted((triple for r, _ in results for triple in r), key=lambda triple: triple[0])
    return Summary(
        tuple(f for _, fs, _ in found for f in fs),
        tuple(j for _, _, j in found),
        tuple(pair for _, absent in results for pair in absent),
    )


def _units(groups: Sequence[list[tuple[int, Reported]]]) -> list[_Unit]:
    """One unit per verdict, in the groups' order; a file's first also finds its absent
    theorems."""
    return [
        ([pair], frozenset(v.theorem for _, v in group) if i == 0 else None)
        for group in groups
        for i, pair in enumerate(group)
    ]


#: How much more a piece that re-solves (a bounded search, a scalar proof) weighs than another.
RESOLVING = {"bounded-search": 20, "z3-facts": 5, "none": 5}


def _weight(verdicts: Sequence[tuple[int, Reported]]) -> int:
    """An estimate of the time a unit takes, to start the largest first (order only)."""
    return sum(RESOLVING.get(p.kind, 1) for _, v in verdicts for p in v.pieces)


def recheck(path: str, resolve: float = RESOLVE_SECONDS, jobs: int = 1) -> Summary:
    """Read the report at ``path``, replay its evidence and judge its verdicts (UsageError if
    it is no report)."""
    return recheck_verdicts(read_verdicts(path), resolve, jobs)
