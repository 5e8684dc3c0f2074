"""The bounded-search piece accepts the sizes the lifting searched (every size up to N* when
growth is not justified, issue 26 class 2) and nothing above N*."""

from __future__ import annotations

from dpproofs.evidence import BoundedSearch, SizeResult
from dpproofs.recheck.certificates import bounded
from dpproofs.recheck.pieces import Outcome, Piece
from dpproofs.search import for_all_distributions
from dpproofs.vocabulary import statistical_difference


def _claim():  # type: ignore[no-untyped-def]
    return for_all_distributions([4]).claim(
        lambda alg, p, q: alg.le(statistical_difference(alg, p, q), 1)
    )


def _finding(  # type: ignore[no-untyped-def]
    sizes: list[int], n_star: int | None, status: str = "proved", coverage: str = "every finite"
):
    claim = _claim()
    name = claim.quantifier.size_name
    record = BoundedSearch(name, tuple(SizeResult(s, "z3", "unsat") for s in sizes))
    piece = Piece("t.py", "t.sd", status, (), record.as_dict(), coverage)
    return bounded(piece, claim, record, n_star, resolve=False)


def test_sizes_below_n_star_searched_by_the_lifting_are_accepted() -> None:
    # The claim searches 4 outcomes; a lifting with N* = 5 and no growth searched 1, 2, 3, 5.
    assert _finding([1, 2, 3, 4, 5], 5).outcome is not Outcome.FAILED


def test_a_size_above_n_star_or_without_a_lifting_fails() -> None:
    assert _finding([4, 6], 5).outcome is Outcome.FAILED
    assert _finding([2, 4], None).outcome is Outcome.FAILED


def test_a_bounded_verdict_may_list_the_sizes_a_stopped_lifting_searched_if_it_names_them() -> None:
    # cuffyu.lemma3_eq107: the claim searches 2 outputs; the lifting (N* = 5) searched 3 and
    # stopped at 5 (z3 unknown), so the verdict is bounded with "outputs in {2, 3}".
    said = "all pairs of distributions with outcomes in {3, 4} (small-model bound N* = 5, ...)"
    assert _finding([3, 4], None, "verified-bounded", said).outcome is not Outcome.FAILED
    unsaid = "all pairs of distributions with 4 outcomes"
    assert _finding([3, 4], None, "verified-bounded", unsaid).outcome is Outcome.FAILED
