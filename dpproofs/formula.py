"""Search claims as formulas over the outcomes: the same claim at every alphabet size.

A search predicate is Python; Python can look at the number of outcomes (``len(p)``), single one
out (``p[0]``) or enumerate subsets, and then the claim at 5 outcomes is not "the same claim" as
at 3. To say something about EVERY finite alphabet (the small-model theorem,
:mod:`dpproofs.search.shape`), dpproofs needs the claim as one formula in which the alphabet
appears only through two binders:

    outcome_total(rows, g)  =  sum_y g(rows[0][y], ..., rows[m-1][y])      (a sum over outcomes)
    every_outcome(rows, phi) = for all y: phi(rows[0][y], ..., rows[m-1][y])  (a family)

and a third one for claims stated over sets of outcomes (events):

    every_event(rows, psi)  = for all A subset of X: psi(rows[0](A), ..., rows[m-1](A)),
                              row(A) = sum_{y in A} row[y]       (events, the empty set included)

The predicate is run ONCE on :class:`AbstractRow` objects: rows with no length, no entries and
no iteration (each of those raises :class:`OutcomeAccess`). The only way to reach the outcomes is
through the binders of :mod:`dpproofs.outcomes`, which call ``g`` / ``phi`` once, on one generic
outcome (:class:`Node` ``entry`` leaves), and record the result as a ``osum`` / ``oall`` node;
``psi`` is called once on the masses of one generic event (``emass`` leaves) and recorded as an
``eall`` node. The
predicate never sees a size, so the formula it returns is uniform by construction; it is what
dpproofs decides at every size (:func:`interpret`), in every interpretation. A predicate that
touches the outcomes any other way is not a formula: it keeps its per-size meaning, and its
verdicts stay bounded.

Nodes are plain data: ``Node(op, args)``; leaves are ``const`` (a Fraction), ``param`` (a name),
``entry`` (object, row) for the generic outcome of a size-axis object, ``fixed`` (object, row,
column) for an entry of an object of fixed size (a prior over databases, say), and ``emass``
(object, row) for the mass of the generic event under a size-axis row.

**Entries know their binder** (:mod:`dpproofs.binders`): while tracing, a binder's callback
sees ``bentry`` (object, row, binder) leaves, written as ``entry`` when the binder closes; an
entry of another binder inside it is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, NoReturn

from dpproofs.errors import DpProofsError

#: Node operations: leaves, arithmetic, algebra operations, and the binders: a sum over the
#: outcomes, a condition on every outcome, and a condition on every event (set of outcomes).
LEAVES = frozenset({"const", "param", "entry", "fixed", "emass", "bentry", "bemass"})
BINDERS = frozenset({"osum", "oall", "eall"})


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
        self.binders = 0  # binder calls so far: the number of the next one

    def open_binder(self) -> int:
        """A new binder's number (its outcome's entries are ``bentry`` leaves with it)."""
        self.binders += 1
        return self.binders

    def refuse(self, what: str) -> NoReturn:
        if self.refused is None:
            self.refused = what
        raise OutcomeAccess(
            f"{what}: a claim over every alphabet reaches the outcomes only through "
            "dpproofs.outcomes (outcome_total, every_outcome) and the vocabulary"
        )


class OutcomesGuard:
    """No length, no entries, no iteration: what a formula may not do with the outcomes. Each
    refusal is recorded on the trace (so that catching it does not help) and raised."""

    __slots__ = ("trace",)

    def __init__(self, trace: Trace) -> None:
        self.trace = trace

    def _name(self) -> str:
        return repr(self)

    def __len__(self) -> int:
        self.trace.refuse(f"len() of {self._name()}")

    def __getitem__(self, index: Any) -> Any:
        self.trace.refuse(f"{self._name()}[{index!r}] singles out an outcome")

    def __iter__(self) -> Any:
        self.trace.refuse(f"iterating over the outcomes of {self._name()}")

    def __contains__(self, item: Any) -> bool:
        self.trace.refuse(f"`in` on the outcomes of {self._name()}")

    def __reversed__(self) -> Any:
        self.trace.refuse(f"reversed() on the outcomes of {self._name()}")


class AbstractRow(OutcomesGuard):
    """A row of a size-axis object in a formula: no length, no entries, no iteration."""

    __slots__ = ("obj", "row")

    def __init__(self, trace: Trace, obj: str, row: int) -> None:
        super().__init__(trace)
        self.obj, self.row = obj, row

    def _name(self) -> str:
        return self.obj

    def __repr__(self) -> str:
        return f"{self.obj}[{self.row}][y]"


def free_entries(node: Node) -> bool:
    """True when ``node`` mentions the generic outcome outside every sum and condition over the
    outcomes (an event's condition does not bind an outcome)."""
    seen: set[int] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if id(n) in seen:
            continue
        seen.add(id(n))
        if n.op == "bentry":
            return True  # an entry no binder closed: kept out of its binder
        if n.op == "entry":
            return True
        if n.op not in ("osum", "oall"):
            stack.extend(n.children())
    return False


def event_problem(root: Node) -> str:
    """'' when every event mass lies inside the condition of its own event, no event condition
    lies inside another one or inside a sum or condition over the outcomes; else what is wrong.
    (An ``emass`` leaf does not say which event it belongs to, so events are never nested.)"""
    seen: set[tuple[int, bool, bool]] = set()
    stack: list[tuple[Node, bool, bool]] = [(root, False, False)]
    while stack:
        n, in_event, in_outcome = stack.pop()
        if (id(n), in_event, in_outcome) in seen:
            continue
        seen.add((id(n), in_event, in_outcome))
        if n.op == "emass" and not in_event:
            return "an event's mass is used outside 'for every event'"
        if n.op == "bemass":
            return "an event's mass is used outside 'for every event' (of its own event)"
        if n.op == "eall":
            if in_event:
                return "a condition on every event inside another one"
            if in_outcome:
                return "a condition on every event inside a sum or condition over the outcomes"
            stack.append((n.args[0], True, in_outcome))
            continue
        if n.op in ("osum", "oall"):
            stack.extend((a, False, True) for a in n.children())
            continue
        stack.extend((a, in_event, in_outcome) for a in n.children())
    return ""


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
    outcome y in 0..size-1, in order; ``eall`` is ``alg.all`` of the body at every event, in the
    order of :func:`events`, an event's mass under a row being ``alg.total`` of its entries in
    the event: the same terms :mod:`dpproofs.outcomes` builds on concrete rows."""
    memo: dict[tuple[int, int, int], Any] = {}
    work = 0
    every = nodes(root)
    subsets = events(size) if any(n.op == "eall" for n in every) else []
    massive = _mentions_masses(every) if subsets else set()

    def ev(n: Node, y: int, event: int) -> Any:
        nonlocal work
        if n.op in BINDERS:
            y, event = -1, -1  # a binder's value depends on no enclosing outcome or event
        elif event >= 0 and id(n) not in massive:
            event = -1  # the same value at every event: computed once
        key = (id(n), y, event)
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
        elif op == "emass":
            if event < 0:
                raise OutcomeAccess("an event's mass outside 'for every event'")
            row = objects[args[0]][args[1]]
            result = alg.total(row[c] for c in subsets[event])
        elif op == "fixed":
            result = objects[args[0]][args[1]][args[2]]
        elif op == "eall":
            result = alg.all([ev(args[0], -1, k) for k in range(len(subsets))])
        elif op in BINDERS:
            body = args[0]
            terms = [ev(body, c, -1) for c in range(size)]
            result = alg.total(terms) if op == "osum" else alg.all(terms)
        else:
            result = _OPERATIONS[op](alg, [ev(a, y, event) for a in args])
        memo[key] = result
        return result

    value = ev(root, -1, -1)
    return value, work


def events(size: int) -> list[tuple[int, ...]]:
    """Every subset of range(size), the empty set first, as sorted tuples (2^size of them, in
    the order of the binary numbers whose bits they are)."""
    return [tuple(y for y in range(size) if mask >> y & 1) for mask in range(1 << size)]


def _mentions_masses(nodes: list[Node]) -> set[int]:
    """The ids of the nodes that mention an event's mass outside a binder."""
    out: set[int] = set()
    done: set[int] = set()

    def visit(n: Node) -> bool:
        stack = [(n, False)]
        while stack:
            node, expanded = stack.pop()
            if id(node) in done:
                continue
            if node.op == "emass":
                out.add(id(node))
                done.add(id(node))
            elif node.op in BINDERS or node.op in LEAVES:
                done.add(id(node))
            elif expanded:
                if any(id(c) in out for c in node.children()):
                    out.add(id(node))
                done.add(id(node))
            else:
                stack.append((node, True))
                stack.extend((c, False) for c in node.children())
        return id(n) in out

    for node in nodes:
        visit(node)
    return out


def nodes(root: Node) -> list[Node]:
    """Every distinct node reachable from ``root``."""
    seen: dict[int, Node] = {}
    stack = [root]
    while stack:
        n = stack.pop()
        if id(n) not in seen:
            seen[id(n)] = n
            stack.extend(n.children())
    return list(seen.values())


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
    if op == "emass":
        return f"{args[0]}[{args[1]}](A)"
    inner = [render(a, depth + 1) for a in args]
    if op in _INFIX:
        return f"({inner[0]} {_INFIX[op]} {inner[1]})"
    if op == "neg":
        return f"-{inner[0]}"
    if op == "osum":
        return f"sum_y {inner[0]}"
    if op == "oall":
        return f"forall y: {inner[0]}"
    if op == "eall":
        return f"forall A: {inner[0]}"
    if op == "total":
        return "(" + " + ".join(inner) + ")" if inner else "0"
    if op in ("all", "any"):
        joiner = " & " if op == "all" else " | "
        return "(" + joiner.join(inner) + ")" if inner else str(op == "all")
    return f"{op}({', '.join(inner)})"
