"""Mechanisms whose entries depend on real parameters, e.g. k-ary randomized response for every
eps > 0: the calculus then decides its comparisons for ALL parameter values at once.

A comparison a vs b becomes the sign of a - b, which must be the same on the whole parameter
domain: uniformly positive, uniformly negative, or identically zero. Signs are decided, cheapest
first, by

1. rigorous evaluation when the difference is a constant;
2. sympy's assumption system on symbols that carry exactly the sign facts their domains imply
   (an exact derivation, never a numeric guess);
3. exact simplification to 0;
4. the symbolic pipeline (:func:`dpproofs.symbolic.decide_scalar`): "a - b > 0 for all parameters"
   PROVED gives +1, "a - b < 0" PROVED gives -1.

Anything else (the sign changes inside the domain, or nothing could decide it) raises
:class:`~dpproofs.errors.Undecided`, which makes the claim UNKNOWN, never true or false.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

from dpproofs.algebra import ExactAlgebra, assumption_sign, exact_sign
from dpproofs.errors import Undecided
from dpproofs.verdict import Status

#: Seconds the symbolic pipeline may spend on one sign.
SIGN_TIMEOUT = 10.0

Parameters = tuple[tuple[sympy.Symbol, sympy.Interval], ...]


def parameter_symbols(parameters: Mapping[str, Any]) -> Parameters:
    """Canonical symbols (real, with the sign facts of their domain) for ``{name: interval}``."""
    from dpproofs.symbolic.domain import canonical_symbol, interval_of

    out = []
    for name, spec in parameters.items():
        interval = interval_of(spec)
        out.append((canonical_symbol(str(name), interval), interval))
    return tuple(out)


class ParametricSign:
    """The sign of an expression, uniform over the parameters' domains, or Undecided."""

    def __init__(self, parameters: Parameters, timeout: float = SIGN_TIMEOUT) -> None:
        self.parameters = parameters
        self.timeout = timeout
        self._cache: dict[sympy.Expr, int] = {}

    def __call__(self, expr: sympy.Expr) -> int:
        if not expr.free_symbols:
            return exact_sign(expr)
        if expr not in self._cache:
            self._cache[expr] = self._decide(expr)
        return self._cache[expr]

    def _decide(self, expr: sympy.Expr) -> int:
        derived = assumption_sign(expr)
        if derived is not None:
            return derived
        if sympy.simplify(expr) == 0:
            return 0
        from dpproofs.symbolic import decide_scalar

        where = dict(self.parameters)
        reasons = []
        for sign, statement in (  # unevaluated: holds() refuses a bare True / False
            (1, sympy.Gt(expr, 0, evaluate=False)),
            (-1, sympy.Lt(expr, 0, evaluate=False)),
        ):
            verdict = decide_scalar(statement, where=where, timeout=self.timeout)
            if verdict.status is Status.PROVED:
                return sign
            reasons.append(f"{statement}: {verdict.status.value}")
        raise Undecided(
            f"the sign of {expr} is not uniform over {_describe(self.parameters)} "
            f"or could not be decided ({'; '.join(reasons)})"
        )

    def weak(self, expr: sympy.Expr) -> int:
        """1 if expr >= 0 on the whole domain, -1 if expr <= 0, 0 if expr is identically 0
        (zeros at single points allowed: for choosing values, where a tie selects the same one)."""
        if not expr.free_symbols:
            return exact_sign(expr)
        try:
            return self(expr)
        except Undecided:
            pass
        from dpproofs.symbolic import decide_scalar

        where = dict(self.parameters)
        for sign, statement in (
            (1, sympy.Ge(expr, 0, evaluate=False)),
            (-1, sympy.Le(expr, 0, evaluate=False)),
        ):
            if decide_scalar(statement, where=where, timeout=self.timeout).status is Status.PROVED:
                return sign
        raise Undecided(
            f"{expr} takes both signs on {_describe(self.parameters)}, or neither "
            "x >= 0 nor x <= 0 could be proved there"
        )


def _describe(parameters: Parameters) -> str:
    return ", ".join(f"{s} in {i}" for s, i in parameters)


def algebra_for(parameters: Parameters) -> ExactAlgebra:
    """The exact algebra whose comparisons hold uniformly over the parameters' domains."""
    sign = ParametricSign(parameters)
    return ExactAlgebra(sign_of=sign, weak_sign_of=sign.weak)
