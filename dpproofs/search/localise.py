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
"""

from __future__ import annotations

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


def localise(root: Node, rows: int) -> list[Localised] | None:
    """The localised form of every conjunct of ``root``; None when some conjunct is not of
    the shape of the small-model theorem once localised (then nothing is gained)."""
    out = []
    for conjunct in conjuncts(root):
        literals = _literals(conjunct)
        hypotheses = [lit for lit in literals if lit.op == "not"]
        conclusions = [lit for lit in literals if lit.op != "not"]
        region: frozenset[tuple[str, int]] = frozenset()
        for c in conclusions:
            region |= rows_of(c)
        kept = [h for h in hypotheses if rows_of(h) <= region]
        body = [*kept, *conclusions]
        node = body[0] if len(body) == 1 else Node("any", tuple(body))
        shape = analyse(node, min(rows, len(region)))
        if not isinstance(shape, ShapeReport):
            return None
        out.append(Localised(node, len(region), len(kept), len(hypotheses) - len(kept), shape))
    return out
