# ruff: noqa: E501 (the seed's LaTeX is pasted verbatim)
"""Kasiviswanathan & Smith, Claim 3.3 part 2 (KS-Claim3.3(2), seed 004): the display and the prose steps.

S = {a : Pr[X = a] > e^{2 eps} Pr[Y = a]}; summing the defining inequality over S gives
Pr[X in S] > e^{2 eps} Pr[Y in S] when Pr[Y in S] > 0 (the case the proof treats: with
Pr[Y in S] = 0 the strict middle link 0 > 0 fails, and the claim is trivial there). Mapping:
Pr[X in S] = p, Pr[Y in S] = q in (0, 1]. The consequence after "=>" is checked under the chain's
result p > e^eps (1 + eps) q.

The prose after it has four more steps, each checked under the facts of the proof (the sums over
S and S' of their defining inequalities, (eps, delta)-indistinguishability on S and S' both ways):
"eps e^eps Pr[Y in S] < delta" (proved), "eps e^eps Pr[Y in S'] < delta", "Pr[Y in S cup S'] <=
2 delta/(eps e^eps)" and the same "for any a drawn from either X or Y".

Findings: on S' = {a : Pr[X = a] < e^{-2 eps} Pr[Y = a]} the mirrored argument bounds Pr[X in S'],
not Pr[Y in S']; Pr[Y in S'] can reach delta e^eps/(e^eps - 1) (Y's mass on S' with X's just under
e^{-2 eps} of it), more than delta/(eps e^eps), so the union bound fails for Y and, through
Pr[X in S] <= delta e^eps/(e^eps - 1), for X. The tight bound these facts give for either is
Pr[S cup S'] < delta (1 + e^{2 eps}) / (e^eps (e^eps - 1)) (about 2 delta/eps for small eps,
1.80 delta at eps = 1 against the claimed 0.74 delta): proved.
"""

from dpproofs.steps import derivation
from dpproofs.theorem import theorem

SOURCE = "004_b0aca88671cf8a62.txt"

PROOF = r"""\Pr[X \in S] > e^{2\epsilon} \Pr[Y \in S] > e^{\epsilon} (1+\epsilon) \Pr[Y \in S] \Rightarrow \Pr[X \in S] - e^{\epsilon} \Pr[Y \in S] > \epsilon e^{\epsilon} \Pr[Y \in S]."""

MAPPING = {r"\Pr[X \in S]": "p", r"\Pr[Y \in S]": "q"}


@theorem(
    source=f"{SOURCE}, Claim 3.3 part 2, Proof of Part 2, first display (KS-Claim3.3(2))",
    expect="proved",
    role="proof",
    id="derivations.ks_claim33_part2",
    reading="The first display, with p = Pr[X in S], q = Pr[Y in S] > 0 and p > e^{2 eps} q "
    "(the definition of S); eps > 0.",
    timeout=20,
    quote=(
        "If X, Y are (eps, delta)-indistinguishable, then they are point-wise (2 eps, 2 "
        "delta/(eps e^eps))-indistinguishable."
    ),
)
def ks_claim33_part2_steps():
    """Pr[X in S] > e^{2eps} Pr[Y in S] > e^eps(1 + eps) Pr[Y in S] => the eps e^eps gap."""
    return derivation(
        PROOF,
        MAPPING,
        assume=[r"p > e^{2\epsilon} q"],
        where={"epsilon": "(0, oo)", "p": "[0, 1]", "q": "(0, 1]"},
        conclusion=r"\Pr[X \in S] - e^{\epsilon} \Pr[Y \in S] > \epsilon e^{\epsilon} \Pr[Y \in S]",
    )


# The in-text steps after the display. Model: p = Pr[X in S], q = Pr[Y in S], p' = Pr[X in S'],
# q' = Pr[Y in S'], with the defining inequalities of S and S' summed over them and
# (eps, delta)-indistinguishability on S and S' in both directions.
REST_MAPPING = {
    r"\Pr[X \in S]": "p",
    r"\Pr[Y \in S]": "q",
    r"\Pr[X \in S']": "p_1",
    r"\Pr[Y \in S']": "q_1",
    r"\Pr[Y \in S \cup S']": "(q + q_1)",
    r"\Pr[X \in S \cup S']": "(p + p_1)",
}
REST_ASSUME = [
    r"p > e^{2\epsilon} q",
    r"p_1 < e^{-2\epsilon} q_1",
    r"p - e^{\epsilon} q \le \delta",
    r"q - e^{\epsilon} p \le \delta",
    r"p_1 - e^{\epsilon} q_1 \le \delta",
    r"q_1 - e^{\epsilon} p_1 \le \delta",
    r"p + p_1 \le 1",
    r"q + q_1 \le 1",
]
REST_WHERE = {"p": "[0, 1]", "q": "[0, 1]", "p_1": "[0, 1]", "q_1": "[0, 1]"} | {
    "epsilon": "(0, oo)",
    "delta": "(0, 1]",
}
#: The tight bound on Pr[Y in S cup S'] (and Pr[X in S cup S']) the facts above give:
#: Pr[Y in S] < delta / (e^eps (e^eps - 1)) and Pr[Y in S'] < delta e^eps / (e^eps - 1).
TIGHT = r"\frac{\delta (1 + e^{2\epsilon})}{e^{\epsilon} (e^{\epsilon} - 1)}"


@theorem(
    source=f"{SOURCE}, Claim 3.3 part 2, Proof of Part 2, 'we must have eps e^eps Pr[Y in S] < delta' (KS-Claim3.3(2))",
    expect="proved",
    role="proof",
    id="derivations.ks_claim33_part2_s",
    reading="'eps e^eps Pr[Y in S] < delta' from the display and the hypothesis Pr[X in S] - "
    "e^eps Pr[Y in S] <= delta.",
    timeout=20,
    quote=(
        "If X, Y are (eps, delta)-indistinguishable, then they are point-wise (2 eps, 2 "
        "delta/(eps e^eps))-indistinguishable."
    ),
)
def ks_claim33_part2_s_step():
    """eps e^eps Pr[Y in S] < delta."""
    return derivation(
        r"\epsilon e^{\epsilon} \Pr[Y \in S] < \delta", REST_MAPPING, assume=REST_ASSUME,
        where=REST_WHERE,
    )  # fmt: skip


@theorem(
    source=f"{SOURCE}, Claim 3.3 part 2, Proof of Part 2, 'eps e^eps Pr[Y in S'] < delta' (KS-Claim3.3(2))",
    expect="refuted",
    refutation="substantive",
    role="proof",
    id="derivations.ks_claim33_part2_s_prime",
    reading="The step as written, 'eps e^eps Pr[Y in S'] < delta', with S' = {a : Pr[X = a] < "
    "e^{-2 eps} Pr[Y = a]} and the hypothesis in both directions.",
    timeout=20,
    note="The symmetric argument bounds Pr[X in S'], not Pr[Y in S'].",
    quote=(
        "If X, Y are (eps, delta)-indistinguishable, then they are point-wise (2 eps, 2 "
        "delta/(eps e^eps))-indistinguishable."
    ),
)
def ks_claim33_part2_s_prime_step():
    """eps e^eps Pr[Y in S'] < delta, as written."""
    return derivation(
        r"\epsilon e^{\epsilon} \Pr[Y \in S'] < \delta", REST_MAPPING, assume=REST_ASSUME,
        where=REST_WHERE,
    )  # fmt: skip


@theorem(
    source=f"{SOURCE}, Claim 3.3 part 2, Proof of Part 2, S' (KS-Claim3.3(2)), what the symmetric argument gives",
    expect="proved",
    id="derivations.ks_claim33_part2_s_prime_corrected",
    reading="The mirror image of the S argument: on S' it bounds Pr[X in S'].",
    corrects="derivations.ks_claim33_part2_s_prime",
    timeout=20,
    quote=(
        "If X, Y are (eps, delta)-indistinguishable, then they are point-wise (2 eps, 2 "
        "delta/(eps e^eps))-indistinguishable."
    ),
)
def ks_claim33_part2_s_prime_step_corrected():
    """eps e^eps Pr[X in S'] < delta (the mirror image of the S bound)."""
    return derivation(
        r"\epsilon e^{\epsilon} \Pr[X \in S'] < \delta", REST_MAPPING, assume=REST_ASSUME,
        where=REST_WHERE,
    )  # fmt: skip


def _union(side: str, bound: str) -> object:
    """Pr[side in S cup S'] <= bound under the facts of the proof."""
    return derivation(
        rf"\Pr[{side} \in S \cup S'] \le {bound}", REST_MAPPING, assume=REST_ASSUME,
        where=REST_WHERE,
    )  # fmt: skip


@theorem(
    source=f"{SOURCE}, Claim 3.3 part 2, Proof of Part 2, 'Pr[Y in S cup S'] <= 2 delta/(eps e^eps)' (KS-Claim3.3(2))",
    expect="refuted",
    refutation="substantive",
    role="proof",
    id="derivations.ks_claim33_part2_union",
    reading="The step as written: Pr[Y in S cup S'] <= 2 delta/(eps e^eps), S and S' as in the "
    "proof, the hypothesis in both directions.",
    timeout=20,
    note="Pr[Y in S'] can reach delta e^eps/(e^eps - 1), above delta/(eps e^eps).",
    quote=(
        "If X, Y are (eps, delta)-indistinguishable, then they are point-wise (2 eps, 2 "
        "delta/(eps e^eps))-indistinguishable."
    ),
)
def ks_claim33_part2_union_step():
    """Pr[Y in S cup S'] <= 2 delta / (eps e^eps), as written."""
    return _union("Y", r"\frac{2\delta}{\epsilon e^{\epsilon}}")


@theorem(
    source=f"{SOURCE}, Claim 3.3 part 2, Proof of Part 2, the union bound (KS-Claim3.3(2)), tight constant",
    expect="proved",
    id="derivations.ks_claim33_part2_union_corrected",
    reading="Pr[Y in S cup S'] with the tight constant delta (1 + e^{2 eps})/(e^eps (e^eps - "
    "1)) in place of 2 delta/(eps e^eps).",
    corrects="derivations.ks_claim33_part2_union",
    timeout=20,
    quote=(
        "If X, Y are (eps, delta)-indistinguishable, then they are point-wise (2 eps, 2 "
        "delta/(eps e^eps))-indistinguishable."
    ),
)
def ks_claim33_part2_union_step_corrected():
    """Pr[Y in S cup S'] <= delta (1 + e^{2eps}) / (e^eps (e^eps - 1))."""
    return _union("Y", TIGHT)


@theorem(
    source=f"{SOURCE}, Claim 3.3 part 2, Proof of Part 2, 'for any a drawn from either X or Y' (KS-Claim3.3(2))",
    expect="refuted",
    refutation="substantive",
    role="proof",
    id="derivations.ks_claim33_part2_union_x",
    reading="The step as written for a drawn from X: Pr[X in S cup S'] <= 2 delta/(eps e^eps).",
    timeout=20,
    note="Pr[X in S] can reach delta e^eps/(e^eps - 1): the bound for Y does not carry over to X.",
    quote=(
        "If X, Y are (eps, delta)-indistinguishable, then they are point-wise (2 eps, 2 "
        "delta/(eps e^eps))-indistinguishable."
    ),
)
def ks_claim33_part2_union_x_step():
    """Pr[X in S cup S'] <= 2 delta / (eps e^eps), as written ('drawn from either X or Y')."""
    return _union("X", r"\frac{2\delta}{\epsilon e^{\epsilon}}")


@theorem(
    source=f"{SOURCE}, Claim 3.3 part 2, Proof of Part 2, a drawn from X (KS-Claim3.3(2)), tight constant",
    expect="proved",
    id="derivations.ks_claim33_part2_union_x_corrected",
    reading="Pr[X in S cup S'] with the tight constant delta (1 + e^{2 eps})/(e^eps (e^eps - 1)).",
    corrects="derivations.ks_claim33_part2_union_x",
    timeout=20,
    quote=(
        "If X, Y are (eps, delta)-indistinguishable, then they are point-wise (2 eps, 2 "
        "delta/(eps e^eps))-indistinguishable."
    ),
)
def ks_claim33_part2_union_x_step_corrected():
    """Pr[X in S cup S'] <= delta (1 + e^{2eps}) / (e^eps (e^eps - 1))."""
    return _union("X", TIGHT)
