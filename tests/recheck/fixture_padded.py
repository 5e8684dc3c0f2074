"""Lifted search theorems whose parts grow by padding or by no rule (tests of the rechecker's
own growth reading, test_smallmodel): "A and B are within a factor 2 one way or the other" on
every event is not a conjunction of affine comparisons, so splitting an outcome is not
justified in the hypothesis; a zero outcome makes no new masses."""

from dpproofs import theorem
from dpproofs.outcomes import every_event, every_outcome
from dpproofs.search import for_all_distributions


def _close(a, b):
    return (a <= 2 * b) | (b <= 2 * a)


@theorem(id="pad.singletons", source="a test", expect="proved")
def singletons():
    """Every event's masses within a factor 2 one way or the other => so is every outcome's."""
    return for_all_distributions(range(2, 4)).claim(
        lambda alg, p, q: ~every_event(alg, (p, q), _close) | every_outcome(alg, (p, q), _close)
    )


@theorem(id="pad.full_support", source="a test", expect="proved")
def full_support():
    """The same under full support of p: neither splitting nor padding, every size 1..N*."""
    return for_all_distributions(range(2, 4)).claim(
        lambda alg, p, q: (
            ~(every_outcome(alg, (p, q), lambda a, b: a > 0) & every_event(alg, (p, q), _close))
            | every_outcome(alg, (p, q), _close)
        )
    )
