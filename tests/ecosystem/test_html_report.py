"""The HTML report: one self-contained page whose refuted theorems carry pictures."""

from __future__ import annotations

import math
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from dpproofs.claim import Deadline, timed_decide
from dpproofs.run.discovery import load_theorems
from dpproofs.run.runner import result_of
from dpproofs.verdict import Counterexample, Verdict
from dpproofs.views import svg
from dpproofs.views.html import write_html
from dpproofs.views.pictures import largest_ratio_outcomes, pictures, privacy_loss_atoms

TOUR = Path(__file__).resolve().parents[2] / "examples" / "tour.py"


class Page(HTMLParser):
    """Collects, per theorem section, the SVG elements and their classes; and external links."""

    def __init__(self) -> None:
        super().__init__()
        self.section: str | None = None
        self.svgs: dict[str, int] = {}
        self.classes: dict[str, list[str]] = {}
        self.external: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "section":
            self.section = a.get("id")
        for key in ("src", "href"):
            value = a.get(key) or ""
            if value.startswith(("http:", "https:", "//")):
                self.external.append(value)
        if self.section is None:
            return
        if tag == "svg":
            self.svgs[self.section] = self.svgs.get(self.section, 0) + 1
        if a.get("class"):
            self.classes.setdefault(self.section, []).append(str(a["class"]))


def _page(tmp_path: Path, records: bool = False) -> Page:
    specs = load_theorems(TOUR)
    assert isinstance(specs, list)
    results = [result_of(s, timed_decide(s.build(), Deadline(30))) for s in specs]
    # The runner may hand over records of the theorems without their functions.
    given = [SimpleNamespace(id=s.id, file=s.file) for s in specs] if records else specs
    index = write_html(results, given, tmp_path / "report")
    page = Page()
    page.feed(index.read_text())
    return page


@pytest.mark.parametrize("records", [False, True])
def test_the_report_is_self_contained_and_pictures_the_refutations(
    tmp_path: Path, records: bool
) -> None:
    page = _page(tmp_path, records)
    assert page.external == []
    # tour.rr_one is refuted at x = +, x' = -, S = {Y}: the two rows as bars, Y shaded.
    assert page.svgs["t-tour-rr-one"] >= 2
    assert "bad" in page.classes["t-tour-rr-one"]
    # tour.exp_taylor is a scalar claim: no mechanism, no distributions, so no picture.
    assert "t-tour-exp-taylor" not in page.svgs
    # A mechanism claim that is proved still gets its privacy profile.
    assert page.svgs["t-tour-rr-ln3"] >= 1


def test_a_distribution_counterexample_is_drawn_with_its_bad_set() -> None:
    # K&S Claim 3.3 part 2: eps = 4/3, P = (0, 1), Q = (1/3, 2/3). Outcome 0 is bad
    # (Q(0) = 1/3 > e^(4/3) P(0) = 0); outcome 1 is not (1 <= e^(4/3) 2/3 = 2.53...).
    cx = Counterexample.of({"eps": "4/3", "delta": "1/2", "p": "[0, 1]", "q": "[1/3, 2/3]"})
    drawn = pictures(None, Verdict.refuted("z3 search", cx))
    assert len(drawn) == 1 and drawn[0].count('class="bad"') == 1
    assert largest_ratio_outcomes([[0.0, 1.0], [1 / 3, 2 / 3]]) == ([0], math.inf)


def test_only_the_outcome_of_the_largest_ratio_is_shaded() -> None:
    # ks.theorem2_2.part2's counterexample (eps = 5/6, the claim is 2 eps-DP): the ratios are
    # (7/8)/(2/7) = 49/16 ~ 3.06 at outcome 0 and (5/7)/(1/8) = 40/7 ~ 5.71 at outcome 1, and only
    # 40/7 > e^(5/3) ~ 5.29 violates. Shading by the parameter's e^(5/6) ~ 2.30 shaded both.
    cx = Counterexample.of({"eps": "5/6", "M": "[[7/8, 1/8], [2/7, 5/7]]"})
    drawn = pictures(None, Verdict.refuted("z3 search", cx))
    assert len(drawn) == 1 and drawn[0].count('class="bad"') == 1
    outcomes, ratio = largest_ratio_outcomes([[7 / 8, 1 / 8], [2 / 7, 5 / 7]])
    assert outcomes == [1] and math.isclose(ratio, 40 / 7)
    assert "5.714 = e^1.743" in drawn[0]


def test_equal_privacy_losses_are_one_atom() -> None:
    # Outcomes 1 and 2 both have ratio e: one atom at L = 1 of mass 0.269 + 0.462 = 0.731;
    # outcome 3 has q = 0: mass 0.1 at +oo.
    e = math.e
    p = [0.169 / e, 0.269, 0.462, 0.1]
    q = [0.169, 0.269 / e, 0.462 / e, 0.0]
    atoms, infinite = privacy_loss_atoms(p, q)
    assert [round(loss, 9) for loss, _ in atoms] == [-1.0, 1.0]
    assert math.isclose(atoms[1][1], 0.731) and infinite == 0.1


def test_svg_texts_are_escaped() -> None:
    picture = svg.bars("<script>", ["a&b"], [("P<Q", [0.5])])
    assert "<script>" not in picture and "&lt;script&gt;" in picture and "a&amp;b" in picture


def _wrong_claim(expect: Any, theorem_id: str = "t.claim") -> Any:
    """The result of a theorem "x >= 0 for all x", refuted at x = -1, expected ``expect``."""
    from dpproofs.theorem import Role

    spec = SimpleNamespace(
        id=theorem_id,
        title="x >= 0 for all x",
        source="notes",
        expect=expect,
        location="t.py:1",
        note="",
        corrects=None,
        role=Role.STATEMENT,
        refutation=None,
        quote="Every real x has x >= 0.",
        reading="x ranges over the reals",
        restricted="",
    )
    return result_of(spec, Verdict.refuted("z3", Counterexample.of({"x": "-1"})))


def test_the_table_shows_statement_expected_and_role_and_an_empty_state() -> None:
    from dataclasses import replace

    from dpproofs.theorem import Refutation
    from dpproofs.verdict import Status
    from dpproofs.views.html import render

    wrong = _wrong_claim(expect=Status.PROVED)
    page = render([wrong], {})
    # Issue 29: the source's sentence and the reading decisions beside the encoded statement.
    assert "<dt>the source says</dt><dd>Every real x has x &gt;= 0.</dd>" in page
    assert "<dt>reading</dt><dd>x ranges over the reals</dd>" in page
    # An unlabelled refutation counts as substantive in the heading.
    assert "1 refuted (refutations of sources: 0 notational, 1 substantive)" in page
    row = page[page.index("<tr data-theorem") : page.index("</tr>", page.index("<tbody>"))]
    assert "<td>x &gt;= 0 for all x</td>" in row
    assert "proved (not as expected)" in row and "<td>statement</td>" in row
    assert '<p id="empty" hidden>No theorem matches these filters.</p>' in page
    assert '<p id="empty">This run decided no theorem.</p>' in render([], {})
    labelled = replace(wrong, refutation=Refutation.NOTATIONAL)
    page = render([labelled], {})
    assert "<td>statement, notational refutation</td>" in page
    assert "<dt>refutation</dt><dd>notational</dd>" in page
    # Notational without its intended statement proved in the run: counted as substantive.
    assert "(refutations of sources: 0 notational, 1 substantive)" in page
    # Narrow screens: the table scrolls inside its box and pictures shrink to the width.
    assert '<div class="scroll"><table' in page and "max-width:100%" in page
    # At 390 px the id column crushed the statement to a few letters a line and the verdict was
    # off screen (seen in headless Chromium): ids may break, the statement keeps 14em, and the
    # verdict badge is repeated under the id, shown only on narrow screens.
    row = page[page.index("<tr data-theorem") : page.index("</tr>", page.index("<tbody>"))]
    assert (
        '<span class="narrow"><span class="badge"' in row and ">refuted</span></span></td>" in row
    )
    assert ".narrow{display:none}\n@media (max-width:600px)" in page
    assert "overflow-wrap:anywhere" in page and "td:nth-child(2){min-width:14em}" in page


_BROWSER = next(
    (b for b in ("chromium", "chromium-browser", "google-chrome") if shutil.which(b)), None
)


@pytest.mark.skipif(_BROWSER is None, reason="no headless Chromium on this machine")
def test_the_empty_state_line_shows_in_a_browser_when_the_filters_hide_every_theorem(
    tmp_path: Path,
) -> None:
    # The page's own script run by Chromium: it set style.display on a <p hidden>, which stays
    # hidden, so "No theorem matches these filters." never showed.
    from dpproofs.verdict import Status
    from dpproofs.views.html import render

    # The table's test's theorem, refuted as expected.
    row = _wrong_claim(expect=Status.REFUTED)
    script = (
        "const e=document.getElementById('empty');const seen=[e.offsetHeight>0];"
        "document.querySelectorAll('.filters input[data-status]').forEach(b=>{b.checked=false;});"
        "applyFilters();seen.push(e.offsetHeight>0);"
        "document.querySelectorAll('.filters input[data-status]').forEach(b=>{b.checked=true;});"
        "applyFilters();seen.push(e.offsetHeight>0);"
        "document.body.dataset.probe=seen.join(',');"
    )
    dom = _in_browser(render([row], {}), script, tmp_path)
    assert 'data-probe="false,true,false"' in dom


def _in_browser(page: str, script: str, tmp_path: Path) -> str:
    """Chromium's DOM after ``script`` ran at the end of ``page``'s body."""
    path = tmp_path / "index.html"
    path.write_text(page.replace("</body>", f"<script>{script}</script></body>"), encoding="utf-8")
    assert _BROWSER is not None
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=10000"]
    done = subprocess.run(
        [_BROWSER, *flags, "--dump-dom", path.as_uri()],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    return done.stdout


@pytest.mark.skipif(_BROWSER is None, reason="no headless Chromium on this machine")
def test_the_page_is_no_wider_than_a_390_px_phone(tmp_path: Path) -> None:
    # Headless Chromium lays a window out at 500 px at least, so the page is measured inside a
    # 390 px iframe (srcdoc: same origin). A theorem id without a break point (a heading of its
    # section) made the page 447 px wide there: a sideways scroll of the whole page.
    from html import escape

    from dpproofs.verdict import Status
    from dpproofs.views.html import render

    long_id = "my_theorems.exp_minus_one_at_most_twice_eps_for_every_eps_in_the_unit_interval"
    inner = render([_wrong_claim(Status.REFUTED, long_id)], {})
    outer = (
        '<!DOCTYPE html><html><body><iframe id="f" style="width:390px;height:600px" '
        f'srcdoc="{escape(inner, quote=True)}"></iframe></body></html>'
    )
    script = (
        "const f=document.getElementById('f');f.addEventListener('load',()=>{"
        "const w=f.contentWindow;document.body.dataset.probe="
        "[w.document.documentElement.scrollWidth<=w.innerWidth,"
        "w.document.querySelector('.scroll').scrollWidth>w.innerWidth].join(',');});"
    )
    # The page fits its width, and the table (wider than a phone) scrolls inside its own box.
    assert 'data-probe="true,true"' in _in_browser(outer, script, tmp_path)


def test_a_cached_verdict_says_so_instead_of_an_old_time() -> None:
    # The table showed the seconds of the run that decided it, as if this run had taken them.
    from dataclasses import replace

    from dpproofs.verdict import Status
    from dpproofs.views.html import render

    fresh = _wrong_claim(Status.REFUTED)
    cached = replace(fresh, cached=True)
    seconds = f"{fresh.verdict.seconds:.2f}"
    assert f"<td>{seconds}</td></tr>" in render([fresh], {})
    page = render([cached], {})
    assert "<td>cached</td></tr>" in page and f"<td>{seconds}</td></tr>" not in page
    assert f"<dd>{seconds} s when it was decided (cached: this run did not" in page
