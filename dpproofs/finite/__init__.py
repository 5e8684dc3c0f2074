"""Exact calculus of finite mechanisms: validation, neighbour relations, privacy profiles."""

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
