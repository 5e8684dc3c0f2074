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
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import sympy

from dpproofs.algebra import EXACT, Algebra
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.search.databases import DatabaseSpace
from dpproofs.search.domains import Interval, Rational, as_domain, describe_domain
from dpproofs.search.objects import ObjectKind, Shape, check_matrix, distribution, mechanism
from dpproofs.search.values import GuardedAlgebra, unwrap_truth, wrap_matrix
from dpproofs.verdict import Verdict

if TYPE_CHECKING:
    from dpproofs.search.trace import Traced

Predicate = Callable[..., Any]
Values = Mapping[str, Any]


@dataclass(frozen=True)
class Quantifier:
    """The "for all" part: objects (by name), the sizes tried, and parameter domains."""

    objects: tuple[tuple[str, ObjectKind], ...]
    sizes: tuple[int, ...]
    size_name: str
    what: str
    params: tuple[tuple[str, Interval], ...]
    symmetric: bool = False

    def __post_init__(self) -> None:
        # Names are resolved from the predicate's arguments, and every solver variable dpproofs
        # generates has a character no identifier has ("p[0][1]", "E!eps", "relax!3"): a name
        # that is an identifier other than ``alg`` cannot be any generated variable.
        seen: set[str] = set()
        for name in [n for n, _ in self.objects] + [n for n, _ in self.params]:
            if not isinstance(name, str) or not name.isidentifier() or name == "alg":
                raise InvalidClaim(
                    f"{name!r} cannot name an object or parameter: names are Python "
                    "identifiers other than 'alg' (dpproofs' own variables have other names)"
                )
            if name in seen:
                raise InvalidClaim(f"{name!r} names two objects or parameters")
            seen.add(name)

    def claim(self, predicate: Predicate, says: str = "") -> SearchClaim:
        """The claim that ``predicate`` holds for every object and parameter value."""
        return SearchClaim(self, predicate, says or (inspect.getdoc(predicate) or "the predicate"))

    def shapes(self, size: int) -> dict[str, Shape]:
        return {name: kind(size) for name, kind in self.objects}

    def domain(self, name: str) -> Interval:
        return dict(self.params)[name]


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


@dataclass(frozen=True)
class SearchClaim:
    """A universally quantified claim over finite objects, decided by search (see engine)."""

    quantifier: Quantifier
    predicate: Predicate
    says: str
    arguments: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        names = tuple(inspect.signature(self.predicate).parameters)
        known = {n for n, _ in self.quantifier.objects} | {n for n, _ in self.quantifier.params}
        for arg in names:
            if arg == "alg" or arg in known:
                continue
            base = derived_base(arg)
            if base is None or base not in dict(self.quantifier.params):
                raise InvalidClaim(f"the predicate argument {arg!r} names no object or parameter")
        object.__setattr__(self, "arguments", names)

    def describe(self) -> str:
        return f"for all {self.coverage_text(self.quantifier.sizes)}: {self.says}"

    def coverage_text(self, sizes: Sequence[int]) -> str:
        """What the sizes in ``sizes`` (those actually decided) cover, exactly: "pairs of
        distributions with outcomes in {2, 3, 5}, eps in [1/100, 3]"."""
        q = self.quantifier
        domains = ", ".join(describe_domain(n, d) for n, d in q.params)
        return f"{q.what} with {size_set(sizes, q.size_name)}" + (f", {domains}" if domains else "")

    def restricted(self, name: str, domain: Interval) -> SearchClaim:
        """The same claim with parameter ``name`` ranging over ``domain`` (a sub-box)."""
        q = self.quantifier
        params = tuple((n, domain if n == name else d) for n, d in q.params)
        return dataclasses.replace(self, quantifier=dataclasses.replace(q, params=params))

    def decide(self, deadline: Deadline) -> Verdict:
        from dpproofs.search.engine import search

        return search(self, deadline)

    @functools.cached_property
    def formula(self) -> Traced:
        """The claim as one formula for every alphabet size, or why it is not one
        (:mod:`dpproofs.search.trace`). When there is a formula, it IS the claim: every
        interpretation at every size evaluates the formula, never the predicate again."""
        from dpproofs.search.trace import trace

        return trace(self)

    # --- evaluation in each interpretation ------------------------------------------------

    def evaluate(
        self, alg: Algebra, size: int, objects: Values, params: Values, derived: Values
    ) -> Any:
        """The predicate's truth value in ``alg`` (raw, of that interpretation).

        The predicate receives a :class:`~dpproofs.search.values.GuardedAlgebra` and wrapped
        values, never raw ones, so a Python-level truth test raises InvalidClaim."""
        return self.evaluate_counted(alg, size, objects, params, derived)[0]

    def evaluate_counted(
        self, alg: Algebra, size: int, objects: Values, params: Values, derived: Values
    ) -> tuple[Any, int]:
        """(raw truth value, number of algebra operations the evaluation performed)."""
        root = self.formula.root
        if root is not None:
            from dpproofs.formula import interpret

            return interpret(root, alg, size, objects, {**params, **derived})
        return self.run_predicate(alg, size, objects, params, derived)

    def run_predicate(
        self, alg: Algebra, size: int, objects: Values, params: Values, derived: Values
    ) -> tuple[Any, int]:
        """(raw truth value, operations) of the predicate itself on concrete rows, even when
        the claim has a formula (:mod:`dpproofs.search.purity` compares the two)."""
        guarded = GuardedAlgebra(alg)
        shapes = self.quantifier.shapes(size)
        env: dict[str, Any] = {"alg": guarded}
        env.update({n: shapes[n].wrap(wrap_matrix(guarded, n, m)) for n, m in objects.items()})
        env.update({n: guarded.value(v, n) for n, v in params.items()})
        env.update({n: guarded.value(v, n) for n, v in derived.items()})
        result = self.predicate(*(env[a] for a in self.arguments))
        return unwrap_truth(guarded, result), guarded.work

    def derived_names(self) -> list[str]:
        """The E / exp_x / sqrt_x arguments the predicate uses."""
        known = {n for n, _ in self.quantifier.objects} | {n for n, _ in self.quantifier.params}
        return [a for a in self.arguments if a != "alg" and a not in known]

    def holds_exactly(self, size: int, values: Values) -> bool:
        """Evaluate the claim at exact rational objects and parameters, without any solver.

        ``values`` maps each object to its matrix (list of rows of Fractions) and each parameter
        to a Fraction. e^x and sqrt(x) are exact sympy values; comparisons are rigorous
        (``ExactAlgebra``). Raises Undecided when a comparison cannot be decided. A formula's
        counterexample must be one of the predicate too, else InvalidClaim
        (:func:`dpproofs.search.purity.agree`).
        """
        inputs = self.exact_inputs(size, values)
        holds = bool(self.evaluate(EXACT, size, *inputs))
        if not holds and self.formula.root is not None:
            from dpproofs.search.purity import agree

            agree(self, size, inputs, False)
        return holds

    def exact_inputs(self, size: int, values: Values) -> tuple[Values, Values, Values]:
        """(objects, parameters, derived arguments) as exact sympy values, from exact rational
        ``values`` (see :meth:`holds_exactly`); InvalidClaim for a value outside its domain."""
        shapes = self.quantifier.shapes(size)
        objects = {}
        for name, shape in shapes.items():
            matrix = [[Fraction(v) for v in row] for row in values[name]]
            check_matrix(name, shape, matrix)
            objects[name] = [
                [sympy.Rational(v.numerator, v.denominator) for v in row] for row in matrix
            ]
        params = {}
        for name, domain in self.quantifier.params:
            if domain.exp_value is not None:
                r = domain.exp_value
                params[name] = sympy.log(sympy.Rational(r.numerator, r.denominator))
                continue
            value = Fraction(values[name])
            if not domain.contains(value):
                raise InvalidClaim(f"{name} = {value} is outside its domain {domain}")
            params[name] = sympy.Rational(value.numerator, value.denominator)
        derived = {a: exact_derived(a, params) for a in self.derived_names()}
        return objects, params, derived


def size_set(sizes: Sequence[int], noun: str) -> str:
    """ "2 outcomes", "outcomes in {2, 3, 4}" (every size listed: no range claims a gap)."""
    listed = sorted(set(sizes))
    if len(listed) == 1:
        return f"{listed[0]} {noun}"
    return f"{noun} in {{{', '.join(str(k) for k in listed)}}}"


def derived_base(arg: str) -> str | None:
    """The parameter behind a derived argument: E -> eps, exp_x -> x, sqrt_x -> x."""
    if arg == "E":
        return "eps"
    for prefix in ("exp_", "sqrt_"):
        if arg.startswith(prefix):
            return arg[len(prefix) :]
    return None


def exact_derived(arg: str, params: Values) -> Any:
    """sqrt(x) or e^x as exact sympy values (e^{ln r} simplifies to the rational r)."""
    base = params[derived_base(arg) or ""]
    return sympy.sqrt(base) if arg.startswith("sqrt_") else sympy.exp(base)


def float_derived(arg: str, params: Values) -> float:
    base = float(params[derived_base(arg) or ""])
    return math.sqrt(base) if arg.startswith("sqrt_") else math.exp(base)


__all__ = [
    "Interval",
    "Quantifier",
    "SearchClaim",
    "for_all",
    "for_all_distributions",
    "for_all_mechanisms",
]
