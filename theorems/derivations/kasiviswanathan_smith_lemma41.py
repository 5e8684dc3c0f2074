# ruff: noqa: E501 (the seed's LaTeX is pasted verbatim)
"""Kasiviswanathan & Smith, Lemma 4.1 (KS-Lemma4.1, seed 004): the T_1 chain, step by step.

Modelled on a single bad output: Bad'_1 = {a}, with p = Pr[A(X) = a] > 0, q = Pr[A'(Y) = a],
s = Pr[X in S_a : A(X) = a], r = Pr[Y in S_a : A'(Y) = a]; eps-hat = 3 eps and
delta-hat = 2 sqrt(delta) (the lemma's values). a in Bad_1 gives s > e^{eps-hat} r + delta-hat
(S_a the set of Bad_1's definition); a not in Bad_0 gives e^{-2 eps} q <= p <= e^{2 eps} q (the
intended definition: the seed's Bad_0 reads e^{-2 eps} Pr > Pr > e^{2 eps} Pr, an empty set).

Finding: the fourth link replaces Pr[A(X) = a] by e^{-2 eps} Pr[A'(Y) = a] with "=", but outside
Bad_0 only Pr[A(X) = a] >= e^{-2 eps} Pr[A'(Y) = a] holds; with ">=" every link is proved and the
chain still gives ">" (what the proof needs).

The rest of the proof is checked too: the first observation (A(X) and A'(Y) are
(eps, delta)-indistinguishable; D = {1, 2}), the in-text DP step on T_1, the Bad'_1 bound
"delta-hat Pr[A(X) in Bad'_1] <= delta => Pr[A(X) in Bad'_1] <= delta / delta-hat", and the final
union bound. Finding: the union bound's second link writes "=" where the upper bounds
2 delta/(eps e^eps) and delta/delta-hat are substituted (witness: all the Bad sets empty), and
names Bad_1 where Bad'_1 is meant; with Bad'_1 and "<=" every link is proved, giving
Pr[A(X) in Bad_1 cup Bad_2] <= 2 delta/(eps e^eps) + sqrt(delta) as the lemma states.
"""

from dpproofs.steps import derivation
from dpproofs.theorem import theorem

SOURCE = "004_b0aca88671cf8a62.txt"

PROOF = r"""\begin{aligned} \Pr[(X,\mathcal{A}(X)) \in T_1] &= \sum_{a \in Bad'_1} \Pr[X \in S_a : \mathcal{A}(X) = a] \Pr[\mathcal{A}(X) = a] \\ &> \sum_{a \in Bad'_1} (e^{\hat{\epsilon}} \Pr[Y \in S_a : \mathcal{A}'(Y) = a] + \hat{\delta}) \Pr[\mathcal{A}(X) = a] \\ &= \sum_{a \in Bad'_1} e^{\hat{\epsilon}} \Pr[Y \in S_a : \mathcal{A}'(Y) = a] \Pr[\mathcal{A}(X) = a] + \hat{\delta} \sum_{a \in Bad'_1} \Pr[\mathcal{A}(X) = a] \\ &= \sum_{a \in Bad'_1} e^{3\epsilon} \Pr[Y \in S_a : \mathcal{A}'(Y) = a] e^{-2\epsilon} \Pr[\mathcal{A}'(Y) = a] + \hat{\delta} \Pr[\mathcal{A}(X) \in Bad'_1] \\ &= e^{\epsilon} \Pr[(Y, \mathcal{A}'(Y)) \in T_1] + \hat{\delta} \Pr[\mathcal{A}(X) \in Bad'_1]. \end{aligned}"""

#: The fourth link as ">=" (p >= e^{-2 eps} q outside Bad_0).
CORRECTED = PROOF.replace(
    r"&= \sum_{a \in Bad'_1} e^{3\epsilon}", r"&\ge \sum_{a \in Bad'_1} e^{3\epsilon}"
)

MAPPING = {
    r"\Pr[(X,\mathcal{A}(X)) \in T_1]": "(s p)",
    r"\sum_{a \in Bad'_1} \Pr[X \in S_a : \mathcal{A}(X) = a] \Pr[\mathcal{A}(X) = a]": "(s p)",
    r"\sum_{a \in Bad'_1} (e^{\hat{\epsilon}} \Pr[Y \in S_a : \mathcal{A}'(Y) = a] + \hat{\delta}) \Pr[\mathcal{A}(X) = a]": r"((e^{\hat{\epsilon}} r + \hat{\delta}) p)",
    r"\sum_{a \in Bad'_1} e^{\hat{\epsilon}} \Pr[Y \in S_a : \mathcal{A}'(Y) = a] \Pr[\mathcal{A}(X) = a]": r"(e^{\hat{\epsilon}} r p)",
    r"\sum_{a \in Bad'_1} \Pr[\mathcal{A}(X) = a]": "p",
    r"\sum_{a \in Bad'_1} e^{3\epsilon} \Pr[Y \in S_a : \mathcal{A}'(Y) = a] e^{-2\epsilon} \Pr[\mathcal{A}'(Y) = a]": r"(e^{3\epsilon} r e^{-2\epsilon} q)",
    r"\Pr[\mathcal{A}(X) \in Bad'_1]": "p",
    r"\Pr[(Y, \mathcal{A}'(Y)) \in T_1]": "(r q)",
    r"\hat{\epsilon}": r"3\epsilon",
    r"\hat{\delta}": r"2\sqrt{\delta}",
}
ASSUME = [
    r"s > e^{\hat{\epsilon}} r + \hat{\delta}",
    r"e^{-2\epsilon} q \le p \le e^{2\epsilon} q",
]
WHERE = {"p": "(0, 1]", "q": "[0, 1]", "r": "[0, 1]", "s": "[0, 1]", "delta": "(0, 1)"} | {
    "epsilon": "(0, oo)"
}


@theorem(
    source=f"{SOURCE}, Lemma 4.1 proof, the T_1 display (KS-Lemma4.1)",
    expect="refuted",
    refutation="notational",
    role="proof",
    id="derivations.ks_lemma41_t1",
    reading="The T_1 display as written, modelled on Bad'_1 = {a}; Bad_0 as the points where "
    "the ratio leaves [e^{-2 eps}, e^{2 eps}].",
    timeout=20,
    note="Modelled on Bad'_1 = {a}. Link 4 writes '=' where only '>=' holds outside Bad_0.",
    quote=(
        "If (X, A(X)) and (Y, A'(Y)) on D x E are (eps, delta)-indistinguishable, then with "
        "probability at least 1 - delta'' over t <- A(X) (equivalently t <- A'(Y)), X|_{A(X)=t} "
        "and Y|_{A'(Y)=t} are (eps-hat, delta-hat)-indistinguishable. Here eps-hat = 3 eps, "
        "delta-hat = 2 sqrt(delta) and delta'' = sqrt(delta) + 2 delta/(eps e^eps) = "
        "O(sqrt(delta))."
    ),
)
def ks_lemma41_t1_steps():
    """Pr[(X, A(X)) in T_1] > e^eps Pr[(Y, A'(Y)) in T_1] + delta-hat Pr[A(X) in Bad'_1]."""
    return derivation(PROOF, MAPPING, assume=ASSUME, where=WHERE)


@theorem(
    source=f"{SOURCE}, Lemma 4.1 proof, the T_1 display (KS-Lemma4.1), link 4 as '>='",
    expect="proved",
    id="derivations.ks_lemma41_t1_corrected",
    reading="The T_1 display with link 4 as '>=' (outside Bad_0, Pr[A(X) = a] >= e^{-2 eps} "
    "Pr[A'(Y) = a]); modelled on Bad'_1 = {a}.",
    corrects="derivations.ks_lemma41_t1",
    timeout=20,
    quote=(
        "If (X, A(X)) and (Y, A'(Y)) on D x E are (eps, delta)-indistinguishable, then with "
        "probability at least 1 - delta'' over t <- A(X) (equivalently t <- A'(Y)), X|_{A(X)=t} "
        "and Y|_{A'(Y)=t} are (eps-hat, delta-hat)-indistinguishable. Here eps-hat = 3 eps, "
        "delta-hat = 2 sqrt(delta) and delta'' = sqrt(delta) + 2 delta/(eps e^eps) = "
        "O(sqrt(delta))."
    ),
)
def ks_lemma41_t1_steps_corrected():
    """The T_1 chain with link 4 as '>=': every link proved, the chain gives '>'."""
    return derivation(CORRECTED, MAPPING, assume=ASSUME, where=WHERE)


# The rest of the proof. The first observation, on D = {1, 2}: u_c = Pr[X = c, A(X) in P] and
# v_c = Pr[Y = c, A'(Y) in P]; (eps, delta)-indistinguishability on the set D x P.
OBSERVATION = r"""\Pr[\mathcal{A}(X) \in P] = \Pr[(X, \mathcal{A}(X)) \in D \times P] \le e^{\epsilon} \Pr[(Y, \mathcal{A}'(Y)) \in D \times P] + \delta
= e^{\epsilon} \Pr[\mathcal{A}'(Y) \in P] + \delta."""
OBSERVATION_MAPPING = {
    r"\Pr[(X, \mathcal{A}(X)) \in D \times P]": "(u_1 + u_2)",
    r"\Pr[(Y, \mathcal{A}'(Y)) \in D \times P]": "(v_1 + v_2)",
    r"\Pr[\mathcal{A}(X) \in P]": "(u_1 + u_2)",
    r"\Pr[\mathcal{A}'(Y) \in P]": "(v_1 + v_2)",
}
OBSERVATION_WHERE = {name: "[0, 1]" for name in ("u_1", "u_2", "v_1", "v_2", "delta")} | {
    "epsilon": "(0, oo)"
}

# After the T_1 display: x = Pr[(X, A(X)) in T_1], y = Pr[(Y, A'(Y)) in T_1], b_1 = Pr[A(X) in Bad'_1].
#: The in-text step before it; the seed writes (Y, A(X)) for (Y, A'(Y)) (read as the latter).
DP_ON_T1 = r"""\Pr[(X, \mathcal{A}(X)) \in T_1] \le e^{\epsilon} \Pr[(Y, \mathcal{A}(X)) \in T_1] + \delta"""
DP_ON_T1_MAPPING = {
    r"\Pr[(X, \mathcal{A}(X)) \in T_1]": "x",
    r"\Pr[(Y, \mathcal{A}(X)) \in T_1]": "y",
}
BAD1 = r"""\hat{\delta} \Pr[\mathcal{A}(X) \in Bad'_1] \le \delta \Rightarrow \Pr[\mathcal{A}(X) \in Bad'_1] \le \delta / \hat{\delta}."""
BAD1_MAPPING = {r"\Pr[\mathcal{A}(X) \in Bad'_1]": "b_1", r"\hat{\delta}": r"2\sqrt{\delta}"}
BAD1_ASSUME = [
    r"x > e^{\epsilon} y + 2\sqrt{\delta} b_1",  # the T_1 display (corrected form)
    r"x \le e^{\epsilon} y + \delta",  # (eps, delta)-DP on T_1
]
BAD1_WHERE = {
    "x": "[0, 1]",
    "y": "[0, 1]",
    "b_1": "[0, 1]",
    "delta": "(0, 1)",
    "epsilon": "(0, oo)",
}

# The final union bound: u = Pr[A(X) in Bad_1 cup Bad_2] <= b_0 + b_1 + b_2 (the union lies in
# Bad_0 cup Bad'_1 cup Bad'_2), c_1 = Pr[A(X) in Bad_1] >= b_1 (the seed writes Bad_1 here);
# b_0 <= 2 delta/(eps e^eps) (Claim 3.3 part 2), b_1, b_2 <= delta / delta-hat.
UNION = r"""\begin{aligned} \Pr[\mathcal{A}(X) \in Bad_1 \cup Bad_2] &\leq & \Pr[\mathcal{A}(X) \in Bad_0] + \Pr[\mathcal{A}(X) \in Bad_1] + \Pr[\mathcal{A}(X) \in Bad_2'] \\ &= & \frac{2\delta}{\epsilon e^{\epsilon}} + \frac{\delta}{\hat{\delta}} + \frac{\delta}{\hat{\delta}} = \frac{2\delta}{\epsilon e^{\epsilon}} + \sqrt{\delta}. \end{aligned}"""
#: Bad'_1 for Bad_1 and "<=" for the "=" that substitutes upper bounds.
UNION_CORRECTED = UNION.replace(r"\in Bad_1] + \Pr", r"\in Bad'_1] + \Pr").replace(
    r"&= & \frac{2\delta}", r"&\le & \frac{2\delta}"
)
UNION_MAPPING = {
    r"\Pr[\mathcal{A}(X) \in Bad_1 \cup Bad_2]": "u",
    r"\Pr[\mathcal{A}(X) \in Bad_0]": "b_0",
    r"\Pr[\mathcal{A}(X) \in Bad'_1]": "b_1",
    r"\Pr[\mathcal{A}(X) \in Bad_1]": "c_1",
    r"\Pr[\mathcal{A}(X) \in Bad_2']": "b_2",
    r"\hat{\delta}": r"2\sqrt{\delta}",
}
UNION_ASSUME = [
    r"u \le b_0 + b_1 + b_2",
    r"b_1 \le c_1",
    r"b_0 \le \frac{2\delta}{\epsilon e^{\epsilon}}",
    r"b_1 \le \frac{\delta}{2\sqrt{\delta}}",
    r"b_2 \le \frac{\delta}{2\sqrt{\delta}}",
]
UNION_WHERE = {n: "[0, 1]" for n in ("u", "b_0", "b_1", "b_2", "c_1")} | {
    "delta": "(0, 1)",
    "epsilon": "(0, oo)",
}


@theorem(
    source=f"{SOURCE}, Lemma 4.1 proof, the first observation (KS-Lemma4.1)",
    expect="proved",
    role="proof",
    id="derivations.ks_lemma41_observation",
    reading="The first observation as written (projections of the pairs onto E), modelled on D "
    "= {1, 2}.",
    timeout=20,
    note="Modelled on D = {1, 2}.",
    quote=(
        "If (X, A(X)) and (Y, A'(Y)) on D x E are (eps, delta)-indistinguishable, then with "
        "probability at least 1 - delta'' over t <- A(X) (equivalently t <- A'(Y)), X|_{A(X)=t} "
        "and Y|_{A'(Y)=t} are (eps-hat, delta-hat)-indistinguishable. Here eps-hat = 3 eps, "
        "delta-hat = 2 sqrt(delta) and delta'' = sqrt(delta) + 2 delta/(eps e^eps) = "
        "O(sqrt(delta))."
    ),
)
def ks_lemma41_observation_steps():
    """Pr[A(X) in P] = Pr[(X, A(X)) in D x P] <= e^eps Pr[(Y, A'(Y)) in D x P] + delta = ..."""
    return derivation(
        OBSERVATION, OBSERVATION_MAPPING,
        assume=[r"u_1 + u_2 \le e^{\epsilon} (v_1 + v_2) + \delta"], where=OBSERVATION_WHERE,
    )  # fmt: skip


@theorem(
    source=f"{SOURCE}, Lemma 4.1 proof, the Bad'_1 bound after the T_1 display (KS-Lemma4.1)",
    expect="proved",
    role="proof",
    id="derivations.ks_lemma41_bad1",
    reading="The step as written with delta-hat = 2 sqrt(delta): delta-hat Pr[A(X) in Bad'_1] "
    "<= delta gives Pr[A(X) in Bad'_1] <= delta/delta-hat.",
    timeout=20,
    quote=(
        "If (X, A(X)) and (Y, A'(Y)) on D x E are (eps, delta)-indistinguishable, then with "
        "probability at least 1 - delta'' over t <- A(X) (equivalently t <- A'(Y)), X|_{A(X)=t} "
        "and Y|_{A'(Y)=t} are (eps-hat, delta-hat)-indistinguishable. Here eps-hat = 3 eps, "
        "delta-hat = 2 sqrt(delta) and delta'' = sqrt(delta) + 2 delta/(eps e^eps) = "
        "O(sqrt(delta))."
    ),
)
def ks_lemma41_bad1_steps():
    """delta-hat Pr[A(X) in Bad'_1] <= delta => Pr[A(X) in Bad'_1] <= delta / delta-hat."""
    return derivation(BAD1, BAD1_MAPPING, assume=BAD1_ASSUME, where=BAD1_WHERE)


@theorem(
    source=f"{SOURCE}, Lemma 4.1 proof, 'By (eps, delta)-differential privacy, Pr[(X, A(X)) in T_1] <= ...' (KS-Lemma4.1)",
    expect="proved",
    role="proof",
    id="derivations.ks_lemma41_dp_on_t1",
    reading="(Y, A(X)) in the seed read as (Y, A'(Y)): the step is (eps, "
    "delta)-indistinguishability applied to the set T_1.",
    timeout=20,
    note="(Y, A(X)) in the seed read as (Y, A'(Y)); the step is (eps, delta)-DP on the set T_1.",
    quote=(
        "If (X, A(X)) and (Y, A'(Y)) on D x E are (eps, delta)-indistinguishable, then with "
        "probability at least 1 - delta'' over t <- A(X) (equivalently t <- A'(Y)), X|_{A(X)=t} "
        "and Y|_{A'(Y)=t} are (eps-hat, delta-hat)-indistinguishable. Here eps-hat = 3 eps, "
        "delta-hat = 2 sqrt(delta) and delta'' = sqrt(delta) + 2 delta/(eps e^eps) = "
        "O(sqrt(delta))."
    ),
)
def ks_lemma41_dp_on_t1_step():
    """Pr[(X, A(X)) in T_1] <= e^eps Pr[(Y, A'(Y)) in T_1] + delta."""
    return derivation(
        DP_ON_T1, DP_ON_T1_MAPPING, assume=[r"x \le e^{\epsilon} y + \delta"], where=BAD1_WHERE
    )


@theorem(
    source=f"{SOURCE}, Lemma 4.1 proof, the final union bound (KS-Lemma4.1)",
    expect="refuted",
    refutation="notational",
    role="proof",
    id="derivations.ks_lemma41_union",
    reading="The union-bound display as written, with the bounds of the earlier steps substituted.",
    timeout=20,
    note="The second link writes '=' where upper bounds are substituted (and Bad_1 for Bad'_1).",
    quote=(
        "If (X, A(X)) and (Y, A'(Y)) on D x E are (eps, delta)-indistinguishable, then with "
        "probability at least 1 - delta'' over t <- A(X) (equivalently t <- A'(Y)), X|_{A(X)=t} "
        "and Y|_{A'(Y)=t} are (eps-hat, delta-hat)-indistinguishable. Here eps-hat = 3 eps, "
        "delta-hat = 2 sqrt(delta) and delta'' = sqrt(delta) + 2 delta/(eps e^eps) = "
        "O(sqrt(delta))."
    ),
)
def ks_lemma41_union_steps():
    """Pr[A(X) in Bad_1 cup Bad_2] <= ... = 2 delta/(eps e^eps) + sqrt(delta), as written."""
    return derivation(UNION, UNION_MAPPING, assume=UNION_ASSUME, where=UNION_WHERE)


@theorem(
    source=f"{SOURCE}, Lemma 4.1 proof, the final union bound (KS-Lemma4.1), Bad'_1 and '<='",
    expect="proved",
    id="derivations.ks_lemma41_union_corrected",
    reading="The union bound with the substituted upper bounds written '<=' (and Bad'_1 where "
    "the proof means it).",
    corrects="derivations.ks_lemma41_union",
    timeout=20,
    quote=(
        "If (X, A(X)) and (Y, A'(Y)) on D x E are (eps, delta)-indistinguishable, then with "
        "probability at least 1 - delta'' over t <- A(X) (equivalently t <- A'(Y)), X|_{A(X)=t} "
        "and Y|_{A'(Y)=t} are (eps-hat, delta-hat)-indistinguishable. Here eps-hat = 3 eps, "
        "delta-hat = 2 sqrt(delta) and delta'' = sqrt(delta) + 2 delta/(eps e^eps) = "
        "O(sqrt(delta))."
    ),
)
def ks_lemma41_union_steps_corrected():
    """Pr[A(X) in Bad_1 cup Bad_2] <= 2 delta/(eps e^eps) + sqrt(delta), every link proved."""
    return derivation(UNION_CORRECTED, UNION_MAPPING, assume=UNION_ASSUME, where=UNION_WHERE)
