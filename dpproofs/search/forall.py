"""The authoring API: "for all finite objects and parameters, the predicate holds".

    for_all_distributions(outcomes=range(2, 9), eps=Interval(F(1, 100), 3),
                          delta=Interval(0, F(1, 2)))
        .claim(lambda alg, p, q, E, delta:
               implies(alg, pointwise_indistinguishable(alg, p, q, E, delta),
                       indistinguishable(alg, p, q, E, delta)),
               says="point-wise (eps, delta)-indistinguishable => (eps, delta)-indistinguishable")

The predicate is written once against an :class:`~dpproofs.algebra.Algebra` with the vocabulary.
Its arguments are resolved by name: ``alg``; each quantified object; each parameter; ``E`` for
e^eps; ``exp_<x>`` for e^x and ``sqrt_<x>`` for sqrt(x) of any parameter x. The result is a
:class:`SearchClaim` (``describe()``, ``decide(deadline)``), decided by
:mod:`dpproofs.search.engine`.

This module is the front door only: what a claim is lives in :mod:`dpproofs.search.model`
(which the engine reads); here the authoring calls build it and ``decide`` hands it to the engine.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Iterable, Mapping, Sequence

from dpproofs import wholephrase
from dpproofs.claim import no_truth_value
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.search.databases import DatabaseSpace
from dpproofs.search.domains import Interval, Rational, as_domain
from dpproofs.search.engine import search
from dpproofs.search.model import Predicate, Quantification, SearchStatement
from dpproofs.search.objects import ObjectKind, distribution, mechanism
from dpproofs.verdict import Verdict


class Quantifier(Quantification):
    """The "for all" part, as the authoring calls return it: ``.claim(predicate)`` completes it."""

    def claim(self, predicate: Predicate, says: str = "") -> SearchClaim:
        """The claim that ``predicate`` holds for every object and parameter value."""
        return SearchClaim(self, predicate, says or (inspect.getdoc(predicate) or "the predicate"))

    def whole(self, phrase: str) -> Quantifier:
        """The same quantifier, declared to range over the statement's whole domain.

        ``phrase``: the words of the source's statement that fix its sizes ("For a binary
        channel"): the sizes (and the objects' fixed dimensions) ARE everything the statement
        is about. The search then decides exactly those sizes, and z3 unsat at every one of
        them, every parameter over its whole interval, is PROVED "for all of the statement's
        domain"; a run and ``dpproofs recheck`` require the phrase in the theorem's ``quote=``.
        Never for a statement that speaks of any size (docs/search.md, "The statement's whole
        domain"). The phrase has at least 3 words, names every size searched ("binary",
        "two", "2", ...) and starts a sentence or clause of the quote
        (:mod:`dpproofs.wholephrase`)."""
        if not isinstance(phrase, str) or not phrase.strip():
            raise InvalidClaim(f"whole_domain takes a phrase of the statement, not {phrase!r}")
        if any(d.split for _, d in self.params):
            raise InvalidClaim("whole_domain is decided size by size: no parameter may be split")
        wrong = wholephrase.problem(phrase, self.sizes)
        if wrong:
            raise InvalidClaim(f"whole_domain: {wrong} (dpproofs.wholephrase)")
        return dataclasses.replace(self, whole_domain=" ".join(phrase.split()))


class SearchClaim(SearchStatement):
    """A universally quantified claim over finite objects, decided by search (see engine)."""

    __bool__ = no_truth_value

    def decide(self, deadline: Deadline) -> Verdict:
        return search(self, deadline)


def for_all(
    objects: Mapping[str, ObjectKind],
    sizes: Iterable[int],
    *,
    size_name: str = "outcomes",
    what: str = "",
    symmetric: bool = False,
    **params: Interval | Rational,
) -> Quantifier:
    """Quantify over named finite objects for each size in ``sizes`` and over parameter domains.

    ``symmetric=True`` asks for symmetry breaking (sorting the size axis), which the search
    uses at a size only where it PROVES the predicate invariant under relabelling that axis
    jointly in every object indexed by it (see :mod:`dpproofs.search.symmetry`).
    ``.whole(phrase)`` declares the sizes the statement's whole domain (see there).
    """
    size_list = tuple(sorted(set(sizes)))
    if not size_list or size_list[0] < 1:
        raise InvalidClaim("sizes must be a nonempty set of positive integers")
    if not objects:
        raise InvalidClaim("a search claim needs at least one quantified object")
    return Quantifier(
        tuple(objects.items()),
        size_list,
        size_name,
        what or ", ".join(objects),
        tuple((name, as_domain(d)) for name, d in params.items()),
        symmetric,
    )


def for_all_distributions(
    outcomes: Iterable[int], names: Sequence[str] = ("p", "q"), **params: Interval | Rational
) -> Quantifier:
    """All tuples of distributions (default: pairs p, q) on a common set of outcomes."""
    noun = {1: "distributions", 2: "pairs of distributions", 3: "triples of distributions"}
    return for_all(
        {n: distribution() for n in names},
        outcomes,
        size_name="outcomes",
        what=noun.get(len(names), f"{len(names)}-tuples of distributions"),
        symmetric=True,
        **params,
    )


def for_all_mechanisms(
    space: DatabaseSpace,
    outputs: Iterable[int],
    name: str = "M",
    extra: Mapping[str, ObjectKind] | None = None,
    **params: Interval | Rational,
) -> Quantifier:
    """All mechanisms on ``space`` (neighbours: Hamming distance 1) with the given output counts,
    plus optional extra objects (e.g. a prior). Outputs are interchangeable (symmetry breaking)."""
    objects: dict[str, ObjectKind] = {name: mechanism(space)}
    objects.update(extra or {})
    what = f"mechanisms on {space}" + (f" (with {', '.join(extra)})" if extra else "")
    return for_all(objects, outputs, size_name="outputs", what=what, symmetric=True, **params)


__all__ = [
    "Interval",
    "Quantifier",
    "SearchClaim",
    "for_all",
    "for_all_distributions",
    "for_all_mechanisms",
]
