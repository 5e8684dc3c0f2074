"""Sound translation of a scalar problem into z3 nonlinear real arithmetic.

Every term that is not a polynomial becomes a fresh real variable plus facts that are TRUE for the
real value of that term wherever it is defined:

* exp(t):   fresh E with the facts of :mod:`dpproofs.expfacts` (positivity, Taylor and
            Pade bounds, chord bounds on the range of t, monotonicity between the exp terms that
            appear, e^a e^b = e^{a+b} when both sides appear);
* log(u):   fresh L whose exponential (a fresh E, with all the exp facts) equals u when u > 0;
* u^(p/q):  fresh R >= 0 with R^q = u when u >= 0 (sympy's real powers need u >= 0);
* 1/u:      fresh Q with Q u = 1 when u != 0 (denominators are cleared; the sign of Q follows);
* Abs, Min, Max: z3 If (exact case splits);
* constants such as pi, e or log 2: fresh variables with rational brackets (lower rounded down,
  upper rounded up, so the real value lies between them).

Where a term is undefined (u <= 0 for log u, say) the fresh variable is unconstrained. That only
adds solver models, never removes points, so "unsat" still proves the claim; definedness itself is
a separate obligation of the problem.
"""

from __future__ import annotations

from fractions import Fraction

import sympy
import z3
from sympy.core.relational import Relational
from sympy.logic.boolalg import Boolean, BooleanFalse, BooleanTrue

from dpproofs import expfacts
from dpproofs.errors import InvalidClaim, Undecided
from dpproofs.exact.rigorous import (
    arb_interval,
    ball_endpoints,
    enclose,
    float_value,
    rational_bracket,
)
from dpproofs.expfacts import Fact
from dpproofs.symbolic.formula import Problem, bounded_expand, to_exp_form

_COMPARE = {
    sympy.Lt: lambda a, b: a < b,
    sympy.Le: lambda a, b: a <= b,
    sympy.Gt: lambda a, b: a > b,
    sympy.Ge: lambda a, b: a >= b,
    sympy.Eq: lambda a, b: a == b,
    sympy.Ne: lambda a, b: a != b,
}


def _q(value: Fraction) -> z3.RatNumRef:
    return z3.RealVal(f"{value.numerator}/{value.denominator}")


class Translation:
    """Translate the formulas of one problem, collecting fresh variables and their facts."""

    def __init__(self, problem: Problem, level: int) -> None:
        self.problem = problem
        self.level = level
        names = [s.name for s in problem.variables]
        if len(set(names)) != len(names) or any("!" in n for n in names):
            # Fresh variables are named "<kind>!<n>" (_new): a variable's name may not have "!",
            # and two variables of one name would be one z3 variable.
            raise InvalidClaim(f"variable names must be distinct and without '!': {names}")
        self.vars = {s: z3.Real(s.name) for s in problem.variables}
        self.facts: list[Fact] = []
        self._cache: dict[sympy.Expr, z3.ArithRef] = {}
        # One entry per exp term: (sympy argument, display name, E, T).
        self._exps: list[tuple[sympy.Expr, str, z3.ArithRef, z3.ArithRef]] = []
        self._exp_index: dict[sympy.Expr, int] = {}
        self._fresh = 0
        self._env = {
            s: arb_interval(
                Fraction(int(d.start.p), int(d.start.q)), Fraction(int(d.end.p), int(d.end.q))
            )
            for s, d in zip(problem.variables, problem.domains, strict=True)
            if d.start.is_finite and d.end.is_finite
        }

    # -- terms ---------------------------------------------------------------------------------
    def _new(self, prefix: str) -> z3.ArithRef:
        self._fresh += 1
        return z3.Real(f"{prefix}!{self._fresh}")

    def _bracket(self, expr: sympy.Expr, v: z3.ArithRef) -> None:
        """For a constant transcendental term: lo <= v <= hi (lo rounded down, hi up)."""
        if expr.free_symbols:
            return
        try:
            lo, hi = rational_bracket(expr, bits=64)
        except Undecided:
            return
        self.facts.append(
            (
                f"{expr} in [{float_value(lo):.6g}, {float_value(hi):.6g}]",
                z3.And(v >= _q(lo), v <= _q(hi)),
            )
        )

    def term(self, expr: sympy.Expr) -> z3.ArithRef:
        if expr in self._cache:
            return self._cache[expr]
        out = self._term(expr)
        self._cache[expr] = out
        return out

    def _term(self, expr: sympy.Expr) -> z3.ArithRef:
        if expr.is_Symbol:
            if expr not in self.vars:
                raise InvalidClaim(f"the symbol {expr} has no domain")
            return self.vars[expr]
        if expr.is_Rational:
            return _q(Fraction(int(expr.p), int(expr.q)))
        if expr is sympy.E:
            return self._exp(sympy.Integer(1))
        if expr is sympy.pi:
            v = self._new("pi")
            self._bracket(expr, v)
            return v
        if expr.is_Add:
            return z3.Sum([self.term(a) for a in expr.args])
        if expr.is_Mul:
            return z3.Product([self.term(a) for a in expr.args])
        if expr.is_Pow:
            return self._pow(expr.base, expr.exp)
        if isinstance(expr, sympy.exp):
            return self._exp(expr.args[0])
        if isinstance(expr, sympy.log):
            return self._log(expr)
        if isinstance(expr, sympy.Abs):
            a = self.term(expr.args[0])
            return z3.If(a >= 0, a, -a)
        if isinstance(expr, sympy.Min | sympy.Max):
            args = [self.term(a) for a in expr.args]
            acc = args[0]
            for b in args[1:]:
                acc = (
                    z3.If(b < acc, b, acc)
                    if isinstance(expr, sympy.Min)
                    else z3.If(b > acc, b, acc)
                )
            return acc
        raise InvalidClaim(f"cannot translate {expr} for the solver")

    def _power(self, base: z3.ArithRef, n: int) -> z3.ArithRef:
        out = base
        for _ in range(n - 1):
            out = out * base
        return out

    def _pow(self, base: sympy.Expr, exponent: sympy.Expr) -> z3.ArithRef:
        if not exponent.is_Rational:
            return self.term(to_exp_form(sympy.Pow(base, exponent)))
        p, q = int(exponent.p), int(exponent.q)
        b = self.term(base)
        if q != 1:
            # R = base^(1/q): R >= 0 and R^q = base whenever base >= 0 (the only case in which
            # the real power is defined).
            root = self._new("root")
            self.facts.append((f"({base})^(1/{q}) >= 0", root >= 0))
            self.facts.append(
                (
                    f"({base})^(1/{q}) ^ {q} = base when base >= 0",
                    z3.Implies(b >= 0, self._power(root, q) == b),
                )
            )
            self._bracket(sympy.Pow(base, sympy.Rational(1, q)), root)
            b = root
        if p == 0:
            return _q(Fraction(1))
        if p > 0:
            return self._power(b, p)
        # Q = 1/base': Q * base' = 1 whenever base' != 0 (cleared denominator).
        recip = self._new("inv")
        self.facts.append((f"1/({base}) * ({base}) = 1", z3.Implies(b != 0, recip * b == 1)))
        return self._power(recip, -p)

    def _exp(self, arg: sympy.Expr) -> z3.ArithRef:
        key = bounded_expand(arg)
        if key in self._exp_index:
            return self._exps[self._exp_index[key]][2]
        t = self.term(arg)
        e = self._new("exp")
        self._register(key, f"exp({arg})", e, t, str(arg))
        self._bracket(sympy.exp(arg), e)
        return e

    def _log(self, expr: sympy.Expr) -> z3.ArithRef:
        u = self.term(expr.args[0])
        log_var = self._new("log")
        e = self._new("explog")
        # exp(L) = u whenever u > 0; E gets every exp fact with t = L.
        self.facts.append(
            (f"exp({expr}) = {expr.args[0]} when positive", z3.Implies(u > 0, e == u))
        )
        self._register(bounded_expand(expr), f"exp({expr})", e, log_var, str(expr))
        self._bracket(expr, log_var)
        return log_var

    def _register(
        self, key: sympy.Expr, name: str, e: z3.ArithRef, t: z3.ArithRef, arg: str
    ) -> None:
        self._exp_index[key] = len(self._exps)
        self._exps.append((key, name, e, t))
        self.facts.extend(expfacts.single(name, e, t, self.level, arg))
        # exp(0) = 1 and monotonicity: t < 0 iff e < 1, t = 0 iff e = 1.
        self.facts.append((f"{name} < 1 iff arg < 0", (t < 0) == (e < 1)))
        self.facts.append((f"{name} = 1 iff arg = 0", (t == 0) == (e == 1)))
        self._range_facts(key, name, e, t)

    def _range_facts(self, key: sympy.Expr, name: str, e: z3.ArithRef, t: z3.ArithRef) -> None:
        """Chord and range bounds when the argument is enclosed over the (bounded) domain box."""
        if key.free_symbols - set(self._env) or not key.free_symbols:
            return
        try:
            ball = enclose(key, self._env, bits=64)
            lo, hi = ball_endpoints(ball)
            if hi - lo > 64:
                return
            lo_down, lo_up = rational_bracket(
                sympy.exp(sympy.Rational(lo.numerator, lo.denominator))
            )
            hi_up = rational_bracket(sympy.exp(sympy.Rational(hi.numerator, hi.denominator)))[1]
        except Undecided:
            return
        self.facts.extend(expfacts.on_range(name, e, t, lo, hi, lo_down, lo_up, hi_up))

    # -- formulas ------------------------------------------------------------------------------
    def formula(self, statement: Boolean) -> z3.BoolRef:
        if isinstance(statement, BooleanTrue):
            return z3.BoolVal(True)
        if isinstance(statement, BooleanFalse):
            return z3.BoolVal(False)
        if isinstance(statement, Relational):
            lhs = self.term(to_exp_form(statement.lhs))
            rhs = self.term(to_exp_form(statement.rhs))
            return _COMPARE[type(statement)](lhs, rhs)
        parts = [self.formula(a) for a in statement.args]
        if isinstance(statement, sympy.Not):
            return z3.Not(parts[0])
        if isinstance(statement, sympy.Implies):
            return z3.Implies(parts[0], parts[1])
        if isinstance(statement, sympy.And):
            return z3.And(parts)
        if isinstance(statement, sympy.Or):
            return z3.Or(parts)
        raise InvalidClaim(f"cannot translate {statement} for the solver")

    def finish(self) -> None:
        """Add the facts that relate pairs of exp terms."""
        exps = self._exps
        for i, (a_i, n_i, e_i, t_i) in enumerate(exps):
            for j in range(i, len(exps)):
                a_j, n_j, e_j, t_j = exps[j]
                if j > i:
                    self.facts.extend(expfacts.pair(n_i, e_i, t_i, n_j, e_j, t_j))
                total = bounded_expand(a_i + a_j)
                # e^a e^b = e^{a+b}, when e^{a+b} is itself a term (or a + b = 0, e^0 = 1).
                if total == 0:
                    self.facts.append((f"{n_i} {n_j} = 1", e_i * e_j == 1))
                elif total in self._exp_index:
                    n_k, e_k = exps[self._exp_index[total]][1:3]
                    self.facts.append((f"{n_i} {n_j} = {n_k}", e_i * e_j == e_k))
