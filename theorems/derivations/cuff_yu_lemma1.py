# ruff: noqa: E501 (the chain is LaTeX)
"""Cuff & Yu, Lemma 1 (CY-Lemma1(22), seed 001): the (26) chain, reconstructed (recon S14).

Checked on the smallest instance: Y binary, X_i two-valued with P(X_i = x_i | x^{-i}) = lambda,
P_{Y|X^n = x^n} = (p, 1 - p) and P_{Y|X^n = (x~_i, x^{-i})} = (q, 1 - q) for the other value, so
P_{Y|X^{-i} = x^{-i}} is the mixture lambda p + (1 - lambda) q (25). The first link is Jensen's
inequality (convexity of D in its second argument; the term with x~_i = x_i is D(P||P) = 0); the
second is eps-KL-DP, the assumption D((p, 1 - p) || (q, 1 - q)) <= eps. The decider proves the
second link; the Jensen link stays unknown within the time limit.
"""

from dpproofs.steps import derivation
from dpproofs.theorem import theorem

SOURCE = "001_bbdd7f031c172a3e.txt"

CHAIN = r"""D\big(P_{Y|X^n=x^n}\big\|P_{Y|X^{-i}=x^{-i}}\big)\le\sum_{\tilde x_i}P_{X_i|X^{-i}}(\tilde x_i|x^{-i})\,D\big(P_{Y|X^n=x^n}\big\|P_{Y|X^n=(\tilde x_i,x^{-i})}\big)\le\epsilon .\tag{26}"""


def _kl(first: str, second: str) -> str:
    """D((a, 1 - a) || (b, 1 - b)) in LaTeX."""
    return (
        rf"(({first}) \ln\frac{{{first}}}{{{second}}}"
        rf" + (1 - ({first})) \ln\frac{{1 - ({first})}}{{1 - ({second})}})"
    )


MAPPING = {
    r"D\big(P_{Y|X^n=x^n}\big\|P_{Y|X^{-i}=x^{-i}}\big)": _kl("p", r"\lambda p + (1 - \lambda) q"),
    r"\sum_{\tilde x_i}P_{X_i|X^{-i}}(\tilde x_i|x^{-i})\,D\big(P_{Y|X^n=x^n}\big\|P_{Y|X^n=(\tilde x_i,x^{-i})}\big)": r"(\lambda \cdot 0 + (1 - \lambda)"
    + _kl("p", "q")
    + ")",
}
WHERE = {"epsilon": "(0, oo)", "p": "(0, 1)", "q": "(0, 1)", "lamda": "[0, 1]"}


@theorem(
    source=f"{SOURCE}, Lemma 1, proof of (22), eq. (26) (CY-Lemma1(22)), reconstructed",
    expect="unknown",
    role="proof",
    id="derivations.cuff_yu_lemma1",
    reading=(
        "The chain (26) on the smallest instance: Y binary, X_i two-valued with conditional "
        "mass lambda; natural log."
    ),
    timeout=8,
    note="Reconstructed chain (cuff_yu_statements S14) on binary Y; the Jensen link stays unknown.",
    quote=("eps-KL-DP implies eps-MI-DP."),
)
def cuff_yu_lemma1_steps():
    """D(P_{Y|x^n} || P_{Y|x^{-i}}) <= sum lambda D(...) <= eps, step by step."""
    return derivation(CHAIN, MAPPING, assume=[_kl("p", "q") + r" \le \epsilon"], where=WHERE)
