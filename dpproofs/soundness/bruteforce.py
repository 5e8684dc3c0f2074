"""Deciding a search claim at exactly n outcomes, independently of the small-model lifting.

A cross-examiner for the lifting rules (docs/design/small-model.md). At one size n it decides
the claim with nothing the engine uses to go beyond the sizes it searched: no lifting, no
symmetry breaking, no presearch, no localisation, no eps-boxes, no shared solver. Two searches:

* **formula**: the claim's traced formula (:mod:`dpproofs.formula`) expanded at n outcomes by
  this module's own walk (a sum over the outcomes is the n terms, a condition on every outcome
  the n conditions, a condition on every event the 2^n conditions, an event's mass the sum of
  its entries), negated and given to a fresh z3 solver with the object constraints (every row
  nonnegative, summing to 1) and the parameter domains. unsat: no counterexample of the
  FORMULA at n. A model is only a candidate: rounded to rationals and re-checked by the
  predicate itself.
* **predicate**: the PREDICATE (not the formula) evaluated with exact arithmetic
  (:class:`~dpproofs.algebra.ExactAlgebra`) on concrete rows at a deterministic grid of rational
  points: every row a composition of a small denominator (point masses, zeros and the uniform
  row among them), every parameter at its ends and midpoint. It is incomplete, but it does not
  trust the tracer: a formula that is not what the predicate computes (issue 26 class 1,
  nested binders) is caught when a grid point separates them.

A counterexample is reported only when the predicate, evaluated exactly on concrete rational
rows, is false there. "holds" needs z3 unsat of the formula and no grid counterexample; e^x of a
parameter that is not pinned is over-approximated by rigorous facts (1 + x <= e^x, rational
brackets at the domain's ends), so unsat stays sound; sqrt(x) is s >= 0 with s^2 = x. A formula
with a division or a logarithm is not encoded (the z3 search answers unknown).
"""

from __future__ import annotations

import enum
import math
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy
import z3

from dpproofs.algebra import EXACT
from dpproofs.errors import DpProofsError
from dpproofs.formula import Node, events, interpret
from dpproofs.search.model import SearchStatement, derived_base, exact_derived
from dpproofs.search.values import GuardedAlgebra, unwrap_truth, wrap_matrix

Point = Mapping[str, Any]  # object -> matrix of Fractions, parameter -> Fraction


class Answer(enum.Enum):
    HOLDS = "holds"  # formula unsat at n and no grid counterexample
    FAILS = "fails"  # the predicate is false at a concrete rational point of size n
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class BruteResult:
    """The answer at one size, how it was reached, and the counterexample when it fails."""

    size: int
    answer: Answer
    how: str
    point: Point | None = None
    #: a model of the negated formula at which the predicate holds: formula and predicate differ
    disagreement: Point | None = None


def predicate_holds(claim: SearchStatement, size: int, point: Point) -> bool:
    """The predicate itself (never the traced formula) at concrete exact rows and parameters.
    Raises :class:`~dpproofs.errors.DpProofsError` (Undecided, InvalidClaim) when it cannot say."""
    guarded = GuardedAlgebra(EXACT)
    objects, values = _exact_point(claim, point)
    env: dict[str, Any] = {"alg": guarded}
    for name, kind in claim.quantifier.objects:
        env[name] = kind(size).wrap(wrap_matrix(guarded, name, objects[name]))
    env.update({name: guarded.value(v, name) for name, v in values.items()})
    result = claim.predicate(*(env[a] for a in claim.arguments))
    return bool(unwrap_truth(guarded, result))


def formula_holds(claim: SearchStatement, size: int, point: Point) -> bool:
    """The traced formula (:func:`dpproofs.formula.interpret`) at the same exact point as
    :func:`predicate_holds`; the two must agree wherever both decide."""
    root = claim.formula.root
    if root is None:
        raise DpProofsError(f"no formula: {claim.formula.reason}")
    objects, values = _exact_point(claim, point)
    return bool(interpret(root, EXACT, size, objects, values)[0])


def _exact_point(claim: SearchStatement, point: Point) -> tuple[dict[str, Any], dict[str, Any]]:
    """(object -> sympy matrix, parameter and derived argument -> exact sympy value): a pinned
    parameter is ln r (``log_of``), e^x and sqrt(x) are exact."""
    objects = {
        name: [[sympy.Rational(v.numerator, v.denominator) for v in row] for row in point[name]]
        for name, _ in claim.quantifier.objects
    }
    values: dict[str, Any] = {}
    for name, domain in claim.quantifier.params:
        if domain.exp_value is not None:
            r = domain.exp_value
            values[name] = sympy.log(sympy.Rational(r.numerator, r.denominator))
        else:
            v = Fraction(point[name])
            values[name] = sympy.Rational(v.numerator, v.denominator)
    values.update({a: exact_derived(a, values) for a in claim.derived_names()})
    return objects, values


def decide_at(
    claim: SearchStatement, size: int, *, rlimit: int = 20_000_000, grid: int = 60, seed: int = 0
) -> BruteResult:
    """The claim at exactly ``size`` outcomes: formula search (z3), then predicate grid. A grid
    point where the formula and the predicate differ is reported as ``disagreement``."""
    formula = _formula_search(claim, size, rlimit)
    if formula.answer is Answer.FAILS:
        return formula
    found, differs = grid_search(claim, size, grid, seed)
    differs = formula.disagreement or differs
    if found is not None:
        return BruteResult(size, Answer.FAILS, "exact grid point", found, differs)
    return BruteResult(size, formula.answer, formula.how, None, differs)


def grid_search(
    claim: SearchStatement, size: int, budget: int, seed: int = 0
) -> tuple[Point | None, Point | None]:
    """(the first of ``budget`` deterministic grid points, structured points first, then
    seeded random compositions, at which the predicate is exactly false; the first at which
    the traced formula says otherwise than the predicate), None where there is none."""
    found = differs = None
    for point in _grid(claim, size, seed, budget):
        truth = _truth(predicate_holds, claim, size, point)
        if found is None and truth is False:
            found = point
        if differs is None and truth is not None and claim.formula.root is not None:
            traced = _truth(formula_holds, claim, size, point)
            if traced is not None and traced != truth:
                differs = point
        if found is not None and (differs is not None or claim.formula.root is None):
            break
    return found, differs


def _truth(decide: Any, claim: SearchStatement, size: int, point: Point) -> bool | None:
    try:
        return bool(decide(claim, size, point))
    except DpProofsError:
        return None


def _fails(claim: SearchStatement, size: int, point: Point) -> bool:
    return _truth(predicate_holds, claim, size, point) is False


def _grid(claim: SearchStatement, size: int, seed: int, budget: int) -> Iterator[Point]:
    """Distinct points, at most ``budget``: every row a point mass on the first column, then on
    different columns, then uniform, then seeded random compositions of a denominator D (stars
    and bars: sorted cut points in 0..D), every parameter at its low end, then at a seeded
    choice of its ends and inner points."""
    q = claim.quantifier
    shapes = q.shapes(size)
    denominator = max(size, 3)
    values = {name: _param_values(d) for name, d in q.params if d.exp_value is None}
    rng = random.Random(f"{seed}:{size}")
    seen: set[str] = set()
    for step in range(4 * budget):
        point: dict[str, Any] = {}
        for name, shape in shapes.items():
            rows = [_row(step, r, shape.cols, denominator, rng) for r in range(shape.rows)]
            point[name] = [[Fraction(v, denominator) for v in row] for row in rows]
        for name, vals in values.items():
            point[name] = vals[0] if step == 0 else rng.choice(vals)
        key = repr(sorted(point.items()))
        if key not in seen:
            seen.add(key)
            yield point
            if len(seen) >= budget:
                return


def _row(step: int, r: int, cols: int, total: int, rng: random.Random) -> list[int]:
    """Nonnegative integers summing to ``total`` (see :func:`_grid`)."""
    if step < 2:
        at = 0 if step == 0 else r % cols
        return [total if c == at else 0 for c in range(cols)]
    if step == 2 and total % cols == 0:
        return [total // cols] * cols
    cuts = sorted(rng.randint(0, total) for _ in range(cols - 1))
    ends = [0, *cuts, total]
    return [ends[i + 1] - ends[i] for i in range(cols)]


def _param_values(domain: Any) -> list[Fraction]:
    lo, hi = domain.lo, domain.hi
    top = hi if hi is not None else lo + 2
    out = [] if domain.lo_open else [lo]
    out += [(lo + top) / 2, lo + (top - lo) / 4, top]
    return sorted(set(out))


# --- the formula at n outcomes, in z3 -------------------------------------------------------


class _NotEncoded(Exception):
    """An operation this encoding does not decide (division, logarithm)."""


def _formula_search(claim: SearchStatement, size: int, rlimit: int) -> BruteResult:
    root = claim.formula.root
    if root is None:
        return BruteResult(size, Answer.UNKNOWN, f"no formula: {claim.formula.reason}")
    solver = z3.Solver()
    solver.set("rlimit", rlimit)
    variables: dict[str, list[list[z3.ArithRef]]] = {}
    for name, kind in claim.quantifier.objects:
        shape = kind(size)
        matrix = [
            [z3.Real(f"bf!{name}!{r}!{c}") for c in range(shape.cols)] for r in range(shape.rows)
        ]
        for row in matrix:
            solver.add(*(v >= 0 for v in row), z3.Sum(row) == 1)
        variables[name] = matrix
    params = _encode_params(claim, solver)
    try:
        negated = z3.Not(_Encoder(size, variables, params).truth(root))
    except _NotEncoded as exc:
        return BruteResult(size, Answer.UNKNOWN, f"not encoded: {exc}")
    solver.add(negated)
    result = solver.check()
    if result == z3.unsat:
        return BruteResult(size, Answer.HOLDS, "z3 unsat (formula)")
    if result != z3.sat:
        return BruteResult(size, Answer.UNKNOWN, f"z3 {result}: {solver.reason_unknown()}")
    point = _model_point(claim, solver.model(), variables, size)
    if point is None:
        return BruteResult(size, Answer.UNKNOWN, "z3 model not rational")
    if _fails(claim, size, point):
        return BruteResult(size, Answer.FAILS, "z3 model, re-checked exactly", point)
    return BruteResult(size, Answer.UNKNOWN, "z3 model not confirmed", disagreement=point)


def _encode_params(claim: SearchStatement, solver: z3.Solver) -> dict[str, z3.ArithRef]:
    out: dict[str, z3.ArithRef] = {}
    domains = dict(claim.quantifier.params)
    for name, d in domains.items():
        if d.exp_value is not None:
            continue  # only e^x of it appears as a rational (exp_value); x itself is refused
        v = z3.Real(f"bf!param!{name}")
        solver.add(v > _real(d.lo) if d.lo_open else v >= _real(d.lo))
        if d.hi is not None:
            solver.add(v <= _real(d.hi))
        out[name] = v
    for arg in claim.derived_names():
        base = derived_base(arg) or ""
        d = domains[base]
        v = z3.Real(f"bf!derived!{arg}")
        if arg.startswith("sqrt_"):
            solver.add(v >= 0, v * v == out[base])
        elif d.exp_value is not None:
            solver.add(v == _real(d.exp_value))
        else:
            solver.add(v >= 1 + out[base], v >= _real(_exp_below(d.lo)))
            if d.hi is not None:
                solver.add(v <= _real(_exp_above(d.hi)))
        out[arg] = v
    return out


def _exp_below(x: Fraction) -> Fraction:
    return Fraction(math.exp(float(x))) * Fraction(999_999, 1_000_000)


def _exp_above(x: Fraction) -> Fraction:
    return Fraction(math.exp(float(x))) * Fraction(1_000_001, 1_000_000)


def _real(v: Fraction | int) -> z3.ArithRef:
    f = Fraction(v)
    return z3.RealVal(f"{f.numerator}/{f.denominator}")


def _model_point(
    claim: SearchStatement, model: z3.ModelRef, variables: Mapping[str, Any], size: int
) -> Point | None:
    point: dict[str, Any] = {}
    for name, matrix in variables.items():
        rows = []
        for row in matrix:
            values = [_rational(model.eval(v, model_completion=True)) for v in row]
            if any(v is None for v in values):
                return None
            rows.append(values)
        point[name] = rows
    for name, d in claim.quantifier.params:
        if d.exp_value is None:
            value = _rational(model.eval(z3.Real(f"bf!param!{name}"), model_completion=True))
            if value is None:
                return None
            point[name] = value
    return point


def _rational(term: Any) -> Fraction | None:
    if z3.is_rational_value(term):
        return Fraction(term.numerator_as_long(), term.denominator_as_long())
    return None


class _Encoder:
    """The formula at ``size`` outcomes as z3 terms: this module's own expansion of the binders
    (an entry inside a binder is read at that binder's outcome, as in formula.interpret)."""

    def __init__(
        self, size: int, variables: Mapping[str, Any], params: Mapping[str, z3.ArithRef]
    ) -> None:
        self.size, self.variables, self.params = size, variables, params
        self.subsets = events(size)
        self.memo: dict[tuple[int, int, int], Any] = {}

    def truth(self, node: Node) -> Any:
        return self.term(node, -1, -1)

    def term(self, n: Node, y: int, event: int) -> Any:
        key = (id(n), y, event)
        if key not in self.memo:
            self.memo[key] = self._term(n, y, event)
        return self.memo[key]

    def _term(self, n: Node, y: int, event: int) -> Any:
        op, a = n.op, n.args
        if op == "const":
            return _real(a[0])
        if op == "param":
            if a[0] not in self.params:
                raise _NotEncoded(f"parameter {a[0]} pinned by log_of")
            return self.params[a[0]]
        if op == "entry":
            if y < 0:
                raise _NotEncoded("an entry outside every binder")
            return self.variables[a[0]][a[1]][y]
        if op == "fixed":
            return self.variables[a[0]][a[1]][a[2]]
        if op == "emass":
            if event < 0:
                raise _NotEncoded("an event mass outside its event")
            row = self.variables[a[0]][a[1]]
            return z3.Sum([row[c] for c in self.subsets[event]] or [_real(0)])
        if op == "osum":
            return z3.Sum([self.term(a[0], c, -1) for c in range(self.size)])
        if op == "oall":
            return z3.And([self.term(a[0], c, -1) for c in range(self.size)])
        if op == "eall":
            return z3.And([self.term(a[0], -1, k) for k in range(len(self.subsets))])
        if op in ("div", "log"):
            raise _NotEncoded(op)
        args = [self.term(c, y, event) for c in a]
        return _OPS[op](args)


def _fold(pick: Any, xs: Sequence[Any]) -> Any:
    best = xs[0]
    for x in xs[1:]:
        best = pick(best, x)
    return best


_OPS: dict[str, Any] = {
    "add": lambda a: a[0] + a[1],
    "sub": lambda a: a[0] - a[1],
    "mul": lambda a: a[0] * a[1],
    "neg": lambda a: -a[0],
    "pos": lambda a: z3.If(a[0] > 0, a[0], _real(0)),
    "total": lambda a: z3.Sum(a) if a else _real(0),
    "max": lambda a: _fold(lambda x, y: z3.If(x >= y, x, y), a),
    "min": lambda a: _fold(lambda x, y: z3.If(x <= y, x, y), a),
    "le": lambda a: a[0] <= a[1],
    "lt": lambda a: a[0] < a[1],
    "eq": lambda a: a[0] == a[1],
    "all": lambda a: z3.And(a) if a else z3.BoolVal(True),
    "any": lambda a: z3.Or(a) if a else z3.BoolVal(False),
    "not": lambda a: z3.Not(a[0]),
    "ite": lambda a: z3.If(a[0], a[1], a[2]),
}
