# ruff: noqa: E501 (the seed's LaTeX is pasted verbatim)
"""Kasiviswanathan & Smith, Claim 3.3 part 2 (KS-Claim3.3(2), seed 004): the first display.

S = {a : Pr[X = a] > e^{2 eps} Pr[Y = a]}; summing the defining inequality over S gives
Pr[X in S] > e^{2 eps} Pr[Y in S] when Pr[Y in S] > 0 (the case the proof treats: with
Pr[Y in S] = 0 the strict middle link 0 > 0 fails, and the claim is trivial there). Mapping:
Pr[X in S] = p, Pr[Y in S] = q in (0, 1]. The consequence after "=>" is checked under the chain's
result p > e^eps (1 + eps) q. The rest of the proof (the set S', the union bound) is prose.
"""

from dpproofs.steps import derivation
from dpproofs.theorem import theorem

SOURCE = "004_b0aca88671cf8a62.txt"

PROOF = r"""\Pr[X \in S] > e^{2\epsilon} \Pr[Y \in S] > e^{\epsilon} (1+\epsilon) \Pr[Y \in S] \Rightarrow \Pr[X \in S] - e^{\epsilon} \Pr[Y \in S] > \epsilon e^{\epsilon} \Pr[Y \in S]."""

MAPPING = {r"\Pr[X \in S]": "p", r"\Pr[Y \in S]": "q"}


@theorem(
    source=f"{SOURCE}, Claim 3.3 part 2, Proof of Part 2, first display (KS-Claim3.3(2))",
    expect="proved",
    id="derivations.ks_claim33_part2",
    timeout=20,
)
def ks_claim33_part2_steps():
    """Pr[X in S] > e^{2eps} Pr[Y in S] > e^eps(1 + eps) Pr[Y in S] => the eps e^eps gap."""
    return derivation(
        PROOF,
        MAPPING,
        assume=[r"p > e^{2\epsilon} q"],
        where={"epsilon": "(0, oo)", "p": "[0, 1]", "q": "(0, 1]"},
        conclusion=r"\Pr[X \in S] - e^{\epsilon} \Pr[Y \in S] > \epsilon e^{\epsilon} \Pr[Y \in S]",
    )
