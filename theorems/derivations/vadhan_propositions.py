# ruff: noqa: E501 (the seed's LaTeX is pasted verbatim)
"""Vadhan's Propositions 1 and 2 (V-Prop1, V-Prop2, seed 000): the Bayes displays, step by step.

Model (Proposition 2's proof): x and x' differ in row i; the prior on X_i is uniform on {x_i, x'_i};
a = Pr[M(x_i, x_{-i}) = y] > 0 and c = Pr[M(x'_i, x_{-i}) = y] > 0, so Pr[M(X_i, x_{-i}) = y] is
(a + c) / 2 and the posteriors are a / (a + c) on x_i and c / (a + c) on x'_i. gamma is then
(a - c) / (a + c) (from Pr[X_i = x_i | M = y] = (1 + gamma) / 2). The statistical difference of the
two Bernoulli distributions is |a / (a + c) - 1/2|; the hypothesis bounds it by epsilon.

Findings: (1) "gamma/2 = Delta(X_i, X_i | M = y)" holds only for gamma >= 0 (the distance is
|gamma| / 2; witness a < c). (2) In the Bayes chain the posterior ratio
(Pr[x'_i | y] / Pr[x'_i]) / (Pr[x_i | y] / Pr[x_i]) is (1 - gamma) / (1 + gamma), not
(1 + gamma) / (1 - gamma) as written (the two are swapped; the O(eps) bound survives since it is
symmetric). The last link "= e^{O(eps)}" is asymptotic notation: not checked.
Proposition 1's display "in e^{+-eps} Pr[X_i = x'_i]" is a membership, not checked; its Bayes
step is checked on the same model.
"""

from dpproofs.steps import derivation
from dpproofs.theorem import theorem

SOURCE = "000_ab6863cc5677b341.txt"

GAMMA = r"""\gamma/2 = \Delta(X_i, (X_i | M(X_i, x_{-i}) = y)) \leq \varepsilon."""

BAYES = r"""\begin{aligned} \frac{\Pr[M(x') = y]}{\Pr[M(x) = y]} &= \frac{\Pr[M(x'_i, x_{-i}) = y]}{\Pr[M(X_i, x_{-i}) = y]} \bigg/ \frac{\Pr[M(x_i, x_{-i}) = y]}{\Pr[M(X_i, x_{-i}) = y]} \\ &= \frac{\Pr[X_i = x'_i | M(X_i, x_{-i}) = y]}{\Pr[X_i = x'_i]} \bigg/ \frac{\Pr[X_i = x_i | M(X_i, x_{-i}) = y]}{\Pr[X_i = x_i]} \quad (\text{cf. (1)}) \\ &= \frac{1 + \gamma}{1 - \gamma} = e^{O(\varepsilon)}. \end{aligned}"""

#: The third link with the ratio the right way up, and without the asymptotic last link.
BAYES_CORRECTED = BAYES.replace(
    r"&= \frac{1 + \gamma}{1 - \gamma} = e^{O(\varepsilon)}.", r"&= \frac{1 - \gamma}{1 + \gamma}."
)

PROP1 = r"""\begin{aligned} \Pr[X_i = x'_i | M(X_i, x_{-i}) = y] &= \frac{\Pr[M(x'_i, x_{-i}) = y]}{\Pr[M(X_i, x_{-i}) = y]} \Pr[X_i = x'_i] \\ &\in e^{\pm\varepsilon} \Pr[X_i = x'_i] \quad (\text{by } \varepsilon\text{-differential privacy}). \end{aligned}"""

MAPPING = {
    r"\Pr[M(x') = y]": "c",
    r"\Pr[M(x) = y]": "a",
    r"\Pr[M(x'_i, x_{-i}) = y]": "c",
    r"\Pr[M(x_i, x_{-i}) = y]": "a",
    r"\Pr[M(X_i, x_{-i}) = y]": r"\frac{a + c}{2}",
    r"\Pr[X_i = x'_i | M(X_i, x_{-i}) = y]": r"\frac{c}{a + c}",
    r"\Pr[X_i = x_i | M(X_i, x_{-i}) = y]": r"\frac{a}{a + c}",
    r"\Pr[X_i = x'_i]": r"\frac{1}{2}",
    r"\Pr[X_i = x_i]": r"\frac{1}{2}",
    r"\Delta(X_i, (X_i | M(X_i, x_{-i}) = y))": r"\left|\frac{a}{a + c} - \frac{1}{2}\right|",
    r"\gamma": r"\frac{a - c}{a + c}",
}
WHERE = {"a": "(0, 1]", "c": "(0, 1]", "epsilon": "(0, oo)"}
HYPOTHESIS = [r"\left|\frac{a}{a + c} - \frac{1}{2}\right| \le \varepsilon"]


@theorem(
    source=f"{SOURCE}, Proposition 2 proof, the gamma/2 display (V-Prop2)",
    expect="refuted",
    refutation="notational",
    role="proof",
    id="derivations.vadhan_prop2_gamma",
    reading="The display as written: Bernoulli prior (1/2, 1/2), posterior ((1 + gamma)/2, (1 -"
    " gamma)/2), Delta the total variation; gamma of either sign.",
    timeout=20,
    note="gamma/2 is the statistical difference only when gamma >= 0 (it is |gamma|/2).",
    quote=(
        "Let M: X^n -> Y be randomized. If Delta(X_i, (X_i | M(X_i, x_{-i}) = y)) <= eps (Delta ="
        " statistical difference) for every x in X^n, i in [n], distribution X_i on X and y in Y,"
        " then M is O(eps)-DP."
    ),
)
def vadhan_prop2_gamma_steps():
    """gamma/2 = Delta(X_i, X_i | M = y) <= eps, as written."""
    return derivation(GAMMA, MAPPING, assume=HYPOTHESIS, where=WHERE)


@theorem(
    source=f"{SOURCE}, Proposition 2 proof, the gamma/2 display (V-Prop2), for a >= c",
    expect="proved",
    id="derivations.vadhan_prop2_gamma_corrected",
    reading="gamma >= 0 (a >= c), the case the proof means: then gamma/2 is the statistical "
    "difference.",
    corrects="derivations.vadhan_prop2_gamma",
    timeout=20,
    quote=(
        "Let M: X^n -> Y be randomized. If Delta(X_i, (X_i | M(X_i, x_{-i}) = y)) <= eps (Delta ="
        " statistical difference) for every x in X^n, i in [n], distribution X_i on X and y in Y,"
        " then M is O(eps)-DP."
    ),
)
def vadhan_prop2_gamma_steps_corrected():
    """With gamma >= 0 (a >= c, the case the proof means): gamma/2 = Delta(...) <= eps."""
    return derivation(GAMMA, MAPPING, assume=[*HYPOTHESIS, r"a \ge c"], where=WHERE)


@theorem(
    source=f"{SOURCE}, Proposition 2 proof, the Bayes chain (V-Prop2)",
    expect="refuted",
    refutation="notational",
    role="proof",
    id="derivations.vadhan_prop2_bayes",
    reading="The Bayes chain as written, likelihoods of x_i and x'_i at y, uniform prior on "
    "{x_i, x'_i}, gamma as defined in the proof.",
    timeout=20,
    note="Link 3 swaps (1 + gamma)/(1 - gamma) for (1 - gamma)/(1 + gamma); link 4 is O(eps).",
    quote=(
        "Let M: X^n -> Y be randomized. If Delta(X_i, (X_i | M(X_i, x_{-i}) = y)) <= eps (Delta ="
        " statistical difference) for every x in X^n, i in [n], distribution X_i on X and y in Y,"
        " then M is O(eps)-DP."
    ),
)
def vadhan_prop2_bayes_steps():
    """Pr[M(x') = y] / Pr[M(x) = y] = (1 + gamma)/(1 - gamma) = e^{O(eps)}, as written."""
    return derivation(BAYES, MAPPING, assume=HYPOTHESIS, where=WHERE)


@theorem(
    source=f"{SOURCE}, Proposition 2 proof, the Bayes chain (V-Prop2), ratio the right way up",
    expect="proved",
    id="derivations.vadhan_prop2_bayes_corrected",
    reading="The Bayes chain with the ratio (1 - gamma)/(1 + gamma) the right way up; the "
    "mapping of the chain as written.",
    corrects="derivations.vadhan_prop2_bayes",
    timeout=20,
    quote=(
        "Let M: X^n -> Y be randomized. If Delta(X_i, (X_i | M(X_i, x_{-i}) = y)) <= eps (Delta ="
        " statistical difference) for every x in X^n, i in [n], distribution X_i on X and y in Y,"
        " then M is O(eps)-DP."
    ),
)
def vadhan_prop2_bayes_steps_corrected():
    """Pr[M(x') = y] / Pr[M(x) = y] = (1 - gamma)/(1 + gamma), every link proved."""
    return derivation(BAYES_CORRECTED, MAPPING, assume=HYPOTHESIS, where=WHERE)


@theorem(
    source=f"{SOURCE}, Proposition 1 proof, eq. (1) (V-Prop1)",
    expect="unknown",
    role="proof",
    id="derivations.vadhan_prop1_bayes",
    reading="Eq. (1) as written: Bayes' rule for the posterior of X_i, then the membership in "
    "e^{+-eps} times the prior (not checked).",
    timeout=20,
    note="Link 1 (Bayes) is proved; link 2 is a membership in [e^-eps, e^eps] times the prior: "
    "not checked.",
    quote=(
        "If M is eps-DP then for every x in X^n, i in [n], distribution X_i on X (the prior on "
        "x_i) and output y of M(x) (Pr[M(x) = y] > 0): D_inf(X_i || (X_i | M(X_i, x_{-i}) = y)) "
        "<= eps and D_inf((X_i | M(X_i, x_{-i}) = y) || X_i) <= eps."
    ),
)
def vadhan_prop1_bayes_steps():
    """Pr[X_i = x'_i | M = y] = (Pr[M(x'_i, .) = y] / Pr[M(X_i, .) = y]) Pr[X_i = x'_i] in e^{+-eps} ..."""
    return derivation(PROP1, MAPPING, where=WHERE)
