"""Tampered reports: every lie told about a real report makes ``dpproofs recheck`` exit non-zero.

The reports are real (``dpproofs verify --json`` of ``fixture_theorems.py``, and of one theorem
whose claim cannot be built, an error verdict). Each mutation below is applied to every verdict
it applies to, in a report that holds the other verdicts unchanged (untampered, the report
rechecks with exit 0). A lie must exit 1 (a piece or a status the replay contradicts), 3 (a
status the replay cannot confirm, a declared theorem missing) or 2 (a malformed report), and
name the theorem it touched. Lies about the whole report (its summary, version, run record, a
verdict left out) come last.

Not lies, so not here: deleting the z3 facts of a proved scalar claim (the rechecker proves it
again from the file) and moving a verdict to unknown (it then claims nothing).
"""

from __future__ import annotations

import copy
import io
import json
import re
from collections.abc import Callable

import pytest

from dpproofs.cli.main import main
from dpproofs.recheck import _file, certificates
from dpproofs.recheck.certificates import RESOLVE_SECONDS
from dpproofs.recheck.claims import forget
from dpproofs.recheck.pieces import read_verdicts
from dpproofs.version import version

BROKEN = '''from dpproofs import theorem


@theorem(id="fx.broken", source="fixture", expect="proved")
def a_broken_claim():
    """A theorem whose claim cannot be built (an error verdict)."""
    raise ValueError("no claim here")
'''

#: Per refuted theorem, values that are no counterexample (each checked by hand):
#: p = q: the hockey stick is 0 <= 1/10; x + 1/x at 3 is 10/3 >= 3; x^2 + 1 > 2x at x = 2 (5 > 4);
#: x = 0 is outside (0, oo) (e^x > 1 + x + x^2/2 on all of it); RR with S = {1}:
#: 1/4 <= e * 3/4 + 1/100.
NOT_COUNTEREXAMPLES = {
    "fx.hockey_small": {"q": "[1, 0]"},
    "fx.ln2": {"q": "[1, 0]"},
    "fx.taylor": {"x": "0"},
    "fx.steps": {"x": "2"},
    "fx.amgm_false": {"x": "3"},
    "fx.rr_one": {"S": "[1]"},
}

DECIDED = ("proved", "verified-bounded", "refuted")


@pytest.fixture(scope="module")
def entries(verified, tmp_path_factory):
    """Every verdict of the fixture report, and the error verdict of a broken theorem."""
    _, report = verified
    folder = tmp_path_factory.mktemp("broken")
    (folder / "broken_theorems.py").write_text(BROKEN)
    path = folder / "report.json"
    main(["verify", str(folder / "broken_theorems.py"), "--json", str(path), "--no-cache", "-q"])
    broken = json.loads(path.read_text())["theorems"]
    assert [t["status"] for t in broken] == ["error"]
    return [*report["theorems"], *broken]


@pytest.fixture(scope="module", autouse=True)
def remembered_resolves(entries, tmp_path_factory):
    """The bounded re-solves of one claim at one size, solved once: the claim is rebuilt from
    its file, never from the report, so no lie changes the answer. Filled here by replaying
    the untampered report in this process; each file's recheck child is a fork of this
    process, so it finds them."""
    memo: dict[tuple[str, int], tuple[str, str]] = {}
    resolve = certificates.resolve_size

    def once(claim, size, seconds):
        key = (claim.describe(), size)
        if key not in memo:
            memo[key] = resolve(claim, size, seconds)
        return memo[key]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(certificates, "resolve_size", once)
        path = tmp_path_factory.mktemp("warm") / "report.json"
        path.write_text(json.dumps({"dpproofs_version": version(), "theorems": entries}))
        for group in _by_file(read_verdicts(path)):
            _file(group, RESOLVE_SECONDS)  # in this process: fills the memo
        forget()  # the theorem modules it imported
        assert memo
        yield


def _by_file(verdicts):
    files: dict[str, list] = {}
    for index, verdict in enumerate(verdicts):
        files.setdefault(verdict.file, []).append((index, verdict))
    return list(files.values())


def recheck(tmp_path, entries, theorems):
    """Recheck the report of ``entries`` with ``theorems`` in place of the ones they touch."""
    touched = {t["id"] for t in theorems}
    rest = [e for e in entries if e["id"] not in touched]
    path = tmp_path / "lie.json"
    path.write_text(json.dumps({"dpproofs_version": version(), "theorems": [*theorems, *rest]}))
    out, err = io.StringIO(), io.StringIO()
    code = main(["recheck", str(path)], stdout=out, stderr=err)
    return code, out.getvalue() + err.getvalue()


# --- the mutations: (entries, i) -> the lie's verdicts, or None when it does not apply -------

Mutation = Callable[[list[dict], int], "list[dict] | None"]


def _changed(change: Callable[[dict], bool]) -> Mutation:
    def mutate(entries: list[dict], i: int) -> list[dict] | None:
        entry = copy.deepcopy(entries[i])
        return [entry] if change(entry) else None

    return mutate


def _status(target: str, records: bool) -> Mutation:
    def change(entry: dict) -> bool:
        if entry["status"] == target:
            return False
        entry["status"] = target
        for record in entry["evidence"] if records else ():
            record["status"] = target
        return True

    return _changed(change)


def _borrowed_counterexample(entries: list[dict], i: int) -> list[dict] | None:
    """Marked refuted with the counterexample of another refuted verdict."""
    donors = [e for j, e in enumerate(entries) if j != i and e["counterexample"]]
    if entries[i]["status"] == "refuted" or not donors:
        return None
    entry = copy.deepcopy(entries[i])
    entry["status"] = "refuted"
    entry["counterexample"] = copy.deepcopy(donors[0]["counterexample"])
    return [entry]


def _evidence_deleted(entry: dict) -> bool:
    kinds = {r["kind"] for r in entry["evidence"]}
    if not kinds or kinds == {"z3-facts"}:
        return False  # nothing to delete / the rechecker proves the claim again: no lie
    entry["evidence"] = []
    return True


def _record_deleted(index: int) -> Mutation:
    def change(entry: dict) -> bool:
        if len(entry["evidence"]) < 2 or index >= len(entry["evidence"]):
            return False
        del entry["evidence"][index]
        return True

    return _changed(change)


def _other(value: str) -> str:
    """Another value: its first digit moved up by one (1/2 -> 2/2, [1, 0] -> [2, 0],
    ln(2) -> ln(3)), or a 0 appended where it has no digit."""
    changed = re.sub(r"\d", lambda m: str((int(m.group()) + 1) % 10), value, count=1)
    return changed if changed != value else value + "0"


def _shown_changed(entry: dict) -> bool:
    """One value of the displayed counterexample changed (the evidence left as it was)."""
    shown = (entry["counterexample"] or {}).get("assignment") or {}
    if not shown:
        return False
    name = sorted(shown)[0]
    shown[name] = _other(shown[name])
    return True


def _replaced(entry: dict) -> bool:
    """The counterexample replaced by a non-counterexample, shown and in the witness alike."""
    values = NOT_COUNTEREXAMPLES.get(entry["id"])
    if values is None:
        return False
    entry["counterexample"]["assignment"].update(values)
    for record in entry["evidence"]:
        if record["kind"] == "witness":
            record["values"].update(
                {k: (f"[{v}]" if v.startswith("[") else v) for k, v in values.items()}
            )
    return True


def _shown_edit(edit: Callable[[dict], bool]) -> Callable[[dict], bool]:
    def change(entry: dict) -> bool:
        if entry["counterexample"] is None:
            return False
        return edit(entry["counterexample"]["assignment"])

    return change


def _drop_name(shown: dict) -> bool:
    if not shown:
        return False
    del shown[sorted(shown)[0]]
    return True


def _record_field(kind: str, change: Callable[[dict], bool]) -> Callable[[dict], bool]:
    def edit(entry: dict) -> bool:
        return any([change(r) for r in entry["evidence"] if r["kind"] == kind])

    return edit


def _size_added(record: dict) -> bool:
    top = max(s["size"] for s in record["sizes"])
    record["sizes"].append({"size": top + 1, "encoding": "z3", "result": "unsat"})
    return True


def _size_dropped(record: dict) -> bool:
    del record["sizes"][0]
    return True


def _set(**fields) -> Callable[[dict], bool]:
    def change(record: dict) -> bool:
        for key, value in fields.items():
            record[key] = value(record[key]) if callable(value) else value
        return True

    return change


def _bound_changed(record: dict) -> bool:
    record["parts"][0]["bound"] += 1
    return True


def _part_moved(entry: dict) -> bool:
    parts = [r["part"] for r in entry["evidence"]]
    if not parts:
        return False
    if len(set(map(tuple, parts))) > 1:
        for record, part in zip(entry["evidence"], parts[1:] + parts[:1], strict=True):
            record["part"] = part
    else:
        for record in entry["evidence"]:
            record["part"] = [*record["part"], 0]
    return True


def _coverage_widened(entry: dict) -> bool:
    if entry["status"] != "verified-bounded":
        return False
    entry["coverage"] = entry["coverage"].replace("3}", "3, 4}").replace("(2 cases)", "(3 cases)")
    return True


def _holds_flipped(record: dict) -> bool:
    record["comparisons"][0]["holds"] = not record["comparisons"][0]["holds"]
    return True


def _step_status_moved(entry: dict) -> bool:
    """The first step's status given to the last (and the last's to the first)."""
    steps = entry["steps"]
    if len(steps) < 2 or steps[0]["status"] == steps[-1]["status"]:
        return False
    steps[0]["status"], steps[-1]["status"] = steps[-1]["status"], steps[0]["status"]
    return True


def _step_witness_changed(entry: dict) -> bool:
    steps = [s for s in entry["steps"] if s["witness"]]
    for step in steps:
        shown = step["witness"]["assignment"]
        shown[sorted(shown)[0]] = _other(shown[sorted(shown)[0]])
    return bool(steps)


def _step_refuted(entry: dict) -> bool:
    """A step of a proved derivation shown refuted."""
    if entry["status"] != "proved" or not entry["steps"]:
        return False
    entry["steps"][-1]["status"] = "refuted"
    return True


def _observed_changed(position: int) -> Callable[[dict], bool]:
    """The observed value at ``position`` of the displayed counterexample changed."""

    def change(entry: dict) -> bool:
        observed = (entry["counterexample"] or {}).get("observed") or {}
        if position >= len(observed):
            return False
        name = list(observed)[position]
        observed[name] = _other(observed[name])
        return True

    return change


def _observed_renamed(entry: dict) -> bool:
    observed = (entry["counterexample"] or {}).get("observed") or {}
    if not observed:
        return False
    name = next(iter(observed))
    observed[f"{name} "] = observed.pop(name)
    return True


def _replay_edited(entry: dict) -> bool:
    """The replay source changed: a digit moved up, or a comment line added."""
    shown = entry["counterexample"]
    if shown is None or not shown["replay"]:
        return False
    changed = _other(shown["replay"])
    shown["replay"] = changed if not changed.endswith("0") else changed[:-1] + "# edited\n"
    return True


def _replay_replaced(entry: dict) -> bool:
    """The replay source replaced by one that runs code (never executed by recheck)."""
    shown = entry["counterexample"]
    if shown is None:
        return False
    shown["replay"] = "import os\nos.system('true')\n"
    return True


def _step_observed_changed(entry: dict) -> bool:
    steps = [s for s in entry["steps"] if s["witness"]]
    for step in steps:
        observed = step["witness"]["observed"]
        name = next(iter(observed))
        observed[name] = _other(observed[name])
    return bool(steps)


def _step_replay_edited(entry: dict) -> bool:
    steps = [s for s in entry["steps"] if s["witness"]]
    for step in steps:
        step["witness"]["replay"] = step["witness"]["replay"].replace("sign(d0)", "sign(-d0)")
    return bool(steps)


def _step_text_edited(field: str) -> Callable[[dict], bool]:
    """What the first step shows of the file (its LaTeX, a parsed side, ...) changed."""

    def change(entry: dict) -> bool:
        if not entry["steps"]:
            return False
        entry["steps"][0][field] = _other(entry["steps"][0][field])
        return True

    return change


def _coverage_edited(entry: dict) -> bool:
    """The coverage text edited (a bounded verdict) or added (any other decided verdict)."""
    if entry["status"] not in DECIDED:
        return False
    coverage = entry["coverage"]
    entry["coverage"] = "all sizes" if coverage is None else coverage + " and every size"
    return True


def _method_edited(entry: dict) -> bool:
    """A refutation said found by a method that proves (the witness left as it was)."""
    if entry["status"] != "refuted":
        return False
    entry["method"] = "interval branch and bound (Arb)"
    return True


#: A reason the deciders write for each status (another status's is a lie about the verdict).
REASONS = {
    "refuted": "counterexample on 2 outcomes, re-checked in exact arithmetic",
    "proved": "for all pairs of distributions on every finite number of outcomes",
}


def _reason_of_another_status(entry: dict) -> bool:
    """The reason says the other decided status (the status and evidence left as they were)."""
    if entry["status"] not in DECIDED:
        return False
    entry["reason"] = REASONS["proved" if entry["status"] == "refuted" else "refuted"]
    return True


def _reason_denies(entry: dict) -> bool:
    """The reason replaced by a sentence no decider writes."""
    if entry["status"] not in DECIDED:
        return False
    entry["reason"] = "no counterexample exists on any number of outcomes"
    return True


def _reason_edited(entry: dict) -> bool:
    """A digit of a reason the rechecker derives moved up: a derivation's step count, the size
    a refutation names. (A lifted proof's parameter domains: tests/adversary.)"""
    if not entry["reason"] or not (entry["steps"] or entry["status"] == "refuted"):
        return False
    entry["reason"] = _other(entry["reason"])
    return True


def _declared(field: str, value: Callable[[object], object]) -> Callable[[dict], bool]:
    """A field the report copies from the declaration given another value."""

    def change(entry: dict) -> bool:
        entry[field] = value(entry[field])
        return True

    return change


DECLARED_LIES = {
    "note": lambda note: f"{note} (checked in Lean)",
    "source": lambda source: f"{source}, Theorem 9",
    "corrects": lambda corrects: "fx.other" if corrects is None else None,
    "role": lambda role: "proof" if role != "proof" else "statement",
    "refutation": lambda label: "notational" if label != "notational" else "substantive",
    "quote": lambda quote: f"{quote} for every n",
    "reading": lambda reading: f"{reading}; log base 2",
    "restricted": lambda restricted: "eps in [1, 2]" if restricted is None else None,
}


def _swapped(*fields: str) -> Mutation:
    def mutate(entries: list[dict], i: int) -> list[dict] | None:
        a, b = copy.deepcopy(entries[i]), copy.deepcopy(entries[(i + 1) % len(entries)])
        for field in fields:
            a[field], b[field] = b[field], a[field]
        return [a, b]

    return mutate


def _expected(target: str) -> Mutation:
    def change(entry: dict) -> bool:
        if entry["expected"] == target:
            return False
        entry["expected"] = target
        return True

    return _changed(change)


def _duplicated(entries: list[dict], i: int) -> list[dict] | None:
    return [copy.deepcopy(entries[i]), copy.deepcopy(entries[i])]


MUTATIONS: dict[str, Mutation] = {
    **{f"status -> {t}": _status(t, records=False) for t in DECIDED},
    **{f"status and record statuses -> {t}": _status(t, records=True) for t in DECIDED},
    "refuted with another verdict's counterexample": _borrowed_counterexample,
    "evidence deleted": _changed(_evidence_deleted),
    **{f"evidence record {k} deleted": _record_deleted(k) for k in range(2)},
    "counterexample value changed (shown only)": _changed(_shown_changed),
    "counterexample replaced by a non-counterexample": _changed(_replaced),
    "counterexample deleted": _changed(
        lambda e: e["counterexample"] is not None and not e.update(counterexample=None)
    ),
    "counterexample emptied": _changed(_shown_edit(lambda s: bool(s) and not s.clear())),
    "counterexample name added": _changed(_shown_edit(lambda s: not s.update(z="1"))),
    "counterexample name dropped": _changed(_shown_edit(_drop_name)),
    "bounded sizes widened": _changed(_record_field("bounded-search", _size_added)),
    "bounded size dropped": _changed(_record_field("bounded-search", _size_dropped)),
    "N* changed": _changed(_record_field("small-model", _set(**{"N*": lambda n: n + 1}))),
    "unsat size below N*": _changed(_record_field("small-model", _set(unsat_size=1))),
    "small-model bound changed": _changed(_record_field("small-model", _bound_changed)),
    "small-model m changed": _changed(_record_field("small-model", _set(m=lambda m: m + 1))),
    "coverage widened": _changed(_coverage_widened),
    "measured value changed": _changed(_record_field("exact-evaluation", _set(measured="1"))),
    "claimed bound changed": _changed(_record_field("exact-evaluation", _set(claimed="1/3"))),
    "relation changed": _changed(_record_field("exact-evaluation", _set(relation="eq"))),
    "exact fact's decision flipped": _changed(_record_field("exact-facts", _holds_flipped)),
    "witness size changed": _changed(_record_field("witness", _set(size=lambda s: (s or 0) + 1))),
    "evidence moved to another part": _changed(_part_moved),
    "step statuses swapped": _changed(_step_status_moved),
    "step witness changed": _changed(_step_witness_changed),
    "a proved derivation shows a refuted step": _changed(_step_refuted),
    "ids swapped with the next verdict": _swapped("id"),
    "ids and titles swapped with the next verdict": _swapped("id", "title"),
    "evidence swapped with the next verdict": _swapped("evidence"),
    "statuses swapped with the next verdict": _swapped("status", "counterexample", "coverage"),
    **{f"expected -> {t}": _expected(t) for t in (*DECIDED, "unknown")},
    "verdict listed twice": _duplicated,
    **{f"observed value {k} changed": _changed(_observed_changed(k)) for k in range(5)},
    "observed name changed": _changed(_observed_renamed),
    "replay edited": _changed(_replay_edited),
    "replay replaced by code": _changed(_replay_replaced),
    "step observed value changed": _changed(_step_observed_changed),
    "step replay edited": _changed(_step_replay_edited),
    **{
        f"step text {field} edited": _changed(_step_text_edited(field))
        for field in ("latex", "lhs", "relation", "rhs", "justification")
    },
    "coverage text edited or added": _changed(_coverage_edited),
    "method edited": _changed(_method_edited),
    "reason of another status": _changed(_reason_of_another_status),
    "reason denies the status": _changed(_reason_denies),
    "reason edited": _changed(_reason_edited),
    **{f"declared {k} edited": _changed(_declared(k, v)) for k, v in DECLARED_LIES.items()},
}


def lies(entries: list[dict], name: str) -> list[tuple[str, list[dict]]]:
    """(theorem id, lie report) for every verdict ``MUTATIONS[name]`` applies to and changes."""
    out = []
    for i, entry in enumerate(entries):
        told = MUTATIONS[name](entries, i)
        if told is None:
            continue
        originals = [entries[(i + k) % len(entries)] for k in range(len(told))]
        if told != originals:
            out.append((entry["id"], told))
    return out


def test_the_untampered_report_rechecks(entries, tmp_path):
    code, out = recheck(tmp_path, entries, [])
    assert code == 0, out
    assert out.splitlines()[-1] == "14 verdicts: 14 confirmed, 0 failed, 0 not replayed"


@pytest.mark.parametrize("name", list(MUTATIONS))
def test_every_lie_exits_non_zero_naming_the_theorem(entries, tmp_path, name):
    told = lies(entries, name)
    assert told, f"{name} applies to no verdict"
    for theorem_id, theorems in told:
        assert_refused(tmp_path, entries, name, theorem_id, theorems)


def assert_refused(tmp_path, entries, name, theorem_id, theorems):
    """The lie ``theorems`` (mutation ``name`` of ``theorem_id``) exits 1, 2 or 3, and every
    line recheck flags names a theorem it touched."""
    code, out = recheck(tmp_path, entries, theorems)
    assert code in (1, 2, 3), f"{name} on {theorem_id} passed:\n{out}"
    touched = {t["id"] for t in theorems}
    flagged = [line for line in out.splitlines() if line.startswith(("!!", "--", "dpproofs"))]
    assert flagged and all(any(t in line for t in touched) for line in flagged), out


def test_the_suite_size(entries):
    """473 lies over 14 verdicts: the fixture file's 13 (5 proved, 6 refuted, 1 bounded, 1
    unknown) and 1 error."""
    sizes = {name: len(lies(entries, name)) for name in MUTATIONS}
    # A flip to a status applies to every verdict not holding it; so does a borrowed refutation.
    for target, holders in (("proved", 5), ("refuted", 6), ("verified-bounded", 1)):
        assert sizes[f"status -> {target}"] == 14 - holders
        assert sizes[f"status and record statuses -> {target}"] == 14 - holders
    assert sizes["refuted with another verdict's counterexample"] == 14 - 6
    # Counterexample lies: the 6 refuted verdicts (each shows a point).
    shown = [name for name in MUTATIONS if name.startswith("counterexample")]
    assert [sizes[name] for name in shown] == [6] * 6
    # Deleting all evidence: the 10 verdicts with evidence other than z3 facts; one record: the
    # 3 verdicts with two (the lifted search claim, the pair, the family).
    assert sizes["evidence deleted"] == 10
    assert sizes["evidence record 0 deleted"] == sizes["evidence record 1 deleted"] == 3
    # Swaps with the next verdict: 14 each, less the pairs where the fields are alike (the
    # unknown and the error verdict hold no evidence; facts and chain are both plain proved).
    assert sizes["ids swapped with the next verdict"] == 14
    assert sizes["evidence swapped with the next verdict"] == 13
    assert sizes["statuses swapped with the next verdict"] == 13
    assert sizes["verdict listed twice"] == 14
    # Steps: the refuted derivation (statuses moved, witness changed), the proved one.
    steps = [n for n in MUTATIONS if n.startswith(("step statuses", "step witness", "a proved"))]
    assert [sizes[n] for n in steps] == [1, 1, 1]
    # What a counterexample displays beside its point: the 6 refuted verdicts; observed values
    # by position: 2 lhs/rhs (scalar, step), 4 for the two searches, 5 for the mechanism; the
    # coverage: the 12 decided verdicts; the method: the 6 refutations.
    observed = [sizes[f"observed value {k} changed"] for k in range(5)]
    assert observed == [6, 6, 3, 3, 1]
    assert sizes["observed name changed"] == sizes["replay edited"] == 6
    assert sizes["replay replaced by code"] == sizes["method edited"] == 6
    assert sizes["step observed value changed"] == sizes["step replay edited"] == 1
    assert sizes["coverage text edited or added"] == 12
    # What a step shows of the file: the two derivations, 5 fields each.
    assert [sizes[n] for n in MUTATIONS if n.startswith("step text")] == [2] * 5
    # The reason: another status's or free text on the 12 decided verdicts; a digit of a
    # derived reason: the 2 derivations and the 2 refuted searches (whose reasons name a size).
    assert sizes["reason of another status"] == sizes["reason denies the status"] == 12
    assert sizes["reason edited"] == 4
    # What the report copies from each of the 14 declarations: 8 fields.
    assert [sizes[f"declared {k} edited"] for k in DECLARED_LIES] == [14] * 8
    assert sum(sizes.values()) == 473


def _counted(theorems):
    matched = sum(t["status"] == t["expected"] for t in theorems)
    statuses = sorted({t["status"] for t in theorems})
    return {
        "total": len(theorems),
        "as_expected": matched,
        "unexpected": len(theorems) - matched,
        "by_status": {s: sum(t["status"] == s for t in theorems) for s in statuses},
    }


def _interrupted(data):
    """A verdict left undecided by an interruption, in a run still said complete."""
    entry = data["theorems"][0]
    entry.update(status="unknown", method="interrupted", evidence=[], counterexample=None)
    entry.update(reason="the run was interrupted before a verdict", coverage=None)
    data["summary"] = _counted(data["theorems"])


def _left_out(data):
    """The first refuted verdict left out, the summary counting what is left."""
    data["theorems"] = [t for t in data["theorems"] if t["id"] != "fx.hockey_small"]
    data["summary"] = _counted(data["theorems"])


REPORT_LIES = {
    "summary counts a refuted verdict as proved": lambda d: d["summary"]["by_status"].update(
        proved=d["summary"]["by_status"]["proved"] + 1,
        refuted=d["summary"]["by_status"]["refuted"] - 1,
    ),
    "summary says every verdict as expected": lambda d: d["summary"].update(
        as_expected=d["summary"]["total"], unexpected=0
    ),
    "written by another version": lambda d: d.update(dpproofs_version="0.0.9"),
    "complete run with an interrupted verdict": _interrupted,
    "a verdict left out": _left_out,
}


@pytest.mark.parametrize("name", list(REPORT_LIES))
def test_every_lie_about_the_report_exits_non_zero(verified, entries, tmp_path, name):
    _, report = verified
    data = {"dpproofs_version": version(), "run": report["run"], "theorems": entries}
    data = copy.deepcopy({**data, "summary": _counted(entries)})
    path = tmp_path / "report.json"
    path.write_text(json.dumps(data))
    out = io.StringIO()
    assert main(["recheck", str(path)], stdout=out, stderr=out) == 0, out.getvalue()
    REPORT_LIES[name](data)
    path.write_text(json.dumps(data))
    out = io.StringIO()
    code = main(["recheck", str(path)], stdout=out, stderr=out)
    assert code in (2, 3), out.getvalue()
