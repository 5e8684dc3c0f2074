"""A row's condition in the words papers use (dpproofs/steps/conditions.py): read as the step's
assumption, or the row's caveat (a refutation is then not checked); never dropped (issue 28,
class 6)."""

from __future__ import annotations

import pytest

from dpproofs.claim import Deadline
from dpproofs.steps.check import check_steps
from dpproofs.steps.conditions import MARK, segments, stated
from dpproofs.steps.derivation import read_derivation
from dpproofs.steps.rows import read_rows


def results(block: str) -> list[tuple[str, str]]:
    return [(r.status, r.reason) for r in check_steps(read_derivation(block), Deadline(30))]


def text(prose: str) -> str:
    """``\\text{prose}`` with its ``$`` marked as the rows module marks them."""
    return "\\text{" + prose.replace("$", MARK) + "}"


@pytest.mark.parametrize(
    ("aside", "condition"),
    [
        (text("for $x \\ge 1$"), "x \\ge 1"),
        (text("for ") + " x \\ge 1", "x \\ge 1"),
        (text("if ") + " x \\ge 1", "x \\ge 1"),
        (text("for any $x \\ge 1$"), "x \\ge 1"),
        (text("for each $x \\ge 1$."), "x \\ge 1"),
        (text("when $x \\ge 1$ holds"), "x \\ge 1"),
        (text("provided that $0 < q < 1$"), "0 < q < 1"),
        (text("where $p = 1/2$ and $q = 1/2$"), "p = 1/2 \\land q = 1/2"),
        (text("where $p = 1/2$, $q = 1/2$"), "p = 1/2 \\land q = 1/2"),
        (text("for $x \\ge 1$ or $x \\le 0$"), "x \\ge 1 \\lor x \\le 0"),
        (text("unless $x < 1$"), "x \\ge 1"),
        (text("unless $x \\le 1$"), "x > 1"),
    ],
)
def test_a_condition_in_words_is_read(aside: str, condition: str) -> None:
    assert stated(aside) == (condition, "")


@pytest.mark.parametrize(
    "aside",
    [
        text("since ") + " |f(x) - f(y)| \\le \\Delta f " + text(" by the above"),
        text("for $x \\ge 1$ except $x = 2$"),
        text("for some $x \\ge 1$"),  # an existential is no condition of the row
        text("for $x \\ge 1$ and $y \\ge 0$ or $z \\ge 0$"),  # and/or mixed: which binds?
        text("unless $x < 1$ and $y < 1$"),
        text("by $x \\ge 1$"),
        text("since $t > 0$"),  # a reason, not a hypothesis of the row: a caveat
    ],
)
def test_a_relation_not_read_as_a_condition_is_a_caveat(aside: str) -> None:
    condition, why = stated(aside)
    assert condition == ""
    assert why.startswith("a condition in the justification could not be read")


@pytest.mark.parametrize(
    "aside", [text("by $\\varepsilon$-DP"), text("by the triangle inequality"), text("for all $x$")]
)
def test_words_without_a_relation_are_only_shown(aside: str) -> None:
    assert stated(aside) == ("", "")


def test_segments_split_prose_from_mathematics() -> None:
    assert segments(text("for ") + " x \\ge 1 " + text("and $y = 2$")) == [
        (False, "for"), (True, "x \\ge 1"), (False, "and"), (True, "y = 2"),
    ]  # fmt: skip


def test_a_row_carries_its_condition_or_its_caveat() -> None:
    (row,) = read_rows(r"\begin{align} x^3 &\ge x^2 && \text{when } x \ge 1 \end{align}")
    assert (row.condition, row.caveat) == ("x \\ge 1", "")
    (row,) = read_rows(r"\begin{align} x^3 &\ge x^2 && \text{as $x \ge 1$ and more} \end{align}")
    assert row.condition == "" and "could not be read" in row.caveat
    (row,) = read_rows(r"x^3 \ge x^2 \quad (\text{for } x \ge 1)")
    assert (row.condition, row.caveat) == ("x \\ge 1", "")


def test_a_caveat_withholds_a_refutation_and_keeps_a_proof() -> None:
    """x^3 >= x^2 fails at x = -1, which "since x >= 1" excludes: not checked, with the point;
    x^2 >= 0 holds for every x, so under the unread condition too: proved."""
    assert (-1) ** 3 < (-1) ** 2
    refuted = r"\begin{align} x^3 &\ge x^2 && \text{since } x \ge 1 \end{align}"
    ((status, reason),) = results(refuted)
    assert status == "not-checked" and "could not be read" in reason and "x = " in reason
    assert results(r"\begin{align} x^2 &\ge 0 && \text{since } x \ge 1 \end{align}")[0][0] == (
        "proved"
    )
