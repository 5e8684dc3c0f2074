"""Adversarial corpus for the bounded search and the finite claims (issue 14, classes 2, 3, 4, 6,
determinism, and the classes found beyond them; see adversarial_search_cases for how).

No FALSE case may come back proved or verified-bounded; no TRUE case refuted; every false case's
witness shows, in plain Fraction arithmetic, that the claim fails at a concrete point."""

import subprocess
import sys
from fractions import Fraction as F
from pathlib import Path

import pytest
from adversarial_search_cases import CASES, INTERPRETATION_PROBES, pairs

from dpproofs.claim import Deadline, timed_decide
from dpproofs.errors import DpProofsError
from dpproofs.search import for_all_distributions
from dpproofs.verdict import Status, Verdict
from dpproofs.vocabulary import indistinguishable, statistical_difference

DECIDED_TRUE = {Status.PROVED, Status.VERIFIED_BOUNDED}


def _text(verdict):
    return " ".join(
        str(x) for x in (verdict.reason, verdict.coverage, verdict.method, verdict.certificate)
    )


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_adversarial_case(case):
    try:
        claim = case.build()
    except DpProofsError as exc:  # refused while building: the theorem is an error
        verdict = Verdict.error("claim", f"{type(exc).__name__}: {exc}")
    else:
        verdict = timed_decide(claim, Deadline(30))
    assert verdict.status in case.allowed, (verdict.status, _text(verdict))
    if case.reason:
        assert case.reason in _text(verdict), _text(verdict)
    if case.false:
        assert case.witness() is True  # the claim really fails at the witness point
        if case.klass == "3":
            # TRUE on the sizes decided, false on a size never decided: the coverage must list
            # exactly the decided sizes and never a range ("<= 5") that spans the gap.
            assert "<=" not in (verdict.coverage or "") and "4" not in (verdict.coverage or "")
            assert verdict.status is not Status.PROVED, _text(verdict)
            assert "every finite" not in (verdict.coverage or "")
        else:
            assert verdict.status not in DECIDED_TRUE
    elif verdict.status is Status.REFUTED:
        pytest.fail(f"a true case was refuted: {_text(verdict)}")
    if verdict.status is Status.REFUTED and verdict.counterexample is not None:
        size = dict(verdict.counterexample.observed).get("size", "")
        n_star = small_model_bound(claim)
        if n_star is not None and size:
            # The theorem's promise: a smallest counterexample has at most N* outcomes.
            assert int(size.split()[0]) <= n_star, (size, n_star)


def small_model_bound(claim):
    """N* of a search claim that is a formula of the theorem's shape, else None."""
    from dpproofs.search.forall import SearchClaim
    from dpproofs.search.shape import ShapeReport, analyse

    if not isinstance(claim, SearchClaim) or claim.formula.root is None:
        return None
    report = analyse(claim.formula.root, sum(r for _, r in claim.formula.axis_rows))
    return report.bound if isinstance(report, ShapeReport) else None


def test_the_corpus_is_large_enough_and_mostly_false():
    false = [c for c in CASES if (c.false and c.klass != "3") or (c.klass == "3" and c.false)]
    assert len(CASES) >= 30 and len(false) >= 20
    for klass in ("2", "3", "4", "6"):
        assert sum(c.klass == klass for c in CASES) >= 3


def test_an_error_names_the_authors_line():
    verdict = timed_decide(CASES[1].build(), Deadline(30))  # `alg.eq(...) and alg.lt(...)`
    assert "adversarial_search_cases.py:" in verdict.reason


def test_the_interpretation_cannot_be_told_apart():
    # alg.name and str() of a value are the same in every interpretation, so a predicate that
    # branches on them is one claim: the exact re-check agrees with what z3 verified.
    for probe_predicate in INTERPRETATION_PROBES:
        claim = pairs().claim(probe_predicate)
        assert claim.holds_exactly(2, {"p": [[F(1, 2), F(1, 2)]], "q": [[F(0), F(1)]]}) is True
    seen = []
    probe = pairs(2).claim(lambda alg, p, q: seen.append(str(p[0])) or alg.le(0, 1))
    assert probe.decide(Deadline(30)).status is Status.VERIFIED_BOUNDED
    assert probe.holds_exactly(2, {"p": [[F(1, 2), F(1, 2)]], "q": [[F(1), F(0)]]}) is True
    assert set(seen) == {"p[0][0]"}


# --- determinism: the same counterexample on every run ---------------------------------------
def _false_tv_claim():
    # "SD(p, q) <= 1/2": false, e.g. p = (1, 0), q = (0, 1) has SD = 1.
    return for_all_distributions((2, 3)).claim(
        lambda alg, p, q: alg.le(statistical_difference(alg, p, q), F(1, 2))
    )


def _false_indist_claim():
    # "(ln 1, 1/4)-indistinguishable": false at p = (1, 0), q = (0, 1) (SD = 1 > 1/4).
    return for_all_distributions((2, 3)).claim(
        lambda alg, p, q: indistinguishable(alg, p, q, alg.const(1), F(1, 4))
    )


def _counterexample_in_a_fresh_process(build, presearch, deadline):
    """Run the search as the runner does, in a fresh process (z3 numbers its terms per process),
    and return the counterexample's text."""
    code = (
        f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        f"from test_adversarial_search import {build} as build\n"
        "from dpproofs.claim import Deadline\n"
        "from dpproofs.search.engine import search\n"
        f"v = search(build(), Deadline({deadline}), use_presearch={presearch})\n"
        "print(v.status.value, v.counterexample)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout


@pytest.mark.parametrize(
    ("build", "presearch"), [("_false_tv_claim", True), ("_false_indist_claim", False)]
)
def test_a_refuting_search_reports_the_same_counterexample_every_run(build, presearch):
    # Witness: SD((1, 0), (0, 1)) = (1 - 0)^+ + (0 - 1)^+ = 1 > 1/2 > 1/4.
    assert max(F(1) - 0, F(0)) + max(F(0) - 1, F(0)) == 1
    first = _counterexample_in_a_fresh_process(build, presearch, 30)
    again = _counterexample_in_a_fresh_process(build, presearch, 30)
    unlimited = _counterexample_in_a_fresh_process(build, presearch, None)  # no clock at all
    assert first.startswith("refuted") and first == again == unlimited
