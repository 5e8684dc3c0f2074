"""R. Cummings, Lecture 1: Introduction to Differential Privacy (seed 003_87c8c5658751411a.txt).

Randomized response (Definition 7): on data in {+, -}, flip a fair coin; on tails answer
truthfully, on heads flip again and answer Yes on heads, No on tails. So

    Pr[Yes | +] = 1/2 + 1/4 = 3/4        Pr[No | +] = 1/4
    Pr[Yes | -] = 1/4                    Pr[No | -] = 1/2 + 1/4 = 3/4
"""

import sympy
from _cummings_common import randomized_response

from dpproofs import FiniteMechanism, for_each, pure_epsilon_is, theorem
from dpproofs.finite.parametric import parameter_symbols


@theorem(
    id="cummings.proposition8",
    reading="Truth in {+, -} as the two neighbouring databases of one participant, response in "
    "{Yes, No}; first coin tails: truthful, heads: a second fair coin; eps computed as "
    "the largest ratio over ordered pairs of truths and responses (natural log), which "
    "must equal ln 3.",
    source="003_87c8c5658751411a.txt, C-Prop8, C-RR-worst-case, Proposition 8",
    expect="proved",
    quote=(
        "C-Prop8: Randomized response with fair coins (Definition 7), as a mechanism from truth "
        "in {+, -} to response in {Yes, No}, is (ln 3, 0)-DP: Pr[r | t] <= 3 Pr[r | t'] for all "
        "truths t, t' and responses r. C-RR-worst-case: For randomized response with fair coins, "
        "the maximum of Pr[r | t]/Pr[r | t'] over ordered pairs of truths (t, t') and responses r"
        " is 3."
    ),
)
def randomized_response_is_ln3_dp():
    """Randomized response for binary data with a fair coin is (ln 3, 0)-DP, worst case included.

    The proof computes the ratios at (Yes | Y vs N) and (No | N vs Y) and remarks that one should
    also show this is the worst-case pair of databases and output. The pure epsilon below is the
    maximum over ALL ordered neighbour pairs and ALL outputs, so it covers that remark: it equals
    ln 3 exactly.
    """
    return pure_epsilon_is(randomized_response(), "log(3)")


def k_ary_randomized_response(k: int) -> FiniteMechanism:
    """For every eps > 0: keep the true value with probability e^eps / (e^eps + k - 1), else
    report each of the other k - 1 values with probability 1 / (e^eps + k - 1)."""
    ((eps, _),) = parameter_symbols({"eps": "(0, oo)"})
    e = sympy.exp(eps)
    keep, other = e / (e + k - 1), 1 / (e + k - 1)
    rows = [[keep if i == j else other for j in range(k)] for i in range(k)]
    return FiniteMechanism.from_rows(
        rows, name=f"{k}-ary randomized response", parameters={"eps": "(0, oo)"}
    )


@theorem(
    id="cummings.k_ary_randomized_response",
    reading="Not a source statement (the k-ary generalisation of issue 2): any two of the k "
    "inputs are neighbours; eps is computed as the largest log-ratio (natural log) over"
    " ordered input pairs and outputs; every eps > 0, k = 2..8.",
    source="003_87c8c5658751411a.txt, Definition 7 and Proposition 8 (k-ary generalisation)",
    expect="verified-bounded",
    note="The generalisation to k values is the one stated in issue 2. For each k the claim is "
    "decided for every eps > 0 at once (the calculus runs with eps symbolic); k ranges over 2..8.",
)
def k_ary_randomized_response_is_exactly_eps_dp():
    """k-ary randomized response with keep probability e^eps/(e^eps + k - 1) is exactly eps-DP."""
    return for_each(
        "k in 2..8, every eps > 0",
        [(k,) for k in range(2, 9)],
        lambda k: pure_epsilon_is(k_ary_randomized_response(k), "eps"),
        label=lambda k: f"k={k}",
    )
