"""The evidence of a branch-and-bound proof over the simplex (a kind of :mod:`dpproofs.evidence`,
kept in its own leaf module: plain data, standard library only)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class ContinuumBoxes:
    """A branch-and-bound proof over the simplex (:mod:`dpproofs.continuum`): the variables,
    and the bisection tree in breadth-first order (a queue from the root box), one token per
    node: ``"s <variable>"`` (the node's box, tightened by the simplex constraints, is halved at
    the midpoint of that variable's side; its lower then upper half join the queue), ``"t"``
    (the predicate holds on the whole tightened box), ``"e"`` (the box has no point of the
    domain), ``"u"`` (left undecided: only in an UNKNOWN verdict's evidence). The root is the
    domain's root box; the boxes are rebuilt exactly from the tokens."""

    kind: ClassVar[str] = "continuum-boxes"
    variables: tuple[str, ...]
    tree: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "variables": list(self.variables), "tree": list(self.tree)}

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> ContinuumBoxes:
        tree = record.get("tree")
        if not isinstance(tree, list) or not all(isinstance(t, str) for t in tree):
            raise ValueError("tree must be a list of tokens")
        return cls(tuple(str(v) for v in record.get("variables", [])), tuple(tree))
