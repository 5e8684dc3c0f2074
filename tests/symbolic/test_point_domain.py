"""A domain [a, a] is the one point a, not empty (issue 27): for all x in [a, a], P(x) iff P(a).

Before: ``holds(..., where={"x": "[2, 2]"})`` and ``check --where "x: [2, 2]"`` were refused
with "the domain '[2, 2]' is empty" (sympy's Interval(2, 2) is the set {2}, no Interval).
"""

from __future__ import annotations

import io
import json
from fractions import Fraction
from pathlib import Path

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.cli.main import main
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.symbolic import holds
from dpproofs.symbolic.domain import point_of
from dpproofs.verdict import Status


def status(claim: object) -> Status:
    return claim.decide(Deadline(30)).status  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "spec", ["[2, 2]", " [ 4/2 , 2 ] ", (2, 2), ("2", "2"), sympy.Interval(2, 2)]
)
def test_every_way_of_writing_the_point_two(spec: object) -> None:
    assert point_of(spec) == 2
    # 2**2 <= 4 holds with equality; 2**2 < 4 does not
    assert status(holds("x**2 <= 4", where={"x": spec})) is Status.PROVED
    assert status(holds("x**2 < 4", where={"x": spec})) is Status.REFUTED


@pytest.mark.parametrize("spec", ["(2, 2)", "[2, 2)", "(2, 2]", "[3, 2]"])
def test_an_open_end_or_reversed_ends_are_still_empty(spec: str) -> None:
    assert point_of(spec) is None
    with pytest.raises(InvalidClaim, match="empty"):
        holds("x <= 4", where={"x": spec})


def test_a_transcendental_claim_at_the_point() -> None:
    # e^2 = 7.389...: below 8, not above
    assert status(holds("exp(x) < 8", where={"x": "[2, 2]"})) is Status.PROVED
    assert status(holds("exp(x) > 8", where={"x": "[2, 2]"})) is Status.REFUTED


def test_a_point_beside_a_quantified_parameter() -> None:
    # x = 2: 2y <= 2y for every y; 2y <= y fails at every y > 0
    assert status(holds("x*y <= 2*y", where={"x": "[2, 2]", "y": "(0, oo)"})) is Status.PROVED
    verdict = holds("x*y <= y", where={"x": "[2, 2]", "y": "(0, oo)"}).decide(Deadline(30))
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample is not None
    assert [name for name, _ in verdict.counterexample.assignment] == ["y"]


def test_the_description_names_the_point() -> None:
    claim = holds("x*y <= 2*y", where={"x": "[2, 2]", "y": "(0, oo)"})
    assert claim.describe() == "for all y in (0, oo): at x = 2: x*y <= 2*y"


def test_a_point_outside_the_symbols_own_assumptions_is_empty() -> None:
    positive = sympy.Symbol("p", positive=True)
    nonzero = sympy.Symbol("q", nonzero=True)
    with pytest.raises(InvalidClaim, match="empty"):
        holds(positive <= 4, where={positive: "[-1, -1]"})
    with pytest.raises(InvalidClaim, match="empty"):
        holds(nonzero <= 4, where={nonzero: "[0, 0]"})


def test_a_term_undefined_at_the_point_is_refused() -> None:
    with pytest.raises(InvalidClaim, match="undefined"):
        holds("1/(x - 2) < 1", where={"x": "[2, 2]"})


def test_a_point_for_a_name_the_claim_does_not_mention() -> None:
    with pytest.raises(InvalidClaim, match="does not mention"):
        holds("y <= 4", where={"x": "[2, 2]"})


@settings(max_examples=25, deadline=None)
@given(
    st.fractions(min_value=-20, max_value=20, max_denominator=50),
    st.fractions(min_value=-400, max_value=400, max_denominator=50),
)
def test_the_verdict_at_a_point_is_the_exact_value_there(a: Fraction, c: Fraction) -> None:
    """x**3 - x <= c on [a, a] is proved iff a^3 - a <= c (exact Fractions), else refuted."""
    claim = holds(f"x**3 - x <= {c}", where={"x": f"[{a}, {a}]"})
    expected = Status.PROVED if a**3 - a <= c else Status.REFUTED
    assert status(claim) is expected


def test_check_and_recheck_at_a_point(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(["check", "x**2 < 4", "--where", "x: [2, 2]"], out, err)
    assert code == 1 and out.getvalue().startswith("refuted"), err.getvalue()
    (tmp_path / "pt.py").write_text(
        "from dpproofs import theorem\nfrom dpproofs.symbolic import holds\n\n"
        '@theorem(id="pt.true", source="test", expect="proved")\n'
        'def t1():\n    return holds("exp(x) < 8", where={"x": "[2, 2]"})\n\n'
        '@theorem(id="pt.false", source="test", expect="refuted")\n'
        'def t2():\n    return holds("x*y <= y", where={"x": "[2, 2]", "y": "(0, oo)"})\n'
    )
    report = tmp_path / "r.json"
    assert main(["verify", str(tmp_path / "pt.py"), "--no-cache", "--json", str(report), "-q"]) == 0
    statuses = [t["status"] for t in json.loads(report.read_text())["theorems"]]
    assert statuses == ["proved", "refuted"]
    assert main(["recheck", str(report)], io.StringIO(), io.StringIO()) == 0
