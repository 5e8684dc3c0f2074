# ruff: noqa: E501 (the chain is LaTeX)
"""Cuff & Yu, Corollary 6 (CY-Cor6, seed 001): (43) without the step (4.2), reconstructed (recon S21).

"The proof follows directly from the proof of Corollary 5 simply by skipping (4.2)": the chain is
I(X_i; Y^k | X^{-i}) = sum_j I(X_i; Y_j | X^{-i}, Y^{j-1}) <= sum_j eps_j. Checked in the
information-measure model of :mod:`dpproofs.steps.information` with k = 2: X = X_i, W = X^{-i},
A = Y_1, B = Y_2, elemental Shannon inequalities as assumptions.

Finding: the statement's hypothesis, "each mechanism satisfies eps_j-MI-DP individually"
(I(X_i; Y_j | X^{-i}) <= eps_j), does not give the second link: Example 4.3's one-time pad
(Y_1 = X_i + U, Y_2 = U) has both MI-DP parameters 0 and I(X_i; Y_2 | Y_1) = H(X_i). The as-written
theorem is checked on the priors with X^{-i} fixed (W dropped: three variables, whose Shannon cone
is the closure of the entropic one, so the witness is a limit of real entropy vectors). The
corrected hypothesis, MI-DP of each stage conditioned on the earlier outputs
(I(X_i; Y_j | X^{-i}, Y^{j-1}) <= eps_j; cuff_yu_statements S21 "condition needed"), proves both
links for every distribution.
"""

from dpproofs.steps import derivation
from dpproofs.steps.information import entropy_domains, mutual_information, shannon_inequalities
from dpproofs.theorem import theorem

SOURCE = "001_bbdd7f031c172a3e.txt"

CHAIN = r"""I(X_i;Y^k|X^{-i})=\sum_{j}I(X_i;Y_j|X^{-i},Y^{j-1})\ \le\ \sum_j\epsilon_j"""


def _mapping(rest: str) -> dict[str, str]:
    """The chain's measures with X^{-i} as the variable ``rest`` ("" for a fixed X^{-i})."""
    return {
        r"I(X_i;Y^k|X^{-i})": mutual_information("X", "AB", rest),
        r"\sum_{j}I(X_i;Y_j|X^{-i},Y^{j-1})": f"({mutual_information('X', 'A', rest)} + {mutual_information('X', 'B', 'A' + rest)})",
        r"\sum_j\epsilon_j": r"(\epsilon_1 + \epsilon_2)",
    }


EPSILONS = {"epsilon_1": "[0, oo)", "epsilon_2": "[0, oo)"}


@theorem(
    source=f"{SOURCE}, Corollary 6 and Proof 4.2 without (4.2) (CY-Cor6), reconstructed, individual MI-DP",
    expect="refuted",
    role="proof",
    id="derivations.cuff_yu_corollary6",
    timeout=20,
    note="Hypothesis as stated (each query eps_j-MI-DP on its own): the sum link fails (one-time pad).",
)
def cuff_yu_corollary6_steps():
    """I(X_i; Y^k | X^{-i}) = sum_j I(X_i; Y_j | X^{-i}, Y^{j-1}) <= sum_j eps_j, individual MI-DP."""
    assume = [
        rf"{mutual_information('X', 'A')} \le \epsilon_1",
        rf"{mutual_information('X', 'B')} \le \epsilon_2",
        *shannon_inequalities("XAB"),
    ]
    return derivation(CHAIN, _mapping(""), assume=assume, where=entropy_domains("XAB") | EPSILONS)


@theorem(
    source=f"{SOURCE}, Corollary 6 and Proof 4.2 without (4.2) (CY-Cor6), reconstructed, MI-DP given earlier outputs",
    expect="proved",
    id="derivations.cuff_yu_corollary6_corrected",
    corrects="derivations.cuff_yu_corollary6",
    timeout=20,
)
def cuff_yu_corollary6_steps_corrected():
    """With I(X_i; Y_j | X^{-i}, Y^{j-1}) <= eps_j: both links proved for every distribution."""
    assume = [
        rf"{mutual_information('X', 'A', 'W')} \le \epsilon_1",
        rf"{mutual_information('X', 'B', 'AW')} \le \epsilon_2",
        *shannon_inequalities("XWAB"),
    ]
    return derivation(CHAIN, _mapping("W"), assume=assume, where=entropy_domains("XWAB") | EPSILONS)
