"""Tampered reports of Shannon-type verdicts: every lie makes ``dpproofs recheck`` exit non-zero.

The tamper suite (tests/recheck/test_tamper.py) on a real report of ``fixture_entropic.py``
(``dpproofs verify --json``: 4 proved, 4 refuted, 1 verified-bounded; a Shannon claim alone,
with a parameter, under an equality hypothesis, in a conjunction, in a family). Every
mutation of that suite that applies is applied here too, and then the lies only an entropic
verdict can tell: its method, certificate lines and reason exchanged for another's or for the
lifting's; the multipliers, terms, hypotheses and directions of its Shannon certificate
changed (in the record alone, or in the record and the lines shown alike); its witness law
changed into a non-counterexample, one where a hypothesis fails, one that is no law, or one
about other variables; the statuses its records state; what its counterexample observes. A lie
must exit 1, 2 or 3 and name the theorem it touched.
"""

from __future__ import annotations

import copy
import json
import shutil
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from test_tamper import MUTATIONS, _changed, _other, _swapped, assert_refused, lies, recheck

from dpproofs.cli.main import main

HERE = Path(__file__).parent

#: The lifting's texts, which a Shannon verdict must never pass with.
LIFTED_METHOD = "z3 search over finite alphabets + small-model theorem"
LIFTED_REASON = "for all pairs of distributions on every finite number of outcomes"


@pytest.fixture(scope="module")
def entries(tmp_path_factory):
    folder = tmp_path_factory.mktemp("entropic")
    shutil.copy(HERE / "fixture_entropic.py", folder / "entropic_theorems.py")
    report = folder / "report.json"
    code = main(["verify", str(folder), "--json", str(report), "--no-cache", "-q"])
    assert code == 0, report.read_text() if report.exists() else "no report"
    return json.loads(report.read_text())["theorems"]


# --- what only an entropic verdict tells -----------------------------------------------------


def _shannon(entry: dict) -> list[dict]:
    return [r for r in entry["evidence"] if r["kind"] == "shannon-certificate"]


def _witnesses(entry: dict) -> list[dict]:
    return [r for r in entry["evidence"] if r["kind"] == "witness"]


def _method_lifted(entry: dict) -> bool:
    entry["method"] = LIFTED_METHOD
    return True


def _reason_lifted(entry: dict) -> bool:
    """A proof's reason replaced by the lifting's (a refutation's: tests/recheck/test_tamper)."""
    if entry["status"] != "proved":
        return False
    entry["reason"] = LIFTED_REASON
    return True


def _lines(edit: Callable[[list[str]], bool]) -> Callable[[dict], bool]:
    def change(entry: dict) -> bool:
        return edit(entry["certificate"])

    return change


def _line_edited(lines: list[str]) -> bool:
    if not lines:
        return False
    lines[0] = _other(lines[0])
    return True


def _line_dropped(lines: list[str]) -> bool:
    return bool(lines) and bool(lines.pop())


def _line_added(lines: list[str]) -> bool:
    lines.append("1 * H(X) >= 0")
    return True


def _lines_reversed(lines: list[str]) -> bool:
    if len(lines) < 2:
        return False
    lines.reverse()
    return True


def _terms(kind: str, change: Callable[[list], bool], shown: bool) -> Callable[[dict], bool]:
    """``change`` applied to the first term of kind ``kind`` ("elemental": [first, other,
    given, multiplier]; "hypotheses": [index, multiplier]) of each Shannon record; when
    ``shown``, the certificate line of that term is written again to match (the record and the
    lines then tell the same lie)."""

    def edit(entry: dict) -> bool:
        done = False
        for record in _shannon(entry):
            at = 0
            for direction in record["directions"]:
                if direction[kind]:
                    term = direction[kind][0]
                    before = list(term)
                    done = change(term) or done
                    if shown and entry["certificate"]:
                        index = at + (0 if kind == "elemental" else len(direction["elemental"]))
                        line = entry["certificate"][index]
                        entry["certificate"][index] = line.replace(
                            f"{before[-1]} * ", f"{term[-1]} * ", 1
                        )
                    break
                at += len(direction["elemental"]) + len(direction["hypotheses"])
        return done

    return edit


def _doubled(term: list) -> bool:
    term[-1] = str(2 * Fraction(term[-1]))
    return True


def _negated(term: list) -> bool:
    term[-1] = str(-Fraction(term[-1]))
    return True


def _given_dropped(term: list) -> bool:
    if not term[2]:
        return False
    term[2] = ""
    return True


def _index_moved(term: list) -> bool:
    term[0] += 1
    return True


def _record_edit(kind: Callable[[dict], list[dict]], edit: Callable[[dict], bool]):
    def change(entry: dict) -> bool:
        return any([edit(r) for r in kind(entry)])

    return change


def _direction_dropped(record: dict) -> bool:
    if len(record["directions"]) < 2:
        return False
    record["directions"].pop()
    return True


def _sign_flipped(record: dict) -> bool:
    direction = record["directions"][0]
    direction["sign"] = "-" if direction["sign"] == "+" else "+"
    return True


def _status(status: str) -> Callable[[dict], bool]:
    def edit(record: dict) -> bool:
        record["status"] = status
        return True

    return edit


def _law(edit: Callable[[dict], bool]) -> Callable[[dict], bool]:
    """``edit`` applied to the witness law, shown and recorded alike."""

    def change(entry: dict) -> bool:
        if entry["counterexample"] is None:
            return False
        shown = entry["counterexample"]["assignment"]
        done = edit(shown)
        for record in _witnesses(entry):
            member = {k: v for k, v in shown.items() if k != "member"}
            record["values"] = member
        return done

    return change


def _point_mass(values: dict) -> bool:
    """All mass on the cell of zeros: every entropy is 0, so every target of the fixture holds
    (0 <= 0; H(X) = 0 <= eps = 0)."""
    names = values["variables"].split(",")
    for key in [k for k in values if k.startswith("P(")]:
        del values[key]
    values[f"P({','.join('0' * len(names))})"] = "1"
    return True


def _hypothesis_fails(values: dict) -> bool:
    """eps = -1: the hypothesis I(X; Y) <= eps fails (I >= 0)."""
    if "eps" not in values:
        return False
    values["eps"] = "-1"
    return True


def _no_law(values: dict) -> bool:
    """The first cell's mass moved up: the masses sum past 1."""
    first = next(k for k in values if k.startswith("P("))
    values[first] = _other(values[first])
    return True


def _variable_renamed(values: dict) -> bool:
    names = values["variables"].split(",")
    values["variables"] = ",".join([*names[:-1], "W"])
    return True


def _kind_changed(record: dict) -> bool:
    record["claim"] = "scalar"
    return True


def _observed_float(entry: dict) -> bool:
    """The float shown beside an exact observed value edited (its last digit moved up)."""
    observed = (entry["counterexample"] or {}).get("observed") or {}
    for name, value in observed.items():
        exact, sep, approx = value.partition(" ~= ")
        if sep:
            last = str((int(approx[-1]) + 1) % 10)
            observed[name] = f"{exact} ~= {approx[:-1]}{last}"
            return True
    return False


def _expected_label(entry: dict) -> bool:
    entry["expected_label"] = "proved" if entry["expected_label"] != "proved" else "refuted"
    return True


ENTROPIC: dict[str, Callable] = {
    "method: the lifting's": _changed(_method_lifted),
    "reason: the lifting's": _changed(_reason_lifted),
    "reason of the next verdict": _swapped("reason"),
    "certificate of the next verdict": _swapped("certificate"),
    "certificate line edited": _changed(_lines(_line_edited)),
    "certificate line dropped": _changed(_lines(_line_dropped)),
    "certificate line added": _changed(_lines(_line_added)),
    "certificate lines reversed": _changed(_lines(_lines_reversed)),
    **{
        f"{kind} multiplier {name}{' (and its line)' if shown else ''}": _changed(
            _terms(kind, change, shown)
        )
        for kind in ("elemental", "hypotheses")
        for name, change in (("doubled", _doubled), ("negated", _negated))
        for shown in (False, True)
    },
    "elemental term's conditioning dropped": _changed(_terms("elemental", _given_dropped, False)),
    "hypothesis index moved": _changed(_terms("hypotheses", _index_moved, False)),
    "equality's reverse direction dropped": _changed(_record_edit(_shannon, _direction_dropped)),
    "direction's sign flipped": _changed(_record_edit(_shannon, _sign_flipped)),
    **{
        f"certificate record status -> {s}": _changed(_record_edit(_shannon, _status(s)))
        for s in ("refuted", "verified-bounded")
    },
    "witness record status -> proved": _changed(_record_edit(_witnesses, _status("proved"))),
    "witness kind changed": _changed(_record_edit(_witnesses, _kind_changed)),
    "law: a point mass (no counterexample)": _changed(_law(_point_mass)),
    "law: a hypothesis fails": _changed(_law(_hypothesis_fails)),
    "law: no distribution": _changed(_law(_no_law)),
    "law: a variable renamed": _changed(_law(_variable_renamed)),
    "observed float edited": _changed(_observed_float),
    "expected label edited": _changed(_expected_label),
}


#: Mutations of the tamper suite that tell no lie about these verdicts: deleting the
#: certificate of the proved first part of a refuted conjunction or family, whose refutation
#: stands on the witness of another part (the report says nothing else of the proved part).
NOT_LIES = {
    ("evidence record 0 deleted", "fe.first_fails"),
    ("evidence record 0 deleted", "fe.family_fails"),
}


def _all_lies(entries: list[dict]) -> dict[str, list[tuple[str, list[dict]]]]:
    out = {}
    for name in MUTATIONS:
        out[name] = [(t, told) for t, told in lies(entries, name) if (name, t) not in NOT_LIES]
    for name, mutation in ENTROPIC.items():
        told = []
        for i, entry in enumerate(entries):
            changed = mutation(entries, i)
            if changed is not None and changed != [
                entries[(i + k) % len(entries)] for k in range(len(changed))
            ]:
                told.append((entry["id"], changed))
        out[f"entropic: {name}"] = told
    return out


@pytest.fixture(scope="module")
def all_lies(entries):
    return _all_lies(copy.deepcopy(entries))


def test_the_untampered_report_rechecks(entries, tmp_path):
    code, out = recheck(tmp_path, entries, [])
    assert code == 0, out
    assert out.splitlines()[-1] == "9 verdicts: 9 confirmed, 0 failed, 0 not replayed"


#: Mutations of the tamper suite that apply to no entropic verdict: the evidence of other kinds
#: (bounded sizes, small-model records, exact evaluations and facts, proof steps), a replay
#: source (an entropic counterexample shows none: "replay replaced by code" adds one), observed
#: values past the two sides of the target, and the non-counterexamples written for the other
#: fixture's ids (here: "law: a point mass").
NOT_HERE = (
    "counterexample replaced by a non-counterexample",
    "bounded sizes widened",
    "bounded size dropped",
    "N* changed",
    "unsat size below N*",
    "small-model bound changed",
    "small-model m changed",
    "measured value changed",
    "claimed bound changed",
    "relation changed",
    "exact fact's decision flipped",
    "step statuses swapped",
    "step witness changed",
    "a proved derivation shows a refuted step",
    *(f"observed value {k} changed" for k in (2, 3, 4)),
    "replay edited",
    "step observed value changed",
    "step replay edited",
    *(f"step text {f} edited" for f in ("latex", "lhs", "relation", "rhs", "justification")),
)
NAMES = [*(n for n in MUTATIONS if n not in NOT_HERE), *(f"entropic: {n}" for n in ENTROPIC)]


@pytest.mark.parametrize("name", NAMES)
def test_every_lie_exits_non_zero_naming_the_theorem(entries, all_lies, tmp_path, name):
    assert all_lies[name], f"{name} applies to no verdict"
    for theorem_id, theorems in all_lies[name]:
        assert_refused(tmp_path, entries, name, theorem_id, theorems)


def test_the_suite_size(all_lies):
    """445 lies over 9 verdicts: 4 proved (fe.function, fe.dpi, fe.eps, fe.both), 4 refuted
    (fe.conditioning, fe.entropy_eps, fe.first_fails, fe.family_fails), 1 bounded (fe.family);
    301 from the tamper suite's mutations, 144 only an entropic verdict tells."""
    sizes = {name: len(told) for name, told in all_lies.items()}
    assert [sizes[name] for name in NOT_HERE] == [0] * len(NOT_HERE)
    for target, holders in (("proved", 4), ("refuted", 4), ("verified-bounded", 1)):
        assert sizes[f"status -> {target}"] == 9 - holders
        assert sizes[f"status and record statuses -> {target}"] == 9 - holders
        assert sizes[f"expected -> {target}"] == 9 - holders
    # Counterexample lies and what one observes: the 4 refuted verdicts (2 sides each).
    shown = [n for n in NAMES if n.startswith(("counterexample", "observed", "replay"))]
    assert [sizes[n] for n in shown] == [4] * len(shown) == [4] * 9
    # Records: all deleted (9); one of two (fe.both, fe.first_fails, fe.family,
    # fe.family_fails), the first less the two that tell no lie (NOT_LIES).
    assert sizes["evidence deleted"] == 9
    assert (sizes["evidence record 0 deleted"], sizes["evidence record 1 deleted"]) == (2, 4)
    # Swaps with the next verdict: statuses alike twice (fe.function, fe.dpi, fe.eps proved),
    # reasons alike twice (two refutation reasons in a row; two empty ones), certificates
    # differ where one of the pair shows one (the three proofs alone).
    assert sizes["statuses swapped with the next verdict"] == 7
    assert sizes["entropic: reason of the next verdict"] == 7
    assert sizes["entropic: certificate of the next verdict"] == 4
    # Certificate lines shown: the three proofs alone; a line added: any verdict.
    lines = [n for n in NAMES if n.startswith("entropic: certificate line")]
    assert [sizes[n] for n in lines] == [3, 3, 9, 3]  # edited, dropped, added, reversed
    # Multipliers: 7 verdicts have a Shannon record with an elemental term (all but the two
    # refutations alone), 6 with a hypothesis (not fe.family: subadditivity has none).
    multipliers = [n for n in NAMES if "multiplier" in n]
    assert [sizes[n] for n in multipliers] == [7] * 4 + [6] * 4
    assert sizes["entropic: elemental term's conditioning dropped"] == 6  # fe.family's: I(V_0; V_1)
    assert sizes["entropic: equality's reverse direction dropped"] == 2  # fe.function, fe.both
    assert sizes["entropic: direction's sign flipped"] == 7
    # The witness law: each of the 4 refutations, a hypothesis made to fail where eps is given.
    laws = [n for n in NAMES if n.startswith("entropic: law")]
    assert [sizes[n] for n in laws] == [4, 1, 4, 4]
    assert sum(sizes.values()) == 445
