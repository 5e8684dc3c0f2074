"""Looking for a counterexample to a proved or bounded mutant, by exact evaluation at points.

Sampling can only find falsity, and that is all it is used for: a point inside what the verdict
covers, where every hypothesis holds and the claim is false (decided exactly, or rigorously with
Arb balls), shows that the verdict is unsound.

* scalar claims: a deterministic grid of rationals in each domain (its closed ends, 1/8 steps,
  ends nudged inward by 1/1000 of the width; for an unbounded side, 1/1000 ... 1000 beyond the
  finite end) and seeded random rationals; every assumption is checked at the point with
  :func:`dpproofs.recheck.balls.truth`, then the statement;
* search claims: at each covered size, random exact row-stochastic matrices (rows of Fractions
  summing to 1, some with zero entries, point masses and uniform rows among them) and parameters
  at the domain's ends, middle and random rationals, evaluated by the rechecker's witness replay
  (:func:`dpproofs.recheck.witnesses.search_point`, Fractions and Arb balls) and, where a ball
  comparison stays undecided, by ``SearchClaim.holds_exactly`` (exact sympy values, no solver).
  When the formula is an implication, a point where its hypothesis is false is counted apart
  (outside the hypotheses), not as tried.

A point where a comparison stays undecided or a term is undefined is skipped and counted.
"""

from __future__ import annotations

import hashlib
import itertools
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

#: Arb precisions (bits) a point is evaluated at before it is called undecided.
PRECISIONS = (128, 512)


@dataclass(frozen=True, slots=True)
class Sampled:
    """What the sampling found: ``counterexample`` (name -> exact value) or None, with counts."""

    points: int
    skipped: int
    counterexample: dict[str, str] | None = None
    note: str = ""
    #: points where an assumption is false (no evidence either way)
    outside: int = 0


def seeded(key: str) -> random.Random:
    return random.Random(int(hashlib.sha256(key.encode()).hexdigest()[:16], 16))


# --- scalar claims --------------------------------------------------------------------------


def _inside(interval: Any, value: Fraction) -> bool:
    import sympy

    return interval.contains(sympy.Rational(value.numerator, value.denominator)) is sympy.true


def _rational(value: Any) -> Fraction:
    return Fraction(float(value)).limit_denominator(10**6)


def scalar_candidates(interval: Any, rng: random.Random, extra: int) -> list[Fraction]:
    """Grid and random rationals of ``interval`` (a sympy Interval), inside it, in order."""
    lo, hi = interval.start, interval.end
    out: list[Fraction] = []
    if lo.is_finite and hi.is_finite:
        a, b = _rational(lo), _rational(hi)
        width = b - a
        out += [a, b, a + width / 1000, b - width / 1000]
        out += [a + width * k / 8 for k in range(1, 8)]
        out += [a + width * Fraction(rng.randint(1, 9999), 10000) for _ in range(extra)]
    elif lo.is_finite or hi.is_finite:
        end = _rational(lo if lo.is_finite else hi)
        sign = 1 if lo.is_finite else -1
        steps = [Fraction(1, 1000), Fraction(1, 10), Fraction(1, 2), Fraction(1), Fraction(2)]
        steps += [Fraction(10), Fraction(1000)]
        out += [end] + [end + sign * s for s in steps]
        out += [end + sign * Fraction(rng.randint(1, 10000), 1000) for _ in range(extra)]
    else:
        out += [Fraction(k, 4) for k in range(-8, 9)] + [Fraction(-1000), Fraction(1000)]
        out += [Fraction(rng.randint(-10000, 10000), 1000) for _ in range(extra)]
    return [v for v in dict.fromkeys(out) if _inside(interval, v)]


def scalar_points(problem: Any, key: str, limit: int) -> Iterator[dict[Any, Fraction]]:
    """The grid (all of it when small, else a seeded selection), then random points."""
    rng = seeded(key)
    axes = [
        scalar_candidates(d, rng, 8 + 40 // max(1, len(problem.domains))) for d in problem.domains
    ]
    if any(not axis for axis in axes):
        return
    grid = 1
    for axis in axes:
        grid *= len(axis)
    if grid <= limit:
        for combo in itertools.product(*axes):
            yield dict(zip(problem.variables, combo, strict=True))
        return
    for _ in range(limit):
        yield {s: rng.choice(axis) for s, axis in zip(problem.variables, axes, strict=True)}


def sample_scalar(problem: Any, key: str, seconds: float, limit: int = 400) -> Sampled:
    """Look for a point of ``problem``'s domains where the assumptions hold and the statement
    is false (see the module docstring)."""
    from dpproofs.recheck.balls import Real, Undecidable, truth, with_precision

    end = time.monotonic() + seconds
    points = skipped = outside = 0
    for point in scalar_points(problem, key, limit):
        if time.monotonic() > end:
            break
        values = {s: Real(v) for s, v in point.items()}
        verdict: bool | None = None
        admissible = True
        for bits in PRECISIONS:
            try:
                with with_precision(bits):
                    admissible = all(truth(a, values) for a in problem.assumptions)
                    verdict = truth(problem.statement, values) if admissible else None
                break
            except Undecidable:
                continue
            except (ValueError, ZeroDivisionError, TypeError):
                break
        if not admissible:
            outside += 1
            continue
        if verdict is None:
            skipped += 1
            continue
        points += 1
        if verdict is False:
            found = {str(s): str(v) for s, v in point.items()}
            return Sampled(points, skipped, found, outside=outside)
    return Sampled(points, skipped, outside=outside)


# --- search claims --------------------------------------------------------------------------


def random_row(rng: random.Random, cols: int) -> list[Fraction]:
    """An exact probability vector on ``cols`` outcomes (often with zeros)."""
    pick = rng.random()
    if pick < 0.1:
        row = [Fraction(0)] * cols
        row[rng.randrange(cols)] = Fraction(1)
        return row
    if pick < 0.15:
        return [Fraction(1, cols)] * cols
    weights = [rng.choice((0, 0, 1, 1, 2, 3, 5, 8, 13, 50)) for _ in range(cols)]
    if not any(weights):
        weights[rng.randrange(cols)] = 1
    total = sum(weights)
    return [Fraction(w, total) for w in weights]


def parameter_values(domain: Any, rng: random.Random) -> list[Fraction]:
    """Ends, middle and random rationals of a search parameter's domain (a pinned value alone)."""
    if domain.pinned:
        return [domain.lo]
    lo = domain.lo
    hi = domain.hi if domain.hi is not None else max(lo, Fraction(0)) + 10
    width = hi - lo
    values = [hi, (lo + hi) / 2, lo + width / 1000, lo + width / 10]
    if not domain.lo_open:
        values.insert(0, lo)
    values += [lo + width * Fraction(rng.randint(1, 999), 1000) for _ in range(4)]
    return [v for v in dict.fromkeys(values) if domain.contains(v)]


def _matrix_text(rows: Sequence[Sequence[Fraction]]) -> str:
    return "[" + ", ".join("[" + ", ".join(str(v) for v in row) + "]" for row in rows) + "]"


def _exactly(claim: Any, size: int, values: dict[str, str]) -> bool | None:
    """The claim at the point by exact evaluation (sympy values, rigorous comparisons that
    recognise an exact zero: ``SearchClaim.holds_exactly``), when Arb balls could not decide a
    comparison (a positive part of an exact zero, say); None when that is undecided too."""
    from dpproofs.errors import DpProofsError
    from dpproofs.recheck.witnesses import parse_matrix

    shapes = claim.quantifier.shapes(size)
    exact: dict[str, Any] = {}
    for name, text in values.items():
        exact[name] = parse_matrix(text) if name in shapes else Fraction(text)
    try:
        return bool(claim.holds_exactly(size, exact))
    except (DpProofsError, ValueError, ZeroDivisionError, TypeError):
        return None


def sample_search(
    claim: Any, sizes: Sequence[int], key: str, seconds: float, per_size: int = 60
) -> Sampled:
    """Look for exact objects and parameters at one of ``sizes`` where the claim is false."""
    from dpproofs.recheck.balls import Undecidable, with_precision
    from dpproofs.recheck.witnesses import BadWitness, search_point

    rng = seeded(key)
    q = claim.quantifier
    free = [(n, d) for n, d in q.params if d.exp_value is None]
    choices = {n: parameter_values(d, rng) for n, d in free}
    if any(not c for c in choices.values()):
        return Sampled(0, 0, note="a parameter domain has no rational point")
    end = time.monotonic() + seconds
    points = skipped = outside = 0
    hypothesis = _hypothesis(claim)
    for size in sizes:
        shapes = q.shapes(size)
        for _ in range(per_size):
            if time.monotonic() > end:
                note = "time budget of the sampling reached"
                return Sampled(points, skipped, note=note, outside=outside)
            values = {
                name: _matrix_text([random_row(rng, shape.cols) for _ in range(shape.rows)])
                for name, shape in shapes.items()
            }
            values.update({n: str(rng.choice(c)) for n, c in choices.items()})
            holds: bool | None = None
            undecided = False
            for bits in PRECISIONS:
                try:
                    evaluate = search_point(q, claim.predicate, size, values)
                    with with_precision(bits):
                        holds = evaluate()
                    break
                except Undecidable:
                    undecided = True
                    continue
                except (BadWitness, ValueError, ZeroDivisionError, TypeError):
                    undecided = False
                    break
            if holds is None and undecided:
                holds = _exactly(claim, size, values)
            if holds is None:
                skipped += 1
                continue
            if holds and hypothesis is not None and _false_at(hypothesis, q, size, values):
                outside += 1
                continue
            points += 1
            if holds is False:
                return Sampled(points, skipped, {"size": str(size), **values}, outside=outside)
    return Sampled(points, skipped, outside=outside)


def _hypothesis(claim: Any) -> Any:
    """When the claim's formula is an implication (not a) or b: a predicate computing a."""
    from dpproofs.soundness.search import formula_predicate, is_implication

    root = claim.formula.root
    if root is None or not is_implication(root):
        return None
    return formula_predicate(claim, root.args[0].args[0])


def _false_at(hypothesis: Any, quantifier: Any, size: int, values: dict[str, str]) -> bool:
    """True when the hypothesis is decided false at the point (outside what it claims)."""
    from dpproofs.recheck.balls import Undecidable, with_precision
    from dpproofs.recheck.witnesses import BadWitness, search_point

    try:
        with with_precision(PRECISIONS[-1]):
            return search_point(quantifier, hypothesis, size, values)() is False
    except (Undecidable, BadWitness, ValueError, ZeroDivisionError, TypeError):
        return False
