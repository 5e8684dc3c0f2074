"""A second encoding of a scalar claim for z3, to prove it again without the first run.

The first run (dpproofs.symbolic) clears denominators, rewrites, and asserts its library of facts
at increasing levels; the report lists the facts z3 used (``z3-facts``) in words. They are not
re-derived here: the claim, rebuilt from its file, is encoded afresh and proved again.

For all x in the domains with the assumptions, the goal holds, where the goal is the statement
together with the definedness of each of its terms. The negation is asserted and must be unsat:

* every variable is a z3 real with its domain; + - * / and integer powers are z3's;
* each non-polynomial term (exp, log, sqrt, a non-integer power, E, pi) is a fresh real bound
  only by facts true of the reals, proved here or textbook (u is the term's argument):

  - e^u > 0; e^u >= T_k(u) for k = 1, 3, 5, where T_k is the Taylor polynomial of degree k
    (the remainder e^t u^(k+1)/(k+1)! is >= 0 for every real u when k + 1 is even); the same
    for e^-u, times e^u: e^u T_k(-u) <= 1; e^u < 1 iff u < 0 and e^u = 1 iff u = 0;
  - for u > 0: ln u <= u - 1, u ln u >= u - 1 (ln u >= 1 - 1/u), (u + 1) ln u >= 2 (u - 1)
    for u >= 1 and <= for u <= 1 (the Pade bound), ln u < 0 iff u < 1, ln u = 0 iff u = 1;
  - sqrt(u) >= 0 and sqrt(u)^2 = u for u >= 0; u^r = e^(r ln u) for u > 0;
  - monotonicity between any two terms of one kind: u <= w iff e^u <= e^w, and for positive
    arguments u <= w iff ln u <= ln w; e^(ln u) = u and ln(e^u) = u when written so;
  - a term with a constant argument lies in its Arb enclosure (outward rounding);

* Abs, Min and Max are z3 if-then-else; tanh, sinh and cosh are rewritten with exp first;
  the exp factors of a product are one term, e^a e^b = e^(a + b) (an identity of the reals).

The statement is the author's text read again without evaluation (:func:`written`), and the
claim's definedness obligations are part of the goal too. Definedness: a quotient needs its
denominator nonzero, ln u needs u > 0, sqrt(u) needs
u >= 0, u^r (r not an integer) needs u > 0, or u >= 0 when r > 0. "unsat" re-proves the claim;
"sat" or "unknown" is inconclusive (these facts are weaker than the first run's in places), but
a sat model whose values are rational is re-checked with balls: an exact counterexample there
means the first run was wrong.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import flint

from dpproofs.recheck.balls import Real, Undecidable, rational_ends, truth, with_precision
from dpproofs.recheck.pieces import Finding, Piece, confirmed, failed, not_replayed


class Untranslatable(Exception):
    """A term outside the language this encoding knows."""


class Encoding:
    """The z3 terms of one scalar problem, with the facts and definedness conditions found."""

    def __init__(self, z3: Any, variables: Mapping[Any, Any]) -> None:
        self.z3 = z3
        self.variables = dict(variables)
        self.facts: list[Any] = []
        self.defined: list[Any] = []
        self.exps: dict[Any, tuple[Any, Any]] = {}  # sympy argument -> (z3 argument, value)
        self.logs: dict[Any, tuple[Any, Any]] = {}
        self.roots: dict[Any, Any] = {}
        self._count = itertools.count()

    def _fresh(self, kind: str) -> Any:
        return self.z3.Real(f"{kind}!{next(self._count)}")  # no variable's name has "!"

    def _val(self, q: Fraction) -> Any:
        return self.z3.RealVal(f"{q.numerator}/{q.denominator}")

    def _constant(self, expr: Any, ball: Any) -> Any:
        v = self._fresh("c")
        lo, hi = rational_ends(ball)
        self.facts += [v >= self._val(lo), v <= self._val(hi)]
        return v

    def term(self, expr: Any) -> Any:
        import sympy

        if expr in self.variables:
            return self.variables[expr]
        if expr.is_Rational:
            return self._val(Fraction(int(expr.p), int(expr.q)))
        if expr == sympy.E:
            return self.exp(sympy.Integer(1))
        if expr == sympy.pi:
            with with_precision(128):
                return self._constant(expr, flint.arb.pi())
        if isinstance(expr, sympy.tanh | sympy.sinh | sympy.cosh):
            return self.term(expr.rewrite(sympy.exp))
        kind = type(expr)
        if kind is sympy.Add:
            return self.z3.Sum([self.term(a) for a in expr.args])
        if kind is sympy.Mul:
            exps = [a for a in expr.args if isinstance(a, sympy.exp)]
            rest = [a for a in expr.args if not isinstance(a, sympy.exp)]
            if len(exps) > 1:
                rest.append(sympy.exp(sympy.Add(*(a.args[0] for a in exps)), evaluate=False))
            else:
                rest += exps
            factors = [self.term(a) for a in rest]
            out = factors[0]
            for f in factors[1:]:
                out = out * f
            return out
        if kind is sympy.Pow:
            return self.power(expr.base, expr.exp)
        if kind is sympy.exp:
            return self.exp(expr.args[0])
        if kind is sympy.log and len(expr.args) == 1:
            return self.log(expr.args[0])
        if kind is sympy.Abs:
            u = self.term(expr.args[0])
            return self.z3.If(u >= 0, u, -u)
        if kind in (sympy.Min, sympy.Max):
            terms = [self.term(a) for a in expr.args]
            best = terms[0]
            for t in terms[1:]:
                better = t <= best if kind is sympy.Min else t >= best
                best = self.z3.If(better, t, best)
            return best
        raise Untranslatable(f"{kind.__name__} is not encoded here")

    def power(self, base: Any, exponent: Any) -> Any:
        import sympy

        b = self.term(base)
        if exponent.is_Integer:
            k = int(exponent)
            if k >= 0:
                return b**k if k else self._val(Fraction(1))
            self.defined.append(b != 0)
            return 1 / (b ** (-k))
        if exponent == sympy.Rational(1, 2):
            if base not in self.roots:
                s = self._fresh("sqrt")
                self.facts += [s >= 0, self.z3.Implies(b >= 0, s * s == b)]
                self.roots[base] = s
            self.defined.append(b >= 0)
            return self.roots[base]
        # u^r = e^(r ln u) for u > 0 (and 0^r = 0 for r > 0).
        self.defined.append(b > 0 if not exponent.is_positive else b >= 0)
        value = self.exp(exponent * sympy.log(base))
        if exponent.is_positive:
            return self.z3.If(b == 0, self._val(Fraction(0)), value)
        return value

    def exp(self, arg: Any) -> Any:
        import sympy

        if arg in self.exps:
            return self.exps[arg][1]
        if isinstance(arg, sympy.log):
            return self.term(arg.args[0])  # e^(ln u) = u; ln u carries u > 0
        u = self.term(arg)
        v = self._fresh("exp")
        one = self._val(Fraction(1))
        self.facts += [v > 0, (v < one) == (u < 0), (v == one) == (u == 0)]
        for k in (1, 3, 5):
            self.facts += [v >= _taylor(u, k), v * _taylor(-u, k) <= 1]
        if arg.is_Rational:
            with with_precision(128):
                lo, hi = rational_ends(flint.arb(flint.fmpq(int(arg.p), int(arg.q))).exp())
            self.facts += [v >= self._val(lo), v <= self._val(hi)]
        for w, other in self.exps.values():
            self.facts += [(u <= w) == (v <= other), (u == w) == (v == other)]
        self.exps[arg] = (u, v)
        return v

    def log(self, arg: Any) -> Any:
        import sympy

        if arg in self.logs:
            u = self.logs[arg][0]
            self.defined.append(u > 0)
            return self.logs[arg][1]
        if isinstance(arg, sympy.exp):
            return self.term(arg.args[0])  # ln(e^u) = u
        u = self.term(arg)
        self.defined.append(u > 0)
        w = self._fresh("log")
        z3, zero, one = self.z3, self._val(Fraction(0)), self._val(Fraction(1))
        self.facts.append(
            z3.Implies(
                u > 0,
                z3.And(
                    w <= u - 1,
                    u * w >= u - 1,
                    z3.Implies(u >= one, (u + 1) * w >= 2 * (u - 1)),
                    z3.Implies(u <= one, (u + 1) * w <= 2 * (u - 1)),
                    (w < zero) == (u < one),
                    (w == zero) == (u == one),
                ),
            )
        )
        if arg.is_Rational and arg > 0:
            with with_precision(128):
                lo, hi = rational_ends(flint.arb(flint.fmpq(int(arg.p), int(arg.q))).log())
            self.facts += [w >= self._val(lo), w <= self._val(hi)]
        for other_u, other in self.logs.values():
            both = z3.And(u > 0, other_u > 0)
            self.facts.append(z3.Implies(both, (u <= other_u) == (w <= other)))
        self.logs[arg] = (u, w)
        return w

    def formula(self, f: Any) -> Any:
        import sympy
        from sympy.logic.boolalg import BooleanFalse, BooleanTrue

        z3 = self.z3
        if isinstance(f, BooleanTrue):
            return z3.BoolVal(True)
        if isinstance(f, BooleanFalse):
            return z3.BoolVal(False)
        relations = _relations()
        kind = type(f)
        if kind in relations:
            return relations[kind](self.term(f.lhs), self.term(f.rhs))
        parts = [self.formula(a) for a in f.args]
        if kind is sympy.And:
            return z3.And(*parts)
        if kind is sympy.Or:
            return z3.Or(*parts)
        if kind is sympy.Not:
            return z3.Not(parts[0])
        if kind is sympy.Implies:
            return z3.Implies(parts[0], parts[1])
        raise Untranslatable(f"{kind.__name__} is not a connective encoded here")


def _taylor(u: Any, k: int) -> Any:
    """1 + u + u^2/2! + ... + u^k/k! (z3 terms)."""
    total, term = 1, 1
    for j in range(1, k + 1):
        term = term * u / j
        total = total + term
    return total


def _domain(z3: Any, x: Any, interval: Any) -> list[Any]:
    import sympy

    out = []
    if interval.start != -sympy.oo:
        lo = z3.RealVal(str(interval.start))
        out.append(x > lo if interval.left_open else x >= lo)
    if interval.end != sympy.oo:
        hi = z3.RealVal(str(interval.end))
        out.append(x < hi if interval.right_open else x <= hi)
    return out


#: The names a written statement may use besides its variables (sympy's printing of the
#: functions, constants and connectives this encoding knows); nothing else is read.
READABLE_NAMES = frozenset(
    {
        "exp", "log", "sqrt", "Abs", "Min", "Max", "tanh", "sinh", "cosh", "E", "pi", "oo",
        "Rational", "Integer", "Eq", "Ne", "And", "Or", "Not", "Implies",
    }
)  # fmt: skip
#: The operators it may use: arithmetic, comparisons, and sympy's & | ~ for and, or, not.
READABLE_OPERATORS = frozenset(
    {"+", "-", "*", "/", "**", "(", ")", ",", "<", "<=", ">", ">=", "==", "!=", "&", "|", "~"}
)


def _readable(text: str, variables: frozenset[str]) -> None:
    """Refuse (Untranslatable) a token outside the whitelist: a string, an attribute, a
    subscript, a keyword, a name that is neither a variable nor in READABLE_NAMES. The text is
    the claim's (a report or a claim is untrusted input) and parse_expr evaluates Python, so
    ``__import__('os').system(...)`` must never reach it."""
    import io
    import tokenize

    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError) as exc:
        raise Untranslatable(f"the written statement is not read again ({exc})") from exc
    layout = (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER, tokenize.INDENT)
    for token in tokens:
        kind, word = token.type, token.string
        if kind in layout or (kind == tokenize.NUMBER and word.isdigit()):
            continue
        if kind == tokenize.NAME and (word in variables or word in READABLE_NAMES):
            continue
        if kind == tokenize.OP and word in READABLE_OPERATORS:
            continue
        raise Untranslatable(
            f"the written statement {text!r} is not read again: {word!r} is neither one of its "
            "variables nor a number, function or operator the rechecker reads"
        )


def written(problem: Any) -> Any:
    """The statement as its author wrote it, read again without sympy's evaluation (sympy may
    have rewritten ``problem.statement``: sqrt(x)**2 to x, x/x to 1, |ln x| >= 0 to True, each
    dropping a term whose definedness the claim needs). The text is checked token by token
    first (:func:`_readable`) and parsed with no builtins and only the whitelisted names."""
    import sympy
    from sympy.parsing.sympy_parser import auto_number, parse_expr

    if not problem.text:
        return problem.statement
    names = {str(s): s for s in problem.variables}
    # a parameter whose domain is one point is read as that point (as the claim was decided)
    names |= {str(s): value for s, value in getattr(problem, "fixed", ())}
    _readable(problem.text, frozenset(names))
    # the names parse_expr's evaluate=False rewriting itself writes (never read from the text)
    generated = ("Add", "Mul", "Pow", "Lt", "Le", "Gt", "Ge", "Float", "Symbol")
    known = {name: getattr(sympy, name) for name in (*READABLE_NAMES, *generated)}
    try:
        return parse_expr(
            problem.text,
            local_dict=names,
            global_dict={"__builtins__": {}, **known},
            transformations=(auto_number,),
            evaluate=False,
        )
    except (SyntaxError, TypeError, ValueError, NameError, sympy.SympifyError) as exc:
        raise Untranslatable(f"the written statement is not read again ({exc})") from exc


def reprove(piece: Piece, problem: Any, seconds: float) -> Finding:
    """Prove ``problem`` (a scalar claim's) again with this encoding, or say why not."""
    import z3

    for interval in problem.domains:
        if not (interval.start.is_Rational or interval.start.is_infinite) or not (
            interval.end.is_Rational or interval.end.is_infinite
        ):
            return not_replayed(piece, f"the domain {interval} has irrational ends")
    names = [str(s) for s in problem.variables]
    if len(set(names)) != len(names) or any("!" in n for n in names):
        return not_replayed(piece, f"variable names must be distinct and without '!': {names}")
    variables = {s: z3.Real(str(s)) for s in problem.variables}
    enc = Encoding(z3, variables)
    try:
        hypotheses = [enc.formula(a) for a in problem.assumptions]
        statement = z3.And(
            enc.formula(written(problem)),
            *(enc.formula(o) for o in problem.obligations),
        )
    except Untranslatable as exc:
        return not_replayed(piece, f"second encoding: {exc}")
    solver = z3.Solver()
    solver.set("timeout", max(1, int(seconds * 1000)))
    solver.set("random_seed", 0)
    for symbol, interval in zip(problem.variables, problem.domains, strict=True):
        solver.add(*_domain(z3, variables[symbol], interval))
    solver.add(*hypotheses, *enc.facts)
    solver.add(z3.Not(z3.And(*enc.defined, statement)))
    answer = solver.check()
    if answer == z3.unsat:
        return confirmed(
            piece,
            f"proved again by a second encoding ({len(enc.exps)} exp, {len(enc.logs)} log, "
            f"{len(enc.roots)} sqrt terms; {len(enc.facts)} facts)",
        )
    if answer == z3.unknown:
        return not_replayed(piece, f"second encoding inconclusive: z3 {solver.reason_unknown()}")
    return _judge(piece, problem, solver.model(), variables)


def _judge(piece: Piece, problem: Any, model: Any, variables: Mapping[Any, Any]) -> Finding:
    """A sat answer: is the model, read exactly, a counterexample to the claim?"""
    import z3

    point: dict[Any, Real] = {}
    for symbol, var in variables.items():
        value = model.eval(var, model_completion=True)
        if not z3.is_rational_value(value):
            return not_replayed(piece, "second encoding inconclusive: an irrational model")
        point[symbol] = Real(Fraction(value.numerator_as_long(), value.denominator_as_long()))
    try:
        with with_precision(256):
            if not all(truth(a, point) for a in problem.assumptions):
                raise Undecidable("an assumption is false at the model")
            holds = truth(problem.statement, point)
    except (Undecidable, ZeroDivisionError, ValueError, TypeError) as exc:
        why = f"a model that is no point ({exc})"
        return not_replayed(piece, f"second encoding inconclusive: {why}")
    if holds:
        return not_replayed(piece, "second encoding inconclusive: its facts are weaker here")
    shown = {str(s): str(v.q) for s, v in point.items()}
    return failed(piece, f"an exact counterexample to the proved claim: {shown}")


@functools.cache
def _relations() -> dict[type, Callable[[Any, Any], Any]]:
    """sympy's relations as z3 comparisons (built once; sympy is imported only when needed)."""
    import sympy

    return {
        sympy.Lt: operator.lt,
        sympy.Le: operator.le,
        sympy.Gt: operator.gt,
        sympy.Ge: operator.ge,
        sympy.Eq: operator.eq,
        sympy.Ne: operator.ne,
    }
