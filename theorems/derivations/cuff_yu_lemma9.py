# ruff: noqa: E501 (the chain is LaTeX)
"""Cuff & Yu, Lemma 9 (CY-Lemma9(67), seed 001): the chain (68)-(69), reconstructed (recon S27).

Modelled on the smallest instance, for the order alpha = 2 (labelled as an instance: with alpha a
free parameter the powers p^alpha q^{1 - alpha} keep the decider from finishing, so the order is
fixed): X_i two-valued with P(X_i = x_i | E) = w, Y binary, P_{Y | X_i = x_i, E} = (p, 1 - p) and
P_{Y | X_i = x~_i, E} = (q, 1 - q) for the picked x~_i (so P_{X_i | E} P_{Y | X_i, E} is the
mixture). Sibson's closed form gives I_2(X_i; Y | E) = 2 ln sum_y sqrt(sum_x P(x) P(y | x)^2);
D_2(P_{Y|X_i,E} || Q | P_{X_i|E}) = ln sum_x P(x) sum_y P(y | x)^2 / Q(y); the expectation is
over (X_i, Y). eps-DP gives the ratio bounds e^{-eps} <= p / q <= e^{eps} (and for 1 - p, 1 - q).

The first link (Sibson's minimum is at most the value at Q = P_{Y | X_i = x~_i, E}) stays unknown
within the time limit; the identity (68) and the ratio bound (69) are proved.
"""

from dpproofs.steps import derivation
from dpproofs.theorem import theorem

SOURCE = "001_bbdd7f031c172a3e.txt"

CHAIN = r"""I_\alpha(X_i;Y|E)\le D_\alpha\big(P_{Y|X_i,E}\big\|P_{Y|X_i=\tilde x_i,E}\big|P_{X_i|E}\big)=\frac1{\alpha-1}\ln\mathbb E\Big[\Big(\tfrac{P_{Y|X_i,E}(Y|X_i)}{P_{Y|X_i=\tilde x_i,E}(Y)}\Big)^{\alpha-1}\Big] \le\frac1{\alpha-1}\ln e^{(\alpha-1)\epsilon}=\epsilon ."""

MAPPING = {
    r"I_\alpha(X_i;Y|E)": r"(2 \ln(\sqrt{w \cdot p^2 + (1 - w) q^2} + \sqrt{w \cdot (1 - p)^2 + (1 - w) (1 - q)^2}))",
    r"D_\alpha\big(P_{Y|X_i,E}\big\|P_{Y|X_i=\tilde x_i,E}\big|P_{X_i|E}\big)": r"\ln(w \cdot (\frac{p^2}{q} + \frac{(1 - p)^2}{1 - q}) + (1 - w) \cdot (\frac{q^2}{q} + \frac{(1 - q)^2}{1 - q}))",
    r"\mathbb E\Big[\Big(\tfrac{P_{Y|X_i,E}(Y|X_i)}{P_{Y|X_i=\tilde x_i,E}(Y)}\Big)^{\alpha-1}\Big]": r"(w \cdot (p \frac{p}{q} + (1 - p) \frac{1 - p}{1 - q}) + (1 - w) \cdot (q \frac{q}{q} + (1 - q) \frac{1 - q}{1 - q}))",
    r"\alpha": "2",
}
ASSUME = [
    r"e^{-\epsilon} q \le p \le e^{\epsilon} q",
    r"e^{-\epsilon} (1 - q) \le 1 - p \le e^{\epsilon} (1 - q)",
]
WHERE = {"epsilon": "(0, oo)", "p": "(0, 1)", "q": "(0, 1)", "w": "[0, 1]"}


@theorem(
    source=f"{SOURCE}, Lemma 9, Proof 7.1, eqs. (68)-(69) (CY-Lemma9(67)), reconstructed",
    expect="unknown",
    role="proof",
    id="derivations.cuff_yu_lemma9",
    reading=("The chain (68)-(69) at the order alpha = 2 only, binary X_i and Y; natural log."),
    timeout=20,
    note="Reconstructed chain (cuff_yu_statements S27), instance alpha = 2, binary X_i and Y; "
    "the Sibson-minimum link stays unknown.",
    quote=(
        "If the mechanism is eps-DP, then for all alpha in (0, infinity], all P_{X^n}, all i and "
        "all x^{-i}: I_alpha(X_i; Y | X^{-i} = x^{-i}) <= eps (Sibson's alpha-mutual information,"
        " (66))."
    ),
)
def cuff_yu_lemma9_steps():
    """I_2(X_i; Y | E) <= D_2(...) = ln E[ratio] <= ln e^eps = eps, step by step."""
    return derivation(CHAIN, MAPPING, assume=ASSUME, where=WHERE)
