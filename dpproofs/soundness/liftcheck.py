"""The sweep's lifting cross-check: every size up to N* + 2 of a lifted theorem, searched alone.

A verdict "on every finite number of outcomes" rests on the small-model lifting
(:mod:`dpproofs.search.lifting`): z3 unsat at one size n >= N* plus a theorem that turns it into
every size. The lifting's rules are exactly what a mutation of the library's claims does not
exercise, so the sweep checks their conclusion directly: for every theorem whose verdict carries
a small-model record (``small-model``, ``localised-conjunct``, or ``param-boxes`` with a box
lifted), with N* the largest bound recorded for that part,

    every size n = 1, 2, ..., N* + 2 is decided on its own:

* a fresh z3 context and session (nothing from other sizes, nothing from the first run);
* the claim with ``symmetric=False`` (no symmetry breaking, so no invariance proof is trusted);
* no numeric pre-search, no lifting, no eps boxes (the whole parameter domain at once);
* the predicate itself, run on this size's concrete rows, not the formula traced from it (the
  claim's ``formula`` is set to "none"), so an error of the tracer is not repeated;
* the engine's size decider (:func:`dpproofs.search.onesize.find_counterexample`), whose sat
  answers are rounded and re-checked exactly; a refinement claim (``ForAllHypothesis``) is
  decided at that one size by its own refinement loop (on its traced formulas).

A counterexample at any size contradicts "true on every finite alphabet": it is UNSOUND (its
values are replayed by the rechecker as well, and the replay's finding is reported with it). A
size whose decision runs out of time or work is "timeout", and a size never reached because the
theorem's budget was spent is listed as not cross-checked: never silently skipped.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from dpproofs.deadline import Deadline
from dpproofs.verdict import Status, Verdict, evidence_tree

UNSAT, COUNTEREXAMPLE, TIMEOUT, ERROR = "unsat", "counterexample", "timeout", "error"
#: Sizes searched above N*.
ABOVE = 2
#: The evidence kinds that mean "rests on the small-model lifting".
LIFTED_KINDS = ("small-model", "localised-conjunct", "param-boxes")


@dataclass(frozen=True, slots=True)
class SizeCheck:
    """One size decided alone: ``result`` is unsat, counterexample, timeout or error."""

    size: int
    result: str
    detail: str = ""
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "result": self.result,
            "detail": self.detail,
            "seconds": round(self.seconds, 2),
        }


@dataclass(frozen=True, slots=True)
class PartCheck:
    """The cross-check of one lifted part of a theorem (``part``: its path through the parts
    of conjunctions and the members of families, as in the report's evidence)."""

    part: tuple[int, ...]
    status: str
    n_star: int
    sizes: tuple[SizeCheck, ...]

    @property
    def unsound(self) -> bool:
        return any(s.result == COUNTEREXAMPLE for s in self.sizes)

    def not_checked(self) -> list[int]:
        """The sizes 1..N*+2 not decided unsat or refuted (timeout, error, never reached)."""
        done = {s.size for s in self.sizes if s.result in (UNSAT, COUNTEREXAMPLE)}
        return [n for n in range(1, self.n_star + ABOVE + 1) if n not in done]

    def as_dict(self) -> dict[str, Any]:
        return {
            "part": list(self.part),
            "status": self.status,
            "N*": self.n_star,
            "sizes": [s.as_dict() for s in self.sizes],
            "not_cross_checked": self.not_checked(),
        }


@dataclass(frozen=True, slots=True)
class TheoremCheck:
    """The cross-check of one theorem: its lifted parts, or why none was checked."""

    file: str
    theorem: str
    parts: tuple[PartCheck, ...] = ()
    problem: str = ""
    seconds: float = 0.0
    #: of which deciding the original
    decide_seconds: float = 0.0

    @property
    def unsound(self) -> bool:
        return any(p.unsound for p in self.parts)

    def as_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "theorem": self.theorem,
            "parts": [p.as_dict() for p in self.parts],
            "problem": self.problem,
            "seconds": round(self.seconds, 1),
            "decide_seconds": round(self.decide_seconds, 1),
        }


def lifted_parts(verdict: Verdict) -> dict[tuple[int, ...], tuple[str, int]]:
    """Per part path whose verdict rests on the lifting: (its status, the largest N* recorded).
    A part counts when it is proved, or verified-bounded with a small-model or localised record
    (parameters at chosen points: every finite alphabet there); eps boxes count when proved."""
    found: dict[tuple[int, ...], tuple[str, int]] = {}
    for record in evidence_tree(verdict):
        kind, status = record.get("kind"), str(record.get("status"))
        if kind not in LIFTED_KINDS:
            continue
        if kind == "small-model":
            bounds = [int(record["N*"])]
        elif kind == "localised-conjunct":
            bounds = [int(record["reduction"]["N*"])]
        else:
            bounds = [int(b["n_star"]) for b in record["boxes"] if b.get("n_star") is not None]
        whole = status == Status.PROVED.value or (
            status == Status.VERIFIED_BOUNDED.value and kind != "param-boxes"
        )
        if not bounds or not whole:
            continue
        path = tuple(int(i) for i in record["part"])
        old = found.get(path, (status, 0))[1]
        found[path] = (status, max(old, *bounds))
    return found


def part_claim(claim: Any, path: Iterable[int]) -> Any:
    """The claim at ``path`` through the parts of conjunctions and the members of families."""
    for index in path:
        parts = getattr(claim, "parts", None)
        members = getattr(claim, "members", None)
        if isinstance(parts, tuple):
            claim = parts[index]
        elif isinstance(members, tuple):
            claim = claim.build(*members[index][1])
        else:
            raise ValueError(f"{type(claim).__name__} has no part {index}")
    inner = getattr(claim, "claim", None)  # a claim decided by independent sizes
    return inner if type(claim).__name__ == "IndependentSizes" else claim


def decide_alone(claim: Any, size: int, seconds: float) -> SizeCheck:
    """``claim`` at ``size`` alone (see the module docstring)."""
    from dpproofs.errors import DpProofsError, Undecided
    from dpproofs.search.cegar import ForAllHypothesis
    from dpproofs.search.forall import SearchClaim
    from dpproofs.search.onesize import find_counterexample
    from dpproofs.search.session import Session, fresh_context
    from dpproofs.search.trace import Traced

    start = time.perf_counter()
    deadline = Deadline(seconds)
    q = dataclasses.replace(claim.quantifier, sizes=(size,), symmetric=False)
    params = tuple((n, dataclasses.replace(d, split=0)) for n, d in q.params)
    alone = dataclasses.replace(claim, quantifier=dataclasses.replace(q, params=params))
    try:
        with fresh_context():
            if isinstance(alone, SearchClaim):
                # The predicate itself at this size, not its traced formula: a tracing error
                # (an entry re-bound to the wrong outcome, say) is not repeated here.
                alone.__dict__["formula"] = Traced(None, "the cross-check evaluates the predicate")
                found = find_counterexample(alone, Session(alone), size, deadline, False)
                values, reason = found.values, found.reason
            elif isinstance(alone, ForAllHypothesis):
                values, reason = _refined(alone.decide(deadline))
            else:
                return SizeCheck(size, ERROR, f"a {type(claim).__name__} is not cross-checked")
    except Undecided as exc:
        return SizeCheck(size, TIMEOUT, f"undecided: {exc}", time.perf_counter() - start)
    except DpProofsError as exc:
        return SizeCheck(size, ERROR, f"{type(exc).__name__}: {exc}", time.perf_counter() - start)
    spent = time.perf_counter() - start
    if values is not None:
        return SizeCheck(size, COUNTEREXAMPLE, _replayed(claim, size, values), spent)
    if reason:
        return SizeCheck(size, TIMEOUT, reason[:200], spent)
    return SizeCheck(size, UNSAT, "", spent)


def _refined(verdict: Verdict) -> tuple[dict[str, Any] | None, str]:
    """(the counterexample's values, or None; why undecided, or '') of a refinement claim
    decided at one size."""
    from dpproofs.evidence import Witness

    if verdict.status is Status.REFUTED:
        found = [e for e in verdict.evidence if isinstance(e, Witness)]
        return (dict(found[0].values) if found else {}), ""
    if verdict.status in (Status.PROVED, Status.VERIFIED_BOUNDED):
        return None, ""
    return None, f"{verdict.status.value}: {verdict.reason}"


def _replayed(claim: Any, size: int, values: dict[str, Any]) -> str:
    """The counterexample, and what the rechecker's exact replay says of it (for a refinement
    claim: its conclusion only, as ``dpproofs recheck`` replays it)."""
    from dpproofs.recheck.pieces import Piece
    from dpproofs.recheck.witnesses import replay_cegar, replay_search
    from dpproofs.search.records import exact_text

    shown = {k: v if isinstance(v, str) else exact_text(v) for k, v in values.items()}
    text = ", ".join(f"{k} = {v}" for k, v in shown.items())
    replay = replay_cegar if hasattr(claim, "conclusion") else replay_search
    try:
        finding = replay(Piece("<lift>", "<lift>", "refuted", (), {}), claim, shown, size)
        said = f"{finding.outcome.value}: {finding.why}"
    except Exception as exc:  # the replay's own fault says nothing about the values
        said = f"replay raised {type(exc).__name__}: {exc}"
    return f"{text} (rechecker replay: {said})"[:600]


def crosscheck(
    file: str, theorem: str, decide_seconds: float, size_seconds: float, budget: float
) -> TheoremCheck:
    """Decide the theorem as ``dpproofs verify`` does, then every size 1..N*+2 of each lifted
    part alone, ``size_seconds`` each, within ``budget`` seconds for all sizes."""
    from dpproofs.run.worker import decide_theorem, load_claim

    start = time.monotonic()
    verdict = decide_theorem(file, theorem, start + decide_seconds, 0)
    decided = time.monotonic() - start
    lifted = lifted_parts(verdict)
    if not lifted and verdict.status in (Status.UNKNOWN, Status.ERROR):
        why = f"{verdict.status.value} within {decide_seconds:g} s: {verdict.reason[:160]}"
        problem = f"not cross-checked: the original is {why}"
        return TheoremCheck(file, theorem, problem=problem, seconds=decided, decide_seconds=decided)
    if not lifted:
        problem = f"not lifted ({verdict.status.value})"
        return TheoremCheck(file, theorem, problem=problem, seconds=decided, decide_seconds=decided)
    loaded = load_claim(file, theorem, 0)
    if isinstance(loaded, Verdict):
        return TheoremCheck(file, theorem, problem=f"the claim does not build: {loaded.reason}")
    stop = time.monotonic() + budget
    parts = []
    for path, (status, n_star) in sorted(lifted.items()):
        claim = part_claim(loaded[0], path)
        sizes = []
        for size in range(1, n_star + ABOVE + 1):
            left = stop - time.monotonic()
            if left <= 1:
                break
            sizes.append(decide_alone(claim, size, min(size_seconds, left)))
        parts.append(PartCheck(path, status, n_star, tuple(sizes)))
    return TheoremCheck(file, theorem, tuple(parts), "", time.monotonic() - start, decided)


def crosscheck_main(
    file: str,
    theorem: str,
    decide_seconds: float,
    size_seconds: float,
    budget: float,
    deadline_at: float,
    memory_bytes: int,
    channel: Connection,
) -> None:
    """Child entry point of :func:`crosscheck` (its value, or why it failed, as a string)."""
    from dpproofs.soundness.child import answer

    args = (file, theorem, decide_seconds, size_seconds, budget)
    answer(crosscheck, args, deadline_at, memory_bytes, channel)
