"""Proof steps: derivations pasted from LaTeX, checked line by line (issue 17).

``derivation(latex, mapping=..., assume=[...], where={...}, conclusion=...)`` returns a claim for a
theorem file; each step is decided by the scalar decider (:mod:`.check`), the LaTeX is read by a
whitelisting parser (:mod:`.latex`) into the model of :mod:`.derivation`.

Layer: a decider. May import the core, the exact arithmetic and the other deciders (the
scalar decider); the isolated children of ``check-proof`` live in :mod:`dpproofs.run`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from dpproofs.steps.chain import Relation
from dpproofs.steps.check import DerivationClaim, check_steps, derivation_verdict
from dpproofs.steps.derivation import Derivation, read_derivation
from dpproofs.steps.latex import NotUnderstood, to_claim_syntax


def derivation(
    latex: str,
    mapping: Mapping[str, str] | None = None,
    assume: Iterable[str] = (),
    where: Mapping[str, str] | None = None,
    conclusion: str | None = None,
) -> DerivationClaim:
    """The claim "every step of this LaTeX derivation holds and the chain gives the conclusion"."""
    return DerivationClaim(read_derivation(latex, mapping, assume, where, conclusion))


__all__ = [
    "Derivation",
    "DerivationClaim",
    "NotUnderstood",
    "Relation",
    "check_steps",
    "derivation",
    "derivation_verdict",
    "read_derivation",
    "to_claim_syntax",
]
