"""The HTML report of a run: one self-contained ``index.html`` (no server, no CDN, no fonts).

A verdict table with filters (by verdict, by "not as expected", by text), then one section per
theorem: statement, citation, location, method, time, coverage, reason, counterexample with the
values the exact re-check observed, certificate, derivation steps (when the verdict has them),
and inline SVG pictures of the evidence (:mod:`dpproofs.views.pictures`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from html import escape
from pathlib import Path
from typing import Any

STATUSES = ("proved", "verified-bounded", "refuted", "unknown", "error")
COLOURS = {
    "proved": "#1a7f37",
    "verified-bounded": "#0969da",
    "refuted": "#cf222e",
    "unknown": "#9a6700",
    "error": "#8250df",
}

_STYLE = """
body{font-family:system-ui,sans-serif;margin:24px;color:#1f2328;max-width:1200px}
h1{font-size:22px}h2{font-size:17px;margin-top:28px}h3{font-size:15px;margin:0;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%;font-size:13px}
td,th{border-bottom:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f6f8fa}.badge{color:#fff;padding:1px 6px;border-radius:3px;font-weight:600;
white-space:nowrap}.miss{color:#cf222e;font-weight:600}.ok{color:#1a7f37}
section.theorem{border:1px solid #d0d7de;border-radius:6px;padding:12px 16px;margin:14px 0}
section.theorem dl{display:grid;grid-template-columns:140px minmax(0,1fr);gap:2px 12px;
font-size:13px}dt{color:#57606a}dd{margin:0;min-width:0;overflow-wrap:anywhere}
code,pre{font-family:ui-monospace,monospace;font-size:12px}
pre{background:#f6f8fa;padding:8px;overflow-x:auto}.pictures svg{margin:6px 8px 0 0;
border:1px solid #eaeef2;max-width:100%;height:auto}.filters{margin:12px 0;font-size:13px}
.filters label{margin-right:12px;white-space:nowrap}.scroll{overflow-x:auto}
#empty{color:#57606a;font-style:italic}.narrow{display:none}
@media (max-width:600px){body{margin:10px}section.theorem{padding:8px}
section.theorem dl{grid-template-columns:minmax(0,1fr)}dt{font-weight:600;margin-top:6px}
#verdicts{min-width:720px}#verdicts td:first-child{overflow-wrap:anywhere;min-width:9em}
#verdicts td:nth-child(2){min-width:14em}.narrow{display:block;margin-top:2px}}
"""

_SCRIPT = """
function applyFilters(){
  const shown=new Set([...document.querySelectorAll('.filters input[type=checkbox][data-status]')]
    .filter(b=>b.checked).map(b=>b.dataset.status));
  const onlyMiss=document.getElementById('only-miss').checked;
  const text=document.getElementById('text').value.toLowerCase();
  document.querySelectorAll('[data-theorem]').forEach(el=>{
    const ok=shown.has(el.dataset.status)&&(!onlyMiss||el.dataset.expected==='no')&&
      el.dataset.search.includes(text);
    el.style.display=ok?'':'none';});
  const any=[...document.querySelectorAll('tr[data-theorem]')].some(r=>r.style.display!=='none');
  document.getElementById('empty').hidden=any;
}
document.querySelectorAll('.filters input').forEach(i=>i.addEventListener('input',applyFilters));
"""


def write_html(results: Iterable[Any], specs: Iterable[Any], directory: str | Path) -> Path:
    """Write ``directory/index.html`` for the runner's results (``TheoremResult``s) and return
    its path. ``specs`` are the theorems that were run (TheoremSpecs, or records with ``id`` and
    ``file``); their claims are rebuilt for the pictures."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    records = [getattr(spec, "info", spec) for spec in specs]  # a planned run's theorem info
    by_id = {record.id: record for record in records}
    target = folder / "index.html"
    target.write_text(render(list(results), by_id), encoding="utf-8")
    return target


def render(results: Sequence[Any], specs: dict[str, Any]) -> str:
    counts = Counter(r.verdict.status.value for r in results)
    missed = sum(1 for r in results if not r.as_expected)
    summary = ", ".join(f"{counts[s]} {s}" for s in STATUSES if counts[s])
    summary += _refutations(results)
    boxes = "".join(
        f'<label><input type="checkbox" data-status="{s}" checked> {s} ({counts[s]})</label>'
        for s in STATUSES
    )
    rows = "".join(_row(r) for r in results)
    sections = "".join(_section(r, specs.get(r.id)) for r in results)
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        "<title>dpproofs report</title>"
        f"<style>{_STYLE}</style></head><body>"
        f"<h1>dpproofs report</h1><p>{len(results)} theorems: {escape(summary)}; "
        f"{'all as expected' if not missed else f'{missed} not as expected'}.</p>"
        f'<div class="filters">{boxes}<label><input type="checkbox" id="only-miss"> '
        f'only not as expected ({missed})</label><input id="text" type="search" '
        f'placeholder="filter by text"></div>'
        '<div class="scroll"><table id="verdicts"><thead><tr><th>theorem</th><th>statement</th>'
        "<th>verdict</th><th>expected</th><th>role</th><th>source</th><th>s</th></tr></thead>"
        f"<tbody>{rows}</tbody></table></div>"
        f'<p id="empty"{" hidden" if results else ""}>{_EMPTY if results else _NOTHING}</p>'
        f"<h2>Theorems</h2>{sections}"
        f"<script>{_SCRIPT}</script></body></html>\n"
    )


def _refutations(results: Sequence[Any]) -> str:
    """'' or ' (refutations: n notational, m substantive)', labelled as in docs/verdicts.md."""
    from dpproofs.views.markdown import refutation_label

    corrections: dict[str, list[Any]] = {}
    for r in results:
        if getattr(r, "corrects", None):
            corrections.setdefault(r.corrects, []).append(r)
    labels = [refutation_label(r, corrections) for r in results]
    labels = [label for label in labels if label]
    if not labels:
        return ""
    notational = labels.count("notational")
    substantive = len(labels) - notational
    return f" (refutations of sources: {notational} notational, {substantive} substantive)"


_EMPTY = "No theorem matches these filters."
_NOTHING = "This run decided no theorem."


def _badge(status: str) -> str:
    return f'<span class="badge" style="background:{COLOURS[status]}">{status}</span>'


def _data(r: Any) -> str:
    status = r.verdict.status.value
    search = escape(f"{r.id} {r.title} {r.source} {status}".lower())
    return (
        f'data-theorem data-status="{status}" data-expected="{"yes" if r.as_expected else "no"}" '
        f'data-search="{search}"'
    )


def _anchor(theorem_id: str) -> str:
    return "t-" + "".join(c if c.isalnum() else "-" for c in theorem_id)


def _row(r: Any) -> str:
    expected = r.expected_label
    mark = (
        f'<span class="ok">{escape(expected)} (ok)</span>'
        if r.as_expected
        else f'<span class="miss">{escape(expected)} (not as expected)</span>'
    )
    role = getattr(getattr(r, "role", None), "value", "")
    label = getattr(getattr(r, "refutation", None), "value", "")
    if label and r.verdict.status.value == "refuted":
        role = f"{role}, {label} refutation"
    return (
        f'<tr {_data(r)}><td><a href="#{_anchor(r.id)}">{escape(r.id)}</a>'
        # On a narrow screen the verdict column is off to the right: shown under the id too.
        f'<span class="narrow">{_badge(r.verdict.status.value)}</span></td>'
        f"<td>{escape(r.title)}</td>"
        f"<td>{_badge(r.verdict.status.value)}</td><td>{mark}</td><td>{escape(role)}</td>"
        f"<td>{escape(r.source)}</td><td>{_seconds(r)}</td></tr>"
    )


def _seconds(r: Any) -> str:
    """The time column, as the terminal's: ``cached`` for a verdict this run did not decide."""
    return "cached" if getattr(r, "cached", False) else f"{r.verdict.seconds:.2f}"


def _section(r: Any, spec: Any) -> str:
    from dpproofs.views.pictures import pictures

    v = r.verdict
    claim = _claim(spec)
    fields: list[tuple[str, str]] = [
        ("statement", escape(r.title)),
        ("the source says", escape(getattr(r, "quote", ""))),
        ("reading", escape(getattr(r, "reading", ""))),
        ("on part of the domain", escape(getattr(r, "restricted", ""))),
        ("claim", f"<code>{escape(claim.describe())}</code>" if claim is not None else ""),
        ("source", escape(r.source)),
        ("location", f"<code>{escape(r.location)}</code>"),
        ("expected", escape(r.expected_label)),
        ("method", escape(v.method)),
        (
            "time",
            f"{v.seconds:.2f} s when it was decided (cached: this run did not decide it again)"
            if getattr(r, "cached", False)
            else f"{v.seconds:.2f} s",
        ),
        ("coverage", escape(v.coverage or "")),
        ("reason", escape(v.reason)),
        ("note", escape(r.note)),
        ("role", escape(getattr(getattr(r, "role", None), "value", ""))),
        ("refutation", escape(getattr(getattr(r, "refutation", None), "value", "") or "")),
    ]
    corrects = getattr(r, "corrects", None) or getattr(spec, "corrects", None)
    if corrects:
        fields.append(("corrects", f'<a href="#{_anchor(corrects)}">{escape(corrects)}</a>'))
    if v.counterexample is not None:
        fields.append(("counterexample", _pairs_list(v.counterexample.assignment)))
        if v.counterexample.observed:
            fields.append(("observed", _pairs_list(v.counterexample.observed)))
    if v.certificate:
        fields.append(("certificate", _list(v.certificate)))
    steps = getattr(v, "steps", None)
    if steps:
        lines = (f"{s.index}. {s.latex}  [{s.status}] {s.reason}" for s in steps)
        fields.append(("derivation", _list(lines)))
    body = "".join(f"<dt>{k}</dt><dd>{val}</dd>" for k, val in fields if val)
    try:
        drawn = pictures(claim, v)
    except Exception:  # a picture must never break the report
        drawn = []
    return (
        f'<section class="theorem" id="{_anchor(r.id)}" {_data(r)}>'
        f"<h3>{escape(r.id)} {_badge(v.status.value)}</h3><dl>{body}</dl>"
        f'<div class="pictures">{"".join(drawn)}</div></section>'
    )


def _claim(spec: Any) -> Any:
    """The theorem's claim, for pictures. ``spec`` may be a TheoremSpec or a record of it without
    the function (then the file is imported here, after every verdict is in)."""
    if spec is None:
        return None
    try:
        build = getattr(spec, "build", None)
        if build is None:
            from dpproofs.run.discovery import load_theorems

            loaded = load_theorems(Path(spec.file))
            build = (
                next(s.build for s in loaded if s.id == spec.id)
                if isinstance(loaded, list)
                else None
            )
        return build() if build is not None else None
    except Exception:  # the verdict already reports a broken theorem
        return None


def _pairs_list(pairs: Iterable[tuple[str, str]]) -> str:
    return _list(f"{k} = {v}" for k, v in pairs)


def _list(items: Iterable[str]) -> str:
    return "<ul>" + "".join(f"<li><code>{escape(i)}</code></li>" for i in items) + "</ul>"
