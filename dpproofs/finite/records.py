"""The evidence record of a decided quantity claim (:mod:`dpproofs.evidence`): the measured
quantity, its exact value, the relation and the claimed value, for ``dpproofs recheck``."""

from __future__ import annotations

from typing import Any

from dpproofs.evidence import ExactEvaluation


def quantity_evidence(measured: str, value: Any, relation: str, target: Any) -> ExactEvaluation:
    """``value relation target`` for the quantity ``measured`` (exact sympy values as text)."""
    return ExactEvaluation(measured, str(value), relation, str(target))
