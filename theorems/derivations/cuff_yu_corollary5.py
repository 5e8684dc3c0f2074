# ruff: noqa: E501 (the chain is LaTeX)
"""Cuff & Yu, Corollary 5 (CY-Cor5(43), seed 001): the composition chain (43), reconstructed (recon S21).

Y_1, Y_2 conditionally independent given X^n, each eps_j-MI-DP; i fixed. The chain is checked in
the information-measure model of :mod:`dpproofs.steps.information` (ITIP): X = X_i, W = X^{-i},
A = Y_1, B = Y_2; every mutual information is a linear form in the joint entropies of {X, W, A, B},
the elemental Shannon inequalities over them are assumptions, and so are the hypotheses:
conditional independence (Y_1 - X^n - Y_2: I(A; B | X W) = 0) and MI-DP of each query,
I(X; A | W) <= eps_1 and I(X; B | W) <= eps_2. A proof here holds for every joint distribution
(any alphabets), not only for an instance: no finite instance is chosen.

The first link is the chain rule (Property 6), the second the step the extraction labels (4.2)
(it needs the conditional independence; without it, Example 4.3's one-time pad breaks it, see
cuff_yu_corollary6), the third the two MI-DP hypotheses. All three are proved.
"""

from dpproofs.steps import derivation
from dpproofs.steps.information import entropy_domains, mutual_information, shannon_inequalities
from dpproofs.theorem import theorem

SOURCE = "001_bbdd7f031c172a3e.txt"

CHAIN = r"""I(X_i;Y^k|X^{-i})=\sum_{j}I(X_i;Y_j|X^{-i},Y^{j-1})\ \le\ \sum_jI(X_i;Y_j|X^{-i})\ \le\ \sum_j\epsilon_j .\tag{43}"""

VARIABLES = "XWAB"
MAPPING = {
    r"I(X_i;Y^k|X^{-i})": mutual_information("X", "AB", "W"),
    r"\sum_{j}I(X_i;Y_j|X^{-i},Y^{j-1})": f"({mutual_information('X', 'A', 'W')} + {mutual_information('X', 'B', 'AW')})",
    r"\sum_jI(X_i;Y_j|X^{-i})": f"({mutual_information('X', 'A', 'W')} + {mutual_information('X', 'B', 'W')})",
    r"\sum_j\epsilon_j": r"(\epsilon_1 + \epsilon_2)",
}
ASSUME = [
    rf"{mutual_information('X', 'A', 'W')} \le \epsilon_1",
    rf"{mutual_information('X', 'B', 'W')} \le \epsilon_2",
    rf"{mutual_information('A', 'B', 'XW')} = 0",  # conditionally independent given X^n
    *shannon_inequalities(VARIABLES),
]
WHERE = entropy_domains(VARIABLES) | {"epsilon_1": "[0, oo)", "epsilon_2": "[0, oo)"}


@theorem(
    source=f"{SOURCE}, Corollary 5, Proof 4.2, eq. (43) (CY-Cor5(43)), reconstructed",
    expect="proved",
    role="proof",
    id="derivations.cuff_yu_corollary5",
    reading=(
        "The chain (43) for k = 2 in the Shannon-inequality model (every joint law, any "
        "alphabets); conditional independence as I(Y_1; Y_2 | X^n) = 0."
    ),
    timeout=20,
    note="Reconstructed chain (cuff_yu_statements S21), k = 2, in the Shannon-inequality model.",
    quote=(
        "If Y_1, ..., Y_k are conditionally independent given X^n and each P_{Y_j|X^n} is "
        "eps_j-MI-DP, then P_{Y^k|X^n} is (sum_j eps_j)-MI-DP."
    ),
)
def cuff_yu_corollary5_steps():
    """I(X_i; Y^k | X^{-i}) = sum_j I(X_i; Y_j | X^{-i}, Y^{j-1}) <= sum_j I(X_i; Y_j | X^{-i}) <= sum_j eps_j."""
    return derivation(CHAIN, MAPPING, assume=ASSUME, where=WHERE)
