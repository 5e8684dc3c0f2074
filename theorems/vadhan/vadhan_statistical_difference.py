"""S. Vadhan, Notes on the Definition of Differential Privacy (seed 000_ab6863cc5677b341.txt),
section 1.1: statistical difference is a bad choice for the distance in the definition of DP.

Case 2: "a mechanism which releases a random row from the database with probability 1/10 ...
satisfies the statistical difference constraint, but intuitively shouldn't be allowed" (and the
alternative that releases the first row with probability 1/(10n)). The constraint is
SD(M(x), M(x')) <= eps for neighbours x, x' in the regime eps >= 1/(10n). We check, on databases
in {0, 1}^n, that the statistical difference is at most 1/(10n) while the max-divergence
(Vadhan section 2) is infinite: the multiplicative definition rules both mechanisms out.
"""

import itertools

import sympy

from dpproofs import (
    FiniteMechanism,
    Hamming,
    all_of,
    for_each,
    pure_epsilon_is,
    theorem,
    total_variation_at_most,
)

ROWS = (0, 1)
NOTHING = "nothing"


def random_row_release(n: int) -> FiniteMechanism:
    """With probability 1/10 release (i, x_i) for a uniformly random row i; else release nothing."""
    databases = list(itertools.product(ROWS, repeat=n))
    outputs = [NOTHING] + [(i, v) for i in range(n) for v in ROWS]
    tenth = sympy.Rational(1, 10)

    def prob(x: tuple[int, ...], y: object) -> sympy.Expr:
        if y == NOTHING:
            return 1 - tenth
        i, v = y  # type: ignore[misc]
        return tenth / n if x[i] == v else sympy.Integer(0)

    return FiniteMechanism.from_rows(
        [[prob(x, y) for y in outputs] for x in databases],
        inputs=databases,
        outputs=outputs,
        neighbours=Hamming(n),
        name=f"random row release, n={n}",
    )


def first_row_release(n: int) -> FiniteMechanism:
    """With probability 1/(10n) release x_1; else release nothing."""
    databases = list(itertools.product(ROWS, repeat=n))
    p = sympy.Rational(1, 10 * n)
    rows = [[1 - p] + [p if x[0] == v else sympy.Integer(0) for v in ROWS] for x in databases]
    return FiniteMechanism.from_rows(
        rows,
        inputs=databases,
        outputs=[NOTHING, *ROWS],
        neighbours=Hamming(n),
        name=f"first row release, n={n}",
    )


def _small_sd_infinite_divergence(mechanism: FiniteMechanism, n: int):
    return all_of(
        total_variation_at_most(mechanism, sympy.Rational(1, 10 * n)),
        pure_epsilon_is(mechanism, sympy.oo),
    )


@theorem(
    id="vadhan.section1_1.random_row",
    reading="X = {0, 1}, n = 1..4, Hamming neighbours; with probability 1/10 the output (i, "
    "x_i) with i uniform, else 'nothing'; SD <= 1/(10n) and D_inf = +oo computed "
    "exactly.",
    source="000_ab6863cc5677b341.txt, V-sd-random-row, V-case2-not-dp, section 1.1, Case 2",
    expect="verified-bounded",
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
    return for_each(
        "databases in {0,1}^n for n in 1..4",
        [(n,) for n in range(1, 5)],
        lambda n: _small_sd_infinite_divergence(random_row_release(n), n),
        label=lambda n: f"n={n}",
    )


@theorem(
    id="vadhan.section1_1.first_row",
    reading="X = {0, 1}, n = 1..4, Hamming neighbours; 'nothing' is a separate output; SD <= "
    "1/(10n) and D_inf = +oo computed exactly (V-case2-not-dp for this mechanism).",
    source="000_ab6863cc5677b341.txt, V-sd-first-row, V-case2-not-dp, "
    "section 1.1, Case 2 (alternative)",
    expect="verified-bounded",
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
    return for_each(
        "databases in {0,1}^n for n in 1..4",
        [(n,) for n in range(1, 5)],
        lambda n: _small_sd_infinite_divergence(first_row_release(n), n),
        label=lambda n: f"n={n}",
    )
