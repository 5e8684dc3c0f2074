# ruff: noqa: E501 (the chain is LaTeX)
"""Cuff & Yu, Lemma 2 (CY-Lemma2(30), seed 001): the reduction (30) to a binary mechanism, reconstructed (recon S15).

P_{X^n} is supported on two neighbours x^n, x~^n that differ at position j, Z = 1_A(Y). The chain
I(X_j; Z) <=(a) I(X_j; Y) =(b) I(X_j; Y | X^{-j}) <=(c) eps is checked in the information-measure
model of :mod:`dpproofs.steps.information` (ITIP): X = X_j, W = X^{-j}, with the elemental Shannon
inequalities over {X, W, Y, Z} as assumptions and the hypotheses each link names:
(a) Z is a function of Y, H(Z | Y) = 0 (data processing follows from it);
(b) X^{-j} is deterministic under such a prior, H(X^{-j}) = 0;
(c) eps-MI-DP at this prior, I(X_j; Y | X^{-j}) <= eps.
Proved for every joint distribution (any output alphabet, any set A).
"""

from dpproofs.steps import derivation
from dpproofs.steps.information import (
    conditional_entropy,
    entropy_domains,
    joint_entropy,
    mutual_information,
    shannon_inequalities,
)
from dpproofs.theorem import theorem

SOURCE = "001_bbdd7f031c172a3e.txt"

CHAIN = r"""I(X_j;Z)\overset{(a)}\le I(X_j;Y)\overset{(b)}=I(X_j;Y|X^{-j})\overset{(c)}\le\epsilon.\tag{30}"""


VARIABLES = "XWYZ"
MAPPING = {
    r"I(X_j;Z)": mutual_information("X", "Z"),
    r"I(X_j;Y|X^{-j})": mutual_information("X", "Y", "W"),
    r"I(X_j;Y)": mutual_information("X", "Y"),
}
ASSUME = [
    rf"{conditional_entropy('Z', 'Y')} = 0",  # (a) Z = 1_A(Y)
    rf"{joint_entropy('W')} = 0",  # (b) X^{-j} deterministic
    rf"{mutual_information('X', 'Y', 'W')} \le \epsilon",  # (c) eps-MI-DP
    *shannon_inequalities(VARIABLES),
]
WHERE = entropy_domains(VARIABLES) | {"epsilon": "[0, oo)"}


@theorem(
    source=f"{SOURCE}, Lemma 2, Proof 3.2, eq. (30) (CY-Lemma2(30)), reconstructed",
    expect="proved",
    role="proof",
    id="derivations.cuff_yu_lemma2",
    reading=(
        "The chain (30) in the Shannon-inequality model (every joint law, any output alphabet "
        "and set A); the prior on two neighbours read as H(X^{-j}) = 0."
    ),
    timeout=20,
    note="Reconstructed chain (cuff_yu_statements S15) in the Shannon-inequality model.",
    quote=(
        "Let the mechanism be eps-MI-DP, let P_{X^n} be supported on two neighbours that differ "
        "at position j, and let Z = 1_A(Y) for a measurable A. Then I(X_j; Z) <= I(X_j; Y) = "
        "I(X_j; Y | X^{-j}) <= eps."
    ),
)
def cuff_yu_lemma2_steps():
    """I(X_j; Z) <= I(X_j; Y) = I(X_j; Y | X^{-j}) <= eps, step by step."""
    return derivation(CHAIN, MAPPING, assume=ASSUME, where=WHERE)
