"""Mutations of a search claim (:class:`~dpproofs.search.forall.SearchClaim`).

When the claim has a formula (:mod:`dpproofs.formula`), its mutants are, in this order:

* each distinct constant c != 0 (a ``const`` node) replaced by c (1 -+ 1/1000), c (1 -+ 1/10);
* each distinct relation flipped (a <= b to b <= a, a < b to b < a) and made strict (a <= b to
  a < b); equalities are left alone;
* each implication ``(not a) or b`` (how the vocabulary writes a => b) replaced by b;
* each parameter domain widened (finite ends moved outward by 10% of the width, of
  max(|end|, 1) when unbounded above; a pinned value or a ``log_of`` point stays).

A claim without a formula (its predicate is plain Python) gets only the domain mutants.

A mutant is a new SearchClaim whose formula is the mutated one (set as the claim's traced
formula, so every interpretation the engine uses evaluates it) and whose predicate interprets
that same formula in whatever algebra it is given: the rechecker's witness replay and the
sampling judge call the predicate, in their own algebra, and see the mutant too.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from dataclasses import replace
from fractions import Fraction
from typing import Any

from dpproofs.formula import LEAVES, Node, interpret
from dpproofs.search.domains import Interval
from dpproofs.search.forall import SearchClaim
from dpproofs.search.objects import Mechanism
from dpproofs.search.trace import Traced
from dpproofs.soundness.scalar import FACTORS, factor_text

Edit = tuple[str, str, str, Callable[[], SearchClaim]]


def unique_nodes(root: Node) -> list[Node]:
    """Every distinct node of the formula (a DAG), parents first, children in order."""
    seen: dict[Node, None] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen[node] = None
        stack.extend(reversed(node.children()))
    return list(seen)


def substitute(root: Node, old: Node, new: Node) -> Node:
    """``root`` with every occurrence of ``old`` replaced by ``new``."""
    memo: dict[int, Node] = {}

    def walk(node: Node) -> Node:
        if node == old:
            return new
        if node.op in LEAVES:
            return node
        key = id(node)
        if key not in memo:
            args = tuple(walk(a) for a in node.args)
            same = all(a is b for a, b in zip(args, node.args, strict=True))
            memo[key] = node if same else Node(node.op, args)
        return memo[key]

    return walk(root)


def is_implication(node: Node) -> bool:
    return (
        node.op == "any"
        and len(node.args) == 2
        and isinstance(node.args[0], Node)
        and node.args[0].op == "not"
    )


def widened(domain: Interval) -> Interval | None:
    """The domain with finite ends moved outward by a tenth of the width (None: no-op)."""
    if domain.exp_value is not None or domain.pinned:
        return None
    if domain.hi is None:
        step = max(abs(domain.lo), Fraction(1)) / 10
        return Interval(domain.lo - step, None, domain.lo_open)
    step = (domain.hi - domain.lo) / 10
    return Interval(domain.lo - step, domain.hi + step, domain.lo_open)


def formula_predicate(claim: SearchClaim, root: Node) -> Callable[..., Any]:
    """A predicate with ``claim``'s arguments that evaluates ``root`` in the algebra it is given."""
    q = claim.quantifier
    kinds = dict(q.objects)
    axis = claim.formula.axis_rows[0][0]
    params = {name for name, _ in q.params}

    def predicate(*args: Any) -> Any:
        env = dict(zip(claim.arguments, args, strict=True))
        alg = env["alg"]
        objects: dict[str, Any] = {}
        for name in kinds:
            value = env.get(name)
            if value is None:
                continue
            if isinstance(value, Mechanism):
                objects[name] = [list(r) for r in value.rows]
            elif value and not isinstance(value[0], list | tuple):
                objects[name] = [list(value)]  # a distribution: one row
            else:
                objects[name] = [list(r) for r in value]
        size = len(objects[axis][0])
        values = {k: v for k, v in env.items() if k != "alg" and (k in params or k not in kinds)}
        return interpret(root, alg, size, objects, values)[0]

    predicate.__signature__ = inspect.signature(claim.predicate)  # type: ignore[attr-defined]
    predicate.__module__ = __name__
    return predicate


def with_formula(claim: SearchClaim, root: Node, quantifier: Any = None) -> SearchClaim:
    """``claim`` with the formula ``root`` (and ``quantifier``, when given)."""
    traced = claim.formula
    mutant = SearchClaim(quantifier or claim.quantifier, formula_predicate(claim, root), claim.says)
    mutant.__dict__["formula"] = Traced(root, traced.reason, traced.axis_rows)
    return mutant


def with_domain(claim: SearchClaim, name: str, domain: Interval) -> SearchClaim:
    q = claim.quantifier
    params = tuple((n, domain if n == name else d) for n, d in q.params)
    quantifier = replace(q, params=params)
    root = claim.formula.root
    if root is None:
        return SearchClaim(quantifier, claim.predicate, claim.says)
    return with_formula(claim, root, quantifier)


def edits(claim: SearchClaim) -> Iterator[Edit]:
    """Every mutation of ``claim`` (see the module docstring), lazily built."""
    root = claim.formula.root
    if root is not None:
        yield from _formula_edits(claim, root)
    for name, domain in claim.quantifier.params:
        wider = widened(domain)
        if wider is None:
            continue

        def build(name: str = name, wider: Interval = wider) -> SearchClaim:
            return with_domain(claim, name, wider)

        yield f"widen {name}", "widen domain", f"{name} in {domain} -> {wider}", build


def _formula_edits(claim: SearchClaim, root: Node) -> Iterator[Edit]:
    nodes = unique_nodes(root)
    consts = list(dict.fromkeys(n for n in nodes if n.op == "const" and n.args[0] != 0))
    for index, node in enumerate(consts, start=1):
        value = node.args[0]
        for factor in FACTORS:
            new = Node("const", (value * factor,))

            def build(node: Node = node, new: Node = new) -> SearchClaim:
                return with_formula(claim, substitute(root, node, new))

            yield f"const {index} {factor_text(factor)}", "constant", f"{value} -> {new}", build
    rels = [n for n in nodes if n.op in ("le", "lt")]
    for index, node in enumerate(rels, start=1):
        a, b = node.args
        changes = [("flip", Node(node.op, (b, a)))]
        if node.op == "le":
            changes.append(("strict", Node("lt", (a, b))))
        for operator, new in changes:

            def build(node: Node = node, new: Node = new) -> SearchClaim:
                return with_formula(claim, substitute(root, node, new))

            yield f"{operator} rel {index}", operator, _short(node, new), build
    implications = [n for n in nodes if is_implication(n)]
    for index, node in enumerate(implications, start=1):

        def dropped(node: Node = node) -> SearchClaim:
            return with_formula(claim, substitute(root, node, node.args[1]))

        yield (
            f"drop antecedent {index}",
            "drop antecedent",
            _cut(f"drops {node.args[0].args[0]!r}"),
            dropped,
        )


def _cut(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _short(old: Node, new: Node) -> str:
    return _cut(f"{old!r} -> {new!r}")
