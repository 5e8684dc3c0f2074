"""Deciding the sizes a small-model lifting rests on first (issue 31): a size left undecided
after N* is unsat still leaves a lifted verdict; a refutation is the plain order's."""

from __future__ import annotations

from typing import Any

import pytest

import dpproofs.search.by_size as by_size
from dpproofs.algebra import implies
from dpproofs.claim import Deadline
from dpproofs.search import Interval, for_all_distributions
from dpproofs.search.onesize import SizeOutcome
from dpproofs.verdict import Status
from dpproofs.vocabulary import indistinguishable, statistical_difference

PAIRS = for_all_distributions(range(2, 9), eps=Interval(0, 1), delta=Interval(0, 1))


def _claim(total: bool) -> Any:
    # SD(P, Q) <= e^eps - 1 + delta holds (N* = 4, counterexamples grow by splitting an
    # outcome); SD(P, Q) <= delta is false on 2 outcomes.
    def predicate(alg: Any, p: Any, q: Any, E: Any, delta: Any) -> Any:
        bound = alg.total([E - 1, delta]) if total else delta
        return implies(
            alg,
            indistinguishable(alg, p, q, E, delta),
            alg.le(statistical_difference(alg, p, q), bound),
        )

    return PAIRS.claim(predicate, says="SD bound")


@pytest.fixture
def sizes_tried(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The sizes decided, in order; 6 outcomes is left undecided (z3 unknown)."""
    tried: list[int] = []
    real = by_size.find_counterexample

    def recording(claim: Any, session: Any, size: int, *rest: Any) -> Any:
        tried.append(size)
        if size == 6:
            return SizeOutcome(reason="z3 unknown at 6 outcomes (work budget spent)")
        return real(claim, session, size, *rest)

    monkeypatch.setattr(by_size, "find_counterexample", recording)
    return tried


def test_n_star_is_decided_first_and_a_later_undecided_size_keeps_the_proof(sizes_tried):
    # Before: sizes in increasing order, and 6 undecided ended the decision as UNKNOWN
    # ("no counterexample among ... 2, 3, 4, 5 outcomes; z3 unknown at 6") although unsat
    # at N* = 4 proves every size.
    verdict = _claim(True).decide(Deadline(120))
    assert sizes_tried == [4, 2, 3, 5, 6]
    assert verdict.status is Status.PROVED
    assert "z3 unsat at 4 >= N* = 4 outcomes" in verdict.certificate
    assert (
        "6 outcomes: not decided (z3 unknown at 6 outcomes (work budget spent)); not needed: the "
        "small-model theorem covers every size"
    ) in verdict.certificate


def test_a_refutation_found_at_n_star_first_is_the_increasing_orders(sizes_tried):
    # N* = 4 first finds a counterexample while 2 and 3 are not decided: the claim is decided
    # again in increasing order from a fresh session, so the witness and its minimality are
    # those of the plain order (the one docs/search.md shows).
    verdict = _claim(False).decide(Deadline(120))
    assert sizes_tried == [4, 2]
    assert verdict.status is Status.REFUTED
    shown = dict(verdict.counterexample.assignment)
    assert shown == {"eps": "1/2", "delta": "0", "p": "[2/3, 1/3]", "q": "[1/2, 1/2]"}
    assert dict(verdict.counterexample.observed)["minimality"] == "smallest size tried"


def test_without_a_small_model_shape_an_undecided_size_is_unknown(sizes_tried):
    # A predicate that is not one formula (a Python branch on the size) gets no lifting:
    # sizes in increasing order, and 6 undecided is UNKNOWN naming what was covered.
    claim = PAIRS.claim(
        lambda alg, p, q, E, delta: (
            alg.le(statistical_difference(alg, p, q), 1) if len(p) < 100 else alg.le(1, 0)
        ),
        says="opaque",
    )
    verdict = claim.decide(Deadline(120))
    assert sizes_tried == [2, 3, 4, 5, 6]
    assert verdict.status is Status.UNKNOWN
    assert verdict.reason.endswith("z3 unknown at 6 outcomes (work budget spent)")
