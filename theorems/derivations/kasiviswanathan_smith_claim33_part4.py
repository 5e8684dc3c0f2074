# ruff: noqa: E501 (the seed's LaTeX is pasted verbatim)
"""Kasiviswanathan & Smith, Claim 3.3 part 4 (KS-Claim3.3(4), seed 004): the three displays.

Modelled on D = {1, 2} with T = {1} (the a's where A(a), A'(a) are indistinguishable):
Pr[X = 1] = w, Pr[X not in T] = 1 - w <= delta; s_a, r_a as in part 3, with s_1 <= e^eps r_1 + delta.

Finding: as in part 3, both "<" links only hold as "<=" (equality is attainable, e.g. w = 1 and
A(1) meeting its bound); with "<=" every link is proved.
"""

from dpproofs.steps import derivation
from dpproofs.theorem import theorem

SOURCE = "004_b0aca88671cf8a62.txt"

PROOF = r"""\Pr[(X, \mathcal{A}(X)) \in S] \leq \Pr[X \notin T] + \sum_{a \in T} \Pr[\mathcal{A}(X) \in S_a : X = a] \Pr[X = a]
< \delta + \sum_{a \in T} (e^{\epsilon} \Pr[\mathcal{A}'(X) \in S_a : X = a] + \delta) \Pr[X = a]
< 2\delta + e^{\epsilon} \Pr[(X, \mathcal{A}'(X)) \in S]."""

MAPPING = {
    r"\Pr[X \notin T]": "(1 - w)",
    r"\sum_{a \in T} \Pr[\mathcal{A}(X) \in S_a : X = a] \Pr[X = a]": "(s_1 w)",
    r"\sum_{a \in T} (e^{\epsilon} \Pr[\mathcal{A}'(X) \in S_a : X = a] + \delta) \Pr[X = a]": r"((e^{\epsilon} r_1 + \delta) w)",
    r"\Pr[(X, \mathcal{A}(X)) \in S]": r"(s_1 w + s_2 (1 - w))",
    r"\Pr[(X, \mathcal{A}'(X)) \in S]": r"(r_1 w + r_2 (1 - w))",
}
ASSUME = [r"s_1 \le e^{\epsilon} r_1 + \delta", r"1 - w \le \delta"]
WHERE = {name: "[0, 1]" for name in ("w", "s_1", "s_2", "r_1", "r_2", "delta")} | {
    "epsilon": "(0, oo)"
}


@theorem(
    source=f"{SOURCE}, Claim 3.3 part 4, Proof of Part 4 (KS-Claim3.3(4))",
    expect="refuted",
    refutation="notational",
    role="proof",
    id="derivations.ks_claim33_part4",
    reading="The chain as written (with its strict '<' links), modelled on D = {1, 2}, T = {1}.",
    timeout=20,
    note="Modelled on D = {1, 2}, T = {1}. The two '<' links only hold as '<='.",
    quote=(
        "If, with probability at least 1 - delta over a <- X, A(a) and A'(a) are (eps, "
        "delta)-indistinguishable, then (X, A(X)) and (X, A'(X)) are (eps, 2 "
        "delta)-indistinguishable."
    ),
)
def ks_claim33_part4_steps():
    """Pr[(X, A(X)) in S] < 2 delta + e^eps Pr[(X, A'(X)) in S], the chain as written."""
    return derivation(PROOF, MAPPING, assume=ASSUME, where=WHERE)


@theorem(
    source=f"{SOURCE}, Claim 3.3 part 4, Proof of Part 4 (KS-Claim3.3(4)), '<' read as '<='",
    expect="proved",
    id="derivations.ks_claim33_part4_corrected",
    reading="The chain with its '<' links read as '<='; modelled on D = {1, 2}, T = {1}.",
    corrects="derivations.ks_claim33_part4",
    timeout=20,
    quote=(
        "If, with probability at least 1 - delta over a <- X, A(a) and A'(a) are (eps, "
        "delta)-indistinguishable, then (X, A(X)) and (X, A'(X)) are (eps, 2 "
        "delta)-indistinguishable."
    ),
)
def ks_claim33_part4_steps_corrected():
    """On D = {1, 2}: Pr[(X, A(X)) in S] <= 2 delta + e^eps Pr[(X, A'(X)) in S]."""
    return derivation(PROOF.replace("\n< ", "\n\\le "), MAPPING, assume=ASSUME, where=WHERE)
