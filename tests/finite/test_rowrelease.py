"""The row-release rule (docs/design/row-release.md) against the exact calculus of finite
mechanisms at n = 1..3, |D| = 2, 3, and its verdicts."""

import itertools

import pytest
import sympy

from dpproofs import FiniteMechanism, Hamming
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.finite import rowrelease
from dpproofs.finite.profile import pure_epsilon, total_variation
from dpproofs.recheck.rowrelease import agrees
from dpproofs.verdict import Status

n = sympy.Symbol("n", positive=True)
WEIGHTS = (1 / n, 1 / (10 * n), sympy.Rational(1, 3) / n, sympy.Integer(0))


def _finite(release: rowrelease.RowRelease, size: int, universe: int) -> FiniteMechanism:
    """The same mechanism written out as a matrix: the independent route."""
    xs = list(itertools.product(range(universe), repeat=size))
    outputs = ["nothing", *((i, v) for i in range(size) for v in range(universe))]
    weights = release.weights(size)

    def prob(x, y):
        if y == "nothing":
            return 1 - sum(weights)
        i, v = y
        return weights[i] if x[i] == v else sympy.Integer(0)

    rows = [[prob(x, y) for y in outputs] for x in xs]
    return FiniteMechanism.from_rows(rows, inputs=xs, outputs=outputs, neighbours=Hamming(size))


@pytest.mark.parametrize("weight", WEIGHTS)
@pytest.mark.parametrize("rows", ["every", "first"])
def test_the_rule_is_the_exact_supremum(weight, rows):
    release = rowrelease.row_release(n, weight, rows, "r")
    for size, universe in itertools.product((1, 2, 3), (2, 3)):
        mechanism = _finite(release, size, universe)
        c = weight.xreplace({n: size})
        assert total_variation(mechanism).exact == c
        assert pure_epsilon(mechanism).exact == (sympy.oo if c > 0 else 0)


def test_true_claims_are_proved_and_agree_with_brute_force():
    release = rowrelease.row_release(n, 1 / n, "every", "publish a random row")
    for claim in (
        rowrelease.total_variation_at_most(release, 1 / n),
        rowrelease.max_divergence_is_infinite(release),
    ):
        verdict = claim.decide(Deadline(60))
        assert verdict.status is Status.PROVED
        assert agrees(claim, "proved")[0]


def test_a_false_bound_is_not_proved_and_brute_force_says_so():
    # SD = 1/n > 1/(2n) at every n: the statement 1/n <= 1/(2n) is false.
    release = rowrelease.row_release(n, 1 / n, "every", "r")
    claim = rowrelease.total_variation_at_most(release, 1 / (2 * n))
    assert claim.decide(Deadline(60)).status is Status.UNKNOWN
    assert not agrees(claim, "proved")[0]


def test_a_weight_that_is_no_mechanism_is_not_proved():
    # 2/n on every row: total 2 > 1 at every n.
    release = rowrelease.row_release(n, 2 / n, "every", "r")
    verdict = rowrelease.max_divergence_is_infinite(release).decide(Deadline(60))
    assert verdict.status is Status.UNKNOWN
    assert verdict.reason.startswith("the well-formedness is refuted")


def test_a_weight_reading_another_symbol_is_refused():
    with pytest.raises(InvalidClaim, match="may read only n"):
        rowrelease.row_release(n, sympy.Symbol("m") / n, "every", "r")


def test_the_mutants_are_listed_and_the_false_ones_are_not_proved():
    from dpproofs.soundness.mutate import enumerate_mutants

    release = rowrelease.row_release(n, 1 / n, "every", "r")
    mutants = enumerate_mutants(rowrelease.total_variation_at_most(release, 1 / n), "t").mutants
    assert [m.id for m in mutants] == [
        "t/bound*9/10",
        "t/bound*1/2",
        "t/weight*2",
        "t/weight=0",
        "t/rows",
    ]
    statuses = [m.build().decide(Deadline(60)).status for m in mutants]
    # SD = 1/n: 1/n <= 9/(10n), <= 1/(2n) false; weight 2/n: total 2, not a mechanism; weight 0:
    # SD = 0 <= 1/n true; rows first: SD = 1/n <= 1/n true.
    assert statuses == [Status.UNKNOWN] * 3 + [Status.PROVED] * 2
