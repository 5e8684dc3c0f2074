"""The information-measure model: joint-entropy forms and the elemental Shannon inequalities."""

from __future__ import annotations

import pytest

from dpproofs.claim import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.steps import derivation
from dpproofs.steps.information import (
    conditional_entropy,
    entropy_domains,
    joint_entropy,
    mutual_information,
    shannon_inequalities,
)


def test_joint_entropy_names_are_sorted_sets() -> None:
    assert joint_entropy("XBA") == "H_{ABX}"
    assert joint_entropy("AA") == "H_{A}"
    assert joint_entropy("") == "0"


def test_measures() -> None:
    # I(X; Y | Z) = H(XZ) + H(YZ) - H(XYZ) - H(Z); H(X | Y) = H(XY) - H(Y)
    assert mutual_information("X", "Y", "Z") == "(H_{XZ} + H_{YZ} - H_{XYZ} - H_{Z})"
    assert mutual_information("X", "Y") == "(H_{X} + H_{Y} - H_{XY} - 0)"
    assert conditional_entropy("X", "Y") == "(H_{XY} - H_{Y})"


def test_elemental_inequality_count() -> None:
    # n + C(n, 2) 2^(n - 2) elemental inequalities: 3 + 3 * 2 = 9 for n = 3, 4 + 6 * 4 = 28 for 4.
    assert len(shannon_inequalities("XYZ")) == 9
    assert len(shannon_inequalities("ABCD")) == 28
    assert len(entropy_domains("ABCD")) == 15


def test_a_variable_is_one_letter() -> None:
    with pytest.raises(InvalidClaim):
        joint_entropy("X1")


def _decide_composition_step(markov: bool) -> str:
    """I(X; B | A) <= I(X; B), the step (4.2) of Cuff & Yu's (43), with or without A - X - B."""
    assume = shannon_inequalities("XAB")
    if markov:
        assume.append(f"{mutual_information('A', 'B', 'X')} = 0")
    claim = derivation(
        "I(X;B|A) \\le I(X;B)",
        {"I(X;B|A)": mutual_information("X", "B", "A"), "I(X;B)": mutual_information("X", "B")},
        assume=assume,
        where=entropy_domains("XAB"),
    )
    return claim.decide(Deadline(30)).steps[0].status


def test_conditioning_step_needs_the_markov_chain() -> None:
    # With A - X - B: I(X;B|A) - I(X;B) = I(A;B|X) - I(A;B) = -I(A;B) <= 0, a Shannon inequality.
    assert _decide_composition_step(markov=True) == "proved"
    # Without it the one-time pad (X uniform bit, A = X xor U, B = U) has I(X;B|A) = ln 2 > 0.
    assert _decide_composition_step(markov=False) == "refuted"
