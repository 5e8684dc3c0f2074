"""Is the recorded formula the claim's? The formula against the predicate, size by size.

A small-model record carries the formula its bound was computed from (:mod:`.smallmodel`). A
report can be edited, so before that bound is believed the formula is compared with the claim
rebuilt from its theorem file: at each size n checked, the predicate is called on z3 variables
through the rechecker's own algebra (:class:`dpproofs.recheck.resolve.Z3Terms`, as the second
encoding calls it), the recorded formula is interpreted at n outcomes on the same variables by
this module's own interpreter (``osum``: the total of the body at every outcome; ``oall``: the
conjunction; ``eall``: the conjunction over every event, empty set first in binary order, a mass
being the total of the row's entries in the event), and the two terms are

* the same z3 term (z3 hash-conses terms), or the same after z3's rewriting to a normal form
  (sums of monomials, products of equal factors as powers; rewriting preserves equivalence):
  equal; else
* proved equal by z3 (no point of the simplex rows and the parameter domains, e^x a free real,
  where they differ: unsat): equal;
* shown different by z3 (sat): the formula is not the claim's, the certificate fails;
* otherwise undecided: the certificate is not replayed.

This covers the sizes checked, not every size: a predicate that is one formula at these sizes
and another elsewhere is not caught here (the tracer refuses predicates that look at the size).
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from dpproofs.recheck.nodetable import NotRead, Table, read
from dpproofs.recheck.resolve import Z3Terms, _ContextZ3, _real
from dpproofs.recheck.witnesses import derived_argument

#: z3 work (rlimit) for proving the two terms equal at one size.
RLIMIT = 2_000_000


def _normal(z3: Any, term: Any) -> Any:
    """z3's rewriting to a normal form: sums of monomials, x * x as x^2 (the tracer writes a
    power as a product, a predicate run on z3 terms as a power)."""
    return z3.simplify(term, som=True, mul_to_power=True)


def _events(size: int) -> list[tuple[int, ...]]:
    return [tuple(y for y in range(size) if mask >> y & 1) for mask in range(1 << size)]


def interpret(t: Table, root: int, alg: Any, size: int, objects: Any, values: Any) -> Any:
    """The recorded formula at ``size`` outcomes in ``alg`` (see the module docstring)."""
    subsets = _events(size) if "eall" in t.ops else []
    memo: dict[tuple[int, int, int], Any] = {}

    def ev(i: int, y: int, event: int) -> Any:
        key = (i, y, event)
        if key in memo:
            return memo[key]
        op, a = t.ops[i], t.args[i]
        if op == "const":
            out = alg.const(a[0])
        elif op == "param":
            out = values[a[0]]
        elif op == "entry":
            out = objects[a[0]][a[1]][y]
        elif op == "fixed":
            out = objects[a[0]][a[1]][a[2]]
        elif op == "emass":
            out = alg.total([objects[a[0]][a[1]][c] for c in subsets[event]])
        elif op == "osum":
            out = alg.total([ev(a[0], c, -1) for c in range(size)])
        elif op == "oall":
            out = alg.all([ev(a[0], c, -1) for c in range(size)])
        elif op == "eall":
            out = alg.all([ev(a[0], -1, k) for k in range(len(subsets))])
        else:
            out = _apply(op, alg, [ev(k, y, event) for k in a])
        memo[key] = out
        return out

    return ev(root, -1, -1)


def _apply(op: str, alg: Any, x: list[Any]) -> Any:
    if op in ("add", "sub", "mul"):
        return x[0] + x[1] if op == "add" else x[0] - x[1] if op == "sub" else x[0] * x[1]
    simple = {
        "neg": lambda: -x[0],
        "pos": lambda: alg.pos(x[0]),
        "total": lambda: alg.total(x),
        "max": lambda: alg.maximum(x),
        "min": lambda: alg.minimum(x),
        "div": lambda: alg.div(x[0], x[1]),
        "log": lambda: alg.log(x[0]),
        "le": lambda: alg.le(x[0], x[1]),
        "lt": lambda: alg.lt(x[0], x[1]),
        "eq": lambda: alg.eq(x[0], x[1]),
        "all": lambda: alg.all(x),
        "any": lambda: alg.any(x),
        "not": lambda: alg.not_(x[0]),
        "ite": lambda: alg.ite(x[0], x[1], x[2]),
    }
    return simple[op]()


def compare(claim: Any, table: Sequence[Sequence[Any]], sizes: Sequence[int]) -> tuple[str, str]:
    """("confirmed" | "failed" | "not replayed", why): the recorded formula against the claim's
    predicate at each of ``sizes``."""
    try:
        t, root = read(table)
    except NotRead as exc:
        return "not replayed", f"the recorded formula is not read here: {exc}"
    for size in sizes:
        try:
            outcome, why = _compare_at(claim, t, root, size)
        except NotImplementedError as exc:
            return "not replayed", f"at {size} outcomes: {exc}"
        if outcome != "confirmed":
            return outcome, why
    return "confirmed", f"the recorded formula is the predicate at {list(sizes)} outcomes"


def _compare_at(claim: Any, t: Table, root: int, size: int) -> tuple[str, str]:
    import z3

    ctx = z3.Context()
    zz = _ContextZ3(z3, ctx)
    alg = Z3Terms(zz)
    q = claim.quantifier
    facts: list[Any] = []
    env: dict[str, Any] = {"alg": alg}
    values: dict[str, Any] = {}
    params = dict(q.params)
    for name, domain in params.items():
        x = z3.Real(name, ctx)
        env[name] = values[name] = x
        lo = _real(zz, Fraction(domain.lo))
        facts.append(x > lo if domain.lo_open else x >= lo)
        if domain.hi is not None:
            facts.append(x <= _real(zz, Fraction(domain.hi)))
    objects: dict[str, list[list[Any]]] = {}
    for name, shape in q.shapes(size).items():
        rows = [
            [z3.Real(f"{name}_{r}_{c}", ctx) for c in range(shape.cols)] for r in range(shape.rows)
        ]
        for row in rows:
            facts.extend(e >= 0 for e in row)
            facts.append(z3.Sum(row) == 1)
        objects[name] = rows
        env[name] = shape.wrap(rows)
    arguments = list(inspect.signature(claim.predicate).parameters)
    for arg in arguments:
        if arg not in env:
            if derived_argument(arg, params) is None:
                return "not replayed", f"the predicate's argument {arg!r} is not known here"
            env[arg] = values[arg] = z3.Real(f"derived_{arg}", ctx)
    for i, op in enumerate(t.ops):
        if op == "param" and t.args[i][0] not in values:
            return "failed", f"the recorded formula names {t.args[i][0]!r}, no argument of it"
    truth = claim.predicate(*(env[a] for a in arguments))
    recorded = interpret(t, root, alg, size, objects, values)
    if truth.eq(recorded) or _normal(z3, truth).eq(_normal(z3, recorded)):
        return "confirmed", ""
    solver = z3.Solver(ctx=ctx)
    solver.set("rlimit", RLIMIT)
    solver.set("random_seed", 0)
    solver.add(*facts, truth != recorded)
    answer = solver.check()
    if answer == z3.unsat:
        return "confirmed", ""
    if answer == z3.sat:
        return "failed", (
            f"the recorded formula is not the claim's: at {size} outcomes z3 finds values where "
            "the predicate and the formula differ"
        )
    return "not replayed", f"the recorded formula could not be compared at {size} outcomes"
