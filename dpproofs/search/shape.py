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

**Growth** (:mod:`dpproofs.search.growth`). A counterexample on n outcomes gives one on every
N >= n by splitting a nonzero column c into c/2, c/2 when every condition on every event that
is not affine in the masses occurs only positively, or by padding with a zero column when every
family that occurs negatively (or inside a value) holds at the zero column. When some part
grows by one of them, z3 unsat at one size >= N* proves the claim for every finite alphabet.
When no operation is proved valid for a part, nothing is assumed: every size from 1 to N* must
be unsat (:meth:`ShapeReport.needs`). Each part names its growth rule and the precondition
checked in the certificate.

**Merging (no sums).** When K = 0, every family occurs with one polarity, and every family that
occurs negatively is closed under adding columns (a conjunction of linear homogeneous
comparisons such as p_y <= e^eps q_y), N* = e + 1: keep one violating outcome per false positive
family and replace all the others by their sum. Negative families stay true (closure), positive
ones can only become false, and no rescaling is needed (zero columns included).

**Conjuncts.** For claim = C_1 and ... and C_k (also H => C_1 and ... and C_k), a counterexample
falsifies some C_i: N* is the maximum of the parts' bounds, each counting its own sums and
families. "For every event A: C_1(A) and C_2(A)" is split the same way.

**Events** (``eall`` nodes: "for every set A of outcomes: psi(P_1(A), ..., P_k(A))", with
P(A) = sum_{x in A} p_x). Two readings, both sums of the theorem above:

* affine: psi is a conjunction of comparisons L(A) + b <= 0 (or < 0), L linear in the masses
  with coefficients free of the outcomes. Lemma (separable maximum): max_A L(A) =
  sum_x (l_x)^+, where l_x = L's coefficients applied to column x (for every A,
  sum_{x in A} l_x <= sum_{x in A} (l_x)^+ <= sum_x (l_x)^+, and A = {x : l_x > 0} attains
  it). So "for every A: L(A) + b <= 0" is the sum atom sum_x (l_x)^+ <= -b, and its column
  function is homogeneous of degree 1: one sum per comparison, whatever the polarity;
* marks: in any other body, an event that occurs only positively is false in a counterexample
  at some event A; A is a 0/1 mark on the columns, and the masses P_j(A) = sum_x [x in A] p_jx
  are sums of degree 1 (marks travel with their columns): one sum per row whose mass the body
  reads. The reduced instance keeps A' = A restricted to the kept columns, with the same masses.

**Fewer sums: linear forms.** A sum sum_x pos(l(c_x)) with l linear in the column is identified
by l up to its sign: sum_x pos(-l) = sum_x pos(l) - sum_x l, and sum_x l(c_x) = sum_r a_r is
fixed by the normalisation (every row sums to 1), so keeping one keeps the other. Total
variation in both directions, and an event's affine comparison with the hockey-stick sum of the
same pair, are then one sum.

**Fewer sums: a monotone sum.** If some sum S occurs only as a side of comparisons of fixed
polarity, all moving the claim's truth the same way as S grows, drop S's row from the polytope
and optimise sum_x l_x g_S(c_x) in the direction that keeps the claim false, with every witness
fixed (l_w = 1). An optimal vertex has at most m + (K - 1) + e nonzero entries (witnesses
counted), the other sums and the witnesses are kept and S moves harmlessly:

    N* = m + K - 1 + e.

**Merging (no sums, events allowed).** When no sum over outcomes occurs, every family occurs
with one polarity and the families that occur negatively are closed under adding columns,
merge columns instead of rescaling them: keep one violating column per false positive family
(e) and merge the other columns into the cells of the events that falsify the k event
conditions occurring positively (at most 2^k cells). A merged instance has as its events the
unions of cells, which are events of the original with the same masses: a condition on every
event that held still holds, a falsifying event is still one. N* = e + 2^k (e + 1 without
events).

**Zero sums.** sum_x pos(l_x) <= 0 holds iff l_x <= 0 at every x: such an atom is read as the
family "for every x: l_x <= 0" (pure DP written as (eps, 0)-DP).

**Sum identity.** Sums, families, events and marks are identified by structure (structurally
equal formula nodes, :func:`dpproofs.search.linear.structure`), never by rendered text: the
renderer cuts deep trees, and two different sums rendered alike would be counted once.

What is checked here, from the formula alone: sums have degree-1 bodies without a division by,
or a logarithm of, anything that depends on the outcome (so g(0) = 0 is a plain value); family
bodies are comparisons of equal degree (scale-invariant); outcome entries never meet an
additive constant (:mod:`dpproofs.search.degrees`); an event's condition is affine in the
masses (:mod:`dpproofs.search.linear`), or occurs only positively.
Anything else: :class:`Opaque`, and the verdict stays bounded.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass

from dpproofs import lifted as text
from dpproofs.formula import LEAVES, Node, const, nodes, render
from dpproofs.search.degrees import check_binder, closed_under_addition
from dpproofs.search.growth import Growth, growth
from dpproofs.search.linear import event_sums, sum_key


@dataclass(frozen=True)
class Part:
    """One conjunct's rows (m: the size-axis rows it mentions), sums (K of them), positive
    families (e), conditions on every event that occur positively (k), the rule that gave its
    bound ("sums": m + K + max(e - 1, 1) or m + K; "monotone": m + K - 1 + e; "merge":
    e + 2^k) and the bound."""

    sums: tuple[str, ...]
    families: tuple[str, ...]
    bound: int
    rows: int
    rule: str = "sums"
    events: int = 0
    growth: Growth = Growth.NONE
    growth_why: str = ""


@dataclass(frozen=True)
class ShapeReport:
    """The small-model bound N* of a formula and what it was computed from."""

    rows: int  # m: every size-axis row of the claim
    parts: tuple[Part, ...]

    @property
    def bound(self) -> int:
        return max(p.bound for p in self.parts)

    @property
    def grows(self) -> bool:
        """True when every part's counterexamples grow to every larger size (splitting or
        padding, preconditions checked): then unsat at one size >= N* proves every size."""
        return all(p.growth is not Growth.NONE for p in self.parts)

    def needs(self, covered: Iterable[int]) -> list[int]:
        """The sizes still to find unsat before "no counterexample on any finite alphabet"
        follows. The claim is false iff some part is, on at most the part's bound N_i outcomes
        (the theorem), and the claim's unsat at n is every part's. A part that grows needs one
        unsat size >= N_i (N_i when there is none); a part that does not needs every size from
        1 to N_i (its counterexample need not grow to the sizes searched). Once nothing is
        needed, some unsat size is >= N* (the largest part's rule gives it)."""
        done = set(covered)
        out: set[int] = set()
        for part in self.parts:
            if part.growth is Growth.NONE:
                out.update(n for n in range(1, part.bound + 1) if n not in done)
            elif not any(n >= part.bound for n in done):
                out.add(part.bound)
        return sorted(out)

    def unsat_line(self, covered: Iterable[int], size_name: str) -> str:
        """The certificate line saying which unsat sizes the lifting rests on."""
        unsat = min(n for n in set(covered) if n >= self.bound)
        stuck = [p.bound for p in self.parts if p.growth is Growth.NONE]
        return text.unsat_line(unsat, self.bound, size_name, max(stuck) if stuck else None)

    def lines(self) -> list[str]:
        """The certificate: m, and per conjunct K, e, N* with the sums and families, and the
        growth rule with its checked precondition (the text: :mod:`dpproofs.lifted`, which
        ``dpproofs recheck`` compares with the small-model record)."""
        out = [text.head_line(self.rows, self.bound)]
        for i, part in enumerate(self.parts, 1):
            out.append(
                text.part_line(
                    i, part.rows, len(part.sums), len(part.families), part.bound, part.rule
                )
            )
            out.append(text.growth_line(part.growth.name.lower(), part.growth_why))
            out.extend(text.sum_line(s) for s in part.sums)
            out.extend(text.family_line(f) for f in part.families)
        return out


@dataclass(frozen=True)
class Opaque:
    """Why the formula is not of the shape the theorem covers."""

    reason: str


def analyse(root: Node, rows: int) -> ShapeReport | Opaque:
    """The small-model bound of ``root`` over ``rows`` size-axis rows (see the module docstring)."""
    root = zero_sums_as_families(root)
    for binder in _binders(root):
        problem = check_binder(binder)
        if problem:
            return Opaque(f"{problem} in {_short(binder)}")
    parts = []
    for conjunct in conjuncts(root):
        counted = _count(conjunct)
        if isinstance(counted, Opaque):
            return counted
        # A conjunct that mentions m' of the m rows is false on some alphabet iff its m' rows
        # are (the others are free): its bound counts m' (all rows of a size-axis object alike).
        m = min(rows, len(rows_of(conjunct)))
        parts.append(counted.part(m))
    return ShapeReport(rows, tuple(parts))


def rows_of(node: Node) -> frozenset[tuple[str, int]]:
    """The size-axis rows (object, row) whose entries or event masses ``node`` mentions (in any
    binder)."""
    return frozenset(tuple(n.args[:2]) for n in nodes(node) if n.op in ("entry", "emass"))


def _short(node: Node) -> str:
    return text.short(render(node))


def _binders(root: Node) -> list[Node]:
    unique: dict[Node, None] = {}
    for n in nodes(root):
        if n.op in ("osum", "oall"):
            unique.setdefault(n)
    return list(unique)


def conjuncts(root: Node) -> list[Node]:
    """root = C_1 and ... and C_k, distributing one level of (not H) or (C_1 and C_2), and
    "for every event: C_1 and C_2" as (for every event: C_1) and (for every event: C_2)."""
    parts = _conjunction(root)
    if parts is not None:
        return [c for a in parts for c in conjuncts(a)]
    if root.op == "any":
        for i, a in enumerate(root.args):
            split = _conjunction(a)
            if split is not None and len(split) > 1:
                rest = root.args[:i] + root.args[i + 1 :]
                return [c for b in split for c in conjuncts(Node("any", (*rest, b)))]
    return [root]


def _conjunction(node: Node) -> tuple[Node, ...] | None:
    if node.op == "all":
        return node.args
    if node.op == "eall" and node.args[0].op == "all":
        return tuple(Node("eall", (b,)) for b in node.args[0].args)
    return None


def zero_sums_as_families(root: Node) -> Node:
    """root with every atom sum_x pos(l_x) <= 0 (or 0 = sum_x pos(l_x)) read as "for every x:
    l_x <= 0" (a sum of nonnegative terms is at most 0 iff every term is 0)."""
    memo: dict[int, Node] = {}

    def zero(n: Node) -> bool:
        return n.op == "const" and n.args[0] == 0

    def positive_sum(n: Node) -> bool:
        return n.op == "osum" and n.args[0].op == "pos"

    def family(osum: Node) -> Node:
        return Node("oall", (Node("le", (osum.args[0].args[0], const(0))),))

    def walk(n: Node) -> Node:
        if id(n) in memo:
            return memo[id(n)]
        out = n
        a = n.args
        if n.op in ("le", "eq") and positive_sum(a[0]) and zero(a[1]):
            out = family(a[0])
        elif n.op == "eq" and zero(a[0]) and positive_sum(a[1]):
            out = family(a[1])
        elif n.op not in LEAVES:
            args = tuple(walk(c) for c in a)
            if any(x is not y for x, y in zip(args, a, strict=True)):
                out = Node(n.op, args)
        memo[id(n)] = out
        return out

    return walk(root)


@dataclass
class _Counted:
    """What one conjunct contains: sum keys (with how each moves the claim), families (with
    their polarities), conditions on every event that occur positively, and whether merging
    applies."""

    sums: dict[Hashable, str]  # key -> what the certificate says of the sum
    directions: dict[Hashable, set[int | None]]
    families: dict[Node, set[int]]
    events: int
    outcome_sums: bool
    unread: str = ""  # an event the sums rule cannot read: only merging applies

    def merges(self) -> bool:
        """No sum over the outcomes, every family of one polarity, the negative ones closed
        under adding columns."""
        return not self.outcome_sums and all(
            signs == {1} or (signs == {-1} and closed_under_addition(f.args[0]))
            for f, signs in self.families.items()
        )

    def part(self, m: int) -> Part:
        k_sums = len(self.sums)
        positive = [f for f, signs in self.families.items() if signs != {-1}]
        e = len(positive)
        bound, rule = m + k_sums + (max(e - 1, 1) if e else 0), "sums"
        monotone = any(len(d) == 1 and None not in d for d in self.directions.values())
        if monotone and m + k_sums - 1 + e < bound:
            bound, rule = m + k_sums - 1 + e, "monotone"
        if self.merges() and (self.unread or e + 2**self.events <= bound):
            bound, rule = e + 2**self.events, "merge"
        grows, why = growth(self.families, self.unread)
        return Part(
            tuple(self.sums.values()),
            tuple(_short(f) for f in positive),
            max(bound, 1),
            m,
            rule,
            self.events,
            grows,
            why,
        )


def _count(conjunct: Node) -> _Counted | Opaque:
    """The sums, families and events of one conjunct, walked with polarities (1: positive,
    -1: negative, 0: inside a value or a binder's body, both ways)."""
    sums: dict[Hashable, str] = {}
    directions: dict[Hashable, set[int | None]] = {}
    families: dict[Node, set[int]] = {}
    events: dict[Node, set[int]] = {}
    outcome_sums = False
    seen: set[tuple[int, int]] = set()
    stack: list[tuple[Node, int]] = [(conjunct, 1)]

    def add_sum(key: Hashable, label: str, direction: int | None) -> None:
        sums.setdefault(key, label)
        directions.setdefault(key, set()).add(direction)

    while stack:
        n, sign = stack.pop()
        if (id(n), sign) in seen:
            continue
        seen.add((id(n), sign))
        if n.op == "osum":
            outcome_sums = True
            add_sum(sum_key(n), _short(n), None)
        elif n.op == "oall":
            families.setdefault(n, set()).add(sign)
        elif n.op == "eall":
            events.setdefault(n, set()).add(sign)
        if n.op in ("all", "any"):
            stack.extend((a, sign) for a in n.args)
        elif n.op == "not":
            stack.append((n.args[0], -sign))
        elif n.op in ("le", "lt") and sign:
            for side, other, grows in ((n.args[0], n.args[1], -1), (n.args[1], n.args[0], 1)):
                key = sum_key(side) if side.op == "osum" else None
                if key is not None and not _mentions(other, key):
                    outcome_sums = True
                    add_sum(key, _short(side), sign * grows)
                    stack.extend((a, 0) for a in side.children())
                else:
                    stack.append((side, 0))
        else:
            stack.extend((a, 0) for a in n.children())  # inside a value or a body: both ways
    positive_events = 0
    unread = ""  # why the sums rule cannot read some event (merging may still apply)
    for event, signs in events.items():
        keys = event_sums(event.args[0])
        if keys is not None:
            # "for every A: L(A) + b <= 0" is "sum_x pos(l_x) <= -b": the claim moves against
            # the sum where the event occurs positively, with it where negatively.
            direction = None if 0 in signs or len(signs) > 1 else -next(iter(signs))
            for key in keys:
                add_sum(key, text.event_sum(_short(event)), direction)
        elif signs == {1}:
            for leaf in sorted({x.args for x in nodes(event) if x.op == "emass"}):
                add_sum(
                    ("mass", event, leaf),
                    text.event_mass(leaf[0], leaf[1], _short(event)),
                    None,
                )
        elif not unread:
            unread = (
                "a condition on every event in a hypothesis (or inside a value) that is not a "
                f"conjunction of comparisons affine in the events' masses: {_short(event)}"
            )
        if signs != {-1}:
            positive_events += 1
    counted = _Counted(sums, directions, families, positive_events, outcome_sums, unread)
    if unread and not counted.merges():
        return Opaque(unread)
    return counted


def _mentions(node: Node, key: Hashable) -> bool:
    """True when ``node`` contains a sum counted as ``key`` (the same sum up to sign)."""
    return any(n.op == "osum" and sum_key(n) == key for n in nodes(node))
