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

import time
from collections.abc import Iterable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from dpproofs.soundness.alone import COUNTEREXAMPLE, UNSAT, SizeCheck, decide_alone
from dpproofs.verdict import Status, Verdict, evidence_tree

#: Sizes searched above N*.
ABOVE = 2
#: The evidence kinds that mean "rests on the small-model lifting".
LIFTED_KINDS = ("small-model", "localised-conjunct", "param-boxes")


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
    #: the reduced parts decided without their rule (:mod:`dpproofs.soundness.rulecheck`)
    rules: tuple[Any, ...] = ()

    @property
    def unsound(self) -> bool:
        return any(p.unsound for p in self.parts) or any(r.unsound for r in self.rules)

    def as_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "theorem": self.theorem,
            "parts": [p.as_dict() for p in self.parts],
            "problem": self.problem,
            "seconds": round(self.seconds, 1),
            "decide_seconds": round(self.decide_seconds, 1),
            "rules": [r.as_dict() for r in self.rules],
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
    kind = type(claim).__name__
    if kind == "NeighbourPairClaim":  # decided as its n = 1 search claim, which was lifted
        return claim.inner
    inner = getattr(claim, "claim", None)  # a claim decided by independent sizes
    return inner if kind == "IndependentSizes" else claim


def crosscheck(
    file: str, theorem: str, decide_seconds: float, size_seconds: float, budget: float
) -> TheoremCheck:
    """Decide the theorem as ``dpproofs verify`` does, then every size 1..N*+2 of each lifted
    part alone, ``size_seconds`` each, within ``budget`` seconds for all sizes; then each
    reduced part without its rule (:mod:`dpproofs.soundness.rulecheck`) within another
    ``budget`` seconds."""
    from dpproofs.run.worker import decide_theorem, load_claim
    from dpproofs.soundness.rulecheck import check_rules

    start = time.monotonic()
    verdict = decide_theorem(file, theorem, start + decide_seconds, 0)
    decided = time.monotonic() - start
    lifted = lifted_parts(verdict)
    if verdict.status in (Status.UNKNOWN, Status.ERROR) and not lifted:
        why = f"{verdict.status.value} within {decide_seconds:g} s: {verdict.reason[:160]}"
        problem = f"not cross-checked: the original is {why}"
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
    # The reduced parts get a budget of their own, after the lifted sizes.
    rules = check_rules(loaded[0], verdict, size_seconds, budget)
    problem = "" if lifted else f"not lifted ({verdict.status.value})"
    spent = time.monotonic() - start
    return TheoremCheck(file, theorem, tuple(parts), problem, spent, decided, rules)


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
