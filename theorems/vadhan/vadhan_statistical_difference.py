"""S. Vadhan, Notes on the Definition of Differential Privacy (seed 000_ab6863cc5677b341.txt),
section 1.1: statistical difference is a bad choice for the distance in the definition of DP.

Case 2: "a mechanism which releases a random row from the database with probability 1/10 ...
satisfies the statistical difference constraint, but intuitively shouldn't be allowed" (and the
alternative that releases the first row with probability 1/(10n)). The constraint is
SD(M(x), M(x')) <= eps for neighbours x, x' in the regime eps >= 1/(10n). We prove, for every
n >= 1 and every X with |X| >= 2 (the row-release rule, docs/design/row-release.md), that the
statistical difference is at most 1/(10n) while the max-divergence (Vadhan section 2) is
infinite: the multiplicative definition rules both mechanisms out.
"""

import sympy

from dpproofs import all_of, theorem
from dpproofs.finite import rowrelease

#: The number of rows, for every n >= 1 (the row-release rule, docs/design/row-release.md).
n = sympy.Symbol("n", positive=True)


def _small_sd_infinite_divergence(release: rowrelease.RowRelease):
    return all_of(
        rowrelease.total_variation_at_most(release, 1 / (10 * n)),
        rowrelease.max_divergence_is_infinite(release),
    )


@theorem(
    id="vadhan.section1_1.random_row",
    reading="Every X with |X| >= 2 and every n >= 1, Hamming neighbours; with probability 1/10 "
    "the output (i, x_i) with i uniform, else 'nothing'; SD <= 1/(10n) and D_inf = +oo by the "
    "row-release rule (docs/design/row-release.md).",
    source="000_ab6863cc5677b341.txt, V-sd-random-row, V-case2-not-dp, section 1.1, Case 2",
    expect="proved",
    quote=(
        "V-sd-random-row: Let M(x) = (i, x_i) with i uniform in [n] with probability 1/10, and a "
        'fixed symbol "nothing" with probability 9/10. Then SD(M(x), M(x\')) <= 1/(10n) for all '
        "x, x' in X^n differing in one row, so M meets the constraint SD <= eps whenever eps >= "
        "1/(10n). V-case2-not-dp: Neither Case 2 mechanism (V-sd-random-row, V-sd-first-row; "
        "abs(X) >= 2) satisfies Pr[M(x) in T] <= e^eps Pr[M(x') in T] for all neighbours x, x' "
        "and all T, for any finite eps."
    ),
)
def random_row_release_passes_sd_but_not_max_divergence():
    """Releasing a random row w.p. 1/10 has statistical difference <= 1/(10n) between neighbours
    but infinite max-divergence."""
    # (i, x_i) with probability (1/10) (1/n) for each row i, 'nothing' with 9/10.
    release = rowrelease.row_release(n, 1 / (10 * n), "every", "random row release")
    return _small_sd_infinite_divergence(release)


@theorem(
    id="vadhan.section1_1.first_row",
    reading="Every X with |X| >= 2 and every n >= 1, Hamming neighbours; 'nothing' is a "
    "separate output; SD <= 1/(10n) and D_inf = +oo by the row-release rule "
    "(docs/design/row-release.md; V-case2-not-dp for this mechanism).",
    source="000_ab6863cc5677b341.txt, V-sd-first-row, V-case2-not-dp, "
    "section 1.1, Case 2 (alternative)",
    expect="proved",
    quote=(
        'V-sd-first-row: Let M(x) = x_1 with probability 1/(10n), and "nothing" otherwise. Then'
        " SD(M(x), M(x')) <= 1/(10n) for all x, x' in X^n differing in one row, so M meets the "
        "constraint SD <= eps whenever eps >= 1/(10n). V-case2-not-dp: Neither Case 2 mechanism "
        "(V-sd-random-row, V-sd-first-row; abs(X) >= 2) satisfies Pr[M(x) in T] <= e^eps Pr[M(x')"
        " in T] for all neighbours x, x' and all T, for any finite eps."
    ),
)
def first_row_release_passes_sd_but_not_max_divergence():
    """Releasing the first row w.p. 1/(10n) has statistical difference <= 1/(10n) between
    neighbours but infinite max-divergence."""
    # x_1 with probability 1/(10n), 'nothing' otherwise.
    release = rowrelease.row_release(n, 1 / (10 * n), "first", "first row release")
    return _small_sd_infinite_divergence(release)
