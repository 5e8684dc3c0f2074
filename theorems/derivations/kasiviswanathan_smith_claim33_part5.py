# ruff: noqa: E501 (the seed's LaTeX is pasted verbatim)
"""Kasiviswanathan & Smith, Claim 3.3 part 5 (KS-Claim3.3(5), seed 004): post-processing chain.

Modelled on E = {1, 2}: Pr[R = 1] = rho, Pr[R = 2] = 1 - rho; S_r = {x : g(x, r) in S},
x_r = Pr[X in S_r] and y_r = Pr[Y in S_r] (R is independent of X and Y, so conditioning on R = r
changes nothing). Every form of Pr[G(X) in S] in the chain is rho x_1 + (1 - rho) x_2 (likewise
for Y); (eps, delta)-indistinguishability of X and Y gives x_r - e^eps y_r <= delta.
"""

from dpproofs.steps import derivation
from dpproofs.theorem import theorem

SOURCE = "004_b0aca88671cf8a62.txt"

PROOF = r"""\begin{aligned} \Pr[\mathcal{G}(X) \in S] &- e^{\epsilon} \Pr[\mathcal{G}(Y) \in S] \\ &= \Pr[g(X \otimes R) \in S] - e^{\epsilon} \Pr[g(Y \otimes R) \in S] \\ &= \Pr[X \otimes R \in g^{-1}(S)] - e^{\epsilon} \Pr[Y \otimes R \in g^{-1}(S)] \\ &\leq \sum_{r \in E} \Pr[X \in S_r : R = r] \Pr[R = r] - e^{\epsilon} \sum_{r \in E} \Pr[Y \in S_r : R = r] \Pr[R = r] \\ &= \sum_{r \in E} (\Pr[X \in S_r : R = r] - e^{\epsilon} \Pr[Y \in S_r : R = r]) \Pr[R = r] \\ &\leq \sum_{r \in E} \delta \Pr[R = r] = \delta. \end{aligned}"""

_X = r"(\rho x_1 + (1 - \rho) x_2)"
_Y = r"(\rho y_1 + (1 - \rho) y_2)"
MAPPING = {
    r"\Pr[\mathcal{G}(X) \in S]": _X,
    r"\Pr[\mathcal{G}(Y) \in S]": _Y,
    r"\Pr[g(X \otimes R) \in S]": _X,
    r"\Pr[g(Y \otimes R) \in S]": _Y,
    r"\Pr[X \otimes R \in g^{-1}(S)]": _X,
    r"\Pr[Y \otimes R \in g^{-1}(S)]": _Y,
    r"\sum_{r \in E} \Pr[X \in S_r : R = r] \Pr[R = r]": _X,
    r"\sum_{r \in E} \Pr[Y \in S_r : R = r] \Pr[R = r]": _Y,
    r"\sum_{r \in E} (\Pr[X \in S_r : R = r] - e^{\epsilon} \Pr[Y \in S_r : R = r]) \Pr[R = r]": r"((x_1 - e^{\epsilon} y_1) \rho + (x_2 - e^{\epsilon} y_2) (1 - \rho))",
    r"\sum_{r \in E} \delta \Pr[R = r]": r"(\delta \rho + \delta (1 - \rho))",
}
ASSUME = [r"x_1 - e^{\epsilon} y_1 \le \delta", r"x_2 - e^{\epsilon} y_2 \le \delta"]
WHERE = {name: "[0, 1]" for name in ("rho", "x_1", "x_2", "y_1", "y_2", "delta")} | {
    "epsilon": "(0, oo)"
}


@theorem(
    source=f"{SOURCE}, Claim 3.3 part 5, Proof of Part 5 (KS-Claim3.3(5))",
    expect="proved",
    role="proof",
    id="derivations.ks_claim33_part5",
    reading="The display as written, modelled on two values of the independent randomness R.",
    timeout=20,
    note="Modelled on E = {1, 2} (two values of the independent randomness R).",
    quote=(
        "If X, Y are (eps, delta)-indistinguishable and G is a randomized algorithm (G(X) = g(X, "
        "R) with R independent of X), then G(X) and G(Y) are (eps, delta)-indistinguishable."
    ),
)
def ks_claim33_part5_steps():
    """Pr[G(X) in S] - e^eps Pr[G(Y) in S] <= delta, step by step."""
    return derivation(
        PROOF,
        MAPPING,
        assume=ASSUME,
        where=WHERE,
        conclusion=r"\Pr[\mathcal{G}(X) \in S] - e^{\epsilon} \Pr[\mathcal{G}(Y) \in S] \le \delta",
    )
