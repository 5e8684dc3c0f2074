"""The small-model bound of a formula: how many outcomes a counterexample needs at most.

Setting (see docs/search.md, "Every finite alphabet"). A formula (:mod:`dpproofs.formula`)
quantifies over m rows of probability distributions on a common finite set X of outcomes (the
rows of every size-axis object), over parameters and over objects of fixed size (together: theta).
Column x is c_x = (row_1(x), ..., row_m(x)). The formula is a Boolean combination of

* sum atoms: any relation between theta and sums S_j = sum_x g_j(c_x) (``osum`` nodes), where
  g_j is positively homogeneous of degree 1: g(l c) = l g(c) for l > 0, and g(0) = 0;
* families U = "for all x: phi(c_x)" (``oall`` nodes), phi scale-invariant: phi(l c) = phi(c).

**Theorem (small model).** With K distinct sums and e families that occur positively (or inside
a value) in the claim, a counterexample on any finite X gives one on at most

    N* = m + K + max(e - 1, 1)   if e >= 1,          N* = m + K   if e = 0

outcomes. Proof: drop the zero columns (they add 0 to every sum), except one zero column if it
is the only witness of a false family (all zero columns are alike, so one serves every such
family). Keep one violating column w for each false positive family. The polytope
{l >= 0 : sum_x l_x c_x = (1, ..., 1), sum_x l_x g_j(c_x) = S_j, l_w = 1 (kept witnesses but
one, w0)} over the nonzero columns is bounded and contains l = (1, ..., 1); a vertex v with
v_w0 > 0 has at most m + K + (witnesses - 1) nonzero entries. The columns v_x c_x (x in the
support) are distributions again, every sum keeps its value (homogeneity), every column keeps
its predicates (scale invariance), false families keep a witness, true families stay true on a
subset, and families that occur only negatively can only become true, which keeps the claim
false. Counting the zero column: N* as above. (The design note's m + K + e - 1 misses the case
where the only witness is a zero column: "p_y + q_y > 0 for all y" with K = 0, e = 1 needs
3 outcomes against a hypothesis on 2 rows.)

**Splitting.** A counterexample on n outcomes gives one on every N >= n (replace a nonzero
column c by c/2, c/2). So "no counterexample on N* outcomes" (z3 unsat at N*) proves the claim
for every finite alphabet, and so does unsat at any size >= N*.

**Merging (no sums).** When K = 0, every family occurs with one polarity, and every family that
occurs negatively is closed under adding columns (a conjunction of linear homogeneous
comparisons such as p_y <= e^eps q_y), N* = e + 1: keep one violating outcome per false positive
family and replace all the others by their sum. Negative families stay true (closure), positive
ones can only become false, and no rescaling is needed (zero columns included).

**Conjuncts.** For claim = C_1 and ... and C_k (also H => C_1 and ... and C_k), a counterexample
falsifies some C_i: N* is the maximum of the parts' bounds, each counting its own sums and
families.

What is checked here, from the formula alone: sums have degree-1 bodies without a division by,
or a logarithm of, anything that depends on the outcome (so g(0) = 0 is a plain value); family
bodies are comparisons of equal degree (scale-invariant); outcome entries never meet an
additive constant. Anything else: :class:`Opaque`, and the verdict stays bounded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dpproofs.formula import Node, render

ANY = "any"  # the degree of a literal 0: homogeneous of every degree
TRUTH = "truth"  # a scale-invariant truth value

_UNIFORM = frozenset({"add", "sub", "total", "max", "min", "neg", "pos"})
_CONNECTIVES = frozenset({"all", "any", "not"})
_COMPARISONS = frozenset({"le", "lt", "eq"})


@dataclass(frozen=True)
class Part:
    """One conjunct's rows (m: the size-axis rows it mentions), sums (K of them), positive
    families (e) and bound."""

    sums: tuple[str, ...]
    families: tuple[str, ...]
    bound: int
    rows: int


@dataclass(frozen=True)
class ShapeReport:
    """The small-model bound N* of a formula and what it was computed from."""

    rows: int  # m: every size-axis row of the claim
    parts: tuple[Part, ...]

    @property
    def bound(self) -> int:
        return max(p.bound for p in self.parts)

    def lines(self) -> list[str]:
        """The certificate: m, and per conjunct K, e, N* with the sums and families."""
        out = [f"small-model theorem: m = {self.rows} rows, N* = {self.bound}"]
        for i, part in enumerate(self.parts, 1):
            out.append(
                f"part {i}: m = {part.rows} rows, K = {len(part.sums)} sums, "
                f"e = {len(part.families)} families, N* = {part.bound}"
            )
            out.extend(f"  sum: {s}" for s in part.sums)
            out.extend(f"  family: {f}" for f in part.families)
        return out


@dataclass(frozen=True)
class Opaque:
    """Why the formula is not of the shape the theorem covers."""

    reason: str


def analyse(root: Node, rows: int) -> ShapeReport | Opaque:
    """The small-model bound of ``root`` over ``rows`` size-axis rows (see the module docstring)."""
    for binder in _binders(root):
        problem = _check_binder(binder)
        if problem:
            return Opaque(f"{problem} in {_short(binder)}")
    parts = []
    for conjunct in conjuncts(root):
        sums, families, merge = _count(conjunct)
        e = len(families)
        # A conjunct that mentions m' of the m rows is false on some alphabet iff its m' rows
        # are (the others are free): its bound counts m' (all rows of a size-axis object alike).
        m = min(rows, len(rows_of(conjunct)))
        bound = m + len(sums) + (max(e - 1, 1) if e else 0)
        if merge:
            bound = min(bound, e + 1)
        bound = max(bound, 1)
        parts.append(
            Part(tuple(_short(s) for s in sums), tuple(_short(f) for f in families), bound, m)
        )
    return ShapeReport(rows, tuple(parts))


def rows_of(node: Node) -> frozenset[tuple[str, int]]:
    """The size-axis rows (object, row) whose entries ``node`` mentions (in any binder)."""
    return frozenset(tuple(n.args[:2]) for n in _walk(node) if n.op == "entry")


def _short(node: Node) -> str:
    text = render(node)
    return text if len(text) <= 160 else text[:157] + "..."


def _walk(root: Node) -> list[Node]:
    """Every distinct node reachable from ``root`` (binder bodies included)."""
    seen: dict[int, Node] = {}
    stack = [root]
    while stack:
        n = stack.pop()
        if id(n) in seen:
            continue
        seen[id(n)] = n
        stack.extend(n.children())
    return list(seen.values())


def _binders(root: Node) -> list[Node]:
    unique: dict[Node, None] = {}
    for n in _walk(root):
        if n.op in ("osum", "oall"):
            unique.setdefault(n)
    return list(unique)


def _check_binder(binder: Node) -> str:
    """'' when the binder's body has the required degree, else what is wrong."""
    body = binder.args[0]
    degrees: dict[int, Any] = {}
    in_sum = binder.op == "osum"

    def deg(n: Node) -> Any:
        key = id(n)
        if key not in degrees:
            degrees[key] = _degree(n, deg, in_sum)
        return degrees[key]

    got = deg(body)
    if isinstance(got, str) and got.startswith("!"):
        return got[1:]
    if in_sum and got not in (1, ANY):
        return f"a sum whose term has degree {got} in the outcome's entries (needs 1)"
    if not in_sum and got != TRUTH:
        return "a condition on every outcome that is not scale-invariant"
    return ""


def _depends(n: Node) -> bool:
    """True when n mentions the generic outcome of its binder (inner binders are closed)."""
    if n.op == "entry":
        return True
    if n.op in ("osum", "oall"):
        return False
    return any(_depends(a) for a in n.children())


def _unify(values: list[Any]) -> Any:
    for v in values:
        if isinstance(v, str) and v.startswith("!"):
            return v
    kinds = {v for v in values if v != ANY}
    if not kinds:
        return ANY
    if len(kinds) == 1:
        return kinds.pop()
    return "!entries of different degrees added or compared (not homogeneous)"


def _degree(n: Node, deg: Any, in_sum: bool) -> Any:
    """The homogeneity degree of n in the generic outcome's entries ('!reason' when none)."""
    op, args = n.op, n.args
    if op == "const":
        return ANY if args[0] == 0 else 0
    if op in ("param", "fixed", "osum"):
        return 0
    if op == "oall":
        return TRUTH
    if op == "entry":
        return 1
    sub = [deg(a) for a in n.children()]
    bad = next((d for d in sub if isinstance(d, str) and d.startswith("!")), None)
    if bad:
        return bad
    if op in _UNIFORM:
        if TRUTH in sub:
            return "!a truth value used as a number"
        return _unify(sub)
    if op == "mul":
        if TRUTH in sub:
            return "!a truth value used as a number"
        return ANY if ANY in sub else sub[0] + sub[1]
    if op == "div":
        if sub[1] == ANY:
            return "!a division by 0"
        if in_sum and _depends(args[1]):
            return "!a division by an outcome's entry inside a sum"
        return ANY if sub[0] == ANY else sub[0] - sub[1]
    if op == "log":
        if in_sum and _depends(args[0]):
            return "!a logarithm of an outcome's entry inside a sum"
        return 0 if sub[0] == 0 else "!a logarithm of a quantity that is not scale-invariant"
    if op in _COMPARISONS:
        got = _unify(sub)
        if got == TRUTH:
            return "!truth values compared as numbers"
        return TRUTH if not (isinstance(got, str) and got.startswith("!")) else got
    if op in _CONNECTIVES:
        return TRUTH if all(d == TRUTH for d in sub) else "!a number used as a truth value"
    if op == "ite":
        if sub[0] != TRUTH:
            return "!an if-then-else whose condition is not scale-invariant"
        return _unify(sub[1:])
    return f"!the operation {op}"


def conjuncts(root: Node) -> list[Node]:
    """root = C_1 and ... and C_k, distributing one level of (not H) or (C_1 and C_2)."""
    if root.op == "all":
        return [c for a in root.args for c in conjuncts(a)]
    if root.op == "any":
        for i, a in enumerate(root.args):
            if a.op == "all" and len(a.args) > 1:
                rest = root.args[:i] + root.args[i + 1 :]
                return [c for b in a.args for c in conjuncts(Node("any", (*rest, b)))]
    return [root]


def _count(conjunct: Node) -> tuple[list[Node], list[Node], bool]:
    """(distinct sums, distinct families that occur positively or inside a value, whether
    the merging theorem applies: no sums, every family of one polarity, and every family that
    occurs negatively closed under adding columns)."""
    sums: dict[Node, None] = {}
    polarity: dict[Node, set[int]] = {}
    seen: set[tuple[int, int]] = set()
    stack: list[tuple[Node, int]] = [(conjunct, 1)]
    while stack:
        n, sign = stack.pop()
        if (id(n), sign) in seen:
            continue
        seen.add((id(n), sign))
        if n.op == "osum":
            sums.setdefault(n)
        if n.op == "oall":
            polarity.setdefault(n, set()).add(sign)
        if n.op in ("all", "any"):
            stack.extend((a, sign) for a in n.args)
        elif n.op == "not":
            stack.append((n.args[0], -sign))
        else:
            stack.extend((a, 0) for a in n.children())  # inside a value or a body: both ways
    families = [f for f, signs in polarity.items() if signs != {-1}]
    merge = not sums and all(
        signs == {1} or (signs == {-1} and _closed_under_addition(f.args[0]))
        for f, signs in polarity.items()
    )
    return list(sums), families, merge


def _closed_under_addition(body: Node) -> bool:
    """True when phi(c) and phi(c') imply phi(c + c'): a conjunction of comparisons between
    expressions linear in the outcome's entries (coefficients free of the outcome)."""
    if body.op == "all":
        return all(_closed_under_addition(a) for a in body.args)
    if body.op in _COMPARISONS:
        return all(_linear(a) for a in body.args)
    return False


def _linear(n: Node) -> bool:
    """n(c) is linear in the entries: n(c + c') = n(c) + n(c') (0 counts as linear)."""
    if not _depends(n):
        return n.op == "const" and n.args[0] == 0
    if n.op == "entry":
        return True
    if n.op in ("add", "sub", "total", "neg"):
        return all(_linear(a) for a in n.args)
    if n.op == "mul":
        a, b = n.args
        return (_linear(a) and not _depends(b)) or (_linear(b) and not _depends(a))
    if n.op == "div":
        return _linear(n.args[0]) and not _depends(n.args[1])
    return False
