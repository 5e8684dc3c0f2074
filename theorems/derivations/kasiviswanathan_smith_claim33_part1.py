"""Kasiviswanathan & Smith, Claim 3.3 part 1 (KS-Claim3.3(1), seed 004): point-wise to set-wise.

The proof's display Pr[X in S] <= Pr[X in S minus Bad] + Pr[X in Bad] is followed by two inline
links ("the first term is at most e^eps Pr[Y in S minus Bad] <= e^eps Pr[Y in S]") and the
conclusion "Pr[X in S] <= e^eps Pr[Y in S] + delta" (with Pr[X in Bad] <= delta "by definition");
the chain below strings these pieces together as the prose does. Model: a = Pr[X in S minus Bad],
b = Pr[X in S and Bad], beta = Pr[X in Bad] >= b, c = Pr[Y in S minus Bad], d = Pr[Y in S and Bad]
(so Pr[X in S] = a + b and Pr[Y in S] = c + d); outside Bad, Pr[X = x] <= e^eps Pr[Y = x], hence
a <= e^eps c; beta <= delta.
"""

from dpproofs.steps import derivation
from dpproofs.theorem import theorem

SOURCE = "004_b0aca88671cf8a62.txt"

PROOF = r"""\Pr[X \in S] \le \Pr[X \in S \setminus Bad] + \Pr[X \in Bad]
\le e^{\epsilon} \Pr[Y \in S \setminus Bad] + \Pr[X \in Bad]
\leq e^{\epsilon} \Pr[Y \in S] + \Pr[X \in Bad]
\leq e^{\epsilon} \Pr[Y \in S] + \delta"""

MAPPING = {
    r"\Pr[X \in S \setminus Bad]": "a",
    r"\Pr[Y \in S \setminus Bad]": "c",
    r"\Pr[X \in Bad]": r"\beta",
    r"\Pr[X \in S]": "(a + b)",
    r"\Pr[Y \in S]": "(c + d)",
}
ASSUME = [r"a \le e^{\epsilon} c", r"b \le \beta", r"\beta \le \delta"]
WHERE = {name: "[0, 1]" for name in ("a", "b", "c", "d", "beta", "delta")} | {"epsilon": "(0, oo)"}


@theorem(
    source=f"{SOURCE}, Claim 3.3 part 1, Proof of Part 1 (KS-Claim3.3(1))",
    expect="proved",
    role="proof",
    id="derivations.ks_claim33_part1",
    reading="The display and the two inline links strung together as the prose does, on the "
    "model a, b, beta, c, d of the module docstring; Pr[X in Bad] <= delta by "
    "definition.",
    timeout=20,
    note="The display and the inline links of the proof, strung together as the prose does.",
    quote=(
        "If X, Y are point-wise (eps, delta)-indistinguishable (KS-Def3.2), then they are (eps, "
        "delta)-indistinguishable (KS-Def3.1)."
    ),
)
def ks_claim33_part1_steps():
    """Pr[X in S] <= e^eps Pr[Y in S] + delta, step by step."""
    return derivation(
        PROOF,
        MAPPING,
        assume=ASSUME,
        where=WHERE,
        conclusion=r"\Pr[X \in S] \leq e^{\epsilon} \Pr[Y \in S] + \delta",
    )
