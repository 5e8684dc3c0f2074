"""Adversary (session 7, helper ADV, issue 30): the erased-function channel and one-time pad
rules (h30, dpproofs/finite/erasure.py and pad.py) on inputs their authors did not design for.

Held (tests that pass): my own closed forms (TV = d, C = d ln K, d ln(K + 1), sections d ln 2,
pad MI-DP ln m) are proved; targets off by 1/1000 or with K + 1 for K are not; a keep that
leaves [0, 1] is not; K declared integer, floats and Piecewise are InvalidClaim. Finding (fixed:
the claims derive their obligations in __post_init__): a claim built directly (the public frozen
dataclass, parts left at their default ()) crashed, and one given other parts decided those.
"""

from __future__ import annotations

import pytest
import sympy
from sympy import Rational, log

from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.finite.erasure import (
    ErasedFunction,
    ErasureClaim,
    ErasureValue,
    erasure_channel,
    erasure_value_is,
)
from dpproofs.finite.pad import PadClaim, PadRelease, PadValue, one_time_pad
from dpproofs.verdict import Status

K = sympy.Symbol("K", real=True)
d = sympy.Symbol("delta", real=True)
eps = sympy.Symbol("eps", real=True)


def _status(channel, value, target) -> Status:
    return erasure_value_is(channel, value, target).decide(Deadline(60)).status


def test_true_closed_forms_are_proved_and_near_misses_are_not() -> None:
    w = erasure_channel(K, d, {d: (0, 1)}, "W")
    agree = erasure_channel(K, d, {d: (0, 1)}, "A", ErasedFunction.AGREEMENT)
    assert _status(w, ErasureValue.CAPACITY, d * log(K)) is Status.PROVED
    assert _status(agree, ErasureValue.CAPACITY, d * log(K + 1)) is Status.PROVED
    assert _status(agree, ErasureValue.SECTION_CAPACITY, d * log(2)) is Status.PROVED
    near = d * log(K) + Rational(1, 1000)
    assert _status(w, ErasureValue.CAPACITY, near) is Status.UNKNOWN
    assert _status(w, ErasureValue.CAPACITY, d * log(K + 1)) is Status.UNKNOWN
    assert _status(agree, ErasureValue.SECTION_CAPACITY, d * log(K)) is Status.UNKNOWN
    # keep = eps / ln 2 > 1 for eps in (ln 2, 1]: not a channel there.
    wide = erasure_channel(K, eps / log(2), {eps: (0, 1)}, "W")
    assert _status(wide, ErasureValue.CAPACITY, eps / log(2) * log(K)) is Status.UNKNOWN


def test_what_the_rule_does_not_read_is_an_error() -> None:
    integer_k = sympy.Symbol("K", integer=True, positive=True)
    with pytest.raises(InvalidClaim):
        w = erasure_channel(integer_k, d, {d: (0, 1)}, "W")
        erasure_value_is(w, ErasureValue.CAPACITY, d * log(integer_k))
    with pytest.raises(InvalidClaim):
        erasure_value_is(erasure_channel(K, 0.5, {}, "W"), ErasureValue.ROW_DISTANCE, 0.5)
    with pytest.raises(InvalidClaim):
        keep = sympy.Piecewise((d, d < Rational(1, 2)), (1 - d, True))
        w = erasure_channel(K, keep, {d: (0, 1)}, "W")
        erasure_value_is(w, ErasureValue.ROW_DISTANCE, sympy.Min(d, 1 - d))


def test_a_directly_built_erasure_claim_is_not_a_crash() -> None:
    w = erasure_channel(K, d, {d: (0, 1)}, "W")
    claim = ErasureClaim(w, ErasureValue.CAPACITY, sympy.Integer(7))
    assert claim.decide(Deadline(60)).status is not Status.PROVED


def test_a_directly_built_pad_claim_is_not_a_crash() -> None:
    m = sympy.Symbol("m", real=True)
    claim = PadClaim(one_time_pad(m, PadRelease.PAIR, "pair"), PadValue.MI_DP, sympy.Integer(7))
    assert claim.decide(Deadline(60)).status is not Status.PROVED


def test_obligations_given_by_hand_are_refused() -> None:
    # Two true obligations of another claim (0 <= 1) in place of the rule's: with them a false
    # capacity (7 for d ln K) would be proved. The claim derives its own and refuses others.
    from dpproofs.symbolic.claim import holds

    trivial = holds(sympy.Le(0, 1, evaluate=False), where={d: (0, 1)})
    w = erasure_channel(K, d, {d: (0, 1)}, "W")
    with pytest.raises(InvalidClaim, match="obligations are derived"):
        ErasureClaim(w, ErasureValue.CAPACITY, sympy.Integer(7), (trivial, trivial))
    m = sympy.Symbol("m", real=True)
    pair = one_time_pad(m, PadRelease.PAIR, "pair")
    with pytest.raises(InvalidClaim, match="obligations are derived"):
        PadClaim(pair, PadValue.MI_DP, sympy.Integer(7), (trivial, trivial))
    # The rule's own obligations, given again, are accepted (what the builders do).
    same = erasure_value_is(w, ErasureValue.CAPACITY, d * log(K))
    assert ErasureClaim(w, ErasureValue.CAPACITY, d * log(K), same.parts) == same


def test_a_directly_built_claim_with_data_that_are_not_formulas_is_invalid() -> None:
    m = sympy.Symbol("m", real=True)
    w = erasure_channel(K, d, {d: (0, 1)}, "W")
    with pytest.raises(InvalidClaim):
        ErasureClaim(w, ErasureValue.CAPACITY, object())  # type: ignore[arg-type]
    with pytest.raises(InvalidClaim):
        ErasureClaim(w, "CAPACITY", d)  # type: ignore[arg-type]
    with pytest.raises(InvalidClaim):
        PadClaim(one_time_pad(m, PadRelease.PAIR, "pair"), PadValue.MI_DP, object())  # type: ignore[arg-type]
    with pytest.raises(InvalidClaim):  # the rule gives no pure eps for the pair
        PadClaim(one_time_pad(m, PadRelease.PAIR, "pair"), PadValue.PURE_EPSILON, sympy.Integer(0))
