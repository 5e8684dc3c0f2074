"""The continuum decider: claims over every distribution of a size, decided by rigorous branch
and bound over the simplex (docs/design/branch-and-bound.md)."""

from dpproofs.continuum.claim import ContinuumClaim, continuum
from dpproofs.continuum.notions import entropy, mutual_information, total_variation

__all__ = ["ContinuumClaim", "continuum", "entropy", "mutual_information", "total_variation"]
