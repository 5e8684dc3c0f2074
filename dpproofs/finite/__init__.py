"""Exact calculus of finite mechanisms: validation, neighbour relations, privacy profiles.

Layer: a decider. May import the core, the exact arithmetic and the other deciders; never the
run layer, the checkers, the views or the command line (tests/test_import_graph.py).
"""

from typing import TYPE_CHECKING

from dpproofs.lazy import lazy_exports

if TYPE_CHECKING:
    from dpproofs.finite.capacity import CapacityBounds, capacity_bounds
    from dpproofs.finite.claims import (
        for_each,
        is_dp,
        pure_epsilon_at_most,
        pure_epsilon_is,
        total_variation_at_most,
    )
    from dpproofs.finite.information import MIDPBounds, mi_dp_bounds, mutual_information
    from dpproofs.finite.loading import load_mechanism, mechanism_from_dict
    from dpproofs.finite.mechanism import FiniteMechanism
    from dpproofs.finite.neighbours import AddRemove, AllPairs, ExplicitPairs, Hamming
    from dpproofs.finite.profile import (
        PureEpsilon,
        Quantity,
        delta_for_epsilon,
        epsilon_for_delta,
        kl_divergence,
        profile_as_dict,
        pure_epsilon,
        renyi_divergence,
        total_variation,
    )

_EXPORTS = {
    "CapacityBounds": "dpproofs.finite.capacity",
    "capacity_bounds": "dpproofs.finite.capacity",
    "for_each": "dpproofs.finite.claims",
    "is_dp": "dpproofs.finite.claims",
    "pure_epsilon_at_most": "dpproofs.finite.claims",
    "pure_epsilon_is": "dpproofs.finite.claims",
    "total_variation_at_most": "dpproofs.finite.claims",
    "MIDPBounds": "dpproofs.finite.information",
    "mi_dp_bounds": "dpproofs.finite.information",
    "mutual_information": "dpproofs.finite.information",
    "load_mechanism": "dpproofs.finite.loading",
    "mechanism_from_dict": "dpproofs.finite.loading",
    "FiniteMechanism": "dpproofs.finite.mechanism",
    "AddRemove": "dpproofs.finite.neighbours",
    "AllPairs": "dpproofs.finite.neighbours",
    "ExplicitPairs": "dpproofs.finite.neighbours",
    "Hamming": "dpproofs.finite.neighbours",
    "PureEpsilon": "dpproofs.finite.profile",
    "Quantity": "dpproofs.finite.profile",
    "delta_for_epsilon": "dpproofs.finite.profile",
    "epsilon_for_delta": "dpproofs.finite.profile",
    "kl_divergence": "dpproofs.finite.profile",
    "profile_as_dict": "dpproofs.finite.profile",
    "pure_epsilon": "dpproofs.finite.profile",
    "renyi_divergence": "dpproofs.finite.profile",
    "total_variation": "dpproofs.finite.profile",
}
__getattr__ = lazy_exports(__name__, _EXPORTS)

__all__ = [
    "AddRemove",
    "AllPairs",
    "CapacityBounds",
    "ExplicitPairs",
    "FiniteMechanism",
    "Hamming",
    "MIDPBounds",
    "PureEpsilon",
    "Quantity",
    "capacity_bounds",
    "delta_for_epsilon",
    "epsilon_for_delta",
    "for_each",
    "is_dp",
    "kl_divergence",
    "load_mechanism",
    "mechanism_from_dict",
    "mi_dp_bounds",
    "mutual_information",
    "profile_as_dict",
    "pure_epsilon",
    "pure_epsilon_at_most",
    "pure_epsilon_is",
    "renyi_divergence",
    "total_variation",
    "total_variation_at_most",
]
