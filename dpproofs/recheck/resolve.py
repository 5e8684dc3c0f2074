"""A second encoding of one size of a search claim for z3, to re-solve a bounded verification.

The first run (dpproofs.search.session) asserts the negated predicate built from the claim's
traced formula on one incremental solver, with symmetry breaking, polarity relaxation and its
library of facts about e^x. This encoding is written separately and differs on purpose:

* a fresh solver for every size (nothing learnt at smaller sizes is reused): z3's incremental
  core first (the size's constraints in a scope), within half the time; if it answers unknown,
  the same assertions one-shot, where z3 uses its complete nlsat procedure;
* the predicate is called directly on z3 variables through this module's own algebra (no
  formula, no guarded algebra), with no symmetry breaking; maxima that need only an upper
  bound are relaxed by :mod:`.relax` (written separately, and recursive where the first run's
  relaxation is one level deep);
* e^x is a fresh variable bound by facts proved here from Arb enclosures with outward rounding:
  e^x > 0; e^x (1 - x) <= 1 (from e^-x >= 1 - x, for every real x); tangent lines
  e^x >= L_a (1 + x - a) at points a of the domain (true for every real x because
  e^x >= e^a (1 + x - a) and L_a <= e^a, the right side being negative when it shrinks); the
  monotone range [L_lo, U_hi]; and chords on pieces of a bounded domain (convexity:
  e^x <= U_a + (x - a) (U_b - U_a) / (b - a) for x in [a, b], with U >= e^.); e^{ln r} = r
  exactly for a parameter pinned to ln r; sqrt(x) = v with v >= 0, v^2 = x.

Every fact is true of the reals, so "unsat" means no counterexample of that size exists. The
facts are weaker than the first run's in places: "sat" or "unknown" here is inconclusive, and a
sat model is re-checked exactly (a true counterexample means the first run was wrong).
"""

from __future__ import annotations

import inspect
import itertools
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import flint

from dpproofs.recheck.balls import rational_ends
from dpproofs.recheck.relax import relax
from dpproofs.recheck.witnesses import derived_argument, search_point

#: Pieces of a bounded parameter domain that get a tangent point and a chord each.
PIECES = 8


def _real(z3: Any, f: Fraction) -> Any:
    return z3.RealVal(f"{f.numerator}/{f.denominator}")


def _bounds(a: Fraction) -> tuple[Fraction, Fraction]:
    """Rationals L <= e^a <= U (Arb, outward rounding)."""
    with flint.ctx.workprec(128):
        return rational_ends(flint.arb(flint.fmpq(a.numerator, a.denominator)).exp())


class Z3Terms:
    """The vocabulary's algebra on z3 terms (the second encoding's own)."""

    name = "recheck-z3"

    def __init__(self, z3: Any) -> None:
        self.z3 = z3

    def const(self, value: Any) -> Any:
        return _real(self.z3, Fraction(value))

    def pos(self, x: Any) -> Any:
        return self.z3.If(x > 0, x, 0)

    def total(self, xs: Iterable[Any]) -> Any:
        terms = list(xs)
        return self.z3.Sum(terms) if terms else self.z3.RealVal(0)

    def maximum(self, xs: Sequence[Any]) -> Any:
        best = xs[0]
        for x in xs[1:]:
            best = self.z3.If(x >= best, x, best)
        return best

    def minimum(self, xs: Sequence[Any]) -> Any:
        best = xs[0]
        for x in xs[1:]:
            best = self.z3.If(x <= best, x, best)
        return best

    def div(self, a: Any, b: Any) -> Any:
        return a / b

    def log(self, x: Any) -> Any:
        raise NotImplementedError("log has no encoding in the second encoding")

    def le(self, a: Any, b: Any) -> Any:
        return a <= b

    def lt(self, a: Any, b: Any) -> Any:
        return a < b

    def eq(self, a: Any, b: Any) -> Any:
        return a == b

    def all(self, bs: Iterable[Any]) -> Any:
        return self.z3.And(*list(bs))

    def any(self, bs: Iterable[Any]) -> Any:
        return self.z3.Or(*list(bs))

    def not_(self, b: Any) -> Any:
        return self.z3.Not(b)

    def ite(self, c: Any, x: Any, y: Any) -> Any:
        return self.z3.If(c, x, y)


def exp_facts(z3: Any, x: Any, v: Any, domain: Any) -> list[Any]:
    """True facts about v = e^x for x in ``domain`` (see the module docstring)."""
    lo, hi = Fraction(domain.lo), None if domain.hi is None else Fraction(domain.hi)
    # e^-x >= 1 - x for every real x, times e^x > 0: e^x (1 - x) <= 1 (tight at 0 to second
    # order, where the chords are loose).
    facts = [v > 0, v * (1 - x) <= 1]
    points = {lo, Fraction(0)} if hi is None else {lo, hi}
    if hi is not None:
        step = (hi - lo) / PIECES
        points |= {lo + k * step for k in range(PIECES + 1)}
    else:
        points |= {lo + k for k in range(1, 6)}
    for a in sorted(points):
        low, _ = _bounds(a)
        facts.append(v >= _real(z3, low) * (1 + x - _real(z3, a)))
    facts.append(v >= _real(z3, _bounds(lo)[0]))
    if hi is not None:
        facts.append(v <= _real(z3, _bounds(hi)[1]))
        ends = sorted(points)
        for a, b in itertools.pairwise(ends):
            if b == a:
                continue
            ua, ub = _bounds(a)[1], _bounds(b)[1]
            chord = _real(z3, ua) + (x - _real(z3, a)) * _real(z3, (ub - ua) / (b - a))
            facts.append(z3.Implies(z3.And(x >= _real(z3, a), x <= _real(z3, b)), v <= chord))
    return facts


def resolve_size(claim: Any, size: int, seconds: float) -> tuple[str, str]:
    """("unsat" | "sat" | "unknown" | "counterexample", detail) for ``claim`` at ``size``."""
    import z3

    ctx = z3.Context()
    solver = z3.Solver(ctx=ctx)
    solver.set("timeout", max(1, int(seconds * 500)))  # half for the incremental core
    solver.set("random_seed", 0)
    alg = Z3Terms(_ContextZ3(z3, ctx))
    q = claim.quantifier
    env: dict[str, Any] = {"alg": alg}
    params = dict(q.params)
    exps: dict[str, Any] = {}
    for name, domain in params.items():
        x = z3.Real(name, ctx)
        env[name] = x
        lo = _real(alg.z3, domain.lo)
        solver.add(x > lo if domain.lo_open else x >= lo)
        if domain.hi is not None:
            solver.add(x <= _real(alg.z3, domain.hi))
        v = z3.Real(f"exp!{name}", ctx)
        exps[name] = v
        if domain.exp_value is not None:
            solver.add(v == _real(alg.z3, Fraction(domain.exp_value)))
        else:
            solver.add(*exp_facts(alg.z3, x, v, domain))
    # A scope: z3 then answers with its incremental core (CDCL(T) with nonlinear arithmetic
    # heuristics) rather than the nlsat procedure it picks for one-shot problems, which is
    # often far slower on these products e^x * entry.
    solver.push()
    objects: dict[str, list[list[Any]]] = {}
    for name, shape in q.shapes(size).items():
        rows = [
            [z3.Real(f"{name}[{r}][{c}]", ctx) for c in range(shape.cols)]
            for r in range(shape.rows)
        ]
        for row in rows:
            solver.add(*(e >= 0 for e in row))
            solver.add(z3.Sum(row) == 1)
        objects[name] = rows
        env[name] = shape.wrap(rows)
    arguments = list(inspect.signature(claim.predicate).parameters)
    for arg in arguments:
        if arg in env:
            continue
        derived = derived_argument(arg, params)
        if derived is None:
            return "unknown", f"the predicate's argument {arg!r} has no encoding here"
        how, base = derived
        if how == "exp":
            env[arg] = exps[base]
        else:
            v = z3.Real(f"sqrt!{base}", ctx)
            solver.add(v >= 0, v * v == env[base])
            env[arg] = v
    try:
        truth = claim.predicate(*(env[a] for a in arguments))
    except NotImplementedError as exc:
        return "unknown", str(exc)
    negated, side = relax(z3, z3.Not(truth))
    solver.add(*side, negated)
    answer = solver.check()
    if answer == z3.unknown:
        # The incremental core is incomplete for nonlinear arithmetic: the same assertions,
        # one-shot, go to nlsat (complete), within the rest of the time.
        fresh = z3.Solver(ctx=ctx)
        fresh.set("timeout", max(1, int(seconds * 500)))
        fresh.set("random_seed", 0)
        fresh.add(*solver.assertions())
        answer, solver = fresh.check(), fresh
    if answer == z3.unsat:
        return "unsat", ""
    if answer == z3.unknown:
        return "unknown", f"z3 unknown ({solver.reason_unknown()})"
    return _judge_model(claim, size, solver.model(), objects, params)


def _judge_model(
    claim: Any, size: int, model: Any, objects: dict[str, list[list[Any]]], params: dict[str, Any]
) -> tuple[str, str]:
    """A sat answer: is the model, read exactly, a counterexample to the claim?"""
    import z3

    values: dict[str, str] = {}
    for name, rows in objects.items():
        exact_rows = []
        for row in rows:
            entries = [model.eval(e, model_completion=True) for e in row]
            if not all(z3.is_rational_value(e) for e in entries):
                return "sat", "the model has irrational entries (not re-checked)"
            exact_rows.append(
                [str(Fraction(e.numerator_as_long(), e.denominator_as_long())) for e in entries]
            )
        values[name] = "[" + ", ".join("[" + ", ".join(r) + "]" for r in exact_rows) + "]"
    for name, domain in params.items():
        if domain.exp_value is not None:
            continue
        var = z3.Real(name, model.ctx)
        value = model.eval(var, model_completion=True)
        if not z3.is_rational_value(value):
            return "sat", "the model's parameters are irrational (not re-checked)"
        values[name] = str(Fraction(value.numerator_as_long(), value.denominator_as_long()))
    from dpproofs.recheck.balls import Undecidable, with_precision
    from dpproofs.recheck.witnesses import BadWitness

    try:
        with with_precision(256):
            holds = search_point(claim.quantifier, claim.predicate, size, values)()
    except (BadWitness, Undecidable, ZeroDivisionError, ValueError) as exc:
        return "sat", f"a model that is not an exact counterexample ({exc})"
    if holds:
        return "sat", "a model that is no counterexample (the e^x facts here are weaker)"
    return "counterexample", f"an exact counterexample: {values}"


class _ContextZ3:
    """The z3 module with RealVal, If, Sum, And, Or, Not, Implies bound to one context."""

    def __init__(self, z3: Any, ctx: Any) -> None:
        self._z3, self._ctx = z3, ctx

    def RealVal(self, value: Any) -> Any:
        return self._z3.RealVal(value, self._ctx)

    def If(self, c: Any, x: Any, y: Any) -> Any:
        return self._z3.If(c, x, y, self._ctx)

    def Sum(self, terms: Sequence[Any]) -> Any:
        return self._z3.Sum(list(terms))

    def And(self, *bs: Any) -> Any:
        return self._z3.And(*bs) if bs else self._z3.BoolVal(True, self._ctx)

    def Or(self, *bs: Any) -> Any:
        return self._z3.Or(*bs) if bs else self._z3.BoolVal(False, self._ctx)

    def Not(self, b: Any) -> Any:
        return self._z3.Not(b, self._ctx)

    def Implies(self, a: Any, b: Any) -> Any:
        return self._z3.Implies(a, b, self._ctx)
