# ruff: noqa: E501 (the chain is LaTeX)
"""Cuff & Yu, Corollary 7 (CY-Cor7(44), seed 001): the chain-rule display (44), reconstructed (recon S22).

Y_1, ..., Y_k produced conditionally independently from disjoint X_{S_1}, ..., X_{S_k}; j is the
index with i in S_j. Checked with k = 2, j = 1 in the information-measure model of
:mod:`dpproofs.steps.information` (ITIP): X = X_i, W = X^{-i}, A = Y_j, B = Y^{-j} (= Y_2), the
elemental Shannon inequalities over {X, W, A, B} as assumptions, and the hypotheses:
Y^{-j} is computed from X_{S_2} (inside X^{-i}) with its own randomness, so B - W - (X, A) is a
Markov chain, I(B; X A | W) = 0; Y_j's mechanism is eps_j-MI-DP (it ignores the entries outside
S_j, so I(X_i; Y_j | X^{-i}) <= eps_j). Proved for every joint distribution.
"""

from dpproofs.steps import derivation
from dpproofs.steps.information import entropy_domains, mutual_information, shannon_inequalities
from dpproofs.theorem import theorem

SOURCE = "001_bbdd7f031c172a3e.txt"

CHAIN = r"""I(X_i;Y^k|X^{-i})=I(X_i;Y_j|X^{-i})+I(X_i;Y^{-j}|X^{-i},Y_j)=I(X_i;Y_j|X^{-i})\le\epsilon_j.\tag{44}"""

VARIABLES = "XWAB"
MAPPING = {
    r"I(X_i;Y^k|X^{-i})": mutual_information("X", "AB", "W"),
    r"I(X_i;Y^{-j}|X^{-i},Y_j)": mutual_information("X", "B", "WA"),
    r"I(X_i;Y_j|X^{-i})": mutual_information("X", "A", "W"),
}
ASSUME = [
    rf"{mutual_information('X', 'A', 'W')} \le \epsilon_j",
    rf"{mutual_information('B', 'XA', 'W')} = 0",  # Y^{-j} sees only X_{S_2}, inside X^{-i}
    *shannon_inequalities(VARIABLES),
]
WHERE = entropy_domains(VARIABLES) | {"epsilon_j": "[0, oo)"}


@theorem(
    source=f"{SOURCE}, Corollary 7, Proof 4.4, eq. (44) (CY-Cor7(44)), reconstructed",
    expect="proved",
    role="proof",
    id="derivations.cuff_yu_corollary7",
    reading=(
        "The chain (44) for k = 2, j = 1 in the Shannon-inequality model; the other query "
        "sees only entries inside X^{-i}, as I(Y^{-j}; X_i Y_j | X^{-i}) = 0."
    ),
    timeout=20,
    note="Reconstructed chain (cuff_yu_statements S22), k = 2, in the Shannon-inequality model.",
    quote=(
        "If Y_1, ..., Y_k are produced conditionally independently of each other from disjoint "
        "subsets X_{S_1}, ..., X_{S_k} of the entries, and each P_{Y_j|X_{S_j}} is eps_j-MI-DP, "
        "then the collection is (max_j eps_j)-MI-DP."
    ),
)
def cuff_yu_corollary7_steps():
    """I(X_i; Y^k | X^{-i}) = I(X_i; Y_j | X^{-i}) + I(X_i; Y^{-j} | X^{-i}, Y_j) = I(X_i; Y_j | X^{-i}) <= eps_j."""
    return derivation(CHAIN, MAPPING, assume=ASSUME, where=WHERE)
