"""What the reader makes of one LaTeX expression (:func:`dpproofs.steps.latex.read_expression`):
its claim syntax and what that needs, and the cases of its sums of symbolic bounds, each empty
or not (Rule EMPTY, :mod:`dpproofs.steps.cases`), put together for the two sides of a step."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations


@dataclass(frozen=True, slots=True)
class Reading:
    """An expression in claim syntax, with what its sums and products need to mean it.

    ``conditions`` (claim syntax) are what the reading needs (a probability >= 0); ``counts``
    are the parameters in the bounds of sums and products, which count terms: integers.
    ``terms`` are the numbers of terms m of the sums and products of symbolic bounds (claim
    syntax, distinct), ``text`` reads each where its m >= 0, and ``cases`` give the text for
    every non-empty set E of them read as empty (m <= -1: 0 or 1), when there are at most
    :data:`CASES` (:mod:`dpproofs.steps.cases`). A refutation counts only at integer values
    of ``counts`` (see :mod:`dpproofs.steps.check`).
    """

    text: str
    conditions: tuple[str, ...] = ()
    counts: tuple[str, ...] = ()
    #: Opaque quantities (:mod:`.binders`): (parameter, LaTeX as written).
    opaque: tuple[tuple[str, str], ...] = ()
    terms: tuple[str, ...] = ()
    cases: tuple[tuple[tuple[str, ...], str], ...] = ()

    def case(self, empty: frozenset[str]) -> str:
        """The text with the sums whose number of terms is in ``empty`` read as empty."""
        mine = tuple(t for t in self.terms if t in empty)
        return dict(self.cases)[mine] if mine else self.text  # KeyError: cases not read


#: At most this many distinct numbers of terms of symbolic bounds in one step: 2^k cases.
CASES = 4


def subsets(terms: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every non-empty subset of ``terms`` (in order), by size then position."""
    return [c for size in range(1, len(terms) + 1) for c in combinations(terms, size)]


def step_cases(
    sides: tuple[Reading | None, Reading | None],
) -> tuple[tuple[str, ...], tuple[tuple[tuple[str, ...], str, str], ...], str]:
    """The distinct numbers of terms of a step's two sides, the sides in every case with a sum
    empty, and why the cases are not checked ("" when they are: at most :data:`CASES`)."""
    left, right = sides
    terms = tuple(sorted({t for r in sides if r is not None for t in r.terms}))
    if len(terms) > CASES:
        return terms, (), (
            f"{len(terms)} sums or products of symbolic bounds with different numbers of terms: "
            f"the 2^{len(terms)} cases (each empty or not) are not checked (at most {CASES})"
        )  # fmt: skip
    if left is None or right is None:
        return terms, (), ""
    cases = tuple(
        (empty, left.case(frozenset(empty)), right.case(frozenset(empty)))
        for empty in subsets(terms)
    )
    return terms, cases, ""
