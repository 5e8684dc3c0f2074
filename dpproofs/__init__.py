"""dpproofs: check the claims of differential-privacy papers.

For each claim dpproofs answers PROVED (a sound symbolic or exact argument), VERIFIED_BOUNDED (no
counterexample up to a stated size), REFUTED (an exact, re-checked counterexample), UNKNOWN (with
the reason) or ERROR. The public surface is deliberately small; see the README for a tour.
"""

from typing import TYPE_CHECKING

from dpproofs.claim import Claim, all_of, exact_fact
from dpproofs.deadline import Deadline
from dpproofs.errors import DpProofsError, InvalidClaim, InvalidMechanism, Undecided
from dpproofs.lazy import lazy_exports
from dpproofs.oneline import check
from dpproofs.theorem import theorem
from dpproofs.verdict import Counterexample, Status, Verdict

if TYPE_CHECKING:
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

# Eager above: light modules, and "theorem", which is also a submodule's name (a lazy
# attribute would be shadowed by the submodule). Lazy below: the sympy-heavy calculus.
_EXPORTS = {
    "AddRemove": "dpproofs.finite",
    "AllPairs": "dpproofs.finite",
    "ExplicitPairs": "dpproofs.finite",
    "FiniteMechanism": "dpproofs.finite",
    "Hamming": "dpproofs.finite",
    "delta_for_epsilon": "dpproofs.finite",
    "epsilon_for_delta": "dpproofs.finite",
    "for_each": "dpproofs.finite",
    "is_dp": "dpproofs.finite",
    "kl_divergence": "dpproofs.finite",
    "pure_epsilon": "dpproofs.finite",
    "pure_epsilon_at_most": "dpproofs.finite",
    "pure_epsilon_is": "dpproofs.finite",
    "renyi_divergence": "dpproofs.finite",
    "total_variation": "dpproofs.finite",
    "total_variation_at_most": "dpproofs.finite",
}
__getattr__ = lazy_exports(__name__, _EXPORTS)

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
