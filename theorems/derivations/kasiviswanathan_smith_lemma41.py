# ruff: noqa: E501 (the seed's LaTeX is pasted verbatim)
"""Kasiviswanathan & Smith, Lemma 4.1 (KS-Lemma4.1, seed 004): the T_1 chain, step by step.

Modelled on a single bad output: Bad'_1 = {a}, with p = Pr[A(X) = a] > 0, q = Pr[A'(Y) = a],
s = Pr[X in S_a : A(X) = a], r = Pr[Y in S_a : A'(Y) = a]; eps-hat = 3 eps and
delta-hat = 2 sqrt(delta) (the lemma's values). a in Bad_1 gives s > e^{eps-hat} r + delta-hat
(S_a the set of Bad_1's definition); a not in Bad_0 gives e^{-2 eps} q <= p <= e^{2 eps} q (the
intended definition: the seed's Bad_0 reads e^{-2 eps} Pr > Pr > e^{2 eps} Pr, an empty set).

Finding: the fourth link replaces Pr[A(X) = a] by e^{-2 eps} Pr[A'(Y) = a] with "=", but outside
Bad_0 only Pr[A(X) = a] >= e^{-2 eps} Pr[A'(Y) = a] holds; with ">=" every link is proved and the
chain still gives ">" (what the proof needs).
"""

from dpproofs.steps import derivation
from dpproofs.theorem import theorem

SOURCE = "004_b0aca88671cf8a62.txt"

PROOF = r"""\begin{aligned} \Pr[(X,\mathcal{A}(X)) \in T_1] &= \sum_{a \in Bad'_1} \Pr[X \in S_a : \mathcal{A}(X) = a] \Pr[\mathcal{A}(X) = a] \\ &> \sum_{a \in Bad'_1} (e^{\hat{\epsilon}} \Pr[Y \in S_a : \mathcal{A}'(Y) = a] + \hat{\delta}) \Pr[\mathcal{A}(X) = a] \\ &= \sum_{a \in Bad'_1} e^{\hat{\epsilon}} \Pr[Y \in S_a : \mathcal{A}'(Y) = a] \Pr[\mathcal{A}(X) = a] + \hat{\delta} \sum_{a \in Bad'_1} \Pr[\mathcal{A}(X) = a] \\ &= \sum_{a \in Bad'_1} e^{3\epsilon} \Pr[Y \in S_a : \mathcal{A}'(Y) = a] e^{-2\epsilon} \Pr[\mathcal{A}'(Y) = a] + \hat{\delta} \Pr[\mathcal{A}(X) \in Bad'_1] \\ &= e^{\epsilon} \Pr[(Y, \mathcal{A}'(Y)) \in T_1] + \hat{\delta} \Pr[\mathcal{A}(X) \in Bad'_1]. \end{aligned}"""

#: The fourth link as ">=" (p >= e^{-2 eps} q outside Bad_0).
CORRECTED = PROOF.replace(
    r"&= \sum_{a \in Bad'_1} e^{3\epsilon}", r"&\ge \sum_{a \in Bad'_1} e^{3\epsilon}"
)

MAPPING = {
    r"\Pr[(X,\mathcal{A}(X)) \in T_1]": "(s p)",
    r"\sum_{a \in Bad'_1} \Pr[X \in S_a : \mathcal{A}(X) = a] \Pr[\mathcal{A}(X) = a]": "(s p)",
    r"\sum_{a \in Bad'_1} (e^{\hat{\epsilon}} \Pr[Y \in S_a : \mathcal{A}'(Y) = a] + \hat{\delta}) \Pr[\mathcal{A}(X) = a]": r"((e^{\hat{\epsilon}} r + \hat{\delta}) p)",
    r"\sum_{a \in Bad'_1} e^{\hat{\epsilon}} \Pr[Y \in S_a : \mathcal{A}'(Y) = a] \Pr[\mathcal{A}(X) = a]": r"(e^{\hat{\epsilon}} r p)",
    r"\sum_{a \in Bad'_1} \Pr[\mathcal{A}(X) = a]": "p",
    r"\sum_{a \in Bad'_1} e^{3\epsilon} \Pr[Y \in S_a : \mathcal{A}'(Y) = a] e^{-2\epsilon} \Pr[\mathcal{A}'(Y) = a]": r"(e^{3\epsilon} r e^{-2\epsilon} q)",
    r"\Pr[\mathcal{A}(X) \in Bad'_1]": "p",
    r"\Pr[(Y, \mathcal{A}'(Y)) \in T_1]": "(r q)",
    r"\hat{\epsilon}": r"3\epsilon",
    r"\hat{\delta}": r"2\sqrt{\delta}",
}
ASSUME = [
    r"s > e^{\hat{\epsilon}} r + \hat{\delta}",
    r"e^{-2\epsilon} q \le p \le e^{2\epsilon} q",
]
WHERE = {"p": "(0, 1]", "q": "[0, 1]", "r": "[0, 1]", "s": "[0, 1]", "delta": "(0, 1)"} | {
    "epsilon": "(0, oo)"
}


@theorem(
    source=f"{SOURCE}, Lemma 4.1 proof, the T_1 display (KS-Lemma4.1)",
    expect="refuted",
    id="derivations.ks_lemma41_t1",
    timeout=20,
    note="Modelled on Bad'_1 = {a}. Link 4 writes '=' where only '>=' holds outside Bad_0.",
)
def ks_lemma41_t1_steps():
    """Pr[(X, A(X)) in T_1] > e^eps Pr[(Y, A'(Y)) in T_1] + delta-hat Pr[A(X) in Bad'_1]."""
    return derivation(PROOF, MAPPING, assume=ASSUME, where=WHERE)


@theorem(
    source=f"{SOURCE}, Lemma 4.1 proof, the T_1 display (KS-Lemma4.1), link 4 as '>='",
    expect="proved",
    id="derivations.ks_lemma41_t1_corrected",
    corrects="derivations.ks_lemma41_t1",
    timeout=20,
)
def ks_lemma41_t1_steps_corrected():
    """The T_1 chain with link 4 as '>=': every link proved, the chain gives '>'."""
    return derivation(CORRECTED, MAPPING, assume=ASSUME, where=WHERE)
