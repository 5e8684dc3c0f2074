"""Small, dependency-free SVG charts for reports: grouped bars, lines, and stems.

Every function returns one ``<svg>`` element as a string (inline in HTML, or a file on its own).
Charts are for reading, never for deciding: they take floats. Texts are escaped.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

WIDTH, HEIGHT = 460, 240
LEFT, RIGHT, TOP, BOTTOM = 52, 14, 28, 42
PALETTE = ("#2f6db5", "#e08a1e", "#3a9b50", "#8c5bb5", "#c0392b", "#7f8c8d")
HIGHLIGHT = "#fde2e2"


@dataclass(frozen=True, slots=True)
class Series:
    """A named polyline; ``dashed`` for bounds and claims."""

    name: str
    points: tuple[tuple[float, float], ...]
    dashed: bool = False


def _frame(title: str, body: list[str], legend: Sequence[tuple[str, str, bool]] = ()) -> str:
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="{WIDTH}" '
        f'height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(title)}" font-family="sans-serif" font-size="11">',
        f"<title>{escape(title)}</title>",
        '<rect width="100%" height="100%" fill="white"/>',
        f'<text x="{WIDTH / 2}" y="16" text-anchor="middle" font-size="12" '
        f'font-weight="bold">{escape(title)}</text>',
        *body,
    ]
    x = LEFT
    for label, colour, dashed in legend:
        dash = ' stroke-dasharray="4 3"' if dashed else ""
        y = HEIGHT - 8
        parts.append(
            f'<line x1="{x}" y1="{y - 4}" x2="{x + 16}" y2="{y - 4}" stroke="{colour}" '
            f'stroke-width="3"{dash}/>'
        )
        parts.append(f'<text x="{x + 20}" y="{y}">{escape(label)}</text>')
        x += 28 + 7 * len(label)
    parts.append("</svg>")
    return "\n".join(parts)


def _ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    if hi <= lo:
        return [lo]
    raw = (hi - lo) / count
    step = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= step * factor:
            step *= factor
            break
    first = math.ceil(lo / step) * step
    return [first + i * step for i in range(int((hi - first) / step + 1e-9) + 1)]


def _label(v: float) -> str:
    return f"{v:.3g}"


class _Axes:
    """Maps data coordinates to the plot area and draws the axes with ticks."""

    def __init__(self, x: tuple[float, float], y: tuple[float, float]) -> None:
        self.x0, self.x1 = x if x[1] > x[0] else (x[0], x[0] + 1)
        self.y0, self.y1 = y if y[1] > y[0] else (y[0], y[0] + 1)

    def px(self, x: float) -> float:
        return LEFT + (x - self.x0) / (self.x1 - self.x0) * (WIDTH - LEFT - RIGHT)

    def py(self, y: float) -> float:
        return HEIGHT - BOTTOM - (y - self.y0) / (self.y1 - self.y0) * (HEIGHT - TOP - BOTTOM)

    def draw(self, x_label: str, y_label: str, x_ticks: bool = True) -> list[str]:
        bottom, top = self.py(self.y0), self.py(self.y1)
        out = [
            f'<line x1="{LEFT}" y1="{bottom}" x2="{WIDTH - RIGHT}" y2="{bottom}" stroke="#333"/>',
            f'<line x1="{LEFT}" y1="{bottom}" x2="{LEFT}" y2="{top}" stroke="#333"/>',
        ]
        for t in _ticks(self.y0, self.y1):
            y = self.py(t)
            out.append(
                f'<line x1="{LEFT - 4}" y1="{y:.1f}" x2="{LEFT}" y2="{y:.1f}" stroke="#333"/>'
            )
            out.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{_label(t)}</text>')
        if x_ticks:
            for t in _ticks(self.x0, self.x1):
                x = self.px(t)
                out.append(
                    f'<line x1="{x:.1f}" y1="{bottom}" x2="{x:.1f}" y2="{bottom + 4}" '
                    'stroke="#333"/>'
                )
                out.append(
                    f'<text x="{x:.1f}" y="{bottom + 15}" text-anchor="middle">{_label(t)}</text>'
                )
        out.append(
            f'<text x="{WIDTH - RIGHT}" y="{bottom + 28}" text-anchor="end">'
            f"{escape(x_label)}</text>"
        )
        out.append(f'<text x="{LEFT - 40}" y="{TOP - 6}">{escape(y_label)}</text>')
        return out


def bars(
    title: str,
    categories: Sequence[str],
    groups: Sequence[tuple[str, Sequence[float]]],
    highlight: Sequence[int] = (),
    y_label: str = "probability",
) -> str:
    """Grouped bars: one group per category (e.g. an output), one bar per named row.

    ``highlight`` marks categories (e.g. the bad set of a counterexample) with a shaded band.
    """
    top = max((v for _, row in groups for v in row), default=1.0)
    axes = _Axes((0, len(categories)), (0, max(top, 1e-12) * 1.1))
    body = axes.draw("", y_label, x_ticks=False)
    slot = (WIDTH - LEFT - RIGHT) / max(1, len(categories))
    width = slot * 0.8 / max(1, len(groups))
    for c, name in enumerate(categories):
        x = axes.px(c)
        if c in highlight:
            body.insert(
                0,
                f'<rect class="bad" x="{x:.1f}" y="{TOP}" width="{slot:.1f}" '
                f'height="{HEIGHT - TOP - BOTTOM}" fill="{HIGHLIGHT}"/>',
            )
        body.append(
            f'<text x="{x + slot / 2:.1f}" y="{HEIGHT - BOTTOM + 15}" '
            f'text-anchor="middle">{escape(name)}</text>'
        )
        for g, (label, row) in enumerate(groups):
            value = row[c]
            y = axes.py(value)
            body.append(
                f'<rect class="bar" x="{x + slot * 0.1 + g * width:.1f}" y="{y:.1f}" '
                f'width="{width:.1f}" height="{axes.py(0) - y:.1f}" fill="{_colour(g)}">'
                f"<title>{escape(label)}[{escape(name)}] = {value:.6g}</title></rect>"
            )
    legend = [(label, _colour(g), False) for g, (label, _) in enumerate(groups)]
    if highlight:
        legend.append(("bad set", "#f4a6a6", False))
    return _frame(title, body, legend)


def lines(
    title: str,
    series: Sequence[Series],
    x_label: str,
    y_label: str,
    marks: Sequence[tuple[float, float, str]] = (),
) -> str:
    """Polylines on common axes; ``marks`` are labelled points (e.g. a claimed (eps, delta))."""
    xs = [x for s in series for x, _ in s.points] + [m[0] for m in marks]
    ys = [y for s in series for _, y in s.points if math.isfinite(y)] + [m[1] for m in marks]
    axes = _Axes(
        (min(xs, default=0), max(xs, default=1)), (min(0.0, *ys), max(ys, default=1) * 1.05)
    )
    body = axes.draw(x_label, y_label)
    for index, s in enumerate(series):
        finite = [(x, y) for x, y in s.points if math.isfinite(y)]
        path = " ".join(f"{axes.px(x):.1f},{axes.py(y):.1f}" for x, y in finite)
        dash = ' stroke-dasharray="5 4"' if s.dashed else ""
        body.append(
            f'<polyline class="series" points="{path}" fill="none" stroke="{_colour(index)}" '
            f'stroke-width="2"{dash}/>'
        )
    for x, y, label in marks:
        body.append(
            f'<circle class="mark" cx="{axes.px(x):.1f}" cy="{axes.py(y):.1f}" r="4" '
            f'fill="#c0392b"><title>{escape(label)}</title></circle>'
        )
        body.append(
            f'<text x="{axes.px(x) + 6:.1f}" y="{axes.py(y) - 6:.1f}">{escape(label)}</text>'
        )
    legend = [(s.name, _colour(i), s.dashed) for i, s in enumerate(series)]
    return _frame(title, body, legend)


def stems(title: str, atoms: Sequence[tuple[float, float]], x_label: str) -> str:
    """A discrete distribution drawn as stems: (value, probability) pairs."""
    xs = [x for x, _ in atoms] or [0.0]
    pad = max(0.5, (max(xs) - min(xs)) * 0.1)
    axes = _Axes((min(xs) - pad, max(xs) + pad), (0, max((p for _, p in atoms), default=1) * 1.1))
    body = axes.draw(x_label, "probability")
    for x, p in atoms:
        body.append(
            f'<line class="stem" x1="{axes.px(x):.1f}" y1="{axes.py(0):.1f}" '
            f'x2="{axes.px(x):.1f}" y2="{axes.py(p):.1f}" stroke="{PALETTE[0]}" stroke-width="3"/>'
        )
        body.append(
            f'<circle cx="{axes.px(x):.1f}" cy="{axes.py(p):.1f}" r="4" fill="{PALETTE[0]}">'
            f"<title>L = {x:.6g}: probability {p:.6g}</title></circle>"
        )
    return _frame(title, body)


def _colour(index: int) -> str:
    return PALETTE[index % len(PALETTE)]


def stack(charts: Sequence[str]) -> str:
    """Several charts one above the other, as one standalone SVG document."""
    inner = [
        chart.replace("<svg ", f'<svg y="{index * HEIGHT}" ', 1)
        for index, chart in enumerate(charts)
    ]
    height = HEIGHT * max(1, len(charts))
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}">\n' + "\n".join(inner) + "\n</svg>\n"
    )
