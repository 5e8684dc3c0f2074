"""Homogeneity degrees: the check that a sum's term and a family's condition have the shape
the small-model theorem needs (:mod:`dpproofs.search.shape`).

For the generic outcome's entries c (``entry`` leaves), a node n has degree d when
n(l c) = l^d n(c) for every l > 0: entries have degree 1, parameters, fixed entries and completed
sums degree 0, a literal 0 every degree (ANY); +, -, max, min, pos need equal degrees, * adds
them, / subtracts them, log needs degree 0; a comparison of equal degrees is a scale-invariant
truth value (TRUTH), and so are connectives of such. A sum's term must have degree 1 (so g(0) = 0
is a plain value: no division by, or logarithm of, an entry inside a sum); a family's condition
must be TRUTH. Anything else is a reason, and the claim stays bounded.

Also here: whether a family's condition is closed under adding outcomes (phi(c) and phi(c')
imply phi(c + c')), which the merging rule needs: a conjunction of comparisons of expressions
linear in the entries.
"""

from __future__ import annotations

from typing import Any

from dpproofs.formula import Node

ANY = "any"  # the degree of a literal 0: homogeneous of every degree
TRUTH = "truth"  # a scale-invariant truth value

_UNIFORM = frozenset({"add", "sub", "total", "max", "min", "neg", "pos"})
_CONNECTIVES = frozenset({"all", "any", "not"})
_COMPARISONS = frozenset({"le", "lt", "eq"})


def check_binder(binder: Node) -> str:
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


def depends(n: Node) -> bool:
    """True when n mentions the generic outcome of its binder (inner binders are closed)."""
    if n.op == "entry":
        return True
    if n.op in ("osum", "oall", "eall"):
        return False
    return any(depends(a) for a in n.children())


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
    if op in ("eall", "emass"):
        return "!a condition on every event inside a sum or condition over the outcomes"
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
        if in_sum and depends(args[1]):
            return "!a division by an outcome's entry inside a sum"
        return ANY if sub[0] == ANY else sub[0] - sub[1]
    if op == "log":
        if in_sum and depends(args[0]):
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


def closed_under_addition(body: Node) -> bool:
    """True when phi(c) and phi(c') imply phi(c + c'): a conjunction of comparisons between
    expressions linear in the outcome's entries (coefficients free of the outcome)."""
    if body.op == "all":
        return all(closed_under_addition(a) for a in body.args)
    if body.op in _COMPARISONS:
        return all(_linear(a) for a in body.args)
    return False


def _linear(n: Node) -> bool:
    """n(c) is linear in the entries: n(c + c') = n(c) + n(c') (0 counts as linear)."""
    if not depends(n):
        return n.op == "const" and n.args[0] == 0
    if n.op == "entry":
        return True
    if n.op in ("add", "sub", "total", "neg"):
        return all(_linear(a) for a in n.args)
    if n.op == "mul":
        a, b = n.args
        return (_linear(a) and not depends(b)) or (_linear(b) and not depends(a))
    if n.op == "div":
        return _linear(n.args[0]) and not depends(n.args[1])
    return False
