# ruff: noqa: E501 (the seed's LaTeX is pasted verbatim)
"""Kasiviswanathan & Smith, Theorem A.2 (KS-ThmA.2, seed 004): the Gaussian ratio display.

A(x) = sum_i x_i + N(0, sigma^2): the output density at t = n is
exp(-(n - mu)^2 / (2 sigma^2)) / sqrt(2 pi sigma^2) with mu = 0 for x = 0^n and mu = 1 for
x = (1, 0^{n-1}); the mapping gives the two probabilities these densities.

Finding: the display writes the exponents over 2 sigma instead of 2 sigma^2 (sigma^2 is the
variance, sigma^2 = log(1/delta)/eps^2), so its first link is refuted unless sigma = 1 (witness:
any sigma != 1); the second link is the algebra -n^2 + (n - 1)^2 = -2n + 1 and holds. With
2 sigma^2 throughout the chain is proved.
"""

from dpproofs.steps import derivation
from dpproofs.theorem import theorem

SOURCE = "004_b0aca88671cf8a62.txt"

PROOF = r"""\frac{\Pr[\mathcal{A}(\mathbf{x}) = n \mid \mathbf{x} = (0^n)]}{\Pr[\mathcal{A}(\mathbf{x}) = n \mid \mathbf{x} = (1, 0^{n-1})]} = \frac{\exp\left(\frac{-n^2}{2\sigma}\right)}{\exp\left(\frac{-(n-1)^2}{2\sigma}\right)} = \exp\left(\frac{-2n+1}{2\sigma}\right)."""

#: The exponents over 2 sigma^2, the variance the theorem defines.
CORRECTED = PROOF.replace(r"{2\sigma}", r"{2\sigma^2}")

MAPPING = {
    r"\Pr[\mathcal{A}(\mathbf{x}) = n \mid \mathbf{x} = (0^n)]": r"\frac{1}{\sqrt{2\pi\sigma^2}} e^{-n^2/(2\sigma^2)}",
    r"\Pr[\mathcal{A}(\mathbf{x}) = n \mid \mathbf{x} = (1, 0^{n-1})]": r"\frac{1}{\sqrt{2\pi\sigma^2}} e^{-(n - 1)^2/(2\sigma^2)}",
}
WHERE = {"sigma": "(0, oo)", "n": "[1, oo)"}


@theorem(
    source=f"{SOURCE}, Theorem A.2 and its proof, ratio display (KS-ThmA.2)",
    expect="refuted",
    refutation="notational",
    role="proof",
    id="derivations.ks_theorem_a2_ratio",
    reading="The ratio display as written (exponents over 2 sigma): the Gaussian densities of "
    "sum_i x_i + N(0, sigma^2) at the output n, for 0^n and (1, 0^{n-1}).",
    timeout=20,
    note="The exponents are written over 2 sigma, not 2 sigma^2 (the variance).",
    quote=(
        "(eps, delta)-DP does not imply reality-oblivious (eps', delta')-semantic privacy "
        "(KS-DefA.1) for any reasonable eps', delta'. Witness: take the belief b uniform on {0^n,"
        " (1, 0^{n-1})}, the real database 1^n and A(x) = sum_i x_i + N(0, sigma^2) with sigma^2 "
        "= log(1/delta)/eps^2. With probability tending to 1 as n grows, over t <- A(1^n), "
        "bbar_1[.|t] stays uniform while bbar_0[.|t] puts almost all its mass on (1, 0^{n-1}), so"
        " SD(bbar_0[.|t], bbar_1[.|t]) tends to 1/2."
    ),
)
def ks_theorem_a2_ratio_steps():
    """Pr[A(0^n) = n] / Pr[A(1 0^{n-1}) = n] = exp((-2n + 1)/(2 sigma)), as written."""
    return derivation(PROOF, MAPPING, where=WHERE)


@theorem(
    source=f"{SOURCE}, Theorem A.2 and its proof, ratio display (KS-ThmA.2), over 2 sigma^2",
    expect="proved",
    id="derivations.ks_theorem_a2_ratio_corrected",
    reading="The ratio display with the exponents over 2 sigma^2 (the variance).",
    corrects="derivations.ks_theorem_a2_ratio",
    timeout=20,
    quote=(
        "(eps, delta)-DP does not imply reality-oblivious (eps', delta')-semantic privacy "
        "(KS-DefA.1) for any reasonable eps', delta'. Witness: take the belief b uniform on {0^n,"
        " (1, 0^{n-1})}, the real database 1^n and A(x) = sum_i x_i + N(0, sigma^2) with sigma^2 "
        "= log(1/delta)/eps^2. With probability tending to 1 as n grows, over t <- A(1^n), "
        "bbar_1[.|t] stays uniform while bbar_0[.|t] puts almost all its mass on (1, 0^{n-1}), so"
        " SD(bbar_0[.|t], bbar_1[.|t]) tends to 1/2."
    ),
)
def ks_theorem_a2_ratio_steps_corrected():
    """Pr[A(0^n) = n] / Pr[A(1 0^{n-1}) = n] = exp((-2n + 1)/(2 sigma^2))."""
    return derivation(CORRECTED, MAPPING, where=WHERE)
