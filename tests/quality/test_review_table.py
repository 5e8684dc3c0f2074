"""docs/review.md is consistent with itself and with theorems/: one row per (theorem, claim ID),
the role and expected verdict of each row those the theorem declares, every grade final (none
kept pending from an earlier check), a theorem that declares a restriction graded WEAKER, and the
summary's counts (grades by row, theorems, rows, restricted theorems) recounted from the table
and the theorem files. Cheap: the theorems are discovered, not decided."""

import re
from collections import Counter
from pathlib import Path

import pytest

from dpproofs.run.discovery import load_theorems, theorem_files
from dpproofs.theorem import TheoremSpec

ROOT = Path(__file__).resolve().parents[2]
REVIEW = (ROOT / "docs" / "review.md").read_text()
TABLE, SUMMARY = REVIEW.split("\n## The table\n", 1)[1].split("\n## Summary\n", 1)
HEADER = "| ID | theorem | role | expected | grade | how | finding |"

#: The grades of the review's legend; the summary states a count for each.
GRADES = (
    "FAITHFUL",
    "WEAKER (says so)",
    "WEAKER (hidden)",
    "MISREAD",
    "correction",
    "probe",
    "TRIVIAL (labelled)",
)
#: The grade a row of a theorem of these roles must have (the legend: they decide no ID).
GRADE_OF_ROLE = {"correction": "correction", "probe": "probe", "identity": "TRIVIAL (labelled)"}


def _rows() -> list[dict[str, str]]:
    lines = [line for line in TABLE.splitlines() if line.startswith("| ")]
    assert lines[0].startswith(HEADER), lines[0]
    keys = ("id", "theorem", "role", "expected", "grade", "how", "finding")
    rows = []
    for line in lines[1:]:
        cells = line.split(" | ")
        row = dict(zip(keys, cells, strict=False))
        row["id"] = row["id"].removeprefix("| ")
        row["theorem"] = row["theorem"].strip("`")
        rows.append(row)
    return rows


def _specs() -> dict[str, TheoremSpec]:
    specs: dict[str, TheoremSpec] = {}
    for file in theorem_files([ROOT / "theorems"]):
        loaded = load_theorems(file)
        assert isinstance(loaded, list), loaded
        specs.update((s.id, s) for s in loaded)
    return specs


ROWS = _rows()
SPECS = _specs()


def _summary_count(phrase: str) -> int:
    """The number the summary writes before ``phrase`` ("120 FAITHFUL," -> 120), the phrase
    ending at a comma, a full stop, a space or a bracket."""
    text = " ".join(SUMMARY.split())
    found = re.findall(r"(\d+) " + re.escape(phrase) + r"(?=[,. )])", text)
    assert len(found) == 1, f"the summary states no single count of {phrase!r}: {found}"
    return int(found[0])


def test_every_theorem_has_a_row_and_every_row_names_a_theorem():
    listed = {row["theorem"] for row in ROWS}
    assert sorted(set(SPECS) - listed) == [], "theorems without a review row"
    assert sorted(listed - set(SPECS)) == [], "review rows of no theorem"
    assert _summary_count("theorems,") == len(SPECS)
    assert _summary_count("rows (a theorem citing two claim IDs has a row for each)") == len(ROWS)


def test_each_row_has_its_theorems_role_and_expected_verdict_and_cites_its_id():
    for row in ROWS:
        spec = SPECS[row["theorem"]]
        assert row["role"] == spec.role.value, row
        # "refuted (notational)": the expected verdict, then the refutation's label.
        assert row["expected"].split(" (")[0] == spec.expect.value, row
        assert row["id"] == "-" or row["id"] in spec.source, row


def test_every_grade_is_one_of_the_legend_and_fits_the_role():
    for row in ROWS:
        assert row["grade"] in GRADES, row
        role = row["role"]
        assert (
            (row["grade"] == GRADE_OF_ROLE[role])
            if role in GRADE_OF_ROLE
            else (row["grade"] not in GRADE_OF_ROLE.values())
        ), row


def test_no_grade_is_kept_pending_from_an_earlier_check():
    """Before the ninth session's re-reading, 10 rows said their grade 'is kept until the row is
    read again' (a grade given to a bounded check the theorem no longer makes)."""
    pending = [(row["id"], row["theorem"]) for row in ROWS if "kept until" in row["finding"]]
    assert pending == []


def test_a_theorem_declaring_a_restriction_is_graded_weaker_says_so():
    """restricted= says the proof covers part of the source's domain: not FAITHFUL."""
    graded = {(row["theorem"], row["grade"]) for row in ROWS if SPECS[row["theorem"]].restricted}
    assert graded, "no restricted theorem found: the check would be vacuous"
    assert {grade for _, grade in graded} == {"WEAKER (says so)"}, graded


@pytest.mark.parametrize("grade", GRADES)
def test_the_summary_counts_each_grade_as_the_table_does(grade):
    assert _summary_count(grade) == Counter(row["grade"] for row in ROWS)[grade]


def test_the_summary_counts_the_restricted_statement_theorems():
    """The summary said 23 while 26 declared it (before the ninth session), now 27."""
    restricted = [s for s in SPECS.values() if s.restricted and s.role.value == "statement"]
    assert _summary_count("statement theorems are proved on part of the domain") == len(restricted)
