"""Every field of a lifted verdict edited, one at a time: ``dpproofs recheck`` fails each.

The report is real (``dpproofs verify --json`` of ``fixture_lifted.py``: a sum, K = 1, and a
family, e = 1, merging). For each of its two lifted verdicts, each edit below changes one thing
the verdict says: a field of its small-model record (m, N*, the unsat size, the size noun, the
sizes searched, the piece's status and part; per part m, K, e, the bound, the merging and
monotone marks, k, the growth rule; a part dropped or added), one datum or one operand of its
recorded formula, a line of its certificate (deleted, doubled, a digit changed), or the bounded
search beside it (a size's encoding or result). The file is replayed in this process
(:func:`dpproofs.recheck._file`, re-solving nothing) and the touched verdict must have a failed
piece. Edits that change nothing a verdict claims are not lies and not here: a size's time in
its certificate line (it varies from run to run), the order of ``searched``, a row appended
that repeats the formula's root (the same formula).
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from dpproofs.recheck import _file
from dpproofs.recheck.claims import forget
from dpproofs.recheck.pieces import Outcome, read_verdicts

HERE = Path(__file__).parent
IDS = ("sm.tv_symmetric", "sm.pure_implies_approx")

Edit = Callable[[dict], None]


@pytest.fixture(scope="module")
def lifted(lifted_report):
    folder, data = lifted_report
    assert [t["id"] for t in data["theorems"]] == list(IDS)
    return folder, data


def _record(entry: dict, kind: str) -> dict:
    return next(e for e in entry["evidence"] if e["kind"] == kind)


def _set(*path: object, to: Callable[[object], object]) -> Edit:
    def edit(entry: dict) -> None:
        where = _record(entry, "small-model")
        for key in path[:-1]:
            where = where[key]  # type: ignore[index]
        key = path[-1]
        old = where[key] if isinstance(where, list) else where.get(key)  # type: ignore[call-overload,union-attr]
        where[key] = to(old)  # type: ignore[index]

    return edit


def _record_edits(entry: dict) -> Iterator[tuple[str, Edit]]:
    record = _record(entry, "small-model")
    for field in ("m", "N*", "unsat_size"):
        yield f"{field} + 1", _set(field, to=lambda v: v + 1)
        yield f"{field} - 1", _set(field, to=lambda v: v - 1)
    yield "size_name", _set("size_name", to=lambda _: "outputs")
    yield "searched + a size", _set("searched", to=lambda s: [*s, max(s) + 1])
    yield "searched - a size", _set("searched", to=lambda s: s[1:])
    yield "status", _set("status", to=lambda _: "verified-bounded")
    yield "part", _set("part", to=lambda _: [0])
    for i, part in enumerate(record["parts"]):
        for field in ("m", "K", "e", "bound"):
            yield f"part {i} {field} + 1", _set("parts", i, field, to=lambda v: v + 1)
            if part[field] > 0:
                yield f"part {i} {field} - 1", _set("parts", i, field, to=lambda v: v - 1)
        yield f"part {i} merged", _set("parts", i, "merged", to=lambda v: not v)
        yield f"part {i} monotone", _set("parts", i, "monotone", to=lambda v: not v)
        yield f"part {i} events", _set("parts", i, "events", to=lambda v: (v or 0) + 1)
        for rule in {"split", "pad", "none"} - {part["growth"]}:
            yield f"part {i} growth {rule}", _set("parts", i, "growth", to=lambda _, r=rule: r)
    yield "a part added", _set("parts", to=lambda ps: [*ps, ps[0]])
    yield "formula root dropped", _set("formula", to=lambda f: f[:-1])
    for row, node in enumerate(record["formula"]):
        for k in range(1, len(node)):
            yield f"formula row {row} arg {k}", _set("formula", row, k, to=_other_operand)


def _other_operand(arg: object) -> object:
    """Another operand of a formula row: an earlier row for a row index (the previous one,
    or the next when it is row 0: its own row is not earlier), another datum for data."""
    if isinstance(arg, int):
        return arg - 1 if arg > 0 else 1
    kind, _, value = str(arg).partition(":")
    if kind == "q":
        return f"q:{value}1"  # 0 -> 01 = 1, 1 -> 11
    if kind == "i":
        return f"i:{int(value) + 1}"
    return f"s:{value}x"


def _certificate_edits(entry: dict) -> Iterator[tuple[str, Edit]]:
    for k, line in enumerate(entry["certificate"]):

        def delete(e: dict, k: int = k) -> None:
            del e["certificate"][k]

        def double(e: dict, k: int = k) -> None:
            e["certificate"].insert(k, e["certificate"][k])

        yield f"line {k} deleted", delete
        yield f"line {k} doubled", double
        # A digit that is not the line's time (the time of a size line varies).
        timed = re.search(r"\d+\.\d\d s\)$", line)
        digits = [m.start() for m in re.finditer(r"\d", line[: timed.start() if timed else None])]
        if digits:

            def digit(e: dict, k: int = k, at: int = digits[0]) -> None:
                text = e["certificate"][k]
                e["certificate"][k] = text[:at] + str((int(text[at]) + 1) % 10) + text[at + 1 :]

            yield f"line {k} digit", digit


def _bounded_edits(entry: dict) -> Iterator[tuple[str, Edit]]:
    def encoding(e: dict) -> None:
        size = _record(e, "bounded-search")["sizes"][0]
        size["encoding"] = size["encoding"].replace("outcomes sorted", "outcomes unsorted")

    def result(e: dict) -> None:
        _record(e, "bounded-search")["sizes"][0]["result"] = "sat"

    if "outcomes sorted" in _record(entry, "bounded-search")["sizes"][0]["encoding"]:
        yield "bounded encoding", encoding
    yield "bounded result", result


def edits(data: dict) -> list[tuple[str, str, Edit]]:
    out = []
    for entry in data["theorems"]:
        for make in (_record_edits, _certificate_edits, _bounded_edits):
            out.extend((entry["id"], name, edit) for name, edit in make(entry))
    return out


def _failed(folder: Path, data: dict) -> dict[str, list[str]]:
    """Per theorem, the reasons of its failed pieces and of its verdict when it fails, the
    file replayed in this process."""
    path = folder / "lie.json"
    path.write_text(json.dumps(data))
    (group,) = [list(enumerate(read_verdicts(path)))]
    try:
        done, _ = _file(group, 0)
    finally:
        forget()
    out: dict[str, list[str]] = {}
    for index, findings, judged in done:
        theorem = group[index][1].theorem
        out[theorem] = [f.why for f in findings if f.outcome is Outcome.FAILED]
        if judged.outcome is Outcome.FAILED:
            out[theorem].append(f"verdict: {judged.why}")
    return out


def test_the_honest_report_fails_nothing(lifted):
    folder, data = lifted
    assert _failed(folder, data) == {t: [] for t in IDS}


def test_every_edit_of_a_lifted_verdict_fails_it(lifted):
    folder, data = lifted
    passed = []
    for theorem, name, edit in edits(data):
        lie = copy.deepcopy(data)
        edit(next(t for t in lie["theorems"] if t["id"] == theorem))
        assert lie != data, (theorem, name)
        failed = _failed(folder, lie)
        if not failed[theorem] or any(failed[t] for t in IDS if t != theorem):
            passed.append(f"{theorem}: {name}")
    assert passed == [], "\n".join(passed)


def test_the_suite_size(lifted):
    """134 edits. Per verdict: 13 of the record (m, N*, the unsat size each +-1, the noun, a
    size added or dropped, status, part, a part added, the root row dropped); per part 12 (m,
    K, e, bound +1, and -1 where > 0: 3 here, merged, monotone, k, the two other growth rules);
    one per operand of each formula row (tv: 14 in 9 rows, pure: 20 in 13); per certificate
    line 3 (deleted, doubled, a digit; 2 without a digit outside its time): 8 lines, 23 edits;
    the bounded search's encoding and result (2). tv = 13 + 12 + 14 + 23 + 2 = 64, pure = 13 +
    12 + 20 + 23 + 2 = 70."""
    _, data = lifted
    counted = {t: sum(1 for i, _, _ in edits(data) if i == t) for t in IDS}
    tv, pure = (next(t for t in data["theorems"] if t["id"] == i) for i in IDS)
    for entry in (tv, pure):
        record = _record(entry, "small-model")
        parts = sum(
            4 + sum(p[f] > 0 for f in ("m", "K", "e", "bound")) + 5 for p in record["parts"]
        )
        operands = sum(len(row) - 1 for row in record["formula"])
        lines = sum(
            3 if re.search(r"\d", re.sub(r"\d+\.\d\d s\)$", "", line)) else 2
            for line in entry["certificate"]
        )
        sorted_ = "outcomes sorted" in _record(entry, "bounded-search")["sizes"][0]["encoding"]
        want = 13 + parts + operands + lines + 1 + sorted_
        assert counted[entry["id"]] == want
    assert counted == {"sm.tv_symmetric": TV_EDITS, "sm.pure_implies_approx": PURE_EDITS}
    assert sum(counted.values()) == 134


#: The edits per verdict (test_the_suite_size derives them from the report's shapes).
TV_EDITS, PURE_EDITS = 64, 70
