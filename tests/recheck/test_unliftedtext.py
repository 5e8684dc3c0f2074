"""Why a bounded search was not lifted: the record (dpproofs/unlifted.py, the field
``not_lifted`` of a bounded-search record), the parenthesis written from it, and what
``dpproofs recheck`` derives or refuses of it (dpproofs/recheck/unliftedtext.py).

The claims are the informed-belief reduction's library parts at e^eps = 11/10, delta = 1/100:
(J) is one formula (its small-model bound N* = 4), (S) at breach set (0,) is not one formula
for every size ("M[0] singles out an outcome"). Nothing is searched here: fast."""

from fractions import Fraction as F

import pytest

from dpproofs import evidence as ev
from dpproofs.recheck.pieces import Outcome
from dpproofs.recheck.unliftedtext import written
from dpproofs.search import log_of
from dpproofs.search.informed_parts import INFORMED, joint, square
from dpproofs.unlifted import NotLifted, parenthesis

POINT, DELTA = log_of(F(11, 10)), F(1, 100)
J = joint(INFORMED, POINT, DELTA)
S = square(INFORMED, POINT, DELTA, (0,))
UNKNOWN = "z3 unknown at 4 outputs (time ran out)"


def _record(said: NotLifted | None, sizes=(2,)) -> dict:
    rows = tuple(ev.SizeResult(n, "z3", "unsat") for n in sizes)
    return ev.BoundedSearch("outputs", rows, said).as_dict()


def test_the_record_round_trips_and_old_records_read_as_none() -> None:
    said = NotLifted("undecided", 4, (4,), UNKNOWN, "localised conjunct 1 at 3 outputs: z3 unknown")
    record = ev.BoundedSearch("outputs", (ev.SizeResult(2, "z3", "unsat"),), said)
    assert ev.from_dict(record.as_dict()) == record
    old = {"kind": "bounded-search", "size_name": "outputs", "sizes": []}
    assert ev.from_dict(old) == ev.BoundedSearch("outputs", ())
    assert "not_lifted" not in ev.BoundedSearch("outputs", ()).as_dict()


@pytest.mark.parametrize(
    "bad",
    [
        {"why": "lifted", "N*": 4, "sizes": [4], "reason": "", "localised": ""},
        {"why": "formula", "N*": 4, "sizes": [], "reason": "r", "localised": ""},
        {"why": "needs", "N*": None, "sizes": [4], "reason": "", "localised": ""},
        {"why": "needs", "N*": 4, "sizes": [], "reason": "", "localised": ""},
        {"why": "undecided", "N*": 4, "sizes": [3, 4], "reason": UNKNOWN, "localised": ""},
        {"why": "undecided", "N*": True, "sizes": [4], "reason": UNKNOWN, "localised": ""},
        {"why": "outside", "N*": None, "sizes": [2], "reason": "r", "localised": ""},
        {"why": "needs", "N*": 4, "sizes": [4], "reason": None, "localised": ""},
    ],
)
def test_a_malformed_record_is_a_value_error_and_fails(bad: dict) -> None:
    with pytest.raises(ValueError, match="not_lifted"):
        NotLifted.from_dict(bad)
    record = {**_record(None), "not_lifted": bad}
    outcome, why = written(J, record)
    assert outcome is Outcome.FAILED and "malformed" in why


def test_the_parenthesis_is_the_words_the_lifting_wrote() -> None:
    # The four forms of dpproofs/search/lifting.py before the record existed, word for word.
    assert parenthesis(NotLifted("formula", reason="R"), "outputs") == (
        "not one formula for every size: R"
    )
    assert parenthesis(NotLifted("outside", reason="R"), "outputs") == (
        "outside the small-model theorem: R"
    )
    assert parenthesis(NotLifted("needs", 5, (5,)), "outputs") == (
        "small-model bound N* = 5; unsat at 5 outputs would prove it for every finite alphabet"
    )
    assert parenthesis(NotLifted("needs", 4, (3, 4), "", "L"), "outcomes") == (
        "small-model bound N* = 4; unsat at each of 3, 4 outcomes would prove it for every "
        "finite alphabet; L"
    )
    assert parenthesis(NotLifted("undecided", 4, (4,), UNKNOWN), "outputs") == (
        "small-model bound N* = 4, not decided at 4 outputs: " + UNKNOWN
    )


def test_recheck_writes_the_parenthesis_of_j_and_of_s_again() -> None:
    assert written(J, _record(NotLifted("undecided", 4, (4,), UNKNOWN))) == (
        " (small-model bound N* = 4, not decided at 4 outputs: " + UNKNOWN + ")"
    )
    budget = "z3 unknown at 4 outputs (work budget spent)"
    assert written(J, _record(NotLifted("undecided", 4, (4,), budget))).endswith(budget + ")")
    tried = "localised conjunct 2 (N* = 3) not searched"
    assert written(J, _record(NotLifted("needs", 4, (4,), "", tried))).endswith(
        "every finite alphabet; " + tried + ")"
    )
    reason = "M[0] singles out an outcome"
    assert written(S, _record(NotLifted("formula", reason=reason))) == (
        " (not one formula for every size: " + reason + ")"
    )


@pytest.mark.parametrize(
    ("claim", "said", "outcome", "words"),
    [
        # the record edited with the text: the tracer's reason is derived again
        (S, NotLifted("formula", reason="M[1] singles out an outcome"), "failed", "traced"),
        # (J) is one formula: "not one formula" is false of it
        (J, NotLifted("formula", reason="M[0] singles out an outcome"), "failed", "it is one"),
        # an N* for a claim the small-model theorem never applied to
        (S, NotLifted("needs", 4, (4,)), "failed", "not one formula"),
        # words the rechecker cannot derive are refused, whatever they say
        (J, NotLifted("outside", reason="and on every size"), "not replayed", "not re-derived"),
        (
            J,
            NotLifted("undecided", 4, (4,), UNKNOWN + ") (and on every size"),
            "not replayed",
            "not",
        ),
        (J, NotLifted("needs", 4, (4,), "", "and on every size"), "not replayed", "localised"),
        (J, NotLifted("needs", 4, (4,), "and on every size"), "failed", "needs none"),
        # N* below the rechecker's own count of (J)'s formula traced again (4)
        (J, NotLifted("undecided", 3, (4,), UNKNOWN), "failed", "gives N* = 4"),
        (J, NotLifted("needs", 1, (3,)), "failed", "gives N* = 4"),
        # a size listed as covered and as still needed
        (J, NotLifted("needs", 4, (2,)), "failed", "as covered and"),
        # no record of why (a report from before the field)
        (J, None, "not replayed", "before the field"),
    ],
)
def test_what_recheck_cannot_write_is_refused(claim, said, outcome, words) -> None:
    got = written(claim, _record(said))
    assert isinstance(got, tuple), got
    assert got[0].value == outcome and words in got[1], got


def test_the_table_of_a_traced_formula_is_the_claims_own_and_counts_n_star_4() -> None:
    from dpproofs.recheck.retraced import compare, table_of
    from dpproofs.recheck.smallmodel import analyse

    table = table_of(J.formula.root)
    assert table is not None and compare(J, table)[0] == "confirmed"
    assert [part.bound for part in analyse(table, 2)] == [4, 4]
    # a larger recorded N* is the decider's coarser count: it stands (as for lifted records)
    larger = NotLifted("undecided", 5, (5,), "z3 unknown at 5 outputs (time ran out)")
    assert written(J, _record(larger)) == (
        " (small-model bound N* = 5, not decided at 5 outputs: z3 unknown at 5 outputs "
        "(time ran out))"
    )
