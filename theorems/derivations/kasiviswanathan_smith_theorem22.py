# ruff: noqa: E501 (the seed's LaTeX is pasted verbatim)
"""Kasiviswanathan & Smith, Theorem 2.2 second part (KS-Thm2.2(ii), seed 004): the Bayes chain.

The belief b is uniform on two neighbours x, y; write a = Pr[A(x) = t] > 0 and b = Pr[A(y) = t] > 0.
By Bayes' rule the posterior puts a / (a + b) on x and b / (a + b) on y, which is how the mapping
reads Pr[b_0[x|t] = x] and Pr[b_0[y|t] = x]. (eps-bar / 2)-semantic privacy makes the posterior
1/2 +- eps-bar / 2, the assumption |a / (a + b) - 1/2| <= eps-bar / 2, with eps-bar = e^eps - 1.

Finding: the last step, (1/2)(1 + eps-bar) / ((1/2)(1 - eps-bar)) <= e^{2 eps}, is false for every
eps > 0: with eps-bar = e^eps - 1 it reads e^eps / (2 - e^eps) <= e^{2 eps}, i.e.
(e^eps - 1)^2 <= 0. (For eps >= ln 2 the middle step fails too: 1 - eps-bar <= 0.)
The corrected chain keeps the Bayes steps and ends with the bound the posterior gives,
(1 + eps-bar) / (1 - eps-bar), proved for 0 < eps < 69/100 (it is finite for eps < ln 2).
The two sentences before the display ("b_i[.|t] will be uniform", "b_0[.|t] will assign
1/2 +- eps-bar/2") are checked as steps of their own, both proved.
"""

from dpproofs.steps import derivation
from dpproofs.theorem import theorem

SOURCE = "004_b0aca88671cf8a62.txt"

PROOF = r"""\frac{\Pr[\mathcal{A}(\mathbf{x}) = t]}{\Pr[\mathcal{A}(\mathbf{y}) = t]} = \frac{\Pr[\bar{b}_0[\mathbf{x}|t] = \mathbf{x}]}{\Pr[\bar{b}_0[\mathbf{y}|t] = \mathbf{x}]} \le \frac{\frac{1}{2}(1 + \bar{\epsilon})}{\frac{1}{2}(1 - \bar{\epsilon})} \le e^{2\epsilon}."""

#: Without the last (false) link: the ratio is at most (1 + eps-bar) / (1 - eps-bar).
CORRECTED = PROOF.replace(r" \le e^{2\epsilon}.", ".")

MAPPING = {
    r"\Pr[\mathcal{A}(\mathbf{x}) = t]": "a",
    r"\Pr[\mathcal{A}(\mathbf{y}) = t]": "b",
    r"\Pr[\bar{b}_0[\mathbf{x}|t] = \mathbf{x}]": r"\frac{a}{a + b}",
    r"\Pr[\bar{b}_0[\mathbf{y}|t] = \mathbf{x}]": r"\frac{b}{a + b}",
    r"\bar{\epsilon}": r"(e^{\epsilon} - 1)",
}
ASSUME = [r"\left|\frac{a}{a + b} - \frac{1}{2}\right| \le \frac{\bar{\epsilon}}{2}"]
WHERE = {"a": "(0, oo)", "b": "(0, oo)", "epsilon": "(0, oo)"}


@theorem(
    source=f"{SOURCE}, Theorem 2.2, proof in sec 4, Bayes display (KS-Thm2.2(ii))",
    expect="refuted",
    refutation="substantive",
    role="proof",
    id="derivations.ks_theorem22_bayes",
    reading="The Bayes display as written on two databases x, y at Hamming distance 1, belief "
    "uniform, with b_0[x|t] in 1/2 +- eps-bar/2.",
    timeout=30,
    note="The last link (1 + eps-bar)/(1 - eps-bar) <= e^{2 eps} is false for every eps > 0.",
    quote=("If A is (eps-bar/2)-semantically private with eps-bar = e^eps - 1, then A is 2eps-DP."),
)
def ks_theorem22_bayes_steps():
    """Pr[A(x) = t] / Pr[A(y) = t] <= e^{2 eps} under (eps-bar/2)-semantic privacy, as written."""
    return derivation(PROOF, MAPPING, assume=ASSUME, where=WHERE)


@theorem(
    source=f"{SOURCE}, Theorem 2.2, proof in sec 4, Bayes display (KS-Thm2.2(ii)), last link removed",
    expect="proved",
    id="derivations.ks_theorem22_bayes_corrected",
    reading="The chain without its last link, for 0 < eps < 0.69 (so eps-bar < 1 and 1 - eps-"
    "bar > 0).",
    corrects="derivations.ks_theorem22_bayes",
    timeout=30,
    quote=("If A is (eps-bar/2)-semantically private with eps-bar = e^eps - 1, then A is 2eps-DP."),
)
def ks_theorem22_bayes_steps_corrected():
    """For 0 < eps < 0.69: Pr[A(x) = t] / Pr[A(y) = t] <= (1 + eps-bar) / (1 - eps-bar)."""
    return derivation(CORRECTED, MAPPING, assume=ASSUME, where={**WHERE, "epsilon": "(0, 69/100)"})


# The two sentences before the display. In Game i both databases lose their i-th entry, so A
# outputs t with one probability c on both: b_i[x|t] = (c/2) / (c/2 + c/2). (eps-bar/2)-semantic
# privacy bounds SD(b_0[.|t], b_i[.|t]) = |b_0[x|t] - b_i[x|t]| by eps-bar / 2.
UNIFORM = r"\bar{b}_i[\mathbf{x}|t] = \frac{1}{2}"
PLUS_MINUS = r"|\bar{b}_0[\mathbf{x}|t] - \frac{1}{2}| \le \frac{\bar{\epsilon}}{2}"
POSTERIORS_MAPPING = {
    r"\bar{b}_i[\mathbf{x}|t]": r"\frac{c/2}{c/2 + c/2}",
    r"\bar{b}_0[\mathbf{x}|t]": r"\frac{a}{a + b}",
    r"\bar{\epsilon}": r"(e^{\epsilon} - 1)",
}


@theorem(
    source=f"{SOURCE}, Theorem 2.2, proof in sec 4, 'b_i[.|t] will be uniform over x and y' (KS-Thm2.2(ii))",
    expect="proved",
    role="proof",
    id="derivations.ks_theorem22_uniform",
    reading="In Game i both databases give the same transcript distribution, so Bayes' rule "
    "returns the uniform belief.",
    timeout=20,
    quote=("If A is (eps-bar/2)-semantically private with eps-bar = e^eps - 1, then A is 2eps-DP."),
)
def ks_theorem22_uniform_step():
    """b_i[x|t] = 1/2 (both databases induce the same transcripts in Game i)."""
    return derivation(UNIFORM, POSTERIORS_MAPPING, where={"c": "(0, 1]"})


@theorem(
    source=f"{SOURCE}, Theorem 2.2, proof in sec 4, 'b_0[.|t] will assign 1/2 +- eps-bar/2' (KS-Thm2.2(ii))",
    expect="proved",
    role="proof",
    id="derivations.ks_theorem22_plus_minus",
    reading="The SD of two distributions on {x, y} is |b_0[x|t] - b_i[x|t]|; b_i[.|t] uniform.",
    timeout=20,
    quote=("If A is (eps-bar/2)-semantically private with eps-bar = e^eps - 1, then A is 2eps-DP."),
)
def ks_theorem22_plus_minus_step():
    """|b_0[x|t] - 1/2| <= eps-bar / 2 from SD(b_0[.|t], b_i[.|t]) <= eps-bar / 2."""
    return derivation(
        PLUS_MINUS, POSTERIORS_MAPPING,
        assume=[r"|\bar{b}_0[\mathbf{x}|t] - \bar{b}_i[\mathbf{x}|t]| \le \frac{\bar{\epsilon}}{2}"],
        where={"a": "(0, oo)", "b": "(0, oo)", "c": "(0, 1]", "epsilon": "(0, oo)"},
    )  # fmt: skip
