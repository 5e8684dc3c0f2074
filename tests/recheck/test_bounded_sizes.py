"""The bounded-search piece accepts the sizes the lifting searched as its small-model record
lists them (every size up to N* when growth is not justified, issue 26 class 2; the record
says, G7), and nothing else."""

from __future__ import annotations

from dpproofs.evidence import BoundedSearch, ShapePart, SizeResult, SmallModel
from dpproofs.recheck.certificates import bounded
from dpproofs.recheck.pieces import Outcome, Piece
from dpproofs.search import for_all_distributions
from dpproofs.vocabulary import statistical_difference


def _claim():  # type: ignore[no-untyped-def]
    return for_all_distributions([4]).claim(
        lambda alg, p, q: alg.le(statistical_difference(alg, p, q), 1)
    )


def _model(n_star: int, searched: list[int] | None, growth: str = "none") -> SmallModel:
    part = ShapePart(sums=1, families=0, bound=n_star, rows=n_star - 1, growth=growth)
    searched_ = None if searched is None else tuple(searched)
    return SmallModel(n_star - 1, (part,), n_star, n_star, "outcomes", None, searched_)


def _finding(  # type: ignore[no-untyped-def]
    sizes: list[int],
    lifted: SmallModel | None,
    status: str = "proved",
    coverage: str = "every finite",
):
    claim = _claim()
    name = claim.quantifier.size_name
    record = BoundedSearch(name, tuple(SizeResult(s, "z3", "unsat") for s in sizes))
    piece = Piece("t.py", "t.sd", status, (), record.as_dict(), coverage)
    return bounded(piece, claim, record, lifted, resolve=False)


def test_sizes_below_n_star_searched_by_the_lifting_are_accepted() -> None:
    # The claim searches 4 outcomes; a lifting with N* = 5 and no growth searched 1, 2, 3, 5.
    sizes = [1, 2, 3, 4, 5]
    assert _finding(sizes, _model(5, sizes)).outcome is not Outcome.FAILED


def test_a_size_the_record_did_not_search_or_without_a_lifting_fails() -> None:
    assert _finding([4, 6], _model(5, [4, 5])).outcome is Outcome.FAILED
    assert _finding([2, 4], None).outcome is Outcome.FAILED
    # Below N* but not what the lifting says it searched: accepted before G7 ("any extra size
    # <= N*"), failed now.
    assert _finding([3, 4, 5], _model(5, [4, 5], "split")).outcome is Outcome.FAILED
    assert _finding([4, 5], _model(5, [4, 5], "split")).outcome is not Outcome.FAILED


def test_a_record_that_does_not_say_what_it_searched_leaves_extra_sizes_not_replayed() -> None:
    finding = _finding([4, 5], _model(5, None))
    assert finding.outcome is Outcome.NOT_REPLAYED
    assert "does not say which sizes" in finding.why


def test_a_bounded_verdict_may_list_the_sizes_a_stopped_lifting_searched_if_it_names_them() -> None:
    # cuffyu.lemma3_eq107 before issue 30: the claim searched 2 outputs; the lifting (N* = 5)
    # searched 3 and stopped at 5 (z3 unknown), so the verdict was bounded, "outputs in {2, 3}".
    said = "all pairs of distributions with outcomes in {3, 4} (small-model bound N* = 5, ...)"
    assert _finding([3, 4], None, "verified-bounded", said).outcome is not Outcome.FAILED
    unsaid = "all pairs of distributions with 4 outcomes"
    assert _finding([3, 4], None, "verified-bounded", unsaid).outcome is Outcome.FAILED


def test_a_lifting_may_leave_a_size_of_the_claim_undecided() -> None:
    # The claim's 4 outcomes were not decided (time ran out there) after a lifting with N* = 3
    # and growth by splitting was unsat at 3: the lifting covers 4 (failed before: "sizes [4]
    # of the claim are not listed as covered"). Without a record of what it searched, it fails.
    assert _finding([3], _model(3, [3], "split")).outcome is not Outcome.FAILED
    assert _finding([3], _model(3, None, "split")).outcome is Outcome.FAILED
    assert _finding([3], None, "verified-bounded", "outcomes in {3}").outcome is Outcome.FAILED
