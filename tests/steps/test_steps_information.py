"""The information-measure model: joint-entropy forms and the elemental Shannon inequalities."""

from __future__ import annotations

import pytest

from dpproofs.errors import InvalidClaim
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
