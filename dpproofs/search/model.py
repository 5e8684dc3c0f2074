"""The search claim model: what "for all finite objects and parameters, the predicate holds" is.

A :class:`Quantification` names the quantified objects (distributions, mechanisms, channels ...,
each an :class:`~dpproofs.search.objects.ObjectKind` giving its shape at each size), the sizes
tried and the parameter domains. A :class:`SearchStatement` adds the predicate, written once
against an :class:`~dpproofs.algebra.Algebra`, and reads it:

* its formula, traced once on abstract rows (:mod:`dpproofs.search.trace`): when there is one,
  it IS the claim at every size;
* its truth value in any interpretation at one size (``evaluate``), and exactly at rational
  points (``holds_exactly``), where a formula's counterexample must be one of the predicate too.

This module imports nothing of the engine: the engine (:mod:`dpproofs.search.engine`) reads the
model, and the authoring front door (:mod:`dpproofs.search.forall`) adds ``claim`` and
``decide`` on top of it.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Self

import sympy

from dpproofs import wholephrase
from dpproofs.algebra import EXACT, Algebra
from dpproofs.errors import InvalidClaim
from dpproofs.search.domains import Interval, describe_domain
from dpproofs.search.objects import ObjectKind, Shape, check_matrix
from dpproofs.search.trace import Traced, trace
from dpproofs.search.values import GuardedAlgebra, unwrap_truth, wrap_matrix

Predicate = Callable[..., Any]
Values = Mapping[str, Any]


#: The words by which a statement fixes a size (whitelisted: a phrase naming none of them, and
#: no number, cannot declare the statement's whole domain; see docs/search.md).
@dataclass(frozen=True)
class Quantification:
    """The "for all" part of a search claim: objects (by name), the sizes tried, and parameter
    domains. (:class:`dpproofs.search.forall.Quantifier` adds ``claim``, the authoring call.)"""

    objects: tuple[tuple[str, ObjectKind], ...]
    sizes: tuple[int, ...]
    size_name: str
    what: str
    params: tuple[tuple[str, Interval], ...]
    symmetric: bool = False
    #: The phrase of the source's statement that fixes its sizes ("For a binary channel"), when
    #: the sizes searched ARE the statement's whole domain ("" otherwise): see
    #: :func:`dpproofs.search.forall.for_all` and docs/search.md, "The statement's whole domain".
    whole_domain: str = ""

    def __post_init__(self) -> None:
        if self.whole_domain != " ".join(self.whole_domain.split()) or ";" in self.whole_domain:
            raise InvalidClaim(
                "whole_domain is a phrase of the statement, quoted with single spaces and "
                "without ';'"
            )
        wrong = self.whole_domain and wholephrase.problem(self.whole_domain, self.sizes)
        if wrong:
            raise InvalidClaim(f"whole_domain: {wrong} (dpproofs.wholephrase)")
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

    def shapes(self, size: int) -> dict[str, Shape]:
        return {name: kind(size) for name, kind in self.objects}

    def domain(self, name: str) -> Interval:
        return dict(self.params)[name]


@dataclass(frozen=True)
class SearchStatement:
    """What a search claim states: for every object and parameter value of ``quantifier``,
    ``predicate`` holds. Its formula, and its value in each interpretation, are read here; it
    is decided by the engine (:class:`dpproofs.search.forall.SearchClaim` adds ``decide``)."""

    quantifier: Quantification
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

    def restricted(self, name: str, domain: Interval) -> Self:
        """The same claim with parameter ``name`` ranging over ``domain`` (a sub-box)."""
        q = self.quantifier
        params = tuple((n, domain if n == name else d) for n, d in q.params)
        return dataclasses.replace(self, quantifier=dataclasses.replace(q, params=params))

    @functools.cached_property
    def formula(self) -> Traced:
        """The claim as one formula for every alphabet size, or why it is not one
        (:mod:`dpproofs.search.trace`). When there is a formula, it IS the claim: every
        interpretation at every size evaluates the formula, never the predicate again."""
        q = self.quantifier
        names = [n for n, _ in q.params] + self.derived_names()
        return trace(q.objects, names, self.predicate, self.arguments)

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
        try:
            if root is not None:
                from dpproofs.formula import interpret

                return interpret(root, alg, size, objects, {**params, **derived})
            return self.run_predicate(alg, size, objects, params, derived)
        except InvalidClaim as exc:  # an interpretation refused a term: name the predicate
            place = where(self.predicate)
            if not place or place.strip(" ()") in str(exc):
                raise
            raise InvalidClaim(f"the predicate{place}: {exc}") from exc

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
        (``ExactAlgebra``). The answer is the author's predicate run on these concrete rows
        (raises Undecided when a comparison cannot be decided). When the claim has a traced
        formula, the formula is evaluated there too, and where the two differ the answer is
        InvalidClaim naming the predicate's line (:func:`agree`): a verdict decided on the
        formula is then not about the predicate.
        """
        inputs = self.exact_inputs(size, values)
        holds = bool(self.run_predicate(EXACT, size, *inputs)[0])
        if self.formula.root is not None:
            try:
                traced = bool(self.evaluate(EXACT, size, *inputs))
            except ArithmeticError:  # the formula undecided here: the predicate has spoken
                return holds
            agree(self, size, inputs, traced)
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


def agree(
    claim: SearchStatement, size: int, inputs: tuple[Values, Values, Values], expected: bool
) -> None:
    """InvalidClaim unless the predicate itself, run on the concrete exact ``inputs``, is
    ``expected`` (the formula's value there); an undecided comparison says nothing."""
    try:
        got = bool(claim.run_predicate(EXACT, size, *inputs)[0])
    except ArithmeticError:
        return
    if got != expected:
        objects, params, _ = inputs
        at = ", ".join(f"{n} = {v}" for n, v in [*objects.items(), *params.items()])
        raise InvalidClaim(
            f"the predicate{where(claim.predicate)} is {got} at {size} "
            f"{claim.quantifier.size_name} ({at}) but the formula traced from it is {expected}: "
            "a search predicate must be a function of its arguments only (no state: no count of "
            "its calls, no global that changes, no random draw)"
        )


def where(predicate: Any) -> str:
    """' (file:line)' where ``predicate`` is defined, or '' when Python does not say."""
    code = getattr(predicate, "__code__", None)
    return "" if code is None else f" ({code.co_filename}:{code.co_firstlineno})"


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
