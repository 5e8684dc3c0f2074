"""A search predicate built on log (KL, Renyi, entropies) is refused with the predicate's file and
line and what to do instead (issue 31, item 6): z3 has no polynomial encoding of log."""

from __future__ import annotations

import re

import pytest

from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.search import for_all_distributions
from dpproofs.vocabulary import kl_divergence, renyi_divergence


def test_kl_divergence_in_a_predicate_names_its_line() -> None:
    claim = for_all_distributions(outcomes=[2]).claim(
        lambda alg, p, q: alg.le(alg.const(0), kl_divergence(alg, p, q)), says="KL >= 0"
    )
    line = claim.predicate.__code__.co_firstlineno
    with pytest.raises(InvalidClaim) as raised:
        claim.decide(Deadline(60))
    message = str(raised.value)
    assert re.search(rf"test_log_in_predicate\.py:{line}\b", message), message
    assert "cannot decide log" in message
    assert "dpproofs.finite" in message  # what to do instead


def test_renyi_divergence_too() -> None:
    claim = for_all_distributions(outcomes=[2]).claim(
        lambda alg, p, q: alg.le(alg.const(0), renyi_divergence(alg, p, q, 2)),
        says="Renyi >= 0",
    )
    with pytest.raises(InvalidClaim, match="cannot decide log"):
        claim.decide(Deadline(60))
