"""``dpproofs recheck --jobs 2`` replays each verdict in a child of its own, the largest first
(dpproofs/recheck/__init__.py), and says what ``--jobs 1`` says: the same findings, verdicts and
absent theorems in the report's order (seconds aside)."""

from __future__ import annotations

import copy

from dpproofs.recheck import Summary, _units, recheck
from dpproofs.recheck.pieces import read_verdicts


def _said(summary: Summary) -> tuple:
    """Everything a summary says but the seconds."""
    return (
        tuple((f.piece, f.outcome, f.why, f.supports) for f in summary.findings),
        tuple((j.verdict, j.outcome, j.derived, j.why) for j in summary.verdicts),
        summary.absent,
    )


def test_two_jobs_say_what_one_says(verified, write_report) -> None:
    _, report = verified
    # Two theorems left out of the report: each is absent once, with either --jobs.
    data = copy.deepcopy(report)
    gone = [data["theorems"].pop(1), data["theorems"].pop(3)]
    dropped = [t["id"] for t in gone]
    summary = data["summary"]  # the report's own counts, without the two (both as expected)
    summary["total"] -= 2
    summary["as_expected"] -= 2
    for t in gone:
        summary["by_status"][t["status"]] -= 1
    path = write_report(data)
    one, two = recheck(path, jobs=1), recheck(path, jobs=2)
    assert _said(one) == _said(two)
    assert sorted(t for _, t in two.absent) == sorted(dropped)
    assert len(two.verdicts) == len(data["theorems"]) and not two.failed


def test_units_are_one_verdict_each_and_the_first_of_a_file_lists_it(
    verified, write_report
) -> None:
    _, report = verified
    verdicts = read_verdicts(write_report(report))
    pairs = list(enumerate(verdicts))
    units = _units([pairs[:2], pairs[2:]])
    assert [u[0] for u in units] == [[pair] for pair in pairs]
    ids = [frozenset(v.theorem for _, v in g) for g in (pairs[:2], pairs[2:])]
    assert [u[1] for u in units] == [ids[0], None, ids[1]] + [None] * (len(pairs) - 3)
