"""Linear forms of formula nodes: which sums over outcomes are the same sum, and when a
condition on every event is a sum atom.

A node is *linear in the generic column* when it is sum_r a_r c_r + b, with c_r the generic
outcome's entries (``entry`` leaves) or an event's masses (``emass`` leaves), and coefficients
a_r, b free of them: polynomials in parameters, fixed entries and completed sums, each such
quantity an opaque factor. :func:`form` computes that reading (or None), canonically, so that two
nodes written differently (p - E*q and p + (-1)*E*q) get the same form.

Two uses (the mathematics is in :mod:`dpproofs.search.shape`):

* :func:`sum_key`: the sums sum_x pos(l(c_x)) and sum_x pos(-l(c_x)) differ by sum_x l(c_x) =
  sum_r a_r, fixed by the normalisation of the rows, so both get the key of l up to its sign;
  any other sum is its own key;
* :func:`event_sums`: "for every event A: L(A) + b <= 0" is the sum atom sum_x (l_x)^+ <= -b
  (separable maximum): one key per comparison of a conjunction, or None when the condition is
  not such a conjunction.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable
from fractions import Fraction

from dpproofs.formula import LEAVES, Node

#: A polynomial: monomial (sorted tuple of opaque factor nodes) -> rational coefficient.
Poly = dict[tuple[Node, ...], Fraction]
#: A linear form: leaf (("entry" | "emass", object, row), or None for the constant) -> coefficient.
Form = dict[tuple[str, str, int] | None, Poly]

_COLUMN_LEAVES = frozenset({"entry", "emass"})


def sum_key(osum: Node) -> Hashable:
    """The identity of a sum for counting: the linear form of l up to sign for
    sum_x pos(l(c_x)) with l linear and without a constant term; else the node itself."""
    body = osum.args[0]
    if body.op == "pos":
        f = form(body.args[0])
        if f is not None and None not in f and all(k is not None and k[0] == "entry" for k in f):
            return ("pos", _up_to_sign(f))
    return osum


def event_sums(body: Node) -> list[Hashable] | None:
    """The sums that decide "for every event A: body(A)" when body is a conjunction of
    comparisons L(A) + b <= 0 or < 0 (L linear in the masses, b free of them): one key per
    comparison that reads a mass, the key of sum_x pos(l_x) (the same as an ``osum`` of that
    body). None when body is not of that kind."""
    comparisons = _comparisons(body)
    if comparisons is None:
        return None
    keys: list[Hashable] = []
    for lhs, rhs in comparisons:
        a, b = form(lhs), form(rhs)
        if a is None or b is None:
            return None
        diff = _add(a, _scale(b, {(): Fraction(-1)}))
        masses: Form = {
            ("entry", k[1], k[2]): v for k, v in diff.items() if k is not None and k[0] == "emass"
        }
        if any(k is not None and k[0] == "entry" for k in diff):
            return None
        if masses:
            keys.append(("pos", _up_to_sign(masses)))
    return keys


def _comparisons(body: Node) -> list[tuple[Node, Node]] | None:
    """body as a conjunction of (lhs, rhs) for lhs <= rhs or lhs < rhs (None: not one)."""
    if body.op == "all":
        out = []
        for a in body.args:
            got = _comparisons(a)
            if got is None:
                return None
            out.extend(got)
        return out
    if body.op in ("le", "lt"):
        return [(body.args[0], body.args[1])]
    if body.op == "not" and body.args[0].op in ("le", "lt"):
        a, b = body.args[0].args
        return [(b, a)]  # not (a <= b) is b < a; not (a < b) is b <= a
    return None


def form(n: Node) -> Form | None:
    """The linear form of ``n`` in the column leaves, or None when it is not linear."""
    return _Reader().form(n)


class _Reader:
    """One reading of a formula, with its memos (formulas are DAGs that share nodes)."""

    def __init__(self) -> None:
        self.forms: dict[int, Form | None] = {}
        self.reads: dict[int, bool] = {}

    def form(self, n: Node) -> Form | None:
        key = id(n)
        if key not in self.forms:
            self.forms[key] = _compute(n, self)
        return self.forms[key]

    def reads_column(self, n: Node) -> bool:
        """True when n mentions a column leaf outside every binder."""
        key = id(n)
        if key not in self.reads:
            if n.op in _COLUMN_LEAVES:
                self.reads[key] = True
            elif n.op in ("osum", "oall", "eall", "const", "param", "fixed"):
                self.reads[key] = False
            else:
                self.reads[key] = any(self.reads_column(a) for a in n.args)
        return self.reads[key]


def _compute(n: Node, reader: _Reader) -> Form | None:
    op, args = n.op, n.args
    if op in _COLUMN_LEAVES:
        return {(op, args[0], args[1]): {(): Fraction(1)}}
    if not reader.reads_column(n):
        return {None: _poly(n)}
    if op in ("add", "sub", "neg", "total"):
        parts = [reader.form(a) for a in args]
        if any(p is None for p in parts):
            return None
        if op == "sub":
            return _add(parts[0], _scale(parts[1], {(): Fraction(-1)}))  # type: ignore[arg-type]
        if op == "neg":
            return _scale(parts[0], {(): Fraction(-1)})  # type: ignore[arg-type]
        total: Form = {}
        for p in parts:
            total = _add(total, p)  # type: ignore[arg-type]
        return total
    if op == "mul":
        a, b = (reader.form(x) for x in args)
        if a is None or b is None:
            return None
        if set(a) == {None}:
            return _scale(b, a[None])
        if set(b) == {None}:
            return _scale(a, b[None])
        return None
    if op == "div" and not reader.reads_column(args[1]):
        a = reader.form(args[0])
        if a is None:
            return None
        return _scale(a, _poly(Node("div", (Node("const", (Fraction(1),)), args[1]))))
    return None


def _poly(n: Node) -> Poly:
    """n (free of column leaves) as a polynomial in opaque factors."""
    op, args = n.op, n.args
    if op == "const":
        return {(): Fraction(args[0])} if args[0] != 0 else {}
    if op in ("add", "total"):
        out: Poly = {}
        for a in args:
            out = _poly_add(out, _poly(a))
        return out
    if op == "sub":
        return _poly_add(_poly(args[0]), _poly_mul(_poly(args[1]), {(): Fraction(-1)}))
    if op == "neg":
        return _poly_mul(_poly(args[0]), {(): Fraction(-1)})
    if op == "mul":
        return _poly_mul(_poly(args[0]), _poly(args[1]))
    if op == "div" and args[1].op == "const" and args[1].args[0] != 0:
        return _poly_mul(_poly(args[0]), {(): 1 / Fraction(args[1].args[0])})
    return {(n,): Fraction(1)}


def _poly_add(a: Poly, b: Poly) -> Poly:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, Fraction(0)) + v
        if out[k] == 0:
            del out[k]
    return out


def _poly_mul(a: Poly, b: Poly) -> Poly:
    out: Poly = {}
    for ka, va in a.items():
        for kb, vb in b.items():
            k = tuple(sorted((*ka, *kb), key=structure))
            out = _poly_add(out, {k: va * vb})
    return out


def _add(a: Form, b: Form) -> Form:
    out = dict(a)
    for k, v in b.items():
        out[k] = _poly_add(out.get(k, {}), v)
        if not out[k]:
            del out[k]
    return out


def _scale(a: Form, c: Poly) -> Form:
    out: Form = {}
    for k, v in a.items():
        got = _poly_mul(v, c)
        if got:
            out[k] = got
    return out


def _canonical(f: Form) -> tuple[object, ...]:
    return tuple(
        sorted(
            (k, tuple(sorted((tuple(structure(x) for x in m), c) for m, c in v.items())))
            for k, v in f.items()
            if k is not None
        )
    )


#: A node's structure as nested tuples of strings: (op, (leaf data as (type, text), ...)) for
#: a leaf, (op, (structure of each argument, ...)) otherwise.
Structure = tuple[object, ...]


@functools.lru_cache(maxsize=1 << 16)
def structure(n: Node) -> Structure:
    """The whole structure of ``n``, never cut: equal for structurally equal nodes, different
    for different ones (leaf data are written with their type), ordered the same way in every
    run (strings and tuples only). Sums, monomials and factors are identified and sorted by it,
    never by rendered text (the renderer cuts deep trees: E**13 and E**14 render alike)."""
    if n.op in LEAVES:
        return (n.op, tuple((type(a).__name__, str(a)) for a in n.args))
    return (n.op, tuple(structure(a) for a in n.args))


def _up_to_sign(f: Form) -> tuple[object, ...]:
    """One canonical key for f and -f."""
    return min(_canonical(f), _canonical(_scale(f, {(): Fraction(-1)})), key=repr)
