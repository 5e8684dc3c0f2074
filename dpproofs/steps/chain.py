"""How the relations of a chain compose, like Lean's ``calc`` (Isabelle's also/finally)::

= then R gives R;   <= then <= gives <=;   < with <= (either order) gives <;
mixing <= / < with >= / > is not a chain (no relation between e0 and en follows).
"""

from __future__ import annotations

import enum

from dpproofs.steps.lexer import split_chain


class Relation(enum.Enum):
    """A relation of a chain; the value is the operator in claim syntax."""

    EQ = "=="
    LE = "<="
    LT = "<"
    GE = ">="
    GT = ">"

    @property
    def direction(self) -> int:
        """0 for =, -1 for <= and <, +1 for >= and >."""
        return {"==": 0, "<=": -1, "<": -1, ">=": 1, ">": 1}[self.value]

    @property
    def strict(self) -> bool:
        return self in (Relation.LT, Relation.GT)

    def mirrored(self) -> Relation:
        return {
            Relation.LE: Relation.GE,
            Relation.LT: Relation.GT,
            Relation.GE: Relation.LE,
            Relation.GT: Relation.LT,
        }.get(self, self)


def compose(first: Relation | None, second: Relation | None) -> Relation | None:
    """The relation between a and c given a R1 b and b R2 c; None when none follows."""
    if first is None or second is None:
        return None
    if first is Relation.EQ:
        return second
    if second is Relation.EQ:
        return first
    if first.direction != second.direction:
        return None
    strict = first.strict or second.strict
    if first.direction < 0:
        return Relation.LT if strict else Relation.LE
    return Relation.GT if strict else Relation.GE


def implies(have: Relation, want: Relation) -> bool:
    """True when ``a have b`` implies ``a want b`` for all reals a, b."""
    if have is want:
        return True
    if have is Relation.EQ:
        return want in (Relation.LE, Relation.GE)
    return want.direction == have.direction and not want.strict


#: The arrows that draw a consequence from a chain.
IMPLICATIONS = ("\\Rightarrow", "\\implies", "\\Longrightarrow")


def cut_at_implication(flat: list[str], owner: list[int]) -> tuple[list[str], int] | None:
    """Remove everything from the first top-level implication arrow on (in place): what follows
    an arrow is a consequence, not a link of the chain. Returns it with its row number."""
    _, rels, positions = split_chain(flat)
    for rel, position in zip(rels, positions, strict=True):
        if rel in IMPLICATIONS:
            tail, row = flat[position:], owner[position]
            del flat[position:]
            del owner[position:]
            return tail, row
    return None
