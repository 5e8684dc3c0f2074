# ruff: noqa: E501 (the chain is LaTeX)
"""Cuff & Yu, Lemma 11 (CY-Lemma11(110), seed 001): the proof (111)-(125), reconstructed (recon S17).

|H_P(X|Y) - H_Q(X|Y)| <= 2 lambda ln|X| + 2 h(lambda), lambda = delta / (1 + delta), for
TV(P, Q) = delta (111). The proof's displays are checked in five pieces, each on the model that
fits its objects:

1. (112)-(113), (120)-(121), the common distribution R, cell by cell: p = P(x, y), q = Q(x, y),
   the Hahn parts mu^+ = max(p - q, 0), mu^- = max(q - p, 0) (114)-(117), P' = mu^- / delta,
   Q' = mu^+ / delta (118)-(119), R = max(P, Q) / (1 + delta). Every cell of every pair (P, Q) is
   an instance of the free p, q in [0, 1], so the identities are checked for all of them.
2. (124), first link, the chain rule H_R(X|Y) = H(X|Y,B) + I_R(X;B|Y), in the information-measure
   model of :mod:`dpproofs.steps.information` (every distribution of (X, Y, B)).
3. (124), second link, H(X|Y,B) = (1 - lambda) H_P(X|Y) + lambda H_{P'}(X|Y), on binary X and Y
   (P(Y = 1) = a, P(X = 1 | Y = 1) = s, P(X = 1 | Y = 2) = t; b, u, v for P'), B selecting P' with
   probability lambda; H(X|Y,B) is written cell by cell as -sum R(x, y, b) ln R(x | y, b).
   (The whole of (124) on one model makes the decider run past its deadline: it is split.)
4. (125) and the bound (122): H_P, H_{P'} in [0, ln|X|] and I_R(X;B|Y) in [0, h(lambda)] (the
   "three non-negative terms"), with (124) as the established identity.
5. The triangle inequality from (122)-(123) to (110).
All pieces are proved; the reconstructed constant 2 lambda ln|X| + 2 h(lambda) is the one the
steps give.
"""

from dpproofs.steps import derivation
from dpproofs.steps.information import (
    conditional_entropy,
    entropy_domains,
    mutual_information,
    shannon_inequalities,
)
from dpproofs.theorem import theorem

SOURCE = "001_bbdd7f031c172a3e.txt"
CLAIM = "CY-Lemma11(110)"

MIXTURE = r"""\begin{aligned} R &= \tfrac1{1+\delta}P+\tfrac\delta{1+\delta}P' &&\text{(112)} \\ &= \tfrac1{1+\delta}Q+\tfrac\delta{1+\delta}Q' &&\text{(113)} \\ &= \frac{P+\mu^-}{1+\delta} &&\text{(120)} \\ &= \frac{Q+\mu^+}{1+\delta} \\ &= \frac{\max(P,Q)}{1+\delta} &&\text{(121)} \end{aligned}"""
MIXTURE_MAPPING = {
    r"\max(P,Q)": r"\max\{p, q\}",
    "P'": r"\frac{\mu^-}{\delta}",
    "Q'": r"\frac{\mu^+}{\delta}",
    r"\mu^-": r"\max\{q - p, 0\}",
    r"\mu^+": r"\max\{p - q, 0\}",
    "R": r"\frac{\max\{p, q\}}{1 + \delta}",
    "P": "p",
    "Q": "q",
}
MIXTURE_WHERE = {"p": "[0, 1]", "q": "[0, 1]", "delta": "(0, 1]"}

CHAIN_RULE = r"""H_R(X|Y)=H(X|Y,B)+I_R(X;B|Y)"""
CHAIN_RULE_MAPPING = {
    "H_R(X|Y)": conditional_entropy("X", "Y"),
    "H(X|Y,B)": conditional_entropy("X", "YB"),
    "I_R(X;B|Y)": mutual_information("X", "B", "Y"),
}

COMPONENTS = r"""H(X|Y,B)=(1-\lambda)H_P(X|Y)+\lambda H_{P'}(X|Y)"""


def _h(value: str) -> str:
    """The binary entropy h(value) in nats, LaTeX."""
    return rf"(-({value}) \ln({value}) - (1 - ({value})) \ln(1 - ({value})))"


def _cells(weight: str, first: str, given_1: str, given_2: str) -> str:
    """-sum over y, x of weight P(y) P(x|y) ln P(x|y), one component of B."""
    terms = []
    for p_y, p_x in ((first, given_1), (f"(1 - {first})", given_2)):
        for value in (p_x, f"(1 - {p_x})"):
            terms.append(rf"- {weight} \cdot {p_y} \cdot {value} \ln({value})")
    return " ".join(terms)


COMPONENTS_MAPPING = {
    "H(X|Y,B)": "("
    + _cells(r"(1 - \lambda)", "a", "s", "t")
    + " "
    + _cells(r"\lambda", "b", "u", "v")
    + ")",
    "H_P(X|Y)": rf"(a \cdot {_h('s')} + (1 - a) \cdot {_h('t')})",
    "H_{P'}(X|Y)": rf"(b \cdot {_h('u')} + (1 - b) \cdot {_h('v')})",
}
COMPONENTS_WHERE = {name: "(0, 1)" for name in "abstuv"} | {"lamda": "[0, 1]"}

BOUND = r"""|H_R(X|Y)-H_P(X|Y)|=|\lambda H_{P'}(X|Y)-\lambda H_P(X|Y)+I_R(X;B|Y)|\le\lambda\ln|\mathcal X|+h(\lambda)"""
ABSTRACT = {
    "H_R(X|Y)": r"H_R",
    "H_P(X|Y)": r"H_P",
    "H_Q(X|Y)": r"H_Q",
    "H_{P'}(X|Y)": r"H_{Pp}",
    "I_R(X;B|Y)": r"I_R",
    r"\ln|\mathcal X|": r"\ln K",
    r"h(\lambda)": _h(r"\lambda"),
}
BOUND_ASSUME = [
    r"H_R = (1 - \lambda) H_P + \lambda H_{Pp} + I_R",  # (124)
    r"0 \le H_P \le \ln K",
    r"0 \le H_{Pp} \le \ln K",
    r"0 \le I_R \le h(\lambda)",
]
LAMBDA_WHERE = {"lamda": "(0, 1/2]", "K": "[1, oo)"}

TRIANGLE = r"""\big|H_P(X|Y)-H_Q(X|Y)\big|\le|H_R(X|Y)-H_P(X|Y)|+|H_R(X|Y)-H_Q(X|Y)|\le2\lambda\ln|\mathcal X|+2h(\lambda)"""
TRIANGLE_ASSUME = [
    r"|H_R - H_P| \le \lambda \ln K + h(\lambda)",  # (122)
    r"|H_R - H_Q| \le \lambda \ln K + h(\lambda)",  # (123)
]


@theorem(
    source=f"{SOURCE}, Lemma 11, Proof D.1, eqs. (112)-(121) ({CLAIM}), reconstructed",
    expect="proved",
    role="proof",
    id="derivations.cuff_yu_lemma11_mixture",
    reading=(
        "(112)-(121) cell by cell, for every p = P(x, y), q = Q(x, y) in [0, 1] and delta in "
        "(0, 1]."
    ),
    timeout=20,
    note="Reconstructed (cuff_yu_statements S17); cell by cell, for all p = P(x, y), q = Q(x, y).",
    quote=(
        "If P_{XY} and Q_{XY} are distributions on X x Y with abs(X) < infinity and TV(P, Q) <= "
        "delta, then abs(H_P(X|Y) - H_Q(X|Y)) <= 2 lambda ln abs(X) + 2 h(lambda), where lambda ="
        " delta/(1 + delta)."
    ),
)
def cuff_yu_lemma11_mixture_steps():
    """R = P/(1 + delta) + delta P'/(1 + delta) = ... = max(P, Q)/(1 + delta), cell by cell."""
    return derivation(MIXTURE, MIXTURE_MAPPING, where=MIXTURE_WHERE)


@theorem(
    source=f"{SOURCE}, Lemma 11, Proof D.1, eq. (124) first link ({CLAIM}), reconstructed",
    expect="proved",
    role="proof",
    id="derivations.cuff_yu_lemma11_chain_rule",
    reading=("(124), first link, in the Shannon-inequality model over (X, Y, B): every joint law."),
    timeout=20,
    note="Information-measure model over (X, Y, B): every distribution.",
    quote=(
        "If P_{XY} and Q_{XY} are distributions on X x Y with abs(X) < infinity and TV(P, Q) <= "
        "delta, then abs(H_P(X|Y) - H_Q(X|Y)) <= 2 lambda ln abs(X) + 2 h(lambda), where lambda ="
        " delta/(1 + delta)."
    ),
)
def cuff_yu_lemma11_chain_rule_step():
    """H_R(X|Y) = H(X|Y,B) + I_R(X;B|Y) (chain rule)."""
    return derivation(
        CHAIN_RULE, CHAIN_RULE_MAPPING, assume=shannon_inequalities("XYB"),
        where=entropy_domains("XYB"),
    )  # fmt: skip


@theorem(
    source=f"{SOURCE}, Lemma 11, Proof D.1, eq. (124) second link ({CLAIM}), reconstructed",
    expect="proved",
    role="proof",
    id="derivations.cuff_yu_lemma11_components",
    reading=(
        "(124), second link, on binary X and Y with positive cells, B selecting P' with "
        "probability lambda."
    ),
    timeout=20,
    note="Binary X and Y, all P, P' with positive cells and all lambda.",
    quote=(
        "If P_{XY} and Q_{XY} are distributions on X x Y with abs(X) < infinity and TV(P, Q) <= "
        "delta, then abs(H_P(X|Y) - H_Q(X|Y)) <= 2 lambda ln abs(X) + 2 h(lambda), where lambda ="
        " delta/(1 + delta)."
    ),
)
def cuff_yu_lemma11_components_step():
    """H(X|Y,B) = (1 - lambda) H_P(X|Y) + lambda H_{P'}(X|Y) for B selecting P' w.p. lambda."""
    return derivation(COMPONENTS, COMPONENTS_MAPPING, where=COMPONENTS_WHERE)


@theorem(
    source=f"{SOURCE}, Lemma 11, Proof D.1, eqs. (125), (122) ({CLAIM}), reconstructed",
    expect="proved",
    role="proof",
    id="derivations.cuff_yu_lemma11_bound",
    reading=(
        "(125) and (122) with the three terms bounded as the proof says (entropies in [0, ln "
        "|X|], I_R in [0, h(lambda)]), lambda in (0, 1/2]."
    ),
    timeout=20,
    note="The three terms of (125) bounded as the proof says: entropies by ln|X|, I_R by h(lambda).",
    quote=(
        "If P_{XY} and Q_{XY} are distributions on X x Y with abs(X) < infinity and TV(P, Q) <= "
        "delta, then abs(H_P(X|Y) - H_Q(X|Y)) <= 2 lambda ln abs(X) + 2 h(lambda), where lambda ="
        " delta/(1 + delta)."
    ),
)
def cuff_yu_lemma11_bound_steps():
    """|H_R - H_P| = |lambda H_{P'} - lambda H_P + I_R| <= lambda ln|X| + h(lambda)."""
    return derivation(BOUND, ABSTRACT, assume=BOUND_ASSUME, where=LAMBDA_WHERE)


@theorem(
    source=f"{SOURCE}, Lemma 11, eq. (110) from (122)-(123) ({CLAIM}), reconstructed",
    expect="proved",
    role="proof",
    id="derivations.cuff_yu_lemma11_triangle",
    reading=(
        "The triangle step from (122)-(123) to (110), for every lambda in (0, 1/2] and |X| >= 1."
    ),
    timeout=20,
    note="lambda = delta / (1 + delta) <= 1/2 for delta in [0, 1].",
    quote=(
        "If P_{XY} and Q_{XY} are distributions on X x Y with abs(X) < infinity and TV(P, Q) <= "
        "delta, then abs(H_P(X|Y) - H_Q(X|Y)) <= 2 lambda ln abs(X) + 2 h(lambda), where lambda ="
        " delta/(1 + delta)."
    ),
)
def cuff_yu_lemma11_triangle_steps():
    """|H_P - H_Q| <= |H_R - H_P| + |H_R - H_Q| <= 2 lambda ln|X| + 2 h(lambda)."""
    return derivation(TRIANGLE, ABSTRACT, assume=TRIANGLE_ASSUME, where=LAMBDA_WHERE)
