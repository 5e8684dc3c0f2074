"""Localised hypotheses: a stronger claim with a smaller small-model bound.

A conjunct of a claim (:func:`dpproofs.search.shape.analyse` splits the claim into conjuncts)
often reads

    (not H_1) or ... or (not H_r) or C        (H_1 and ... and H_r  =>  C)

where C mentions a few rows only (one neighbour pair x, x') while the hypotheses range over
every row (M is DP on every neighbour pair). Keep the hypotheses whose rows all lie among C's
rows R, drop the others:

    L  =  (not H_j, rows(H_j) subset of R) or ... or C.

L has fewer disjuncts, so L implies the conjunct: proving L for every finite alphabet proves the
conjunct. L mentions only the rows R, so its own small-model bound counts m = |R| rows and only
the sums and families that remain, often far below the bound of the whole claim (DP on D^2 has
4 rows and a sum per neighbour pair; L for one pair has 2 rows and the pair's sums). A
counterexample to L is not one to the claim (a dropped hypothesis may fail on it), so a
satisfiable L decides nothing: the claim stays as the search left it.

Any region R containing C's rows gives such an L, and a larger region keeps more hypotheses:
group privacy (x and x' two neighbour steps apart) needs the hypotheses about a middle database
x'' as well. So each conjunct comes with its candidate regions: C's rows, then C's rows with one
or two more rows, each candidate kept only when it keeps other hypotheses than the candidates
before it, in the order of their bounds. The first candidate with no counterexample at its
bound proves the conjunct.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from dpproofs.formula import Node
from dpproofs.search.shape import ShapeReport, analyse, conjuncts, rows_of


@dataclass(frozen=True)
class Localised:
    """One conjunct, strengthened: ``node`` (the formula L), its rows, what was dropped, and
    its shape (the small-model bound of L)."""

    node: Node
    rows: int
    kept: int
    dropped: int
    shape: ShapeReport

    @property
    def bound(self) -> int:
        return self.shape.bound


def _literals(node: Node) -> list[Node]:
    """The disjuncts of ``node``, with not(H_1 and ... and H_r) read as not H_1 or ... not H_r."""
    if node.op == "any":
        return [lit for a in node.args for lit in _literals(a)]
    if node.op == "not" and node.args[0].op == "all":
        return [lit for a in node.args[0].args for lit in _literals(Node("not", (a,)))]
    if node.op == "not" and node.args[0].op == "not":
        return _literals(node.args[0].args[0])
    return [node]


#: Rows added to a conjunct's own rows, at most, and candidate regions per conjunct, at most.
MAX_EXTRA_ROWS = 2
MAX_CANDIDATES = 24


def localise(root: Node, rows: int) -> list[list[Localised]] | None:
    """For every conjunct of ``root``, its localised forms over growing regions, by bound
    (see the module docstring); None when some conjunct has no localised form of the shape of
    the small-model theorem (then nothing is gained)."""
    out = []
    for conjunct in conjuncts(root):
        literals = _literals(conjunct)
        hypotheses = [lit for lit in literals if lit.op == "not"]
        conclusions = [lit for lit in literals if lit.op != "not"]
        region: frozenset[tuple[str, int]] = frozenset()
        for c in conclusions:
            region |= rows_of(c)
        needs = [rows_of(h) for h in hypotheses]
        others = sorted(frozenset().union(*needs) - region)
        candidates: list[Localised] = []
        seen: set[frozenset[int]] = set()
        for extra in range(min(MAX_EXTRA_ROWS, len(others)) + 1):
            for added in itertools.combinations(others, extra):
                within = region | frozenset(added)
                kept = frozenset(i for i, rows_h in enumerate(needs) if rows_h <= within)
                if kept in seen:
                    continue
                seen.add(kept)
                body = [*(hypotheses[i] for i in sorted(kept)), *conclusions]
                node = body[0] if len(body) == 1 else Node("any", tuple(body))
                m = min(rows, len(rows_of(node)))
                shape = analyse(node, m)
                if isinstance(shape, ShapeReport):
                    dropped = len(hypotheses) - len(kept)
                    candidates.append(Localised(node, m, len(kept), dropped, shape))
        if not candidates:
            return None
        candidates.sort(key=lambda c: (c.bound, c.rows, -c.kept))
        out.append(candidates[:MAX_CANDIDATES])
    return out
