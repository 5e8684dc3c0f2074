"""Search claims as formulas over the outcomes: the same claim at every alphabet size.

A search predicate is Python; Python can look at the number of outcomes (``len(p)``), single one
out (``p[0]``) or enumerate subsets, and then the claim at 5 outcomes is not "the same claim" as
at 3. To say something about EVERY finite alphabet (the small-model theorem,
:mod:`dpproofs.search.shape`), dpproofs needs the claim as one formula in which the alphabet
appears only through two binders:

    outcome_total(rows, g)  =  sum_y g(rows[0][y], ..., rows[m-1][y])      (a sum over outcomes)
    every_outcome(rows, phi) = for all y: phi(rows[0][y], ..., rows[m-1][y])  (a family)

The predicate is run ONCE on :class:`AbstractRow` objects: rows with no length, no entries and
no iteration (each of those raises :class:`OutcomeAccess`). The only way to reach the outcomes is
through the binders of :mod:`dpproofs.outcomes`, which call ``g`` / ``phi`` once, on one generic
outcome (:class:`Node` ``entry`` leaves), and record the result as a ``osum`` / ``oall`` node. The
predicate never sees a size, so the formula it returns is uniform by construction; it is what
dpproofs decides at every size (:func:`interpret`), in every interpretation. A predicate that
touches the outcomes any other way is not a formula: it keeps its per-size meaning, and its
verdicts stay bounded.

Nodes are plain data: ``Node(op, args)``; leaves are ``const`` (a Fraction), ``param`` (a name),
``entry`` (object, row) for the generic outcome of a size-axis object, and ``fixed`` (object, row,
column) for an entry of an object of fixed size (a prior over databases, say).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, NoReturn

from dpproofs.errors import DpProofsError

#: Node operations: leaves, arithmetic, algebra operations, and the two binders.
LEAVES = frozenset({"const", "param", "entry", "fixed"})
BINDERS = frozenset({"osum", "oall"})


class OutcomeAccess(DpProofsError):
    """The predicate reached the outcomes outside the binders (``len``, an index, iteration):
    it is not one formula for every alphabet size."""


class Node:
    """One node of a formula: an operation and its arguments (nodes, or data for leaves)."""

    __slots__ = ("_hash", "args", "op")

    def __init__(self, op: str, args: tuple[Any, ...]) -> None:
        self.op, self.args = op, args
        self._hash = hash((op, args))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Node) or self._hash != other._hash:
            return False
        return self.op == other.op and self.args == other.args

    def __add__(self, other: Node) -> Node:
        return Node("add", (self, other))

    def __sub__(self, other: Node) -> Node:
        return Node("sub", (self, other))

    def __mul__(self, other: Node) -> Node:
        return Node("mul", (self, other))

    def __neg__(self) -> Node:
        return Node("neg", (self,))

    def __repr__(self) -> str:
        return render(self)

    def children(self) -> tuple[Node, ...]:
        return () if self.op in LEAVES else self.args


def const(value: Fraction | int) -> Node:
    return Node("const", (Fraction(value),))


class FormulaAlgebra:
    """The Algebra interface, building nodes instead of computing (no simplification: the
    formula mirrors what the vocabulary wrote, operation for operation)."""

    name = "formula"

    def const(self, value: Fraction | int) -> Node:
        return const(value)

    def pos(self, x: Node) -> Node:
        return Node("pos", (x,))

    def total(self, xs: Iterable[Node]) -> Node:
        return Node("total", tuple(xs))

    def maximum(self, xs: Sequence[Node]) -> Node:
        return Node("max", tuple(xs))

    def minimum(self, xs: Sequence[Node]) -> Node:
        return Node("min", tuple(xs))

    def div(self, a: Node, b: Node) -> Node:
        return Node("div", (a, b))

    def log(self, x: Node) -> Node:
        return Node("log", (x,))

    def le(self, a: Node, b: Node) -> Node:
        return Node("le", (a, b))

    def lt(self, a: Node, b: Node) -> Node:
        return Node("lt", (a, b))

    def eq(self, a: Node, b: Node) -> Node:
        return Node("eq", (a, b))

    def all(self, bs: Iterable[Node]) -> Node:
        return Node("all", tuple(bs))

    def any(self, bs: Iterable[Node]) -> Node:
        return Node("any", tuple(bs))

    def not_(self, b: Node) -> Node:
        return Node("not", (b,))

    def ite(self, c: Node, x: Node, y: Node) -> Node:
        return Node("ite", (c, x, y))


class Trace:
    """Records whether the predicate reached the outcomes outside the binders (even if it
    caught the exception: the formula is then refused all the same)."""

    def __init__(self) -> None:
        self.refused: str | None = None

    def refuse(self, what: str) -> NoReturn:
        if self.refused is None:
            self.refused = what
        raise OutcomeAccess(
            f"{what}: a claim over every alphabet reaches the outcomes only through "
            "dpproofs.outcomes (outcome_total, every_outcome) and the vocabulary"
        )


class AbstractRow:
    """A row of a size-axis object in a formula: no length, no entries, no iteration."""

    __slots__ = ("obj", "row", "trace")

    def __init__(self, trace: Trace, obj: str, row: int) -> None:
        self.trace, self.obj, self.row = trace, obj, row

    def __len__(self) -> int:
        self.trace.refuse(f"len() of {self.obj}")

    def __getitem__(self, index: Any) -> Any:
        self.trace.refuse(f"{self.obj}[{index!r}] singles out an outcome")

    def __iter__(self) -> Any:
        self.trace.refuse(f"iterating over the outcomes of {self.obj}")

    def __contains__(self, item: Any) -> bool:
        self.trace.refuse(f"`in` on the outcomes of {self.obj}")

    def __reversed__(self) -> Any:
        self.trace.refuse(f"reversed() on the outcomes of {self.obj}")

    def __repr__(self) -> str:
        return f"{self.obj}[{self.row}][y]"


def free_entries(node: Node) -> bool:
    """True when ``node`` mentions the generic outcome outside every binder."""
    seen: set[int] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if id(n) in seen:
            continue
        seen.add(id(n))
        if n.op == "entry":
            return True
        if n.op not in BINDERS:
            stack.extend(n.children())
    return False


def interpret(
    root: Node,
    alg: Any,
    size: int,
    objects: Mapping[str, Sequence[Sequence[Any]]],
    values: Mapping[str, Any],
) -> tuple[Any, int]:
    """(value of ``root`` in ``alg`` at ``size`` outcomes, number of nodes evaluated).

    ``objects`` maps each object to its raw matrix, ``values`` each parameter (and e^x, sqrt(x))
    to its raw value. ``osum`` is ``alg.total`` and ``oall`` is ``alg.all`` of the body at every
    outcome y in 0..size-1, in order: the same terms the vocabulary builds on concrete rows."""
    memo: dict[tuple[int, int], Any] = {}
    work = 0

    def ev(n: Node, y: int) -> Any:
        nonlocal work
        if n.op in BINDERS:
            y = -1  # a binder's value does not depend on the enclosing outcome
        key = (id(n), y)
        if key in memo:
            return memo[key]
        work += 1
        op, args = n.op, n.args
        result: Any
        if op == "const":
            result = alg.const(args[0])
        elif op == "param":
            result = values[args[0]]
        elif op == "entry":
            if y < 0:
                raise OutcomeAccess("an outcome entry outside every binder")
            result = objects[args[0]][args[1]][y]
        elif op == "fixed":
            result = objects[args[0]][args[1]][args[2]]
        elif op in BINDERS:
            body = args[0]
            terms = [ev(body, c) for c in range(size)]
            result = alg.total(terms) if op == "osum" else alg.all(terms)
        else:
            result = _OPERATIONS[op](alg, [ev(a, y) for a in args])
        memo[key] = result
        return result

    value = ev(root, -1)
    return value, work


_OPERATIONS: dict[str, Callable[[Any, list[Any]], Any]] = {
    "add": lambda alg, a: a[0] + a[1],
    "sub": lambda alg, a: a[0] - a[1],
    "mul": lambda alg, a: a[0] * a[1],
    "neg": lambda alg, a: -a[0],
    "pos": lambda alg, a: alg.pos(a[0]),
    "total": lambda alg, a: alg.total(a),
    "max": lambda alg, a: alg.maximum(a),
    "min": lambda alg, a: alg.minimum(a),
    "div": lambda alg, a: alg.div(a[0], a[1]),
    "log": lambda alg, a: alg.log(a[0]),
    "le": lambda alg, a: alg.le(a[0], a[1]),
    "lt": lambda alg, a: alg.lt(a[0], a[1]),
    "eq": lambda alg, a: alg.eq(a[0], a[1]),
    "all": lambda alg, a: alg.all(a),
    "any": lambda alg, a: alg.any(a),
    "not": lambda alg, a: alg.not_(a[0]),
    "ite": lambda alg, a: alg.ite(a[0], a[1], a[2]),
}

_INFIX = {"add": "+", "sub": "-", "mul": "*", "div": "/", "le": "<=", "lt": "<", "eq": "=="}


def render(node: Node, depth: int = 0) -> str:
    """A readable one-line form: ``sum_y pos(p0[y] - E*p1[y]) <= delta``. Deep trees are cut."""
    if depth > 12:
        return "..."
    op, args = node.op, node.args
    if op == "const":
        return str(args[0])
    if op == "param":
        return str(args[0])
    if op == "entry":
        return f"{args[0]}[{args[1]}][y]"
    if op == "fixed":
        return f"{args[0]}[{args[1]}][{args[2]}]"
    inner = [render(a, depth + 1) for a in args]
    if op in _INFIX:
        return f"({inner[0]} {_INFIX[op]} {inner[1]})"
    if op == "neg":
        return f"-{inner[0]}"
    if op == "osum":
        return f"sum_y {inner[0]}"
    if op == "oall":
        return f"forall y: {inner[0]}"
    if op == "total":
        return "(" + " + ".join(inner) + ")" if inner else "0"
    if op in ("all", "any"):
        joiner = " & " if op == "all" else " | "
        return "(" + joiner.join(inner) + ")" if inner else str(op == "all")
    return f"{op}({', '.join(inner)})"
