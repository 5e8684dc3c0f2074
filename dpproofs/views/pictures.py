"""Pictures of a verdict's evidence, as inline SVG (see :mod:`dpproofs.views.svg`).

* A counterexample over distributions or matrices: the objects as grouped bars, with the outcome
  of the largest likelihood ratio max_{a, b} a_y / b_y shaded (whatever the claim's threshold, an
  eps-DP-type claim that fails fails there; the title gives the ratio).
* A counterexample of a claim about a concrete mechanism (inputs x, x' and a set S or output y):
  the two rows as bars with S shaded.
* Any claim about a mechanism: its privacy profile delta(eps) = max_{x~x'} sum_y (M[x][y] -
  e^eps M[x'][y])^+ with the claimed bound, the privacy-loss distribution (the atoms
  L(y) = ln(M[x][y]/M[x'][y]) with weight M[x][y], equal losses merged, the mass at L = +oo in the
  title) and the Renyi curves D_a(M(x) || M(x')) of the pair with the largest total
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

from dpproofs.verdict import Counterexample, Verdict
from dpproofs.views import svg

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


def largest_ratio_outcomes(rows: Sequence[Sequence[float]]) -> tuple[list[int], float]:
    """The outcomes y attaining max_y max_{a != b} a_y / b_y over the rows (+oo where b_y = 0 <
    a_y), and that ratio. An eps-DP-type claim fails at such an outcome if it fails at all."""
    ratios = [
        max(
            (math.inf if b[y] == 0 else a[y] / b[y])
            for a in rows
            for b in rows
            if a is not b and a[y] > 0
        )
        if any(a[y] > 0 for a in rows)
        else 0.0
        for y in range(len(rows[0]))
    ]
    top = max(ratios, default=0.0)
    if len(rows) < 2 or top <= 1.0:
        return [], top
    close = [y for y, r in enumerate(ratios) if r == top or math.isclose(r, top, rel_tol=1e-12)]
    return close, top


def _shaded_title(name: str, rows: Sequence[Sequence[float]]) -> tuple[str, list[int]]:
    outcomes, ratio = largest_ratio_outcomes(rows)
    if not outcomes:
        return f"counterexample: {name}", []
    shown = "oo" if math.isinf(ratio) else f"{ratio:.4g} = e^{math.log(ratio):.4g}"
    return f"counterexample: {name}; shaded: the largest likelihood ratio, {shown}", outcomes


def _object_bars(cx: Counterexample) -> list[str]:
    vectors: list[tuple[str, list[float]]] = []
    out: list[str] = []
    for name, value in cx.assignment:
        rows = _parse_vector_or_matrix(value)
        if rows is None:
            continue
        if len(rows) == 1:
            vectors.append((name, rows[0]))
        elif len({len(r) for r in rows}) == 1:
            outputs = [str(y) for y in range(len(rows[0]))]
            groups = [(f"{name} row {i}", row) for i, row in enumerate(rows)]
            out.append(svg.bars(*_bars_of(name, outputs, groups, rows)))
    same = [v for v in vectors if len(v[1]) == len(vectors[0][1])] if vectors else []
    if same:
        outcomes = [str(y) for y in range(len(same[0][1]))]
        names = ", ".join(n for n, _ in same)
        out.insert(0, svg.bars(*_bars_of(names, outcomes, same, [v for _, v in same])))
    return out


def _bars_of(
    name: str, outcomes: list[str], groups: list[tuple[str, list[float]]], rows: Rows
) -> tuple[str, list[str], list[tuple[str, list[float]]], list[int]]:
    title, shaded = _shaded_title(name, rows)
    return title, outcomes, groups, shaded


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


def profile_pictures(
    mechanism: Any,
    claim: Any,
    cx: Counterexample | None = None,
    points: Sequence[tuple[float, float, str]] = (),
) -> list[str]:
    """delta(eps) with the claimed bound (and ``points``, labelled (eps, delta) pairs to mark on
    the curve), privacy-loss atoms and Renyi curves of a mechanism."""
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
    marks: list[tuple[float, float, str]] = [
        (x, y, label) for x, y, label in points if math.isfinite(x) and math.isfinite(y)
    ]
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
    atoms, infinite = privacy_loss_atoms(rows[i], rows[j])
    if atoms:
        tail = f"; mass {infinite:.4g} at L = +oo" if infinite > 0 else ""
        title = f"privacy loss L = ln M({x})/M({y}) under M({x}){tail}"
        out.append(svg.stems(title, atoms, "L"))
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


def privacy_loss_atoms(
    p: Sequence[float], q: Sequence[float]
) -> tuple[list[tuple[float, float]], float]:
    """The privacy-loss distribution of (p, q): the law of L = ln p_y / q_y under y ~ p, as
    (loss, mass) atoms with equal losses merged (outcomes with the same ratio are one atom of
    the PLD), sorted by loss, and the mass at L = +oo (outcomes with p_y > 0 = q_y)."""
    merged: list[tuple[float, float]] = []
    infinite = 0.0
    for loss, mass in sorted(
        (math.log(a / b) if b > 0 else math.inf, a) for a, b in zip(p, q, strict=True) if a > 0
    ):
        if math.isinf(loss):
            infinite += mass
        elif merged and math.isclose(merged[-1][0], loss, rel_tol=1e-12, abs_tol=1e-12):
            merged[-1] = (merged[-1][0], merged[-1][1] + mass)
        else:
            merged.append((loss, mass))
    return merged, infinite


def _float(value: Any) -> float | None:
    try:
        result = float(value)
    except (TypeError, ValueError):
        return None
    return result if math.isfinite(result) else None


def write_profile_plot(
    mechanism: Any, path: str | Path, points: Sequence[tuple[float, float, str]] = ()
) -> int:
    """``dpproofs profile M.json --plot FILE.svg``: the profile pictures stacked in one SVG, with
    ``points`` ((eps, delta, label): the --epsilon and --delta asked for) marked on delta(eps).
    Returns the number of pictures written."""
    drawn = profile_pictures(mechanism, None, points=points)
    Path(path).write_text(svg.stack(drawn), encoding="utf-8")
    return len(drawn)
