"""Floating-point search for counterexample CANDIDATES, and rounding them to simple rationals.

Floats only search here; they never decide. A candidate becomes a refutation only after the judge
(:mod:`dpproofs.symbolic.judge`) has checked it exactly / rigorously.

The search samples each parameter from its domain (both ends and just inside them, simple numbers,
uniform or log-uniform random values, large values), scores each point by how badly the statement
fails while the assumptions hold, and polishes the best points with Nelder-Mead. Scores use
relative margins so that claims about huge and tiny quantities are searched alike.
"""

from __future__ import annotations

import functools
import itertools
import math
import warnings
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction

import numpy as np
import sympy
from scipy.optimize import minimize
from sympy.core.relational import Relational
from sympy.logic.boolalg import Boolean, BooleanFalse, BooleanTrue

from dpproofs.exact.rigorous import float_value
from dpproofs.symbolic.domain import contains
from dpproofs.symbolic.formula import Problem

Margin = Callable[[np.ndarray], np.ndarray]
_SIMPLE = (0.0, 0.5, 1.0, 2.0, 3.0, 0.1, 0.25, 10.0, 100.0, 1e3, 1e6, 0.01, 1e-4)
_PENALTY = 1e3


def _relation_margin(atom: Relational, variables: Sequence[sympy.Symbol]) -> Margin:
    """How much the atom holds at each sample (positive: holds), relative to the sides' size."""
    # erf and erfc have no numpy kernel: scipy.special's (imported only then).
    special = atom.has(sympy.erf, sympy.erfc)
    f = sympy.lambdify(
        variables,
        [_doubles(atom.lhs), _doubles(atom.rhs)],
        modules=["scipy", "numpy"] if special else "numpy",
    )
    kind = type(atom)

    def margin(x: np.ndarray) -> np.ndarray:
        lhs, rhs = (np.asarray(v, dtype=float) * np.ones(x.shape[1]) for v in f(*x))
        scale = 1.0 + np.abs(lhs) + np.abs(rhs)
        diff = (lhs - rhs) / scale
        if kind in (sympy.Lt, sympy.Le):
            out = -diff
        elif kind in (sympy.Gt, sympy.Ge):
            out = diff
        elif kind is sympy.Eq:
            out = -np.abs(diff)
        else:
            out = np.abs(diff)
        return np.where(np.isfinite(out), out, np.nan)

    return margin


@functools.lru_cache(maxsize=256)
def margin_of(formula: Boolean, variables: tuple[sympy.Symbol, ...]) -> Margin:
    """A float margin for a formula: min for And, max for Or, negation for Not (cached)."""
    if isinstance(formula, BooleanTrue | BooleanFalse):
        value = 1.0 if isinstance(formula, BooleanTrue) else -1.0
        return lambda x: np.full(x.shape[1], value)
    if isinstance(formula, Relational):
        return _relation_margin(formula, variables)
    parts = [margin_of(a, variables) for a in formula.args]
    if isinstance(formula, sympy.Not):
        return lambda x: -parts[0](x)
    if isinstance(formula, sympy.Implies):
        return lambda x: np.fmax(-parts[0](x), parts[1](x))
    if isinstance(formula, sympy.And):
        return lambda x: np.min(np.stack([p(x) for p in parts]), axis=0)
    return lambda x: np.max(np.stack([p(x) for p in parts]), axis=0)


def _samples(lo: float, hi: float, count: int, rng: np.random.Generator) -> np.ndarray:
    """Sample values from [lo, hi] (either end may be infinite)."""
    special = [v for s in _SIMPLE for v in (s, -s) if lo <= v <= hi]
    for end, inward in ((lo, 1.0), (hi, -1.0)):
        if math.isfinite(end):
            special += [end, *(end + inward * d for d in (1e-9, 1e-6, 1e-3, 1e-1, 1.0))]
    special = [v for v in special if lo <= v <= hi]
    if math.isfinite(lo) and math.isfinite(hi):
        random = rng.uniform(lo, hi, count)
    else:
        magnitude = np.exp(rng.uniform(math.log(1e-3), math.log(1e3), count))
        base = lo if math.isfinite(lo) else hi if math.isfinite(hi) else 0.0
        sign = (
            1.0 if math.isfinite(lo) else -1.0 if math.isfinite(hi) else rng.choice([-1, 1], count)
        )
        random = base + sign * magnitude
    pick = rng.random(count) < 0.3
    chosen = np.where(pick, rng.choice(special or [0.0], count), random)
    return np.clip(chosen, lo, hi)


def _doubles(term: sympy.Expr) -> sympy.Expr:
    """The term with every rational too large or too small for a double written as a float
    (lambdify would write 10^309 as a Python int, which numpy cannot convert: OverflowError).
    Floats only search: the float is +-inf or 0.0 there, as numpy's own arithmetic would give."""
    huge = {
        r: sympy.Float(float_value(r))
        for r in term.atoms(sympy.Rational)
        if max(int(r.p).bit_length(), int(r.q).bit_length()) > 1000
    }
    return term.xreplace(huge) if huge else term


def _simple_values(lo: float, hi: float) -> list[float]:
    """Simple numbers inside [lo, hi], simplest first (for readable witnesses)."""
    values = [1.0, 0.5, 2.0, 0.0, 3.0, 0.25, 10.0, 0.1, 100.0, -1.0, -0.5, -2.0, 1e3, 1e-2]
    if math.isfinite(lo) and math.isfinite(hi):
        values += [lo + (hi - lo) * k / 8 for k in range(9)]
    return [v for v in dict.fromkeys(values) if lo <= v <= hi]


def _simple_grid(bounds: list[tuple[float, float]], limit: int) -> np.ndarray:
    columns = [_simple_values(lo, hi) or [min(max(0.0, lo), hi)] for lo, hi in bounds]
    grid = np.array(list(itertools.islice(itertools.product(*columns), limit)), dtype=float)
    return grid.T


def float_candidates(
    problem: Problem, budget: int = 1500, polish: int = 0, seed: int = 0
) -> list[list[float]]:
    """Points (floats) where the statement seems false and the assumptions true: simple points
    first (a grid of simple numbers), then random samples and, with ``polish`` > 0, the results
    of Nelder-Mead started from the best samples."""
    variables = problem.variables
    if not variables:
        return []
    rng = np.random.default_rng(seed)
    bounds = [(float(d.start), float(d.end)) for d in problem.domains]
    lower = np.array([b[0] for b in bounds])
    upper = np.array([b[1] for b in bounds])
    claim = margin_of(problem.statement, variables)
    assumption = margin_of(sympy.And(*problem.assumptions), variables)

    def score(x: np.ndarray) -> np.ndarray:
        s = claim(x) + _PENALTY * np.maximum(0.0, -assumption(x))
        return np.where(np.isnan(s), np.inf, s)

    found: list[np.ndarray] = []
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        grid = _simple_grid(bounds, 400)
        if grid.size:
            grid_scores = score(grid)
            found += [grid[:, i] for i in range(grid.shape[1]) if grid_scores[i] < 0][:6]
        points = np.stack([_samples(lo, hi, budget, rng) for lo, hi in bounds])
        scores = score(points)
        order = np.argsort(scores)
        found += [points[:, i] for i in order[:12] if scores[i] < 1e-9]
        for i in order[:polish]:
            if not np.isfinite(scores[i]):
                continue
            result = minimize(
                lambda y: float(score(np.clip(y, lower, upper).reshape(-1, 1))[0]),
                points[:, i],
                method="Nelder-Mead",
                options={"maxfev": 100 * len(variables), "xatol": 1e-12, "fatol": 1e-15},
            )
            y = np.clip(result.x, lower, upper)
            if float(score(y.reshape(-1, 1))[0]) < 1e-9:
                found.append(y)
    return [[float(v) for v in p] for p in found]


def simple_rationals(value: float) -> Iterator[Fraction]:
    """Rationals near ``value``, simplest first: the integer, small denominators, then closer."""
    if not math.isfinite(value):
        return
    yield Fraction(round(value))
    exact = Fraction(value)
    for bound in (2, 4, 10, 100, 1000, 10**4, 10**6, 10**9):
        yield exact.limit_denominator(bound)
    yield exact


def rational_points(
    problem: Problem, point: Sequence[float], limit: int = 12
) -> Iterator[dict[sympy.Symbol, Fraction]]:
    """Rational points near ``point`` inside the domains, simplest first, without repeats."""
    columns = [
        [f for f in dict.fromkeys(simple_rationals(v)) if contains(d, f)]
        for v, d in zip(point, problem.domains, strict=True)
    ]
    if any(not c for c in columns):
        return
    seen: set[tuple[Fraction, ...]] = set()
    depth = max(len(c) for c in columns)
    for k in range(depth):
        combo = tuple(c[min(k, len(c) - 1)] for c in columns)
        if combo not in seen:
            seen.add(combo)
            yield dict(zip(problem.variables, combo, strict=True))
        if len(seen) >= limit:
            return


def still_fails(problem: Problem, point: dict[sympy.Symbol, Fraction]) -> bool:
    """A cheap float re-check of a rational point before the (slower) rigorous judge."""
    x = np.array([[float_value(point[s])] for s in problem.variables])
    claim = margin_of(problem.statement, problem.variables)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = claim(x)[0]
    return bool(np.isnan(value) or value < 1e-9)
