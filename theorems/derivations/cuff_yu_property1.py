# ruff: noqa: E501 (the chain is LaTeX)
"""Cuff & Yu, Property 1 (CY-Prop1(10), seed 001): the Appendix A chain, reconstructed (recon S9).

The seed's extraction lost Appendix A's displays; the chain is rebuilt from its prose (77)-(82):
D(P||Q) = E_Q[L ln L] with L = dP/dQ in [e^-eps, e^eps]; the maximum puts Q's mass on the
endpoints (81), giving eps tanh(eps/2) (10); tanh x <= x gives eps^2/2 (11). It is checked on
the binary instance P = (p, 1 - p), Q = (q, 1 - q) with the (eps, 0)-closeness ratio bounds as
assumptions. The endpoint step (81) is the heart of the proof (a maximisation over
distributions); the decider leaves it unknown within the time limit, the other links are proved.
"""

from dpproofs.steps import derivation
from dpproofs.theorem import theorem

SOURCE = "001_bbdd7f031c172a3e.txt"

CHAIN = r"""\begin{aligned} D(P\|Q) &= \mathbb{E}_Q[L\ln L] \\ &\le \frac{e^{\epsilon}}{1+e^{\epsilon}} \epsilon + \frac{1}{1+e^{\epsilon}} (-\epsilon) && \text{(81): mass on the endpoints} \\ &= \epsilon\tanh(\epsilon/2) && \text{(10)} \\ &\le \epsilon^2/2 && \text{(82): tanh x <= x} \end{aligned}"""

MAPPING = {
    r"D(P\|Q)": r"(p \ln\frac{p}{q} + (1 - p)\ln\frac{1 - p}{1 - q})",
    r"\mathbb{E}_Q[L\ln L]": r"(q \frac{p}{q}\ln\frac{p}{q} + (1 - q)\frac{1 - p}{1 - q}\ln\frac{1 - p}{1 - q})",
}
ASSUME = [
    r"e^{-\epsilon} q \le p \le e^{\epsilon} q",
    r"e^{-\epsilon}(1 - q) \le 1 - p \le e^{\epsilon} (1 - q)",
]
WHERE = {"epsilon": "(0, oo)", "p": "(0, 1)", "q": "(0, 1)"}


@theorem(
    source=f"{SOURCE}, Property 1, eqs. (10)-(11), Appendix A (77)-(82) (CY-Prop1(10)), reconstructed",
    expect="unknown",
    role="proof",
    id="derivations.cuff_yu_property1",
    reading=(
        "The Appendix A chain on binary P, Q with the (eps, 0) ratio bounds as assumptions; "
        "natural log."
    ),
    timeout=8,
    note="Reconstructed chain (cuff_yu_statements S9) on binary P, Q; step 2 (81) stays unknown.",
    quote=("If P and Q are (eps, 0)-close, then D(P||Q) <= eps tanh(eps/2)."),
)
def cuff_yu_property1_steps():
    """D(P||Q) <= eps tanh(eps/2) <= eps^2/2 for (eps, 0)-close binary P, Q, step by step."""
    return derivation(CHAIN, MAPPING, assume=ASSUME, where=WHERE)
