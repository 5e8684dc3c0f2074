"""The sweep's cross-check of the reduction rules: each reduced part decided without its rule.

Two rules decide a claim about every n (and every universe) from one small claim; the sweep
checks their conclusion on small members of the family, with neither rule:

* a neighbour-pair or group claim (:mod:`dpproofs.search.pairs`, docs/design/neighbours.md),
  decided as its n = 1 claim, is stated here on D^n directly for n = 1, 2, 3 (|D| = 2 for a
  neighbour-pair claim, the claim's |D| for a group claim):

      for all M_1, .., M_m on D^n, shared objects, parameters:
          (for every ordered neighbour pair (x, x') of D^n: H(M(x), M(x')))
          => (for every ordered neighbour pair (x, x'): C(M(x), M(x')))

  (for a group claim: for every group (i, x_-i) of D^n, H and C of its |D| databases' rows),
  the neighbours and groups listed here from the tuples of D^n, and each n decided alone at the
  claim's smallest number of outputs by :func:`dpproofs.soundness.alone.decide_alone`
  (fresh z3 context, no symmetry breaking, the predicate itself on concrete rows);
* a semantic-restriction claim (:mod:`dpproofs.search.semantic_restriction`, a group claim
  that keeps no source) is stated on D^n by the rule's own ``direct_claim`` (the hypothesis
  with the games of D^n, beliefs placed on every group, DP on every neighbour pair), decided
  likewise for n = 1, 2, 3;
* an additive sensitivity claim (:mod:`dpproofs.finite.additive`) is compared with brute force
  at |X| in {2, 3}, n in {1, 2, 3} (:mod:`dpproofs.recheck.additive`).

A counterexample on D^n for a part the verdict says holds (proved or verified-bounded), or a
brute force that disagrees with the additive verdict, is UNSOUND. A size that runs out of time
is "timeout": listed, never skipped silently.
"""

from __future__ import annotations

import inspect
import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from dpproofs.verdict import Status, Verdict

#: The database lengths n at which a neighbour-pair or group claim is decided directly.
LENGTHS = (1, 2, 3)
NEIGHBOUR_PAIR, GROUP = "neighbour-pair reduction", "group reduction"
SEMANTIC = "semantic-restriction rule"
ADDITIVE = "additive sensitivity rule"


@dataclass(frozen=True, slots=True)
class RuleCheck:
    """The direct check of one reduced part: ``rule``, the part's verdict ``status`` and what was
    decided (``results``: one line per n, or the brute force's sentence); ``unsound`` when a
    direct decision contradicts the verdict."""

    part: tuple[int, ...]
    rule: str
    status: str
    results: tuple[str, ...]
    unsound: bool = False
    not_checked: tuple[str, ...] = ()
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "part": list(self.part),
            "rule": self.rule,
            "status": self.status,
            "results": list(self.results),
            "unsound": self.unsound,
            "not_cross_checked": list(self.not_checked),
            "seconds": round(self.seconds, 2),
        }


def reduced_parts(
    claim: Any, verdict: Verdict, path: tuple[int, ...] = ()
) -> Iterator[tuple[tuple[int, ...], Any, str]]:
    """(path, claim, status of its verdict) of every neighbour-pair, group or additive claim in
    ``claim``, following conjunctions' parts and families' members alongside the verdict's."""
    name = type(claim).__name__
    if name in ("NeighbourPairClaim", "AdditiveSensitivity"):
        yield path, claim, verdict.status.value
        return
    parts = getattr(claim, "parts", None)
    members = getattr(claim, "members", None)
    if isinstance(parts, tuple):
        built = list(parts)
    elif isinstance(members, tuple):
        built = [claim.build(*args) for _, args in members]
    else:
        return
    for index, part in enumerate(built):
        sub = verdict.parts[index] if len(verdict.parts) == len(built) else verdict
        yield from reduced_parts(part, sub, (*path, index))


def neighbourhoods(
    domain: int, n: int, group: bool
) -> tuple[list[tuple[int, ...]], list[list[int]]]:
    """The tuples of D^n (|D| = ``domain``, lexicographic) and, by their indices, its groups
    (i, x_-i) ordered by x_i, or its ordered neighbour pairs (Hamming distance 1)."""
    databases = list(itertools.product(range(domain), repeat=n))
    if group:
        return databases, [
            [databases.index((*x[:i], v, *x[i + 1 :])) for v in range(domain)]
            for i in range(n)
            for x in databases
            if x[i] == 0
        ]
    return databases, [
        [a, b]
        for a, x in enumerate(databases)
        for b, y in enumerate(databases)
        if sum(u != v for u, v in zip(x, y, strict=True)) == 1
    ]


def direct_claim(claim: Any, n: int) -> Any:
    """The neighbour-pair or group claim ``claim`` stated on D^n without the reduction (module
    docstring), at its smallest number of outputs."""
    from dpproofs.algebra import implies
    from dpproofs.search.databases import DatabaseSpace
    from dpproofs.search.forall import for_all
    from dpproofs.search.objects import mechanism
    from dpproofs.search.pairs import _requested

    source = claim.source
    names, domain = source.mechanisms, source.group_domain or 2
    group = source.group_domain is not None
    databases, sets = neighbourhoods(domain, n, group)
    lead = 2 if group else 3
    asked = [sorted(_requested(f, lead)) for f in (source.hypothesis, source.conclusion)]
    wanted = ["alg", *names, *sorted({*asked[0], *asked[1]} - set(names))]

    def predicate(*args: Any) -> Any:
        alg, given = args[0], dict(zip(wanted[1:], args[1:], strict=True))
        rows = [tuple(given[m].rows[v] for m in names) for v in range(len(databases))]

        def every(f: Any, extra: list[str]) -> Any:
            kw = {k: given[k] for k in extra}
            if group:
                return alg.all([f(alg, [rows[v] for v in s], **kw) for s in sets])
            return alg.all([f(alg, rows[s[0]], rows[s[1]], **kw) for s in sets])

        return implies(alg, every(source.hypothesis, asked[0]), every(source.conclusion, asked[1]))

    predicate.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter(w, inspect.Parameter.POSITIONAL_OR_KEYWORD) for w in wanted]
    )
    space = DatabaseSpace(domain=domain, n=n)
    objects = {m: mechanism(space) for m in names}
    objects.update(dict(source.shared))
    quantifier = for_all(
        objects, source.outputs[:1], size_name="outputs", what=f"mechanisms on {space}",
        **dict(source.params),
    )  # fmt: skip
    return quantifier.claim(predicate, says=f"{claim.says} (on {space}, no reduction)")


def check_pairs(
    path: tuple[int, ...], claim: Any, status: str, seconds: float, budget: float
) -> RuleCheck:
    """``claim`` decided on D^n for each n in LENGTHS, ``seconds`` each, ``budget`` in all."""
    from dpproofs.soundness.alone import COUNTEREXAMPLE, UNSAT, decide_alone

    start = time.monotonic()
    if claim.source is None and claim.direct is not None:  # the semantic-restriction rule
        rule, state, outputs = SEMANTIC, claim.direct, claim.inner.quantifier.sizes[0]
    elif claim.source is None:
        return RuleCheck(path, NEIGHBOUR_PAIR, status, (), False, ("the claim keeps no source",))
    else:
        rule = NEIGHBOUR_PAIR if claim.source.group_domain is None else GROUP
        outputs = claim.source.outputs[0]

        def state(n: int) -> Any:
            return direct_claim(claim, n)

    results, missing, unsound = [], [], False
    for n in LENGTHS:
        left = start + budget - time.monotonic()
        if left <= 1:
            missing.append(f"n = {n}: the budget is spent")
            continue
        done = decide_alone(state(n), outputs, min(seconds, left))
        line = f"n = {n}, {outputs} outputs: {done.result} ({done.seconds:.1f} s)"
        results.append(line + (f": {done.detail}" if done.detail else ""))
        if done.result == COUNTEREXAMPLE and status != Status.REFUTED.value:
            unsound = True
        elif done.result != UNSAT and done.result != COUNTEREXAMPLE:
            missing.append(f"n = {n}: {done.result}")
    spent = time.monotonic() - start
    return RuleCheck(path, rule, status, tuple(results), unsound, tuple(missing), spent)


def check_additive(path: tuple[int, ...], claim: Any, status: str) -> RuleCheck:
    """``claim`` compared with brute force (:func:`dpproofs.recheck.additive.agrees`)."""
    from dpproofs.recheck.additive import agrees

    start = time.monotonic()
    ok, said = agrees(claim, status)
    return RuleCheck(path, ADDITIVE, status, (said,), not ok, (), time.monotonic() - start)


def check_rules(
    claim: Any, verdict: Verdict, seconds: float, budget: float
) -> tuple[RuleCheck, ...]:
    """Every reduced part of ``claim`` checked without its rule (module docstring), within
    ``budget`` seconds for the neighbour-pair parts together."""
    stop = time.monotonic() + budget
    out = []
    for path, part, status in reduced_parts(claim, verdict):
        if type(part).__name__ == "AdditiveSensitivity":
            out.append(check_additive(path, part, status))
        else:
            out.append(check_pairs(path, part, status, seconds, max(stop - time.monotonic(), 0)))
    return tuple(out)
