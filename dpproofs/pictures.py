"""Pictures of a verdict's evidence, as inline SVG (see :mod:`dpproofs.svg`).

* A counterexample over distributions or matrices: the objects as grouped bars, with the outcomes
  where the likelihood ratio exceeds e^eps shaded (the "bad set").
* A counterexample of a claim about a concrete mechanism (inputs x, x' and a set S or output y):
  the two rows as bars with S shaded.
* Any claim about a mechanism: its privacy profile delta(eps) = max_{x~x'} sum_y (M[x][y] -
  e^eps M[x'][y])^+ with the claimed bound, the privacy-loss atoms L(y) = ln(M[x][y]/M[x'][y])
  (weight M[x][y]) and the Renyi curves D_a(M(x) || M(x')) of the pair with the largest total
  variation. A family with parameters is drawn at the counterexample's or a sample value.

Everything here is floats, for reading only: nothing is decided from a picture.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from dpproofs import svg
from dpproofs.verdict import Counterexample, Verdict

Rows = list[list[float]]


def pictures(claim: Any, verdict: Verdict) -> list[str]:
    """The SVG pictures for one theorem's claim (None if it could not be built) and verdict."""
    out: list[str] = []
    cx = verdict.counterexample
    mechanism = _mechanism_of(claim)
    if cx is not None:
        out += _object_bars(cx)
        if mechanism is not None:
            out += _row_bars(mechanism, cx)
    if mechanism is not None:
        out += profile_pictures(mechanism, claim, cx)
    return out


def _mechanism_of(claim: Any) -> Any:
    if claim is None:
        return None
    found = getattr(claim, "mechanism", None)
    if found is not None:
        return found
    for part in getattr(claim, "parts", ()):
        found = _mechanism_of(part)
        if found is not None:
            return found
    return None


def _number(text: str) -> float | None:
    try:
        return float(Fraction(text.strip()))
    except (ValueError, ZeroDivisionError):
        return None


def _parse_vector_or_matrix(text: str) -> Rows | None:
    """ "[1/2, 1/2]" or "(0, 1)" as one row, "[[..], [..]]" as rows; None if not numeric."""
    stripped = text.strip().replace("(", "[").replace(")", "]")
    if not stripped.startswith("["):
        return None
    inner = stripped[1:-1].strip()
    chunks = (
        [c.strip(" ,[") for c in inner.split("]") if c.strip(" ,[")]
        if inner.startswith("[")
        else [inner]
    )
    rows: Rows = []
    for chunk in chunks:
        values = [_number(v) for v in chunk.split(",")]
        if not values or any(v is None for v in values):
            return None
        rows.append([v for v in values if v is not None])
    return rows


def _eps(cx: Counterexample) -> float | None:
    for name, value in cx.assignment:
        if name.lower() in ("eps", "epsilon"):
            return _number(value)
    return None


def bad_outcomes(rows: Sequence[Sequence[float]], eps: float | None) -> list[int]:
    """Outcomes y where some row exceeds e^eps times another (all where any two rows differ
    when eps is not known)."""
    factor = math.exp(eps) if eps is not None else 1.0
    return [
        y
        for y in range(len(rows[0]))
        if any(a[y] > factor * b[y] + 1e-12 for a in rows for b in rows if a is not b)
    ]


def _object_bars(cx: Counterexample) -> list[str]:
    vectors: list[tuple[str, list[float]]] = []
    out: list[str] = []
    eps = _eps(cx)
    for name, value in cx.assignment:
        rows = _parse_vector_or_matrix(value)
        if rows is None:
            continue
        if len(rows) == 1:
            vectors.append((name, rows[0]))
        elif len({len(r) for r in rows}) == 1:
            outputs = [str(y) for y in range(len(rows[0]))]
            groups = [(f"{name} row {i}", row) for i, row in enumerate(rows)]
            out.append(
                svg.bars(f"counterexample: {name}", outputs, groups, bad_outcomes(rows, eps))
            )
    same = [v for v in vectors if len(v[1]) == len(vectors[0][1])] if vectors else []
    if same:
        outcomes = [str(y) for y in range(len(same[0][1]))]
        highlight = bad_outcomes([v for _, v in same], eps) if len(same) > 1 else []
        names = ", ".join(n for n, _ in same)
        out.insert(0, svg.bars(f"counterexample: {names}", outcomes, same, highlight))
    return out


def _parameter_values(mechanism: Any, cx: Counterexample | None) -> dict[Any, Any]:
    """Where a family is drawn: the counterexample's parameter values, else a sample point."""
    if not mechanism.parameters:
        return {}
    from dpproofs.finite.claims import sample_points

    given = dict(cx.assignment) if cx is not None else {}
    values = {s: Fraction(given[s.name]) for s, _ in mechanism.parameters if s.name in given}
    if len(values) != len(mechanism.parameters):
        values = dict(sample_points(mechanism.parameters)[0])
    return values


def _concrete_rows(mechanism: Any, cx: Counterexample | None) -> tuple[Rows, str]:
    """Float rows (of a family: at ``_parameter_values``) and the words saying where."""
    values = _parameter_values(mechanism, cx)
    if not values:
        return [[float(v) for v in row] for row in mechanism.rows], ""
    rows = [[float(v.subs(values)) for v in row] for row in mechanism.rows]
    return rows, " at " + ", ".join(f"{s} = {v}" for s, v in values.items())


def _row_bars(mechanism: Any, cx: Counterexample) -> list[str]:
    given = dict(cx.assignment)
    labels = [str(x) for x in mechanism.inputs]
    if "x" not in given or "x'" not in given or given["x"] not in labels:
        return []
    if given["x'"] not in labels:
        return []
    rows, where = _concrete_rows(mechanism, cx)
    outputs = [str(y) for y in mechanism.outputs]
    chosen: set[str] = set()
    if "S" in given:
        try:
            chosen = {str(v) for v in ast.literal_eval(given["S"])}
        except (ValueError, SyntaxError):
            chosen = set()
    elif "y" in given:
        chosen = {given["y"]}
    x, other = given["x"], given["x'"]
    pair = [(f"M({x})", rows[labels.index(x)]), (f"M({other})", rows[labels.index(other)])]
    highlight = [i for i, y in enumerate(outputs) if y in chosen]
    return [svg.bars(f"the two rows{where}, violating set shaded", outputs, pair, highlight)]


def _delta(a: Sequence[float], b: Sequence[float], eps: float) -> float:
    factor = math.exp(eps)
    return sum(max(0.0, p - factor * q) for p, q in zip(a, b, strict=True))


def _renyi(a: Sequence[float], b: Sequence[float], order: float) -> float:
    total = 0.0
    for p, q in zip(a, b, strict=True):
        if p > 0 and q == 0:
            return math.inf
        if p > 0:
            total += p**order * q ** (1 - order)
    return math.log(total) / (order - 1) if total > 0 else math.inf


def profile_pictures(mechanism: Any, claim: Any, cx: Counterexample | None = None) -> list[str]:
    """delta(eps) with the claimed bound, privacy-loss atoms and Renyi curves of a mechanism."""
    rows, where = _concrete_rows(mechanism, cx)
    pairs = list(mechanism.pairs)
    if not pairs:
        return []
    ratios = [
        math.log(a / b) if b > 0 else math.inf
        for i, j in pairs
        for a, b in zip(rows[i], rows[j], strict=True)
        if a > 0
    ]
    finite = [r for r in ratios if math.isfinite(r)]
    top = max(2.0, 1.2 * max(finite, default=1.0))
    grid = [top * k / 80 for k in range(81)]
    curve = svg.Series(
        "delta(eps)", tuple((e, max(_delta(rows[i], rows[j], e) for i, j in pairs)) for e in grid)
    )
    series = [curve]
    marks: list[tuple[float, float, str]] = []
    measured = getattr(claim, "measured", "")
    target: Any = getattr(claim, "target", None)
    values = _parameter_values(mechanism, cx)
    bound = _float(target.subs(values) if values and hasattr(target, "subs") else target)
    if bound is not None and measured == "delta_at_epsilon":
        series.append(svg.Series("claimed delta", ((0.0, bound), (top, bound)), dashed=True))
    elif bound is not None and measured == "pure_epsilon":
        marks.append((bound, 0.0, f"claimed eps = {bound:.4g}"))
    elif bound is not None and measured == "total_variation":
        marks.append((0.0, bound, f"claimed TV = {bound:.4g}"))
    name = mechanism.name or "M"
    out = [svg.lines(f"privacy profile of {name}{where}", series, "eps", "delta", marks)]
    i, j = max(pairs, key=lambda p: _delta(rows[p[0]], rows[p[1]], 0.0))
    x, y = mechanism.inputs[i], mechanism.inputs[j]
    atoms = [(math.log(a / b), a) for a, b in zip(rows[i], rows[j], strict=True) if a > 0 and b > 0]
    if atoms:
        out.append(svg.stems(f"privacy loss L = ln M({x})/M({y}) under M({x})", atoms, "L"))
    orders = [1 + k / 8 for k in range(1, 73)]
    renyi = [
        svg.Series(
            f"D_a(M({u}) || M({v}))", tuple((a, _renyi(rows[p], rows[q], a)) for a in orders)
        )
        for p, q, u, v in ((i, j, x, y), (j, i, y, x))
    ]
    if any(math.isfinite(v) for s in renyi for _, v in s.points):
        out.append(svg.lines("Renyi divergences", renyi, "order a", "D_a"))
    return out


def _float(value: Any) -> float | None:
    try:
        result = float(value)
    except (TypeError, ValueError):
        return None
    return result if math.isfinite(result) else None


def write_profile_plot(mechanism: Any, path: str | Path) -> None:
    """``dpproofs profile M.json --plot FILE.svg``: the profile pictures stacked in one SVG."""
    Path(path).write_text(svg.stack(profile_pictures(mechanism, None)), encoding="utf-8")
