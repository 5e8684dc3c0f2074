"""``dpproofs recheck`` of a verdict of the informed-belief reduction (dpproofs.search.informed,
checked by dpproofs/recheck/informedtext.py): a real report rechecks; an edited method, an
edited coverage, or a file whose reduction no longer meets its preconditions fails.

The fixture is Theorem A.3's reduction at one point (e^eps = 11/10, delta = 1/100, 2 outputs),
its parts built by the library (dpproofs.search.informed_parts: the rule refuses any other), so
it decides in seconds; what is tested is the rule's texts, not the K&S parts
(tests/quality/test_informed_parts.py, tests/quality/test_informed_reduction.py)."""

import io
import json

import pytest

from dpproofs.cli.main import main

FILE = '''from fractions import Fraction as F

from dpproofs import theorem
from dpproofs.claim import all_of
from dpproofs.search import log_of
from dpproofs.search.informed import InformedBeliefReduction
from dpproofs.search.informed_parts import INFORMED, joint, squares, zero

EPS, DELTA = log_of(F(11, 10)), F(1, 100)


@theorem(id="fx.reduction", source="fixture", expect="verified-bounded")
def reduction():
    """Theorem A.3's informed-belief reduction at one point."""
    return InformedBeliefReduction(
        joint(INFORMED, EPS, DELTA), zero(EPS, DELTA), all_of(*squares(INFORMED, EPS, DELTA)),
        bound=BOUND,
    )


BOUND = "n*delta2"
'''


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    folder = tmp_path_factory.mktemp("informed")
    theorems = folder / "informed_theorems.py"
    theorems.write_text(FILE)
    path = folder / "report.json"
    assert main(["verify", str(theorems), "--json", str(path), "--no-cache", "-q"]) == 0
    return theorems, json.loads(path.read_text())


def _recheck(tmp_path, data):
    lie = tmp_path / "lie.json"
    lie.write_text(json.dumps({k: data[k] for k in ("dpproofs_version", "theorems")}))
    out = io.StringIO()
    return main(["recheck", str(lie)], stdout=out, stderr=out), out.getvalue()


def _told(tmp_path, data):
    """What the reduction's text check says of ``data`` (recheck/informedtext.py, the step of
    ``dpproofs recheck`` that compares the words, the method, the coverage and which records
    are present with the reduction rebuilt from the file): "" when it holds, else why not. Fast:
    the records are not replayed (a whole recheck of this report re-solves real searches,
    a minute or more each; the edits only a replay catches run it whole, below)."""
    from dpproofs.recheck import claims, informedtext
    from dpproofs.recheck.pieces import read_verdicts

    lie = tmp_path / "lie.json"
    lie.write_text(json.dumps({k: data[k] for k in ("dpproofs_version", "theorems")}))
    (verdict,) = read_verdicts(lie)
    claims.forget()  # the file as it is now (a recheck run imports it afresh)
    try:
        assert informedtext.applies(verdict)
        told = informedtext.told(verdict)
    finally:
        claims.forget()
    if told is None:
        return ""
    outcome, why = told
    assert outcome.value == "failed", told
    return why


def test_the_report_rechecks(report, tmp_path):
    _, data = report
    (entry,) = data["theorems"]
    assert entry["method"] == "informed-belief reduction (docs/design/neighbours.md)"
    assert entry["coverage"].startswith(
        "every n (informed beliefs; informed-belief reduction, docs/design/neighbours.md; the "
        "parts built by dpproofs.search.informed_parts, checked by brute force in "
        "tests/quality/test_informed_parts.py and test_informed_reduction.py): all mechanisms "
        "on D^2"
    )
    code, said = _recheck(tmp_path, data)
    assert code == 0 and "1 verdicts: 1 confirmed, 0 failed" in said, said


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("method", "all of"),
        ("coverage", "every n: all mechanisms"),
        ("coverage", "every n (informed-belief reduction, docs/design/neighbours.md): "),
        ("coverage", "every n (one group beliefs; informed-belief reduction, docs/design/"),
    ],
)
def test_an_edited_text_fails(report, tmp_path, field, value):
    _, data = report
    data = json.loads(json.dumps(data))
    data["theorems"][0][field] = value
    said = _told(tmp_path, data)
    assert "reduction" in said, said


def test_a_file_whose_reduction_no_longer_applies_fails(report, tmp_path):
    theorems, data = report
    text = theorems.read_text()
    try:
        theorems.write_text(text.replace('BOUND = "n*delta2"', 'BOUND = "(n - 1)*delta2"'))
        said = _told(tmp_path, data)
    finally:
        theorems.write_text(text)
    assert "is not the union bound" in said, said


def _edited(data, change):
    data = json.loads(json.dumps(data))
    change(data["theorems"][0])
    return data


def _allowing(tmp_path, data):
    lie = tmp_path / "lie.json"
    lie.write_text(json.dumps({k: data[k] for k in ("dpproofs_version", "theorems")}))
    out = io.StringIO()
    return main(["recheck", str(lie), "--allow-unreplayed"], stdout=out, stderr=out), out.getvalue()


@pytest.mark.parametrize("path", [[0, 0, 0], [0, 0, 2], [1, 0], [2]])
def test_a_part_whose_record_is_removed_fails_even_allowing_unreplayed(report, tmp_path, path):
    """The records are (S)'s at parts 0.0.k (a conjunction of its 3 breach sets), (Z)'s at 1.0
    and (J)'s at 2 (a bounded search, and its lifting where it was decided): each part is
    needed (before FX5 a premise's records removed were only "not replayed", accepted under
    --allow-unreplayed)."""
    _, data = report
    paths = [record["part"] for record in data["theorems"][0]["evidence"]]
    assert [p for p in dict.fromkeys(map(tuple, paths))] == [
        (0, 0, 0),
        (0, 0, 1),
        (0, 0, 2),
        (1, 0),
        (2,),
    ]
    data = _edited(
        data, lambda v: v.update(evidence=[r for r in v["evidence"] if r["part"] != path])
    )
    said = _told(tmp_path, data)
    where = ".".join(map(str, path))
    assert f"no evidence record for part {where} of the reduction" in said, said


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("delta = 1/100", "every delta in [0, 1)"),  # in (S)'s coverage (the first)
        ("eps = ln(11/10)", "every eps > 0"),
        ("D^2", "D^n"),
        ("with 2 outputs", "with outputs in {2, 3}"),
        ("|D| = 2", "every D"),
    ],
)
def test_an_edit_after_the_reduction_words_fails(report, tmp_path, old, new):
    """The whole coverage is rebuilt from the file's reduction and the parts' records (before
    FX5 only its prefix was compared, so these edits were confirmed)."""
    _, data = report
    assert old in data["theorems"][0]["coverage"]
    data = _edited(data, lambda v: v.update(coverage=v["coverage"].replace(old, new, 1)))
    said = _told(tmp_path, data)
    assert "is not the reduction's words and its parts' coverages" in said, said


@pytest.mark.parametrize(
    ("path", "status"),
    # (a record at top level, [2], edited to "refuted": tests/adversary/test_s9_rules.py, the same
    # reduction; each whole recheck replays real searches for about two minutes)
    [([0, 0, 0], "refuted")],
)
def test_a_record_whose_status_is_edited_fails(report, tmp_path, path, status):
    """Each record carries its part's status; its replay (a re-solved bounded search at eps and
    delta pinned to points) gives verified-bounded, so another status stated there is a lie
    (confirmed before FX5). The check is generic to every record (tests/recheck); a record
    inside a part here, through the whole recheck."""
    _, data = report
    records = data["theorems"][0]["evidence"]
    index = next(i for i, r in enumerate(records) if r["part"] == path)
    assert records[index]["kind"] == "bounded-search"
    data = _edited(data, lambda v: v["evidence"][index].update(status=status))
    code, said = _allowing(tmp_path, data)
    # caught by the record's replay, or (when the texts are compared first, (J) lifted) by the
    # coverage the records now give, which is not the report's
    assert code == 1 and "1 failed" in said, said
    assert f"says {status}; its replay gives" in said or "its parts' coverages" in said, said


def test_a_lifting_record_whose_status_is_edited_fails(report, tmp_path):
    """(Z)'s lifting (small-model) record, its status edited: the piece's own check fails it
    (dpproofs/recheck/liftedtext.py). (Z) is lifted in the fixture's time (N* = 4)."""
    _, data = report
    records = data["theorems"][0]["evidence"]
    index = next(i for i, r in enumerate(records) if r["kind"] == "small-model")
    data = _edited(data, lambda v: v["evidence"][index].update(status="refuted"))
    code, said = _allowing(tmp_path, data)
    assert code == 1 and "says refuted; a lifting" in said, said
