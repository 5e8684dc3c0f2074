# ruff: noqa: E501 (the chain is LaTeX)
"""Cuff & Yu, Corollary 6 (CY-Cor6, seed 001): sequential queries, and (43) without the step (4.2).

The sentence before the corollary states its condition: "the same composition claim of Corollary 5
holds even if the query responses are correlated as long as each response in sequence is
specifically designed to satisfy differential privacy even with respect to the previous responses".
So "each mechanism satisfies eps_j-MI-DP individually" is read with that condition: the mechanism
P_{Y_j | X^n, Y^{j-1}} is eps_j-MI-DP, I(X_i; Y_j | X^{-i}, Y^{j-1}) <= eps_j for every joint law
(cuff_yu_statements S21 "condition needed"). The reading without the condition,
I(X_i; Y_j | X^{-i}) <= eps_j, is excluded by the paper's own Example 4.3 on the same page (a
one-time pad: both responses 0-MI-DP alone, the pair reveals X_i); it is kept as a probe.

Checked in the information-measure model of :mod:`dpproofs.steps.information`: X = X_i,
W = X^{-i}, A, B, C, D = Y_1, .., Y_4, elemental Shannon inequalities as assumptions, so a proved
step holds for every joint distribution of finite alphabets.
"""

from dpproofs.entropic.induction import sequence_induction
from dpproofs.entropic.terms import I, parameter, random_variables
from dpproofs.steps import derivation
from dpproofs.steps.information import entropy_domains, mutual_information, shannon_inequalities
from dpproofs.theorem import theorem

SOURCE = "001_bbdd7f031c172a3e.txt"

CHAIN = r"""I(X_i;Y^k|X^{-i})=\sum_{j}I(X_i;Y_j|X^{-i},Y^{j-1})\ \le\ \sum_j\epsilon_j"""
STATEMENT = r"""I(X_i;Y^k|X^{-i})\ \le\ \sum_j\epsilon_j"""
OUTPUTS = "ABCD"  # Y_1, .., Y_4


def _mapping(rest: str, k: int = 2) -> dict[str, str]:
    """The chain's measures for k responses, X^{-i} as the variable ``rest`` ("" when fixed)."""
    outputs = OUTPUTS[:k]
    terms = [mutual_information("X", y, outputs[:j] + rest) for j, y in enumerate(outputs)]
    return {
        r"I(X_i;Y^k|X^{-i})": mutual_information("X", outputs, rest),
        r"\sum_{j}I(X_i;Y_j|X^{-i},Y^{j-1})": "(" + " + ".join(terms) + ")",
        r"\sum_j\epsilon_j": "(" + " + ".join(rf"\epsilon_{j + 1}" for j in range(k)) + ")",
    }


def _epsilons(k: int) -> dict[str, str]:
    return {f"epsilon_{j + 1}": "[0, oo)" for j in range(k)}


def _sequential(k: int) -> list[str]:
    """Each stage eps_j-MI-DP even with respect to the previous responses (the condition)."""
    outputs = OUTPUTS[:k]
    return [
        rf"{mutual_information('X', y, outputs[:j] + 'W')} \le \epsilon_{j + 1}"
        for j, y in enumerate(outputs)
    ]


def _corollary():
    """For every k: I(X; Y^k | W) <= eps_1 + .. + eps_k when every stage has
    I(X; Y_j | W, Y^{j-1}) <= eps_j (induction over the responses, docs/design/induction.md:
    A stands for Y^k, B for the next response, E for the running sum of the eps_j)."""
    x, w, a, b = random_variables("X W A B")
    total, each = parameter("E"), parameter("e")
    return sequence_induction(
        I(x, a, given=w) <= total,
        [I(x, b, given=(w, a)) <= each],
    )


@theorem(
    source=f"{SOURCE}, Corollary 6 (CY-Cor6), each response MI-DP even with respect to the previous responses",
    expect="proved",
    id="cuffyu.corollary6",
    reading=(
        "Each stage eps_j-MI-DP conditionally on every realisation of the earlier responses "
        "('even with respect to the previous responses'); every number k >= 1 of responses; "
        "natural log."
    ),
    timeout=60,
    note="Reading: the condition of the sentence before the corollary (each stage eps_j-MI-DP "
    "given X^{-i} and the previous responses). For every joint distribution (Shannon "
    "inequalities) and every k >= 1, by induction over the responses: the base (k = 1) and "
    "the step (Y^k as one joint variable A, the next response B) are Shannon claims "
    "(docs/design/induction.md). X = X_i, W = X^{-i}.",
    quote=(
        "If Y_1, ..., Y_k are produced in sequence (Y_j may depend on X^n and Y^{j-1}) and each "
        "mechanism satisfies eps_j-MI-DP individually, then the collection Y^k is (sum_j "
        "eps_j)-MI-DP."
    ),
)
def corollary6():
    """Sequential eps_j-MI-DP responses (each given the previous ones) are (sum_j eps_j)-MI-DP."""
    return _corollary()


@theorem(
    source=f"{SOURCE}, Corollary 6 and Proof 4.2 without (4.2) (CY-Cor6), reconstructed, MI-DP given earlier outputs",
    expect="proved",
    role="proof",
    id="derivations.cuff_yu_corollary6",
    reading=(
        "The chain for k = 2 in the Shannon-inequality model with each stage's MI-DP "
        "conditional on the earlier responses."
    ),
    timeout=20,
    quote=(
        "If Y_1, ..., Y_k are produced in sequence (Y_j may depend on X^n and Y^{j-1}) and each "
        "mechanism satisfies eps_j-MI-DP individually, then the collection Y^k is (sum_j "
        "eps_j)-MI-DP."
    ),
)
def cuff_yu_corollary6_steps():
    """With I(X_i; Y_j | X^{-i}, Y^{j-1}) <= eps_j: both links proved for every distribution."""
    return derivation(
        CHAIN,
        _mapping("W"),
        assume=[*_sequential(2), *shannon_inequalities("XWAB")],
        where=entropy_domains("XWAB") | _epsilons(2),
    )


@theorem(
    source=f"{SOURCE}, Corollary 6 and Proof 4.2 without (4.2) (CY-Cor6), reconstructed, without the condition",
    expect="refuted",
    role="probe",
    id="derivations.cuff_yu_corollary6_without_condition",
    reading=(
        "The reading that drops 'even with respect to the previous responses': each stage's "
        "MI-DP unconditional (a probe)."
    ),
    timeout=20,
    note="A reading the source excludes: 'individually' without 'even with respect to the "
    "previous responses' (I(X_i; Y_j | X^{-i}) <= eps_j). The sum link fails, as Example 4.3's "
    "one-time pad shows. Checked with X^{-i} fixed (W dropped: three variables, whose Shannon "
    "cone is the closure of the entropic one, so the witness is a limit of entropy vectors).",
    quote=(
        "If Y_1, ..., Y_k are produced in sequence (Y_j may depend on X^n and Y^{j-1}) and each "
        "mechanism satisfies eps_j-MI-DP individually, then the collection Y^k is (sum_j "
        "eps_j)-MI-DP."
    ),
)
def cuff_yu_corollary6_without_condition():
    """I(X_i; Y^k | X^{-i}) = sum_j I(X_i; Y_j | X^{-i}, Y^{j-1}) <= sum_j eps_j, individual MI-DP."""
    assume = [
        rf"{mutual_information('X', 'A')} \le \epsilon_1",
        rf"{mutual_information('X', 'B')} \le \epsilon_2",
        *shannon_inequalities("XAB"),
    ]
    return derivation(
        CHAIN, _mapping(""), assume=assume, where=entropy_domains("XAB") | _epsilons(2)
    )
