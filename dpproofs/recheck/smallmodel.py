"""The rechecker's own shape analysis: m, K, e, k and N* of a recorded formula.

A lifted proof records the formula it analysed as a node table (``formula`` in a ``small-model``
record, docs/json-schema.md). This module reads it back (without the deciders, without
:mod:`dpproofs.formula`) and counts again, with its own code, what the small-model theorem needs
(docs/search.md, "Every finite alphabet"):

* conjuncts: the formula split at "and", at one level of "(not H) or (C_1 and C_2)", and at
  "for every event: C_1 and C_2"; a conjunct's m is the number of size-axis rows it mentions;
* a sum atom ``sum_y pos(l) <= 0`` (or ``= 0``) is the family "for every y: l <= 0";
* K: the distinct sums over the outcomes. Two sums are the same when they are the same node
  (nodes are hash-consed on reading: structure, never rendered text), or when both are
  sum_y pos(l) with l linear in the outcome's entries without a constant term and l1 = +-l2
  (sum pos(-l) = sum pos(l) - sum l, and sum l is fixed by the normalisation of the rows). The
  linear forms are computed by sympy: every quantity free of the entries is a symbol (one per
  distinct node), and l must be a polynomial of degree <= 1 in the entries;
* a condition on every event: affine (a conjunction of comparisons linear in the masses) gives
  one sum per comparison (the sum_y pos of its mass part); otherwise, when it occurs only
  positively, one mass per row it reads (marks); otherwise only merging can apply;
* e: the conditions on every outcome that occur positively (or inside a value); k: the
  conditions on every event that do;
* the bound of the rule: m + K + max(e - 1, 1) (m + K when e = 0); m + K - 1 + e when some sum
  only moves the claim one way (every occurrence a side of a comparison of one polarity, the
  other side free of it); e + 2^k when no sum over the outcomes occurs and every family is
  positive or negative and closed under adding outcomes (a conjunction of comparisons linear in
  the entries, no constant term); the smallest that applies, at least 1. N* is the largest over
  the conjuncts.

Whitelist: what :mod:`.nodetable` does not read (an operation it does not know, a binder inside
a binder's body, a sum's term not homogeneous of degree 1, a family's condition not
scale-invariant) is a reason (:class:`NotRead`), and the certificate is then "not replayed",
never confirmed. Growth (:mod:`.growthrule`): each conjunct's rule (split, pad, none) is read
from the formula and must be the one the record names, part by part; a conjunct with none needs
every size 1..N_i z3 unsat (:func:`reproduce`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy

from dpproofs.recheck import growthrule
from dpproofs.recheck.nodetable import (
    BINDERS,
    LEAVES,
    RELATIONS,
    NotRead,
    Table,
    check_binder,
    read,
)


@dataclass(frozen=True, slots=True)
class PartCount:
    """One conjunct as counted here: its rows m, sums K, positive families e, positive event
    conditions k, the rule that gave its bound and the bound; ``growth``: how a
    counterexample of this conjunct on n outcomes gives one on n + 1 (:mod:`.growthrule`):
    "split" (a nonzero outcome in halves: sums are homogeneous, families scale-invariant, an
    affine event condition is a sum, a falsifying event stays one), "pad" (a zero outcome; when
    a condition on every event that is not affine occurs in a hypothesis, the halves make new
    events that may falsify it, but a zero outcome makes none) or "none"."""

    rows: int
    sums: int
    families: int
    events: int
    rule: str
    bound: int
    growth: str = "split"


def analyse(table: Sequence[Sequence[Any]], rows: int) -> list[PartCount]:
    """Every conjunct of the recorded formula, counted (see the module docstring); NotRead
    when the formula is outside this reading."""
    t, root = read(table)
    root = _zero_sums(t, root)
    for i in t.below(root):
        if t.ops[i] in ("osum", "oall"):
            check_binder(t, i)
        if t.ops[i] == "eall" and any(t.ops[j] == "eall" for j in t.below(t.args[i][0])):
            raise NotRead("a condition on every event inside another")
    return [_Counter(t, c).part(rows) for c in _conjuncts(t, root)]


def _zero_sums(t: Table, root: int) -> int:
    """sum_y pos(l) <= 0 (and = 0) rewritten as "for every y: l <= 0"."""
    zero = t.add("const", (Fraction(0),))
    memo: dict[int, int] = {}

    def positive_sum(i: int) -> bool:
        return t.ops[i] == "osum" and t.ops[t.args[i][0]] == "pos"

    def family(osum: int) -> int:
        inner = t.args[t.args[osum][0]][0]
        return t.add("oall", (t.add("le", (inner, zero)),))

    for i in t.below(root):  # ascending: operands before their users (see read)
        op, a = t.ops[i], t.args[i]
        if op in ("le", "eq") and positive_sum(a[0]) and a[1] == zero:
            memo[i] = family(a[0])
        elif op == "eq" and a[0] == zero and positive_sum(a[1]):
            memo[i] = family(a[1])
        elif op not in LEAVES:
            memo[i] = t.add(op, tuple(memo.get(k, k) for k in a))
        else:
            memo[i] = i
    return memo[root]


def _conjuncts(t: Table, i: int) -> list[int]:
    split = _conjunction(t, i)
    if split is not None:
        return [c for a in split for c in _conjuncts(t, a)]
    if t.ops[i] == "any":
        args = t.args[i]
        for n, a in enumerate(args):
            inner = _conjunction(t, a)
            if inner is not None and len(inner) > 1:
                rest = args[:n] + args[n + 1 :]
                return [c for b in inner for c in _conjuncts(t, t.add("any", (*rest, b)))]
    return [i]


def _conjunction(t: Table, i: int) -> tuple[int, ...] | None:
    if t.ops[i] == "all":
        return t.args[i]
    if t.ops[i] == "eall" and t.ops[t.args[i][0]] == "all":
        return tuple(t.add("eall", (b,)) for b in t.args[t.args[i][0]])
    return None


class _Linear:
    """Linear forms in the outcome's entries (symbols ``c|obj|row``) and an event's masses
    (``m|obj|row``), by sympy; a quantity free of both is a symbol of its node (``o|i``)."""

    def __init__(self, t: Table) -> None:
        self.t = t
        self.memo: dict[int, Any] = {}
        self.reading: dict[int, bool] = {}

    def reads(self, i: int) -> bool:
        """True when node ``i`` mentions an entry or a mass outside every binder."""
        if i not in self.reading:
            op = self.t.ops[i]
            self.reading[i] = op in ("entry", "emass") or (
                op not in BINDERS and any(self.reads(k) for k in self.t.kids(i))
            )
        return self.reading[i]

    def expr(self, i: int) -> Any:
        """Node ``i`` as a sympy expression, None when it is a nonlinear operation of the
        entries or masses."""
        if i not in self.memo:
            self.memo[i] = self._expr(i)
        return self.memo[i]

    def _expr(self, i: int) -> Any:
        op, a = self.t.ops[i], self.t.args[i]
        if op == "const":
            return sympy.Rational(a[0].numerator, a[0].denominator)
        if op in ("entry", "emass"):
            return sympy.Symbol(f"{'m' if op == 'emass' else 'c'}|{a[0]}|{a[1]}")
        if op in ("add", "total", "sub", "neg", "mul") or (op == "div" and not self.reads(a[1])):
            parts = [self.expr(k) for k in a]
            if any(p is None for p in parts):
                return None
            if op in ("add", "total"):
                return sympy.Add(*parts)
            if op == "sub":
                return parts[0] - parts[1]
            if op == "neg":
                return -parts[0]
            return parts[0] * parts[1] if op == "mul" else parts[0] / parts[1]
        return None if self.reads(i) else sympy.Symbol(f"o|{i}")

    def form(self, i: int) -> tuple[dict[str, Any], Any] | None:
        """(coefficient per entry or mass, constant term) of node ``i``; None when the node
        is not of degree <= 1 in them."""
        e = self.expr(i)
        if e is None:
            return None
        columns = sorted((s for s in e.free_symbols if s.name[:2] in ("c|", "m|")), key=str)
        if not columns:
            return {}, sympy.cancel(e)
        try:
            poly = sympy.Poly(sympy.together(e), *columns)
        except sympy.PolynomialError:
            return None
        if poly.total_degree() > 1:
            return None
        coeffs = {c.name: sympy.cancel(poly.coeff_monomial(c).as_expr()) for c in columns}
        constant = sympy.cancel(poly.coeff_monomial(1).as_expr())
        return {k: v for k, v in coeffs.items() if v != 0}, constant

    @staticmethod
    def key(coeffs: dict[str, Any]) -> tuple[Any, ...]:
        """One key for l and -l (masses read as the entries of their rows)."""
        named = {"c|" + k[2:]: v for k, v in coeffs.items()}
        plus = tuple(sorted((k, sympy.srepr(v)) for k, v in named.items()))
        minus = tuple(sorted((k, sympy.srepr(sympy.cancel(-v))) for k, v in named.items()))
        return ("pos", min(plus, minus))


class _Counter:
    """One conjunct's sums, families and events, walked with polarities (1, -1; 0 inside a
    value or a binder's body)."""

    def __init__(self, t: Table, conjunct: int) -> None:
        self.t, self.conjunct, self.lin = t, conjunct, _Linear(t)
        self.sums: dict[Any, set[int | None]] = {}
        self.families: dict[int, set[int]] = {}
        self.events: dict[int, set[int]] = {}
        self.outcome_sums = False
        self.keys: dict[int, Any] = {}
        self._walk()

    def sum_key(self, osum: int) -> Any:
        if osum not in self.keys:
            self.keys[osum] = ("node", osum)
            body = self.t.args[osum][0]
            if self.t.ops[body] == "pos":
                got = self.lin.form(self.t.args[body][0])
                if got is not None and got[0] and got[1] == 0 and all(k[0] == "c" for k in got[0]):
                    self.keys[osum] = self.lin.key(got[0])
        return self.keys[osum]

    def _add(self, key: Any, direction: int | None) -> None:
        self.sums.setdefault(key, set()).add(direction)

    def _mentions(self, node: int, key: Any) -> bool:
        t = self.t
        return any(t.ops[j] == "osum" and self.sum_key(j) == key for j in t.below(node))

    def _walk(self) -> None:
        t, seen = self.t, set()
        stack = [(self.conjunct, 1)]
        while stack:
            i, sign = stack.pop()
            if (i, sign) in seen:
                continue
            seen.add((i, sign))
            op, a = t.ops[i], t.kids(i)
            if op == "osum":
                self.outcome_sums = True
                self._add(self.sum_key(i), None)
            elif op == "oall":
                self.families.setdefault(i, set()).add(sign)
            elif op == "eall":
                self.events.setdefault(i, set()).add(sign)
            if op in ("all", "any"):
                stack.extend((k, sign) for k in a)
            elif op == "not":
                stack.append((a[0], -sign))
            elif op in ("le", "lt") and sign:
                for side, other, grows in ((a[0], a[1], -1), (a[1], a[0], 1)):
                    key = self.sum_key(side) if t.ops[side] == "osum" else None
                    if key is not None and not self._mentions(other, key):
                        self.outcome_sums = True
                        self._add(key, sign * grows)
                        stack.extend((k, 0) for k in t.kids(side))
                    else:
                        stack.append((side, 0))
            else:
                stack.extend((k, 0) for k in a)

    def _event_keys(self, event: int) -> list[Any] | None:
        """The sums of an affine condition on every event, or None."""
        comparisons = self._comparisons(self.t.args[event][0])
        if comparisons is None:
            return None
        keys = []
        for lhs, rhs in comparisons:
            a, b = self.lin.form(lhs), self.lin.form(rhs)
            if a is None or b is None or any(k[0] == "c" for k in {*a[0], *b[0]}):
                return None
            diff = {k: sympy.cancel(a[0].get(k, 0) - b[0].get(k, 0)) for k in {*a[0], *b[0]}}
            diff = {k: v for k, v in diff.items() if v != 0}
            if diff:
                keys.append(self.lin.key(diff))
        return keys

    def _comparisons(self, i: int) -> list[tuple[int, int]] | None:
        t = self.t
        if t.ops[i] == "all":
            out = []
            for k in t.args[i]:
                got = self._comparisons(k)
                if got is None:
                    return None
                out.extend(got)
            return out
        if t.ops[i] in ("le", "lt"):
            return [(t.args[i][0], t.args[i][1])]
        if t.ops[i] == "not" and t.ops[t.args[i][0]] in ("le", "lt"):
            a, b = t.args[t.args[i][0]]
            return [(b, a)]
        return None

    def _closed(self, body: int) -> bool:
        """A conjunction of comparisons of sides linear in the entries, no constant term."""
        t = self.t
        if t.ops[body] == "all":
            return all(self._closed(k) for k in t.args[body])
        if t.ops[body] not in RELATIONS:
            return False
        for side in t.args[body]:
            got = self.lin.form(side)
            if got is None or got[1] != 0:
                return False
        return True

    def part(self, rows: int) -> PartCount:
        t = self.t
        unread, positive_events = "", 0
        for event, signs in sorted(self.events.items()):
            keys = self._event_keys(event)
            if keys is not None:
                direction = None if 0 in signs or len(signs) > 1 else -next(iter(signs))
                for key in keys:
                    self._add(key, direction)
            elif signs == {1}:
                masses = {t.args[j] for j in t.below(event) if t.ops[j] == "emass"}
                for leaf in sorted(masses):
                    self._add(("mass", event, leaf), None)
            else:
                unread = "a condition on every event in a hypothesis that is not affine"
            if signs != {-1}:
                positive_events += 1
        merges = not self.outcome_sums and all(
            signs == {1} or (signs == {-1} and self._closed(t.args[f][0]))
            for f, signs in self.families.items()
        )
        if unread and not merges:
            raise NotRead(unread)
        mentioned = {
            t.args[j][:2] for j in t.below(self.conjunct) if t.ops[j] in ("entry", "emass")
        }
        m, k = min(rows, len(mentioned)), len(self.sums)
        e = sum(1 for signs in self.families.values() if signs != {-1})
        bound, rule = m + k + (max(e - 1, 1) if e else 0), "sums"
        monotone = any(len(d) == 1 and None not in d for d in self.sums.values())
        if monotone and m + k - 1 + e < bound:
            bound, rule = m + k - 1 + e, "monotone"
        if merges and (unread or e + 2**positive_events <= bound):
            bound, rule = e + 2**positive_events, "merge"
        grows = growthrule.rule(t, self.families, unread)
        return PartCount(m, k, e, positive_events, rule, max(bound, 1), grows)


def reproduce(record: Any, rows: int, unsat: Sequence[int] = ()) -> tuple[str, str]:
    """("confirmed" | "failed" | "not replayed", why) for a small-model record (its ``formula``,
    ``n_star``, ``parts``) of a claim with ``rows`` size-axis rows: N* recomputed from the
    formula must not exceed the recorded one; when some conjunct does not split, every size
    1..N* must be among the sizes ``unsat`` (z3 unsat)."""
    if record.formula is None:
        return "not replayed", "the formula is not recorded (K, e and the rule are the record's)"
    try:
        parts = analyse(record.formula, rows)
    except NotRead as exc:
        return "not replayed", f"the recorded formula is outside the rechecker's reading: {exc}"
    except (KeyError, IndexError, ValueError, TypeError, ZeroDivisionError) as exc:
        return "failed", f"the recorded formula is malformed ({type(exc).__name__}: {exc})"
    mine = max(p.bound for p in parts)
    problem = _growth_recorded(record.parts, parts)
    if problem:
        return "failed", problem
    for i, p in enumerate(parts, 1):
        missing = [n for n in range(1, p.bound + 1) if n not in unsat]
        if p.growth == "none" and missing:
            return "not replayed", (
                f"part {i}: a condition on every event that is not affine occurs in a "
                "hypothesis and a hypothesis fails at a zero outcome: neither splitting nor "
                f"padding is justified, and sizes {missing} <= N* = {p.bound} were not searched"
            )
    counted = "; ".join(
        f"part {i}: m = {p.rows}, K = {p.sums}, e = {p.families}, k = {p.events}, {p.rule}: "
        f"{p.bound}, growth {p.growth}"
        for i, p in enumerate(parts, 1)
    )
    if record.n_star < mine:
        return "failed", (
            f"N* = {record.n_star} recorded, but the formula gives N* = {mine} ({counted})"
        )
    larger = f" (the record's N* = {record.n_star} is larger)" if record.n_star > mine else ""
    return "confirmed", f"N* = {mine} recomputed from the formula{larger} ({counted})"


def _growth_recorded(recorded: Sequence[Any], mine: Sequence[PartCount]) -> str:
    """'' when the record names, part by part, the growth rule, m, K, e, k and the bound's
    rule read here from its formula; else the first difference. Recorded parts (``parts`` of
    the record) must be one per conjunct read here (a part listed twice, or one missing, is
    a difference); none recorded: nothing to compare."""
    if not recorded:
        return ""
    if len(recorded) != len(mine):
        return f"the record lists {len(recorded)} parts; its formula has {len(mine)} conjuncts"
    for i, (theirs, p) in enumerate(zip(recorded, mine, strict=True), 1):
        if theirs.growth != p.growth:
            said = "no growth rule" if theirs.growth is None else f"growth {theirs.growth!r}"
            return f"part {i} records {said}; its formula gives {p.growth!r}"
        rule = "merge" if theirs.merged else "monotone" if theirs.monotone else "sums"
        said_counts = (theirs.rows, theirs.sums, theirs.families, theirs.events, rule)
        counted = (p.rows, p.sums, p.families, p.events, p.rule)
        if theirs.rows is not None and said_counts != counted:
            return (
                f"part {i} records (m, K, e, k, rule) = {said_counts}; its formula gives {counted}"
            )
    return ""


def refinement_precondition(table: Sequence[Sequence[Any]], inner: set[str]) -> str:
    """'' when a refinement claim's recorded formula "(not H(b)) or C", b the inner objects as
    fixed data, meets Rule 11's preconditions (a) and (b) (docs/design/small-model.md): every
    binder that reads an inner object is a condition on every outcome standing as a conjunct of
    H, so that "for every b: H(b)" is again a conjunction of such conditions (for all b, for all
    y: phi(b, c_y) = for all y: (for all b: phi(b, c_y))) and the bound of "H(b) => C" at one b
    is the claim's. Else which binder breaks it. NotRead when the table is not read."""
    t, root = read(table)
    allowed: set[int] = set()
    if t.ops[root] == "any" and t.ops[t.args[root][0]] == "not":
        hypothesis = t.args[t.args[root][0]][0]
        parts = t.args[hypothesis] if t.ops[hypothesis] == "all" else (hypothesis,)
        allowed = {p for p in parts if t.ops[p] == "oall"}
    for i in t.below(root):
        if t.ops[i] not in BINDERS or i in allowed:
            continue
        reads = sorted(
            {t.args[k][0] for k in t.below(i) if t.ops[k] == "fixed" and t.args[k][0] in inner}
        )
        if reads:
            return (
                f"a {t.ops[i]} reading the inner object(s) {reads} is not a condition on every "
                "outcome standing as a conjunct of the hypothesis (one per inner value: "
                "infinitely many)"
            )
    return ""
