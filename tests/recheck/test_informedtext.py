"""``dpproofs recheck`` of a verdict of the informed-belief reduction (dpproofs.search.informed,
checked by dpproofs/recheck/informedtext.py): a real report rechecks; an edited method, an
edited coverage, or a file whose reduction no longer meets its preconditions fails.

The fixture's parts are trivially true (every entry of every row is >= 0) on D^1 and D^2 with
|D| = 2 and 2 outputs at eps = 1, delta = 1/100, so they decide in a moment; what is tested is
the rule's texts, not the K&S parts (tests/quality/test_informed_reduction.py)."""

import io
import json

import pytest

from dpproofs.cli.main import main

FILE = '''from fractions import Fraction as F

from dpproofs import theorem
from dpproofs.outcomes import every_outcome
from dpproofs.search import DatabaseSpace, for_all_mechanisms
from dpproofs.search.informed import InformedBeliefReduction


def _rows_nonnegative(alg, M):
    return alg.all(every_outcome(alg, [row], lambda x: alg.le(0, x)) for row in M.rows)


def _part(n, eps=1):
    space = DatabaseSpace(domain=2, n=n)
    return for_all_mechanisms(space, (2,), eps=eps, delta=F(1, 100)).claim(_rows_nonnegative)


@theorem(id="fx.reduction", source="fixture", expect="verified-bounded")
def reduction():
    """Trivially true parts joined by the informed-belief reduction."""
    return InformedBeliefReduction(_part(1), _part(1), _part(2), bound=BOUND)


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


def test_the_report_rechecks(report, tmp_path):
    _, data = report
    (entry,) = data["theorems"]
    assert entry["method"] == "informed-belief reduction (docs/design/neighbours.md)"
    assert entry["coverage"].startswith(
        "every n (informed beliefs; informed-belief reduction, docs/design/neighbours.md; the "
        "parts' events are the theorem file's predicates, checked by brute force on D^2 and D^3 "
        "in tests/quality/test_informed_reduction.py, not by the rule): all mechanisms on D^2"
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
    code, said = _recheck(tmp_path, data)
    assert code == 1, said
    assert "reduction" in said


def test_a_file_whose_reduction_no_longer_applies_fails(report, tmp_path):
    theorems, data = report
    text = theorems.read_text()
    try:
        theorems.write_text(text.replace('BOUND = "n*delta2"', 'BOUND = "(n - 1)*delta2"'))
        code, said = _recheck(tmp_path, data)
    finally:
        theorems.write_text(text)
    assert code == 1 and "is not the union bound" in said, said


def _edited(data, change):
    data = json.loads(json.dumps(data))
    change(data["theorems"][0])
    return data


def _allowing(tmp_path, data):
    lie = tmp_path / "lie.json"
    lie.write_text(json.dumps({k: data[k] for k in ("dpproofs_version", "theorems")}))
    out = io.StringIO()
    return main(["recheck", str(lie), "--allow-unreplayed"], stdout=out, stderr=out), out.getvalue()


@pytest.mark.parametrize("path", [[0, 0], [1, 0], [2]])
def test_a_part_whose_record_is_removed_fails_even_allowing_unreplayed(report, tmp_path, path):
    """The records are (S)'s at part 0.0, (Z)'s at 1.0 and (J)'s at 2 (a bounded search and
    its lifting each): each part is needed (before FX5 a premise's records removed were only
    "not replayed", accepted under --allow-unreplayed)."""
    _, data = report
    paths = [record["part"] for record in data["theorems"][0]["evidence"]]
    assert paths == [[0, 0], [0, 0], [1, 0], [1, 0], [2], [2]]
    data = _edited(
        data, lambda v: v.update(evidence=[r for r in v["evidence"] if r["part"] != path])
    )
    code, said = _allowing(tmp_path, data)
    where = ".".join(map(str, path))
    assert code == 1 and f"no evidence record for part {where} of the reduction" in said, said


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("delta = 1/100", "every delta in [0, 1)"),  # in (S)'s coverage (the first)
        ("eps = 1", "every eps > 0"),
        ("D^2", "D^n"),
        ("(small-model theorem, N* = 2)", "(small-model theorem, N* = 3)"),
        ("chosen points only", "every point"),
    ],
)
def test_an_edit_after_the_reduction_words_fails(report, tmp_path, old, new):
    """The whole coverage is rebuilt from the file's reduction and the parts' records (before
    FX5 only its prefix was compared, so these edits were confirmed)."""
    _, data = report
    assert old in data["theorems"][0]["coverage"]
    data = _edited(data, lambda v: v.update(coverage=v["coverage"].replace(old, new, 1)))
    code, said = _allowing(tmp_path, data)
    assert code == 1 and "is not the reduction's words and its parts' coverages" in said, said


@pytest.mark.parametrize(
    ("index", "status"),
    [(0, "refuted"), (4, "refuted"), (4, "proved"), (1, "refuted"), (5, "proved")],
)
def test_a_record_whose_status_is_edited_fails(report, tmp_path, index, status):
    """Each record carries its part's status; its replay (a re-solved bounded search, lifted at
    eps and delta pinned to points: records 0, 2, 4 bounded-search, 1, 3, 5 small-model) gives
    verified-bounded, so another status stated there is a lie (confirmed before FX5)."""
    _, data = report
    kinds = [record["kind"] for record in data["theorems"][0]["evidence"]]
    assert kinds == ["bounded-search", "small-model"] * 3
    data = _edited(data, lambda v: v["evidence"][index].update(status=status))
    code, said = _allowing(tmp_path, data)
    # A bounded-search record: this verdict's check; a small-model record: its piece's own
    # (dpproofs/recheck/liftedtext.py, "the small-model piece says ...; a lifting ... is").
    why = f"says {status}; " + ("its replay gives" if index % 2 == 0 else "a lifting")
    assert code == 1 and why in said, said
