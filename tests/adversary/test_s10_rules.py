"""Adversary (session 10, helper ADV8, issue 30): the library-built parts of the informed-belief
reduction (dpproofs/search/informed_parts.py, dpproofs/search/informed.py).

Each test builds a reduction from parts a theorem file could pass and asks only its
preconditions (no search: fast). The expectation is this file's own reading of the design note
(docs/design/neighbours.md, "Informed beliefs"): every n at a point (eps, delta) needs (J), (Z)
(informed beliefs) and (S) (every breach set) all decided AT that point, by the library's
events, with the bound n delta''. Findings (accepted where that reading says refuse) are
xfail(strict=True) with the witness in a comment; what held is plain tests.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
from fractions import Fraction as F
from pathlib import Path

import pytest

from dpproofs.claim import all_of
from dpproofs.cli.main import main
from dpproofs.recheck import informedtext
from dpproofs.recheck.pieces import read_verdicts
from dpproofs.search import Interval, log_of
from dpproofs.search.informed import InformedBeliefReduction
from dpproofs.search.informed_parts import (
    INFORMED,
    ONE_GROUP,
    Joint,
    Square,
    Zero,
    joint,
    rebuilt,
    refusal,
    square,
    squares,
    zero,
)

DELTA = F(1, 100)
WIDE = Interval(F(1, 100), 2)
POINT = log_of(F(11, 10))


def _reduction(j, z, s, bound="n*delta2", beliefs=INFORMED):  # type: ignore[no-untyped-def]
    return InformedBeliefReduction(joint=j, zero=z, square=s, bound=bound, beliefs=beliefs)


def _with(claim, **fields):  # type: ignore[no-untyped-def]
    """``claim`` with ``fields`` set past SearchClaim's own checks (what a file can do)."""
    forged = copy.copy(claim)
    for name, value in fields.items():
        object.__setattr__(forged, name, value)
    return forged


def _good(eps=WIDE, points=(POINT,)):  # type: ignore[no-untyped-def]
    return _reduction(
        joint(INFORMED, eps, DELTA),
        zero(eps, DELTA),
        all_of(*(c for p in points for c in squares(INFORMED, p, DELTA))),
    )


def test_the_library_reduction_is_accepted() -> None:
    # The control: theorem_a3's shape at one (S) point is accepted (else every refusal below
    # would be vacuous).
    assert _good().preconditions() == []


# ---- what held: parts that are not the library's are refused ----


def test_a_subclass_of_the_joint_predicate_is_refused() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Lying(Joint):
        def __call__(self, alg, M, b, E, eps, delta, sqrt_delta):  # type: ignore[no-untyped-def]
            return alg.const(True)

    forged = _with(joint(INFORMED, WIDE, DELTA), predicate=Lying(INFORMED))
    assert rebuilt(forged) is None
    assert _reduction(forged, zero(WIDE, DELTA), squares(INFORMED, POINT, DELTA)[0]).preconditions()


def test_a_replaced_says_or_breach_set_is_refused() -> None:
    j = joint(INFORMED, WIDE, DELTA)
    said = _with(j, says="anything")
    assert refusal("(J)", said, INFORMED) is not None
    s = square(INFORMED, POINT, DELTA, (0,))
    # (1, 0) is not a breach set the library builds ((0, 1) is): refused, not reordered.
    other = _with(s, predicate=Square(INFORMED, (1, 0)))
    assert refusal("(S)", other, INFORMED) is not None
    # A Zero passed as (J), a Joint passed as (Z): refused by role.
    assert refusal("(J)", zero(WIDE, DELTA), INFORMED) is not None
    assert refusal("(Z)", j, INFORMED) is not None
    assert refusal("(S)", _with(s, predicate=Zero()), INFORMED) is not None


def test_beliefs_mixed_between_parts_are_refused() -> None:
    one = _reduction(
        joint(ONE_GROUP, WIDE, DELTA), zero(WIDE, DELTA), all_of(*squares(INFORMED, POINT, DELTA))
    )
    assert one.preconditions()
    mixed = _reduction(
        joint(INFORMED, WIDE, DELTA), zero(WIDE, DELTA), all_of(*squares(ONE_GROUP, POINT, DELTA))
    )
    assert mixed.preconditions()
    # One-group beliefs with a (Z): refused (the rule for them has no (Z)).
    group = _reduction(
        joint(ONE_GROUP, WIDE, DELTA),
        zero(WIDE, DELTA),
        all_of(*squares(ONE_GROUP, POINT, DELTA)),
        beliefs=ONE_GROUP,
    )
    assert group.preconditions()


@pytest.mark.parametrize("bound", ["2*n*delta2", "delta2", "n*delta2 + delta2", "n", "n*delta"])
def test_a_bound_other_than_n_delta2_is_refused(bound: str) -> None:
    good = _good()
    assert dataclasses.replace(good, bound=bound).preconditions()
    assert dataclasses.replace(good, bound="delta2*n").preconditions() == []


def test_parts_at_other_parameters_or_outputs_are_refused() -> None:
    # (Z) at another delta than (J)'s; (S) outside (J)'s eps; (J) at 3 outputs with (S) at 2;
    # (S) missing a breach set.
    squares_at = all_of(*squares(INFORMED, POINT, DELTA))
    assert _reduction(
        joint(INFORMED, WIDE, DELTA), zero(WIDE, F(1, 50)), squares_at
    ).preconditions()
    far = all_of(*squares(INFORMED, log_of(3), DELTA))
    small = Interval(F(1, 100), F(1, 2))
    assert _reduction(joint(INFORMED, small, DELTA), zero(small, DELTA), far).preconditions()
    three = _reduction(joint(INFORMED, WIDE, DELTA, (3,)), zero(WIDE, DELTA, (3,)), squares_at)
    assert three.preconditions()
    two = all_of(*squares(INFORMED, POINT, DELTA)[:2])
    assert _reduction(joint(INFORMED, WIDE, DELTA), zero(WIDE, DELTA), two).preconditions()


def test_pickled_tags_are_still_the_library_tags() -> None:
    # What crosses a process boundary is the tag: a round trip keeps its class and fields, so
    # rebuilt() and refusal() answer the same in a worker.
    for tag in (Joint(INFORMED), Joint(ONE_GROUP), Zero(), Square(INFORMED, (0, 1))):
        again = pickle.loads(pickle.dumps(tag))
        assert type(again) is type(tag) and again == tag


# ---- findings ----


def test_every_s_point_needs_a_z_at_it() -> None:
    # Witness: (J) at eps in [1/100, 1/2] and at eps in [1/2, 2], (Z) at [1/100, 1/2] only,
    # (S) at eps = ln 3 (in the second (J) only). The union bound at ln 3 needs (Z) there
    # (games i != j with x_i = 0); nothing decides it, yet preconditions() is [].
    low, high = Interval(F(1, 100), F(1, 2)), Interval(F(1, 2), 2)
    red = _reduction(
        all_of(joint(INFORMED, low, DELTA), joint(INFORMED, high, DELTA)),
        zero(low, DELTA),
        all_of(*squares(INFORMED, log_of(3), DELTA)),
    )
    assert red.preconditions() != []


def test_s_at_an_open_end_of_j_is_refused() -> None:
    # Witness: (J) and (Z) at eps in (1/2, 2] (lo_open), (S) at eps = 1/2. (J) says nothing at
    # eps = 1/2 (n = 1 there is unchecked), yet preconditions() is [].
    half_open = Interval(F(1, 2), 2, lo_open=True)
    red = _reduction(
        joint(INFORMED, half_open, DELTA),
        zero(half_open, DELTA),
        all_of(*squares(INFORMED, F(1, 2), DELTA)),
    )
    assert red.preconditions() != []


def test_z_at_a_log_point_does_not_cover_its_bracket() -> None:
    # Witness: lo, hi = log_of(3)'s bracket; (J) over Interval(lo, hi) (every eps in it), (Z)
    # at log_of(3) (eps = ln 3 only), (S) at eps = lo (a rational != ln 3, inside (J)). The
    # union bound at eps = lo needs (Z) at lo: never decided, yet preconditions() is [].
    pinned = log_of(3)
    bracket = Interval(pinned.lo, pinned.hi)
    red = _reduction(
        joint(INFORMED, bracket, DELTA),
        zero(pinned, DELTA),
        all_of(*squares(INFORMED, pinned.lo, DELTA)),
    )
    assert red.preconditions() != []


# ---- a report edited so that recheck's text check confirms another coverage ----

REDUCTION = '''from fractions import Fraction as F

from dpproofs import theorem
from dpproofs.claim import all_of
from dpproofs.search import log_of
from dpproofs.search.informed import InformedBeliefReduction
from dpproofs.search.informed_parts import INFORMED, joint, squares, zero

EPS, DELTA = log_of(F(11, 10)), F(1, 100)


@theorem(id="adv8.reduction", source="adversary", expect="verified-bounded")
def reduction():
    """Theorem A.3's reduction at one point."""
    return InformedBeliefReduction(
        joint(INFORMED, EPS, DELTA), zero(EPS, DELTA), all_of(*squares(INFORMED, EPS, DELTA))
    )
'''
#: (J)'s own parenthesis as the writer gives it at 2 outputs (its record: a bounded search).
J_TAIL = " (small-model bound N* = 4, not decided at 4 outputs: "


@pytest.fixture(scope="module")
def reduction_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("adv8")
    file, out = folder / "adv8_reduction.py", folder / "r.json"
    file.write_text(REDUCTION)
    assert main(["verify", str(file), "--json", str(out), "--no-cache", "-q"]) == 0
    return out


def _told(report: Path, tmp_path: Path, coverage: str | None = None):  # type: ignore[no-untyped-def]
    data = json.loads(report.read_text())
    (entry,) = data["theorems"]
    if coverage is not None:
        entry["coverage"] = coverage
    lie = tmp_path / "lie.json"
    lie.write_text(json.dumps(data))
    (verdict,) = read_verdicts(lie)
    assert informedtext.applies(verdict)
    return entry["coverage"], informedtext.told(verdict)


def test_the_untampered_text_is_told_and_an_edited_point_is_not(
    reduction_report: Path, tmp_path: Path
) -> None:
    coverage, told = _told(reduction_report, tmp_path)
    assert told is None and J_TAIL in coverage
    moved = coverage.replace(
        "eps = ln(11/10), delta = 1/100" + J_TAIL, "eps = ln(3), delta = 1/100" + J_TAIL
    )
    assert moved != coverage
    assert _told(reduction_report, tmp_path, moved)[1] is not None


def test_an_edited_parenthesis_of_j_fails(reduction_report: Path, tmp_path: Path) -> None:
    # Witness (also through `dpproofs recheck`: '1 confirmed', exit 0, measured): (J)'s tail
    # '(small-model bound N* = 4, not decided at 4 outputs: z3 unknown ...)' replaced by
    # '(and on every finite number of outputs: small-model theorem, N* = 4)'. (J) was decided
    # at 2 outputs only (its record: one bounded search), so the report now claims every n on
    # every output count, which nothing decided.
    # Fixed in session 11: the parenthesis is written again from (J)'s record (its field
    # not_lifted, dpproofs/recheck/unliftedtext.py) and compared exactly.
    coverage, _ = _told(reduction_report, tmp_path)
    lie = coverage[: coverage.rindex(J_TAIL)] + (
        " (and on every finite number of outputs: small-model theorem, N* = 4)"
    )
    told = _told(reduction_report, tmp_path, lie)[1]
    assert told is not None and told[0].value == "failed", told


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # another N* (a smaller one would say 2 outputs are nearly enough)
        (
            "small-model bound N* = 4, not decided at 4",
            "small-model bound N* = 2, not decided at 4",
        ),
        # the size not decided removed: the tail no longer says (J) stopped short
        (", not decided at 4 outputs: z3 unknown at 4 outputs", ": z3 unknown at 4 outputs"),
    ],
)
def test_another_edit_of_the_parenthesis_of_j_fails(
    reduction_report: Path, tmp_path: Path, old: str, new: str
) -> None:
    coverage, _ = _told(reduction_report, tmp_path)
    assert coverage.count(old) == 1, coverage
    told = _told(reduction_report, tmp_path, coverage.replace(old, new))[1]
    assert told is not None and told[0].value == "failed", told
    assert "is not the reduction's words and its parts' coverages" in told[1], told


def test_the_parenthesis_of_j_removed_fails(reduction_report: Path, tmp_path: Path) -> None:
    # Before session 11 the parenthesis was optional in the pattern: (J) then read as a plain
    # bounded search, with nothing said of the size it did not decide.
    coverage, _ = _told(reduction_report, tmp_path)
    told = _told(reduction_report, tmp_path, coverage[: coverage.rindex(J_TAIL)])[1]
    assert told is not None and told[0].value == "failed", told
