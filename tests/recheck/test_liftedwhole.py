"""The order rule of a conjunction's text (dpproofs.recheck.liftedwhole._matches) against the
writer (dpproofs.verdict.conjunction): its texts are the parts' joined by "; ", in order, each
once; a part not derived by recheck stands for any run of texts."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from dpproofs.recheck.liftedwhole import _matches
from dpproofs.verdict import Status, Verdict, conjunction

_TEXTS = st.sampled_from(["A", "B", "C; D", "E"])


def test_exact_texts_in_order() -> None:
    assert _matches("A; B", ["A", "B"])
    assert not _matches("B; A", ["A", "B"])  # the parts swapped
    assert _matches("A; B", ["A", "B", "A"])  # a repeated text stays at its first place
    assert not _matches("A; B; A", ["A", "B", "A"])
    assert not _matches("A", ["A", "B"])  # a part's text dropped
    assert not _matches("A; B; X", ["A", "B"])  # a text added


def test_an_underived_part_stands_for_any_run_of_texts() -> None:
    assert _matches("A; X; Y; B", ["A", None, "B"])
    assert _matches("A; B", ["A", None, "B"])  # a part with an empty reason: nothing
    assert not _matches("B; X; A", ["A", None, "B"])
    assert not _matches("AX; B", ["A", None, "B"])  # a derived text is a whole segment


@given(st.lists(_TEXTS, min_size=1, max_size=5), st.data())
def test_the_writer_s_text_matches(reasons: list[str], data: st.DataObject) -> None:
    """Whatever the parts' reasons, the proved conjunction's reason as the writer joins them
    matches the derived items; with any of them not derived (None), still."""
    whole = conjunction(Verdict(Status.PROVED, "m", reason=r) for r in reasons)
    assert _matches(whole.reason, list(reasons))
    hidden = data.draw(st.lists(st.booleans(), min_size=len(reasons), max_size=len(reasons)))
    assert _matches(whole.reason, [None if h else r for r, h in zip(reasons, hidden, strict=True)])


@given(st.lists(_TEXTS, min_size=2, max_size=5, unique=True))
def test_a_permuted_text_fails(reasons: list[str]) -> None:
    """The parts' texts distinct: the whole's written in another order does not match."""
    assert not _matches("; ".join(reversed(reasons)), reasons)
