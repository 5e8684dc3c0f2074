"""Mutations of claims about concrete objects: exact facts, quantities, derivation steps.

* :class:`~dpproofs.claim.ExactFact`: the k-th comparison its check states on the
  :class:`~dpproofs.facts.Facts` recorder is flipped (value = c to value != c, value <= b to
  value >= b, value < b to value > b), made strict (value <= b to value < b) or has its right
  side scaled by (1 -+ 1/1000), (1 -+ 1/10). A comparison with a certified bracket is only
  scaled (a bracket decides <= and =, nothing else).
* :class:`~dpproofs.finite.claims.QuantityClaim`: the bound scaled by the same factors, and a
  <= made strict. (The calculus decides <=, < and = only, so there is no flip.)
* :class:`~dpproofs.steps.check.DerivationClaim`: each integer literal of a step's sides (not 0,
  not an exponent, not a denominator) scaled by the same factors, each step's relation flipped
  (mirrored) or made strict; the mutant is the one-step derivation of that step, under the
  derivation's assumptions and domains (the chain and its conclusion are the original's).
"""

from __future__ import annotations

import contextlib
import inspect
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

import sympy

from dpproofs.claim import ExactFact
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim, Undecided
from dpproofs.exact.rigorous import compare
from dpproofs.facts import Facts, _bracket, _exact
from dpproofs.finite.claims import QuantityClaim
from dpproofs.soundness.scalar import FACTORS, factor_text
from dpproofs.steps.chain import Relation
from dpproofs.steps.check import DerivationClaim
from dpproofs.verdict import Counterexample, Verdict

Edit = tuple[str, str, str, Callable[[], Any]]


@dataclass(frozen=True, slots=True)
class Comparison:
    """One comparison a check stated, after the mutation: ``value <kind> target``; ``kind`` is
    "eq", "ne", "le", "ge", "lt" or "gt". ``bracket`` when the value is a certified bracket."""

    kind: str
    name: str
    value: Any
    target: Any
    bracket: bool = False


@dataclass
class MutatingFacts(Facts):
    """A Facts recorder that changes its ``index``-th comparison (1-based) by ``operator``
    ("flip", "strict", "scale") and keeps every comparison it stated in ``seen``."""

    index: int = 0
    operator: str = ""
    factor: Fraction = Fraction(1)
    seen: list[Comparison] = field(default_factory=list)

    def _mutated(self, kind: str, name: str, value: Any, target: Any) -> None:
        bracket = _bracket(value) is not None
        if len(self.seen) + 1 == self.index:
            if self.operator == "scale":
                target = _exact(name, target) * sympy.Rational(
                    self.factor.numerator, self.factor.denominator
                )
            elif self.operator == "flip":
                kind = {"eq": "ne", "le": "ge", "lt": "gt"}[kind]
            elif self.operator == "strict":
                kind = {"le": "lt"}[kind]
        self.seen.append(Comparison(kind, name, value, target, bracket))
        if kind == "eq":
            super().equal(name, value, target)
        elif kind == "le":
            super().at_most(name, value, target)
        elif kind == "lt":
            super().less_than(name, value, target)
        else:
            v, t = _exact(name, value), _exact(name, target)
            sign = compare(v, t)
            text = {"ne": "!=", "ge": ">=", "gt": ">"}[kind]
            holds = {"ne": sign != 0, "ge": sign >= 0, "gt": sign > 0}[kind]
            self._record(name, f"{v} {text} {t}", holds)

    def equal(self, name: str, value: Any, claimed: Any) -> None:
        self._mutated("eq", name, value, claimed)

    def at_most(self, name: str, value: Any, bound: Any) -> None:
        self._mutated("le", name, value, bound)

    def less_than(self, name: str, value: Any, bound: Any) -> None:
        self._mutated("lt", name, value, bound)


def run_check(fact: ExactFact, recorder: MutatingFacts) -> dict[str, Any]:
    shown = fact.check(recorder) or {}
    if not isinstance(shown, dict):
        raise InvalidClaim("an exact_fact check returns a dict of observed values or None")
    return shown


@dataclass(frozen=True, slots=True)
class MutatedFact:
    """An exact fact whose ``index``-th comparison is mutated (decided like ExactFact)."""

    fact: ExactFact
    index: int
    operator: str
    factor: Fraction = Fraction(1)

    def recorder(self) -> MutatingFacts:
        return MutatingFacts(index=self.index, operator=self.operator, factor=self.factor)

    def describe(self) -> str:
        return f"{self.fact.statement} (comparison {self.index}: {self.operator})"

    def decide(self, deadline: Deadline) -> Verdict:
        facts = self.recorder()
        method = self.fact.method
        try:
            shown = run_check(self.fact, facts)
            holds = facts.holds()
        except Undecided as exc:
            return Verdict.unknown(method, str(exc))
        if holds:
            return Verdict.proved(method, certificate=[t for t, _ in facts.decided])
        observed = {f"fails: {text}": "false (decided exactly)" for text in facts.failed()}
        return Verdict.refuted(method, Counterexample.of({}, {**observed, **shown}))


def fact_edits(fact: ExactFact) -> Iterator[Edit]:
    """The mutants of an exact fact: its check is run once to list its comparisons."""
    if not inspect.signature(fact.check).parameters:
        return  # an author-vouched check: nothing dpproofs decides, nothing to mutate
    probe = MutatingFacts()
    with contextlib.suppress(Undecided):
        run_check(fact, probe)
    for index, seen in enumerate(probe.seen, start=1):
        operators: list[tuple[str, str, Fraction]] = []
        if not seen.bracket:
            if seen.kind in ("eq", "le", "lt"):
                operators.append(("flip", "flip", Fraction(1)))
            if seen.kind == "le":
                operators.append(("strict", "strict", Fraction(1)))
        if _nonzero(seen.target):
            operators += [(f"scale {factor_text(f)}", "constant", f) for f in FACTORS]
        for label, operator, factor in operators:

            def build(index: int = index, op: str = operator, f: Fraction = factor) -> Any:
                return MutatedFact(fact, index, "scale" if op == "constant" else op, f)

            where = f"{seen.name}: {seen.kind} {_cut(str(seen.target))}"
            yield f"fact {index} {label}", operator, where, build


def _nonzero(value: Any) -> bool:
    try:
        return bool(sympy.sympify(value) != 0)
    except (TypeError, ValueError, sympy.SympifyError):
        return False


def _cut(text: str, limit: int = 100) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def quantity_edits(claim: QuantityClaim) -> Iterator[Edit]:
    """The bound scaled; a <= made strict. Witness builders (which close over the original
    bound) are dropped: a refutation of a mutant is checked by recomputing the quantity."""
    target = claim.target
    if target.is_finite and target != 0:
        for factor in FACTORS:
            new = target * sympy.Rational(factor.numerator, factor.denominator)

            def build(new: sympy.Expr = new) -> QuantityClaim:
                return replace(claim, target=new, witness=None, rebuild=_rebuild(claim, new))

            yield f"bound {factor_text(factor)}", "constant", f"{target} -> {new}", build
    if claim.relation == "le":

        def strict() -> QuantityClaim:
            rebuild = _rebuild(claim, target, "lt")
            return replace(claim, relation="lt", witness=None, rebuild=rebuild)

        yield "strict", "strict", f"{claim.measured} <= {target} -> <", strict


def _rebuild(claim: QuantityClaim, target: sympy.Expr, relation: str = "") -> Any:
    """How the mutant is made concrete at a parameter value (a refutation of a parametric
    family is reported at a point): the original's concrete claim, with the mutant's bound."""
    original = claim.rebuild
    if original is None:
        return None

    def rebuild(mechanism: Any, at: dict[Any, Any]) -> QuantityClaim:
        concrete = original(mechanism, at)
        return replace(
            concrete,
            target=target.xreplace(at),
            relation=relation or concrete.relation,
            witness=None,
            rebuild=None,
        )

    return rebuild


#: An integer literal of a step's side (not part of a name or a decimal).
LITERAL = re.compile(r"(?<![\w.])\d+(?![\w.])")


def literals(text: str) -> list[re.Match[str]]:
    """The literals of a side that scale it as constants: not 0, not an exponent (after ``**``
    or ``^``), not a denominator (after ``/``: the numerator before it is scaled instead)."""
    out = []
    for match in LITERAL.finditer(text):
        before = text[: match.start()].rstrip(" (")
        if int(match.group()) == 0 or before.endswith(("**", "^", "/")):
            continue
        out.append(match)
    return out


def derivation_edits(claim: DerivationClaim) -> Iterator[Edit]:
    derivation = claim.derivation

    def alone(step: Any) -> DerivationClaim:
        return DerivationClaim(replace(derivation, steps=(step,), conclusion=None))

    for step in derivation.steps:
        relation = step.relation
        if step.statement is None or relation is None:
            continue
        for side in ("lhs", "rhs"):
            text = getattr(step, side)
            for number, match in enumerate(literals(text), start=1):
                for factor in FACTORS:
                    value = Fraction(int(match.group())) * factor
                    changed = f"{text[: match.start()]}({value}){text[match.end() :]}"

                    def scaled(step: Any = step, side: str = side, changed: str = changed) -> Any:
                        return alone(replace(step, **{side: changed}))

                    label = f"step {step.index} {side} const {number} {factor_text(factor)}"
                    where = f"step {step.index}: {match.group()} -> {value} in {_cut(text)}"
                    yield label, "constant", where, scaled
        changes: list[tuple[str, Relation]] = []
        if relation is not Relation.EQ:
            changes.append(("flip", relation.mirrored()))
        strict = {Relation.LE: Relation.LT, Relation.GE: Relation.GT}.get(relation)
        if strict is not None:
            changes.append(("strict", strict))
        for operator, kind in changes:

            def related(step: Any = step, kind: Relation = kind) -> DerivationClaim:
                return alone(replace(step, relation=kind))

            where = f"step {step.index}: {relation.value} -> {kind.value}"
            yield f"step {step.index} {operator}", operator, where, related
