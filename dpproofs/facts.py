"""Facts stated by an author and decided by dpproofs: the only way an exact fact is proved.

An :func:`~dpproofs.claim.exact_fact` check receives a :class:`Facts` recorder and states
comparisons between exact values (sympy expressions, ints, Fractions) or dpproofs' own certified
brackets (capacities, MI-DP bounds)::

    def check(facts):
        facts.equal("capacity", capacity_bounds(W), sympy.log(2))
        facts.at_most("TV", total_variation(M).exact, sympy.Rational(1, 2))
        return {"shown": ...}                        # optional observed values

Each comparison is decided HERE, rigorously (``dpproofs.exact.rigorous.compare`` or the
bracket's own decider); the check never says "true" itself. A Python bool, a float or any other
object where a value is expected is refused. The fact holds when every stated comparison does;
a check that states none is an error.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import sympy

from dpproofs.errors import InvalidClaim
from dpproofs.exact.rigorous import compare


def _bracket(value: Any) -> Any:
    """``value`` if it is one of dpproofs' certified brackets (not an author's look-alike)."""
    from dpproofs.exact.bracket import CertifiedBracket

    if isinstance(value, CertifiedBracket) and type(value).__module__.startswith("dpproofs."):
        return value
    return None


def _exact(name: str, value: Any) -> sympy.Expr:
    if isinstance(value, bool) or not isinstance(value, int | Fraction | sympy.Expr):
        raise InvalidClaim(
            f"fact {name!r}: {value!r} ({type(value).__name__}) is not an exact value "
            "(a sympy expression, int or Fraction) or a dpproofs certified bracket"
        )
    if isinstance(value, sympy.Expr) and (value.free_symbols or value.has(sympy.Float)):
        raise InvalidClaim(f"fact {name!r}: {value} is not an exact constant")
    return sympy.sympify(value)


@dataclass
class Facts:
    """The comparisons a check stated, each with dpproofs' decision (see the module docstring)."""

    decided: list[tuple[str, bool]] = field(default_factory=list)

    def _record(self, name: str, text: str, holds: bool) -> None:
        self.decided.append((f"{name}: {text}", holds))

    def equal(self, name: str, value: Any, claimed: Any) -> None:
        """value = claimed, decided rigorously."""
        bracket = _bracket(value)
        target = _exact(name, claimed)
        if bracket is not None:
            self._record(name, f"{_shown(bracket)} = {target}", bracket.equals(target))
        else:
            v = _exact(name, value)
            self._record(name, f"{v} = {target}", compare(v, target) == 0)

    def at_most(self, name: str, value: Any, bound: Any) -> None:
        """value <= bound, decided rigorously."""
        bracket = _bracket(value)
        target = _exact(name, bound)
        if bracket is not None:
            self._record(name, f"{_shown(bracket)} <= {target}", bracket.at_most(target))
        else:
            v = _exact(name, value)
            self._record(name, f"{v} <= {target}", compare(v, target) <= 0)

    def less_than(self, name: str, value: Any, bound: Any) -> None:
        """value < bound, decided rigorously (exact values only)."""
        v, target = _exact(name, value), _exact(name, bound)
        self._record(name, f"{v} < {target}", compare(v, target) < 0)

    def holds(self) -> bool:
        if not self.decided:
            raise InvalidClaim("the check stated no fact (call facts.equal / at_most / less_than)")
        return all(ok for _, ok in self.decided)

    def failed(self) -> list[str]:
        return [text for text, ok in self.decided if not ok]


def _shown(bracket: Any) -> str:
    if bracket.exact is not None:
        return str(bracket.exact)
    return f"[{bracket.lower}, {bracket.upper}]"
