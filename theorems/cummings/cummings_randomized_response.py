"""R. Cummings, Lecture 1: Introduction to Differential Privacy (seed 003_87c8c5658751411a.txt).

Randomized response (Definition 7): on data in {+, -}, flip a fair coin; on tails answer
truthfully, on heads flip again and answer Yes on heads, No on tails. So

    Pr[Yes | +] = 1/2 + 1/4 = 3/4        Pr[No | +] = 1/4
    Pr[Yes | -] = 1/4                    Pr[No | -] = 1/2 + 1/4 = 3/4
"""

import sympy
from _cummings_common import randomized_response

from dpproofs import pure_epsilon_is, theorem
from dpproofs.finite import symmetric


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


@theorem(
    id="cummings.k_ary_randomized_response",
    reading="Not a source statement (the k-ary generalisation of issue 2): any two of the k "
    "inputs are neighbours; eps is computed as the largest log-ratio (natural log) over"
    " ordered input pairs and outputs; every eps > 0, every k >= 2.",
    source="003_87c8c5658751411a.txt, Definition 7 and Proposition 8 (k-ary generalisation)",
    expect="proved",
    note="The generalisation to k values is the one stated in issue 2. Decided for every k >= 2 "
    "and every eps > 0 at once by the symmetric k-ary response rule (docs/design/"
    "symmetric-response.md): the pure eps of a matrix with a on the diagonal and b elsewhere "
    "is |ln(a/b)|.",
)
def k_ary_randomized_response_is_exactly_eps_dp():
    """k-ary randomized response with keep probability e^eps/(e^eps + k - 1) is exactly eps-DP."""
    k = sympy.Symbol("k", positive=True)
    eps = sympy.Symbol("eps", positive=True)
    e = sympy.exp(eps)
    response = symmetric.symmetric_response(
        k, e / (e + k - 1), 1 / (e + k - 1), {eps: "(0, oo)"}, "k-ary randomized response"
    )
    return symmetric.pure_epsilon_is(response, eps)
