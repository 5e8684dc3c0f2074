"""Exact privacy accounting: compose finite mechanisms through their privacy-loss distributions.

Light on purpose (python-flint and the standard library; sympy only to print closed forms), so
that ``dpproofs profile --compose K`` starts fast.

Layer: a decider. May import the core, the exact arithmetic and the other deciders; the
time-limited children of ``compose`` live in :mod:`dpproofs.run.isolated_quantity`.
"""

from dpproofs.accounting.certified import Certified, Path
from dpproofs.accounting.compose import Composition, InvalidComposition, Part, compose_mechanisms
from dpproofs.accounting.conversions import (
    Answer,
    delta_for_epsilon,
    epsilon_for_delta,
    kl_divergence,
    pure_epsilon,
    renyi_divergence,
    total_variation,
)
from dpproofs.accounting.pld import PrivacyLoss

__all__ = [
    "Answer",
    "Certified",
    "Composition",
    "InvalidComposition",
    "Part",
    "Path",
    "PrivacyLoss",
    "compose_mechanisms",
    "delta_for_epsilon",
    "epsilon_for_delta",
    "kl_divergence",
    "pure_epsilon",
    "renyi_divergence",
    "total_variation",
]
