"""Scalar problems: a statement over real parameters, its domains, assumptions and definedness.

A :class:`Problem` is what every decider works on. Its meaning is

    for all x in D (the box of parameter domains) with every assumption true:
        every definedness obligation holds and the statement is true.

The obligations make "the statement is defined" part of the claim: a denominator is nonzero, the
argument of log is positive, the argument of sqrt is nonnegative. Obligations that sympy's
assumption system derives from the domains alone are discharged here; the rest are proved like the
statement itself.

The statement may use + - * /, integer and rational powers, exp, log, sqrt, tanh, sinh, cosh, Abs,
Min and Max, relations (<, <=, >, >=, ==, !=) and And / Or / Not / Implies. Anything else
(an unknown function, a float, an infinity, a non-relational statement) is an InvalidClaim.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import sympy
from sympy import Interval
from sympy.core.relational import Relational
from sympy.logic.boolalg import Boolean, BooleanTrue

from dpproofs.errors import InvalidClaim
from dpproofs.symbolic.domain import constraints, render

_FUNCTIONS = (
    sympy.exp,
    sympy.log,
    sympy.tanh,
    sympy.sinh,
    sympy.cosh,
    sympy.Abs,
    sympy.Min,
    sympy.Max,
    sympy.erf,
    sympy.erfc,
)
#: Larger integers exceed what Python prints and what the float search can evaluate.
_MAX_BITS = 12_000
#: Largest integer exponent accepted (z3 and the expansions multiply it out).
MAX_EXPONENT = 256
_LEAVES = (sympy.Symbol, sympy.Dummy)
_CONNECTIVES = (sympy.And, sympy.Or, sympy.Not, sympy.Implies)
_RELATIONS = (sympy.Lt, sympy.Le, sympy.Gt, sympy.Ge, sympy.Eq, sympy.Ne)


def check_expression(expr: sympy.Basic, where: str) -> None:
    """Raise InvalidClaim unless ``expr`` is a real term built from the allowed operations.

    Node types are compared EXACTLY (no subclasses): a subclass of Add or exp written by an
    author could override sympy's assumption methods (``_eval_is_positive``) and make the
    deciders "derive" a false sign (issue 14, class 6: author code is never a decider)."""
    if not isinstance(expr, sympy.Expr):
        raise InvalidClaim(f"{where}: {expr} is not a real-valued term")
    for node in preorder(expr):
        kind = type(node)
        if node.is_Rational and max(abs(node.p), node.q).bit_length() > _MAX_BITS:
            raise InvalidClaim(f"{where}: a number with over {_MAX_BITS} bits is not supported")
        if kind in _LEAVES or (node.is_Rational and kind.__module__.startswith("sympy.")):
            continue
        if node in (sympy.E, sympy.pi):
            continue
        if node.is_Float:
            raise InvalidClaim(f"{where}: {node} is a float; write exact numbers ('1/10', not 0.1)")
        if node.is_Number or node.has(sympy.I):
            raise InvalidClaim(f"{where}: {node} is not a finite real number")
        if kind is sympy.Pow and node.exp.is_Integer and abs(node.exp) > MAX_EXPONENT:
            raise InvalidClaim(
                f"{where}: the exponent {node.exp} is over {MAX_EXPONENT}; such powers are "
                "not supported (their expansions do not fit in memory)"
            )
        if kind in (sympy.Add, sympy.Mul, sympy.Pow) or kind in _FUNCTIONS:
            continue
        name = getattr(node.func, "__name__", type(node).__name__)
        raise InvalidClaim(f"{where}: unknown function {name} in {expr}")


def check_boolean(statement: object, where: str) -> Boolean:
    """Return ``statement`` if it is a relational formula over allowed terms, else InvalidClaim."""
    if isinstance(statement, bool):
        raise InvalidClaim(
            f"{where}: got the Python bool {statement}; sympy evaluated the claim "
            "before dpproofs saw it (write it with symbols, or sympy.Le(...))"
        )
    if statement is sympy.true or statement is sympy.false:
        return statement
    if type(statement) in _RELATIONS:  # exact types: no author subclass (see check_expression)
        assert isinstance(statement, Relational)
        check_expression(statement.lhs, where)
        check_expression(statement.rhs, where)
        return statement
    if type(statement) in _CONNECTIVES:
        assert isinstance(statement, Boolean)
        for arg in statement.args:
            check_boolean(arg, where)
        return statement
    xor = " ('^' is exclusive or in Python, not a power: write x**2)"
    raise InvalidClaim(
        f"{where}: {statement!r} is not a relation (<, <=, ==, ...) or And/Or/Not/"
        f"Implies of relations{xor if isinstance(statement, sympy.Xor) else ''}"
    )


def preorder(node: sympy.Basic) -> Iterator[sympy.Basic]:
    """Every subterm of ``node``, parents first, children in ``.args`` order.

    Unlike ``sympy.preorder_traversal``, which walks And / Or / Min / Max in the order of their
    internal frozenset (so in an order that changes with Python's hash seed, from one process to
    the next), this order is sympy's canonical one: the same in every run, so are the names and
    order of the relations in a counterexample's replay."""
    yield node
    for arg in node.args:
        yield from preorder(arg)


def atoms(statement: Boolean) -> Iterator[Relational]:
    """The relational atoms of a formula, in order, without repeats."""
    seen: set[Relational] = set()
    for node in preorder(statement):
        if isinstance(node, _RELATIONS) and node not in seen:
            seen.add(node)
            yield node


def to_exp_form(expr: sympy.Expr) -> sympy.Expr:
    """Rewrite tanh, sinh, cosh and non-rational powers with exp and log (an identity on the
    domain where the original is defined; b**e = exp(e log b) needs b > 0, an obligation)."""

    def tanh(u: sympy.Expr) -> sympy.Expr:
        # tanh u = (e^{2u} - 1) / (e^{2u} + 1): one exponential instead of two.
        e2 = sympy.exp(2 * u)
        return (e2 - 1) / (e2 + 1)

    out = expr.replace(sympy.tanh, tanh)
    out = out.replace(sympy.sinh, lambda u: (sympy.exp(u) - sympy.exp(-u)) / 2)
    out = out.replace(sympy.cosh, lambda u: (sympy.exp(u) + sympy.exp(-u)) / 2)
    out = out.replace(
        lambda n: n.is_Pow and not n.exp.is_Rational and n.base is not sympy.E,
        lambda n: sympy.exp(n.exp * sympy.log(n.base)),
    )
    # exp(a) exp(b) = exp(a + b): one exponential per product, so monotonicity facts apply.
    return sympy.powsimp(out, combine="exp")


def definedness(expr: sympy.Expr) -> list[Relational]:
    """The conditions under which ``expr`` is defined (in exp form): nonzero denominators,
    positive log arguments, nonnegative square-root arguments."""
    needs: list[Relational] = []
    for node in preorder(expr):
        if isinstance(node, sympy.log):
            needs.append(sympy.StrictGreaterThan(node.args[0], 0, evaluate=False))
        elif node.is_Pow and node.exp.is_Rational:
            base, exponent = node.base, node.exp
            if exponent.q != 1:
                # Even roots of a negative number are not real; 0 ** negative is undefined.
                rel = sympy.StrictGreaterThan if exponent < 0 else sympy.GreaterThan
                needs.append(rel(base, 0, evaluate=False))
            elif exponent < 0:
                needs.append(sympy.Ne(base, 0, evaluate=False))
    return needs


def discharged(need: Boolean) -> bool:
    """True when sympy's assumption system derives ``need`` from the symbols' domain assumptions
    (a derived True; None or False leave the obligation in place)."""
    if isinstance(need, BooleanTrue):
        return True
    if not isinstance(need, Relational) or need.rhs != 0:
        return False
    if isinstance(need, sympy.Ne):
        return need.lhs.is_zero is False
    if isinstance(need, sympy.StrictGreaterThan):
        return need.lhs.is_positive is True
    return need.lhs.is_nonnegative is True


@dataclass(frozen=True, slots=True)
class Problem:
    """for all variables in their domains with the assumptions: obligations and statement hold."""

    variables: tuple[sympy.Symbol, ...]
    domains: tuple[Interval, ...]
    statement: Boolean
    assumptions: tuple[Boolean, ...] = ()
    obligations: tuple[Boolean, ...] = ()
    #: The statement as the author wrote it (sympy may have evaluated parts of ``statement``).
    text: str = ""
    #: Parameters whose domain is one point, with that point (substituted in ``statement``).
    fixed: tuple[tuple[sympy.Symbol, sympy.Rational], ...] = ()

    @property
    def goal(self) -> Boolean:
        """Obligations and statement: what must be true at every admissible point."""
        return sympy.And(*self.obligations, self.statement)

    def hypotheses(self) -> list[Boolean]:
        """Domain constraints and assumptions."""
        hyps: list[Boolean] = []
        for symbol, interval in zip(self.variables, self.domains, strict=True):
            hyps.extend(constraints(symbol, interval))
        hyps.extend(self.assumptions)
        return hyps

    def domain_of(self, symbol: sympy.Symbol) -> Interval:
        return self.domains[self.variables.index(symbol)]

    def describe(self) -> str:
        quantifier = ", ".join(
            render(s, d) for s, d in zip(self.variables, self.domains, strict=True)
        )
        text = f"for all {quantifier}: " if quantifier else ""
        if self.fixed:
            text += "at " + ", ".join(f"{s} = {v}" for s, v in self.fixed) + ": "
        if self.assumptions:
            text += "if " + " and ".join(str(a) for a in self.assumptions) + " then "
        return text + (self.text or str(self.statement))


def obligations_of(statement: Boolean) -> tuple[Relational, ...]:
    """Definedness obligations of every term of ``statement`` not discharged by sympy."""
    found: list[Relational] = []
    for atom in atoms(statement):
        for side in (atom.lhs, atom.rhs):
            for need in definedness(to_exp_form(side)):
                if need not in found and not discharged(need):
                    found.append(need)
    return tuple(found)


#: Largest number of terms an expansion may produce (a bound on memory and time).
MAX_EXPANDED_TERMS = 2000


def expanded_size(expr: sympy.Expr) -> int:
    """An upper bound on the number of terms of expand(expr): a power (a_1 + ... + a_n)**k has
    at most C(n + k - 1, k) terms, a product at most the product of its factors' counts."""
    if expr.is_Add:
        return sum(expanded_size(a) for a in expr.args)
    if expr.is_Mul:
        total = 1
        for a in expr.args:
            total *= expanded_size(a)
            if total > MAX_EXPANDED_TERMS:
                return total
        return total
    if expr.is_Pow and expr.exp.is_Integer and expr.exp > 1:
        n = expanded_size(expr.base)
        return math.comb(n + int(expr.exp) - 1, int(expr.exp)) if n > 1 else 1
    return 1


def bounded_expand(expr: sympy.Expr, **hints: bool) -> sympy.Expr:
    """expand(expr) when the result stays small (see MAX_EXPANDED_TERMS), else expr unchanged
    (callers only use the expansion as a normal form, so not expanding is always sound)."""
    if expanded_size(expr) > MAX_EXPANDED_TERMS:
        return expr
    return sympy.expand(expr, **hints)
