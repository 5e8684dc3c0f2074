# ruff: noqa: E501 (the seed's LaTeX is pasted verbatim)
"""Cummings' Proposition 8 (C-Prop8, seed 003): randomized response, its two ratio displays.

Mapping: with a fair first coin (tails: answer truthfully) and a fair second coin (heads: "Yes"),
Pr[First coin tails] = 1/2, Pr[First coin heads and Second coin heads] = 1/4,
Pr[Response = Y | Truth = Y] = Pr[Response = N | Truth = N] = 3/4 and
Pr[Response = Y | Truth = N] = Pr[Response = N | Truth = Y] = 1/4.

The first display ends with "=> exp(eps) = 3", a consequence drawn from the chain's result (ratio
= 3), checked under it; the proposition's eps is ln 3 (it states (ln 3, 0)-DP), so the mapping
reads epsilon as ln 3. The proposition itself is decided in theorems/cummings.py.
"""

from dpproofs.steps import derivation
from dpproofs.theorem import theorem

SOURCE = "003_87c8c5658751411a.txt"

FIRST = r"""\begin{aligned} \frac{\Pr[\text{Response} = Y | \text{Truth} = Y]}{\Pr[\text{Response} = Y | \text{Truth} = N]} &= \frac{\Pr[\text{First coin tails}] + \Pr[\text{First coin heads} \cap \text{Second coin heads}]}{\Pr[\text{First coin heads} \cap \text{Second coin heads}]} \\ &= \frac{1/2 + 1/4}{1/4} = 3 \\ &\Rightarrow \exp(\epsilon) = 3 \end{aligned}"""

SECOND = r"""\frac{\Pr[\text{Response} = N | \text{Truth} = N]}{\Pr[\text{Response} = N | \text{Truth} = Y]} = \frac{3/4}{1/4} = 3."""

CONCLUSION_NO = r"\frac{\Pr[\text{Response} = N | \text{Truth} = N]}{\Pr[\text{Response} = N | \text{Truth} = Y]} = 3"

MAPPING = {
    r"\Pr[\text{Response} = Y | \text{Truth} = Y]": r"\frac{3}{4}",
    r"\Pr[\text{Response} = Y | \text{Truth} = N]": r"\frac{1}{4}",
    r"\Pr[\text{Response} = N | \text{Truth} = N]": r"\frac{3}{4}",
    r"\Pr[\text{Response} = N | \text{Truth} = Y]": r"\frac{1}{4}",
    r"\Pr[\text{First coin tails}]": r"\frac{1}{2}",
    r"\Pr[\text{First coin heads} \cap \text{Second coin heads}]": r"\frac{1}{4}",
    r"\epsilon": r"\ln 3",
}


@theorem(
    source=f"{SOURCE}, Proposition 8 proof, first display (C-Prop8)",
    expect="proved",
    role="proof",
    id="derivations.cummings_proposition8_yes",
    reading="The display as written, with fair coins: Pr[first coin tails] = 1/2, Pr[heads, "
    "heads] = 1/4, response probabilities 3/4 and 1/4; the closing '=> exp(eps) = 3' "
    "read with eps = ln 3.",
    timeout=10,
    note="Step 4 ('=> exp(eps) = 3') is a consequence, checked under the chain's result; "
    "eps is ln 3.",
    quote=(
        "Randomized response with fair coins (Definition 7), as a mechanism from truth in {+, -} "
        "to response in {Yes, No}, is (ln 3, 0)-DP: Pr[r | t] <= 3 Pr[r | t'] for all truths t, "
        "t' and responses r."
    ),
)
def cummings_proposition8_yes_ratio():
    """Pr[Y | Y] / Pr[Y | N] = (1/2 + 1/4) / (1/4) = 3 for randomized response."""
    return derivation(FIRST, MAPPING)


@theorem(
    source=f"{SOURCE}, Proposition 8 proof, second display (C-Prop8)",
    expect="proved",
    role="proof",
    id="derivations.cummings_proposition8_no",
    reading="The display as written, with the response probabilities 3/4 and 1/4 of fair coins.",
    timeout=10,
    quote=(
        "Randomized response with fair coins (Definition 7), as a mechanism from truth in {+, -} "
        "to response in {Yes, No}, is (ln 3, 0)-DP: Pr[r | t] <= 3 Pr[r | t'] for all truths t, "
        "t' and responses r."
    ),
)
def cummings_proposition8_no_ratio():
    """Pr[N | N] / Pr[N | Y] = (3/4) / (1/4) = 3 for randomized response."""
    return derivation(SECOND, MAPPING, conclusion=CONCLUSION_NO)
