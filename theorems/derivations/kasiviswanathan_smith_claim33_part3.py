# ruff: noqa: E501 (the seed's LaTeX is pasted verbatim)
"""Kasiviswanathan & Smith, Claim 3.3 part 3 (KS-Claim3.3(3), seed 004): the three displays.

Modelled on D = {1, 2}: Pr[X = 1] = w, Pr[X = 2] = 1 - w; s_a = Pr[A(X) in S_a : X = a] and
r_a = Pr[A'(X) in S_a : X = a]; (eps, delta)-indistinguishability of A(a) and A'(a) gives the
assumptions s_a <= e^eps r_a + delta. Pr[(X, A(X)) in S] = s_1 w + s_2 (1 - w), and likewise with r.

Finding: both "<" links are strict where only "<=" follows. The second is an equality
(sum_a (e^eps r_a + delta) Pr[X = a] = delta + e^eps Pr[(X, A'(X)) in S]), so it is false
everywhere; the first fails when A(a) meets its bound with equality. With "<=" every link is
proved (and the claim, a non-strict bound, is unaffected).
"""

from dpproofs.steps import derivation
from dpproofs.theorem import theorem

SOURCE = "004_b0aca88671cf8a62.txt"

PROOF = r"""\Pr[(X, \mathcal{A}(X)) \in S] \leq \sum_{a \in D} \Pr[\mathcal{A}(X) \in S_a : X = a] \Pr[X = a]
< \sum_{a \in D} (e^{\epsilon} \Pr[\mathcal{A}'(X) \in S_a : X = a] + \delta) \Pr[X = a]
< \delta + e^{\epsilon} \Pr[(X, \mathcal{A}'(X)) \in S]."""

#: The strict links made non-strict.
CORRECTED = PROOF.replace("\n< ", "\n\\le ")

MAPPING = {
    r"\sum_{a \in D} \Pr[\mathcal{A}(X) \in S_a : X = a] \Pr[X = a]": r"(s_1 w + s_2 (1 - w))",
    r"\sum_{a \in D} (e^{\epsilon} \Pr[\mathcal{A}'(X) \in S_a : X = a] + \delta) \Pr[X = a]": r"((e^{\epsilon} r_1 + \delta) w + (e^{\epsilon} r_2 + \delta) (1 - w))",
    r"\Pr[(X, \mathcal{A}(X)) \in S]": r"(s_1 w + s_2 (1 - w))",
    r"\Pr[(X, \mathcal{A}'(X)) \in S]": r"(r_1 w + r_2 (1 - w))",
}
ASSUME = [r"s_1 \le e^{\epsilon} r_1 + \delta", r"s_2 \le e^{\epsilon} r_2 + \delta"]
WHERE = {name: "[0, 1]" for name in ("w", "s_1", "s_2", "r_1", "r_2", "delta")} | {
    "epsilon": "(0, oo)"
}
CONCLUSION = (
    r"\Pr[(X, \mathcal{A}(X)) \in S] \le \delta + e^{\epsilon} \Pr[(X, \mathcal{A}'(X)) \in S]"
)


@theorem(
    source=f"{SOURCE}, Claim 3.3 part 3, Proof of Part 3 (KS-Claim3.3(3))",
    expect="refuted",
    refutation="notational",
    role="proof",
    id="derivations.ks_claim33_part3",
    reading="The chain as written (with its two strict '<' links), modelled on D = {1, 2}.",
    timeout=20,
    note="Modelled on D = {1, 2}. The two '<' links only hold as '<='.",
    quote=(
        "Let X be a random variable on D, and A, A' randomized algorithms such that A(a) and "
        "A'(a) are (eps, delta)-indistinguishable for every a in D. Then (X, A(X)) and (X, A'(X))"
        " are (eps, delta)-indistinguishable."
    ),
)
def ks_claim33_part3_steps():
    """Pr[(X, A(X)) in S] < delta + e^eps Pr[(X, A'(X)) in S], the chain as written."""
    return derivation(PROOF, MAPPING, assume=ASSUME, where=WHERE, conclusion=CONCLUSION)


@theorem(
    source=f"{SOURCE}, Claim 3.3 part 3, Proof of Part 3 (KS-Claim3.3(3)), '<' read as '<='",
    expect="proved",
    id="derivations.ks_claim33_part3_corrected",
    reading="The chain with its two '<' links read as '<='; modelled on D = {1, 2}.",
    corrects="derivations.ks_claim33_part3",
    timeout=20,
    quote=(
        "Let X be a random variable on D, and A, A' randomized algorithms such that A(a) and "
        "A'(a) are (eps, delta)-indistinguishable for every a in D. Then (X, A(X)) and (X, A'(X))"
        " are (eps, delta)-indistinguishable."
    ),
)
def ks_claim33_part3_steps_corrected():
    """On D = {1, 2}: Pr[(X, A(X)) in S] <= delta + e^eps Pr[(X, A'(X)) in S], every link proved."""
    return derivation(CORRECTED, MAPPING, assume=ASSUME, where=WHERE, conclusion=CONCLUSION)
