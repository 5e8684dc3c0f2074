"""A predicate that calls an operation the algebra does not have gets the list of operations, the
closest one and its own line, never an internal class name (issue 31, item 7)."""

from __future__ import annotations

import pytest

from dpproofs.deadline import Deadline
from dpproofs.search import for_all_distributions
from dpproofs.search.values import OPERATIONS


@pytest.mark.parametrize(
    ("name", "suggested"), [("ge", "le"), ("gt", "lt"), ("totl", "total"), ("maximun", "maximum")]
)
def test_a_missing_operation_is_named_with_the_closest(name: str, suggested: str) -> None:
    claim = for_all_distributions(outcomes=[2]).claim(
        lambda alg, p, q: getattr(alg, name)(p[0], q[0]), says="a typo"
    )
    line = claim.predicate.__code__.co_firstlineno
    with pytest.raises(AttributeError) as raised:
        claim.decide(Deadline(60))
    message = str(raised.value)
    assert f"did you mean alg.{suggested}" in message
    assert f"test_algebra_names.py:{line}" in message
    assert "GuardedAlgebra" not in message


def test_the_operations_listed_are_the_algebra_interface() -> None:
    from dpproofs.algebra import Algebra

    declared = {n for n in vars(Algebra) if not n.startswith("_")}
    assert set(OPERATIONS) == declared
