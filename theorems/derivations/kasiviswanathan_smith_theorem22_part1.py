# ruff: noqa: E501 (the seed's LaTeX is pasted verbatim)
"""Kasiviswanathan & Smith, Theorem 2.2 first part (KS-Thm2.2(i), seed 004): the SD step.

The proof's display e^{-eps} b_i[x|t] <= b_0[x|t] <= e^{eps} b_i[x|t] (every point x) is taken as
the assumption; the next sentence, "Substituting delta = 0 in Claim 3.3 (part 6), implies that
SD(b_0[x|t], b_i[x|t]) = eps-bar", is checked on two databases: b_0 = (u, 1 - u),
b_i = (v, 1 - v), so SD = |u - v|, and eps-bar = e^eps - 1.

Finding: Claim 3.3 part 6 gives SD <= eps-bar, not "= eps-bar" (witness u = v: SD = 0); with
"<=" the step is proved.

The display before it, e^{-eps} b_i[x|t] <= b_0[x|t] <= e^{eps} b_i[x|t], is checked on a belief
on two databases. Finding: it is refuted (both sides): the posteriors' normalisers
sum_z b(z) Pr[A(z) = t] also change between the games, so eps-DP only gives
e^{-2 eps} b_i <= b_0 <= e^{2 eps} b_i (proved); with it Claim 3.3(6) gives SD <= e^{2 eps} - 1,
the constant of the paper's journal version.
"""

from dpproofs.steps import derivation
from dpproofs.theorem import theorem

SOURCE = "004_b0aca88671cf8a62.txt"

STEP = r"SD(\bar{b}_0[\mathbf{x}|t], \bar{b}_i[\mathbf{x}|t]) = \bar{\epsilon}"
MAPPING = {
    r"SD(\bar{b}_0[\mathbf{x}|t], \bar{b}_i[\mathbf{x}|t])": "|u - v|",
    r"\bar{\epsilon}": r"(e^{\epsilon} - 1)",
}
ASSUME = [
    r"e^{-\epsilon} v \le u \le e^{\epsilon} v",
    r"e^{-\epsilon} (1 - v) \le 1 - u \le e^{\epsilon} (1 - v)",
]
WHERE = {"u": "[0, 1]", "v": "[0, 1]", "epsilon": "(0, oo)"}


@theorem(
    source=f"{SOURCE}, Theorem 2.2, proof in sec 4, 'SD(...) = eps-bar' (KS-Thm2.2(i))",
    expect="refuted",
    refutation="notational",
    role="proof",
    id="derivations.ks_theorem22_sd",
    reading="The step as written ('SD = eps-bar') on two databases, u, v the two posteriors of "
    "one database within e^{+-eps} of each other.",
    timeout=20,
    note="Claim 3.3(6) bounds SD by eps-bar; the proof writes '='.",
    quote=(
        "If A is eps-DP (KS-Def1.1), then A is eps-bar-semantically private (KS-Def2.1) with "
        "eps-bar = e^eps - 1: for every belief b on D^n, every x, every transcript t and every i "
        "in [n], SD(bbar_0[.|t], bbar_i[.|t]) <= e^eps - 1."
    ),
)
def ks_theorem22_sd_step():
    """SD(b_0[.|t], b_i[.|t]) = eps-bar, as written."""
    return derivation(STEP, MAPPING, assume=ASSUME, where=WHERE)


@theorem(
    source=f"{SOURCE}, Theorem 2.2, proof in sec 4, 'SD(...) <= eps-bar' (KS-Thm2.2(i))",
    expect="proved",
    id="derivations.ks_theorem22_sd_corrected",
    reading="SD <= eps-bar in place of '=', on two databases (u, v the two posteriors of one "
    "database).",
    corrects="derivations.ks_theorem22_sd",
    timeout=20,
    quote=(
        "If A is eps-DP (KS-Def1.1), then A is eps-bar-semantically private (KS-Def2.1) with "
        "eps-bar = e^eps - 1: for every belief b on D^n, every x, every transcript t and every i "
        "in [n], SD(bbar_0[.|t], bbar_i[.|t]) <= e^eps - 1."
    ),
)
def ks_theorem22_sd_step_corrected():
    """SD(b_0[.|t], b_i[.|t]) <= eps-bar on two databases."""
    corrected = STEP.replace(r") = \bar", r") \le \bar")
    return derivation(corrected, MAPPING, assume=ASSUME, where=WHERE)


# The display before it, "e^{-eps} b_i[x|t] <= b_0[x|t] <= e^{eps} b_i[x|t]". Model: the belief b
# on two databases x, z with b(x) = w; A on x, z outputs t with probabilities a, c (Game 0), and in
# Game i (the i-th entry replaced) with probabilities a', c' (a_1, c_1 here); eps-DP bounds
# a / a_1 and c / c_1 by e^{+-eps}. The posteriors are b_0[x|t] = w a / (w a + (1 - w) c) and
# b_i[x|t] = w a_1 / (w a_1 + (1 - w) c_1): their normalisers differ too, so the ratio is only
# within e^{+-2 eps} (the journal version of the paper has eps-bar = e^{2 eps} - 1).
POSTERIOR = r"e^{-\epsilon}\bar{b}_i[\mathbf{x}|t] \le \bar{b}_0[\mathbf{x}|t] \le e^{\epsilon}\bar{b}_i[\mathbf{x}|t]"
POSTERIOR_MAPPING = {
    r"\bar{b}_0[\mathbf{x}|t]": r"\frac{w \cdot a}{w \cdot a + (1 - w) c}",
    r"\bar{b}_i[\mathbf{x}|t]": r"\frac{w \cdot a_1}{w \cdot a_1 + (1 - w) c_1}",
}
POSTERIOR_ASSUME = [
    r"e^{-\epsilon} a_1 \le a \le e^{\epsilon} a_1",
    r"e^{-\epsilon} c_1 \le c \le e^{\epsilon} c_1",
]
POSTERIOR_WHERE = {n: "(0, 1]" for n in ("a", "c", "a_1", "c_1")} | {
    "w": "(0, 1)",
    "epsilon": "(0, oo)",
}


@theorem(
    source=f"{SOURCE}, Theorem 2.2, proof in sec 4, the e^{{+-eps}} display (KS-Thm2.2(i))",
    expect="refuted",
    refutation="substantive",
    role="proof",
    id="derivations.ks_theorem22_posterior",
    reading="The display as written (e^{+-eps} between the two games' posteriors), on two "
    "databases with eps-DP likelihoods.",
    timeout=20,
    note="The posteriors' normalisers change with the game too: only e^{+-2 eps} follows.",
    quote=(
        "If A is eps-DP (KS-Def1.1), then A is eps-bar-semantically private (KS-Def2.1) with "
        "eps-bar = e^eps - 1: for every belief b on D^n, every x, every transcript t and every i "
        "in [n], SD(bbar_0[.|t], bbar_i[.|t]) <= e^eps - 1."
    ),
)
def ks_theorem22_posterior_steps():
    """e^{-eps} b_i[x|t] <= b_0[x|t] <= e^{eps} b_i[x|t], as written."""
    return derivation(POSTERIOR, POSTERIOR_MAPPING, assume=POSTERIOR_ASSUME, where=POSTERIOR_WHERE)


@theorem(
    source=f"{SOURCE}, Theorem 2.2, proof in sec 4, the display with e^{{+-2 eps}} (KS-Thm2.2(i))",
    expect="proved",
    id="derivations.ks_theorem22_posterior_corrected",
    reading="e^{+-2 eps} in place of e^{+-eps} (both posteriors' normalisers change with the "
    "game), on two databases.",
    corrects="derivations.ks_theorem22_posterior",
    timeout=20,
    quote=(
        "If A is eps-DP (KS-Def1.1), then A is eps-bar-semantically private (KS-Def2.1) with "
        "eps-bar = e^eps - 1: for every belief b on D^n, every x, every transcript t and every i "
        "in [n], SD(bbar_0[.|t], bbar_i[.|t]) <= e^eps - 1."
    ),
)
def ks_theorem22_posterior_steps_corrected():
    """e^{-2 eps} b_i[x|t] <= b_0[x|t] <= e^{2 eps} b_i[x|t] on two databases."""
    corrected = POSTERIOR.replace(r"e^{-\epsilon}", r"e^{-2\epsilon}").replace(
        r"e^{\epsilon}", r"e^{2\epsilon}"
    )
    return derivation(corrected, POSTERIOR_MAPPING, assume=POSTERIOR_ASSUME, where=POSTERIOR_WHERE)
