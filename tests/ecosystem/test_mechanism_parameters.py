"""Parameters in mechanism JSON files: values are substituted exactly, intervals make a family."""

from __future__ import annotations

import json

import pytest
import sympy

from dpproofs import pure_epsilon
from dpproofs.errors import InvalidMechanism
from dpproofs.finite.loading import mechanism_from_dict

ROWS = [
    ["exp(eps)/(1+exp(eps))", "1/(1+exp(eps))"],
    ["1/(1+exp(eps))", "exp(eps)/(1+exp(eps))"],
]


def test_a_parameter_value_is_substituted_exactly() -> None:
    m = mechanism_from_dict({"parameters": {"eps": "log(3)"}, "rows": ROWS})
    # e^(log 3) = 3: rows (3/4, 1/4), (1/4, 3/4), pure epsilon log(3/1).
    assert m.rows[0][0] == sympy.Rational(3, 4)
    assert pure_epsilon(m).exact == sympy.log(3)


def test_an_interval_makes_a_family_decided_for_every_value() -> None:
    m = mechanism_from_dict({"parameters": {"eps": "(0, oo)"}, "rows": ROWS})
    assert str(pure_epsilon(m).exact) == "eps"


@pytest.mark.parametrize("parameters", [{"eps": 1.5}, {"eps": "nonsense("}, ["eps"]])
def test_bad_parameters_are_rejected(parameters: object) -> None:
    with pytest.raises(InvalidMechanism):
        mechanism_from_dict(json.loads(json.dumps({"parameters": parameters, "rows": ROWS})))
