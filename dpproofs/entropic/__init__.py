"""Linear inequalities of entropies decided for every joint distribution on every finite alphabet
when they are Shannon-type (docs/design/shannon.md)."""

from dpproofs.entropic.claim import ShannonClaim, for_all_joint_distributions
from dpproofs.entropic.terms import (
    H,
    I,
    RandomVariable,
    Relation,
    equal,
    function_of,
    independent,
    markov,
    parameter,
    random_variables,
)

__all__ = [
    "H",
    "I",
    "RandomVariable",
    "Relation",
    "ShannonClaim",
    "equal",
    "for_all_joint_distributions",
    "function_of",
    "independent",
    "markov",
    "parameter",
    "random_variables",
]
