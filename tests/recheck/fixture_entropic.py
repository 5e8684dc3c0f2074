"""Small Shannon-type theorems (dpproofs.entropic) of every shape an entropic verdict takes, for
the entropic tamper suite (tests/recheck/test_tamper_entropic.py).

Written into a temporary folder by the tests and decided there. Each verdict was checked by
hand: the proved ones are textbook Shannon inequalities (a function's joint entropy, data
processing, subadditivity); ``fe.conditioning`` fails at X = Y = Z one fair bit (I(X; Y) =
ln 2 > 0 = I(X; Y | Z)); ``fe.entropy_eps`` fails at X a fair bit and Y constant with eps in
[0, ln 2) (I(X; Y) = 0 <= eps < ln 2 = H(X)).
"""

from dpproofs.claim import all_of
from dpproofs.entropic import (
    H,
    I,
    equal,
    for_all_joint_distributions,
    function_of,
    markov,
    parameter,
    random_variables,
)
from dpproofs.finite.claims import for_each
from dpproofs.theorem import theorem

X, Y, Z = random_variables("X Y Z")


def _function():
    return for_all_joint_distributions(equal(H(X, Y), H(Y)), [function_of(X, Y)])


def _dpi():
    return for_all_joint_distributions(I(X, Z) <= I(Y, Z), [markov(X, Y, Z)])


def _conditioning():
    return for_all_joint_distributions(I(X, Y) <= I(X, Y, given=Z))


def _subadditive(n):
    variables = random_variables(" ".join(f"V_{i}" for i in range(n)))
    total = H(variables[0])
    for v in variables[1:]:
        total = total + H(v)
    return for_all_joint_distributions(H(variables) <= total)


@theorem(id="fe.function", source="fixture", expect="proved")
def function():
    """An equality under an equality hypothesis: both directions certified."""
    return _function()


@theorem(id="fe.dpi", source="fixture", expect="proved")
def dpi():
    return _dpi()


@theorem(id="fe.eps", source="fixture", expect="proved")
def eps():
    """A parameter: I(X; Y) <= eps whenever H(X) <= eps."""
    e = parameter("eps")
    return for_all_joint_distributions(I(X, Y) <= e, [H(X) <= e])


@theorem(id="fe.conditioning", source="fixture", expect="refuted")
def conditioning():
    return _conditioning()


@theorem(id="fe.entropy_eps", source="fixture", expect="refuted")
def entropy_eps():
    """A refutation with a parameter value in its witness."""
    e = parameter("eps")
    return for_all_joint_distributions(H(X) <= e, [I(X, Y) <= e])


@theorem(id="fe.both", source="fixture", expect="proved")
def both():
    return all_of(_function(), _dpi())


@theorem(id="fe.first_fails", source="fixture", expect="refuted")
def first_fails():
    return all_of(_dpi(), _conditioning())


@theorem(id="fe.family", source="fixture", expect="verified-bounded")
def family():
    return for_each("n = 2, 3 variables", [(2,), (3,)], _subadditive, label=lambda n: f"n = {n}")


@theorem(id="fe.family_fails", source="fixture", expect="refuted")
def family_fails():
    claims = {"dpi": _dpi, "conditioning": _conditioning}
    return for_each("dpi, conditioning", [("dpi",), ("conditioning",)], lambda k: claims[k]())
