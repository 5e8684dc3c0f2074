"""dpproofs: check the claims of differential-privacy papers.

For each claim dpproofs answers PROVED (a sound symbolic or exact argument), VERIFIED_BOUNDED (no
counterexample up to a stated size), REFUTED (an exact, re-checked counterexample), UNKNOWN (with
the reason) or ERROR. The public surface is deliberately small; see the README for a tour.
"""

from typing import TYPE_CHECKING, Any

from dpproofs.claim import Claim, Deadline, all_of, exact_fact
from dpproofs.errors import DpProofsError, InvalidClaim, InvalidMechanism, Undecided
from dpproofs.oneline import check
from dpproofs.theorem import theorem
from dpproofs.verdict import Counterexample, Status, Verdict

if TYPE_CHECKING:  # imported on first use (they need sympy), so `dpproofs --help` starts fast
    from dpproofs.finite import (
        AddRemove,
        AllPairs,
        ExplicitPairs,
        FiniteMechanism,
        Hamming,
        delta_for_epsilon,
        epsilon_for_delta,
        for_each,
        is_dp,
        kl_divergence,
        pure_epsilon,
        pure_epsilon_at_most,
        pure_epsilon_is,
        renyi_divergence,
        total_variation,
        total_variation_at_most,
    )

__all__ = [
    "AddRemove",
    "AllPairs",
    "Claim",
    "Counterexample",
    "Deadline",
    "DpProofsError",
    "ExplicitPairs",
    "FiniteMechanism",
    "Hamming",
    "InvalidClaim",
    "InvalidMechanism",
    "Status",
    "Undecided",
    "Verdict",
    "all_of",
    "check",
    "delta_for_epsilon",
    "epsilon_for_delta",
    "exact_fact",
    "for_each",
    "is_dp",
    "kl_divergence",
    "pure_epsilon",
    "pure_epsilon_at_most",
    "pure_epsilon_is",
    "renyi_divergence",
    "theorem",
    "total_variation",
    "total_variation_at_most",
]


def __getattr__(name: str) -> Any:
    """Import a public name from its home module on first use (PEP 562)."""
    import importlib

    if name not in __all__:
        raise AttributeError(f"module 'dpproofs' has no attribute {name!r}")
    value = getattr(importlib.import_module("dpproofs.finite"), name)
    globals()[name] = value
    return value
