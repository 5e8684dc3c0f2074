"""`dpproofs new` writes a template that verifies as is; `dpproofs profile --plot` draws SVG."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

from dpproofs.cli.main import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_the_template_verifies_as_is(tmp_path: Path) -> None:
    target = tmp_path / "my_paper.py"
    out = io.StringIO()
    assert main(["new", str(target)], out, out) == 0
    assert "dpproofs verify" in out.getvalue()
    assert main(["new", str(target)], out, out) == 2  # never overwrites without --force
    report = tmp_path / "v.json"
    assert main(["verify", str(target), "--json", str(report)], out, out) == 0, out.getvalue()
    statuses = [t["status"] for t in json.loads(report.read_text())["theorems"]]
    assert statuses == ["proved", "proved", "proved"]


def test_new_into_a_missing_folder_is_a_usage_error_naming_it(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "folder" / "x.py"
    out = io.StringIO()
    assert main(["new", str(target)], out, out) == 2
    assert f"the folder {target.parent} does not exist" in out.getvalue()
    assert "internal error" not in out.getvalue()
    assert not target.parent.exists()  # nothing written, no folder made up
    (tmp_path / "d.py").mkdir()
    assert main(["new", str(tmp_path / "d.py")], out, out) == 2
    assert "is a folder" in out.getvalue()


def test_profile_plot_is_a_standalone_svg_with_three_charts(tmp_path: Path) -> None:
    plot = tmp_path / "rr.svg"
    out = io.StringIO()
    code = main(
        ["profile", str(EXAMPLES / "randomized_response.json"), "--no-mi-dp", "--plot", str(plot)],
        out,
        out,
    )
    assert code == 0
    root = ET.fromstring(plot.read_text())
    charts = root.findall("{http://www.w3.org/2000/svg}svg")
    titles = [c.findtext("{http://www.w3.org/2000/svg}title") for c in charts]
    assert titles == [
        "privacy profile of randomized response",
        "privacy loss L = ln M(+)/M(-) under M(+)",
        "Renyi divergences",
    ]


def test_profile_plot_marks_the_asked_points_and_says_what_it_wrote(tmp_path: Path) -> None:
    # RR 3/4: delta(ln 2) = (3 - 2)/4 = 1/4 and eps(1/8) = ln(5/2): both marked on delta(eps).
    plot = tmp_path / "rr.svg"
    out, err = io.StringIO(), io.StringIO()
    argv = ["profile", str(EXAMPLES / "randomized_response.json"), "--no-mi-dp", "--json"]
    argv += ["--epsilon", "log(2)", "--delta", "1/8", "--plot", str(plot)]
    assert main(argv, out, err) == 0
    json.loads(out.getvalue())  # stdout stays pure JSON
    assert err.getvalue() == (
        f"dpproofs profile: wrote {plot} (3 pictures, 2 asked point(s) marked on delta(eps))\n"
    )
    text = plot.read_text()
    assert "delta(eps = log(2))" in text and "eps(delta = 1/8)" in text
