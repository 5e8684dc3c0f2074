"""A sum or product with no set written is one number only when its letter indexes its body
(latex_opaque._indexes_only), and binders bind a Greek letter in either spelling
(binders.merged); inline prose that gives a name a value withholds a refutation
(displays.fixed_in_prose)."""

from __future__ import annotations

import pytest

from dpproofs.claim import Deadline
from dpproofs.steps.binders import merged, substituted
from dpproofs.steps.check import check_steps
from dpproofs.steps.derivation import read_derivation
from dpproofs.steps.displays import fixed_in_prose


def statuses(block: str) -> list[str]:
    return [r.status for r in check_steps(read_derivation(block), Deadline(30))]


@pytest.mark.parametrize(
    "block",
    [
        r"\sum_i x_i - \sum_i x_i = 0",
        r"\sum_{x} p(x) - \sum_{x} p(x) = 0",
        r"\sum_{y} \Pr[M(x) = y] - \sum_{y} \Pr[M(x) = y] = 0",
        r"\prod_{i} \exp(x_i) - \prod_{i} \exp(x_i) = 0",
    ],
)
def test_an_index_of_the_body_reads_as_one_number(block: str) -> None:
    assert statuses(block) == ["proved"]


@pytest.mark.parametrize(
    "block",
    [r"\sum_i 1 - \sum_i 1 = 0", r"\sum_t e^{t} - \sum_t e^{t} = 0", r"\sum_n (n + 1) = 0"],
)
def test_a_letter_absent_or_bare_is_refused(block: str) -> None:
    (result,) = check_steps(read_derivation(block), Deadline(30))
    assert result.status == "not-checked" and "may be infinite" in result.reason


def test_either_spelling_is_one_letter() -> None:
    assert merged("\\varepsilon") == merged("\\epsilon") == "\\epsilon"
    assert merged("\\varphi") == "\\phi" and merged("x") == "x" and merged("\\delta") == "\\delta"
    assert substituted(["\\varepsilon", "+", "\\epsilon"], "\\epsilon", ["1"]) == [
        "{", "1", "}", "+", "{", "1", "}",
    ]  # fmt: skip


def test_a_value_the_prose_gives_is_found_with_its_line() -> None:
    text = "Let\n$\\delta = .5$ and $x \\ge 1$.\n\\begin{align}\n\\delta &\\le 1\n\\end{align}"
    assert fixed_in_prose(text) == {"delta": (2, "\\delta = .5")}
    assert fixed_in_prose("$\\delta = .5$") == {}  # a bare block: no prose
