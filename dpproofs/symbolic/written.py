"""Claims written as strings, read by dpproofs itself with sympy's evaluation turned off.

sympy simplifies a Python expression while it is being built, before dpproofs sees it:
``sqrt(x)**2`` is already ``x``, ``x/x`` is ``1``, ``Abs(log(x)) >= 0`` is already ``True``. Each of
these rewrites is only valid where the original term is defined, so a claim built in Python can
silently lose the places where it is meaningless. A claim written as a string is parsed here into
an UNEVALUATED tree (every node built with ``evaluate=False``), so the definedness conditions of
every subterm are read off the claim exactly as written.

The grammar is a small whitelist of Python syntax (parsed with :mod:`ast`, never evaluated):

* numbers: integers and decimals (``0.1`` is exactly 1/10); ``E`` is Euler's number and ``pi`` is
  pi. A bare ``e`` is refused (is it Euler's number or a parameter?) unless it is declared as a
  parameter in ``where=``;
* names: any other identifier is a real parameter;
* ``+ - * / **`` (``^`` is refused: in Python it is not a power);
* functions: exp, log (ln), sqrt, Abs (abs), Max (max), Min (min), tanh, sinh, cosh, Rational,
  erf, erfc and Phi (the standard normal CDF, (1 + erf(x / sqrt(2))) / 2); an unknown name
  gets a "did you mean" (``Exp`` -> ``exp``);
* relations ``< <= > >= == !=`` (chains such as ``0 < x < 1`` are conjunctions);
* ``and``, ``or``, ``not`` and the functions And, Or, Not, Implies, Eq, Ne.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import sympy
from sympy.logic.boolalg import Boolean

from dpproofs.errors import InvalidClaim, did_you_mean

#: Longest claim text accepted (a parser guard; real claims are far shorter).
MAX_LENGTH = 20_000


def _power(base: sympy.Expr, exponent: sympy.Expr) -> sympy.Expr:
    return sympy.Pow(base, exponent, evaluate=False)


def _unary(func: Any) -> Callable[..., sympy.Expr]:
    def build(*args: sympy.Expr) -> sympy.Expr:
        if len(args) != 1:
            raise InvalidClaim(f"{func.__name__} takes one argument, got {len(args)}")
        return func(args[0], evaluate=False)

    return build


def _lattice(func: Any) -> Callable[..., sympy.Expr]:
    def build(*args: sympy.Expr) -> sympy.Expr:
        if len(args) < 2:
            raise InvalidClaim(f"{func.__name__} takes at least two arguments")
        return func(*args, evaluate=False)

    return build


def _sqrt(*args: sympy.Expr) -> sympy.Expr:
    if len(args) != 1:
        raise InvalidClaim("sqrt takes one argument")
    return _power(args[0], sympy.Rational(1, 2))


def _rational(*args: sympy.Expr) -> sympy.Expr:
    if len(args) != 2 or not all(a.is_Integer for a in args) or args[1] == 0:
        raise InvalidClaim("Rational takes two integers p, q with q != 0")
    return sympy.Rational(int(args[0]), int(args[1]))


def _relation(func: Any) -> Callable[..., Boolean]:
    def build(*args: sympy.Expr) -> Boolean:
        if len(args) != 2:
            raise InvalidClaim(f"{func.__name__} takes two arguments")
        return func(args[0], args[1], evaluate=False)

    return build


def _connective(func: Any, arity: int | None = None) -> Callable[..., Boolean]:
    def build(*args: Boolean) -> Boolean:
        if (arity is not None and len(args) != arity) or not args:
            raise InvalidClaim(f"{func.__name__} takes {arity or 'some'} argument(s)")
        if func is sympy.Not:
            return sympy.Not(args[0], evaluate=False)
        return func(*args, evaluate=False)

    return build


_TERM_FUNCTIONS: dict[str, Callable[..., sympy.Expr]] = {
    "exp": _unary(sympy.exp),
    "log": _unary(sympy.log),
    "ln": _unary(sympy.log),
    "sqrt": _sqrt,
    "Abs": _unary(sympy.Abs),
    "abs": _unary(sympy.Abs),
    "tanh": _unary(sympy.tanh),
    "sinh": _unary(sympy.sinh),
    "cosh": _unary(sympy.cosh),
    "Max": _lattice(sympy.Max),
    "max": _lattice(sympy.Max),
    "Min": _lattice(sympy.Min),
    "min": _lattice(sympy.Min),
    "Rational": _rational,
    "erf": _unary(sympy.erf),
    "erfc": _unary(sympy.erfc),
    "Phi": lambda *args: _normal_cdf(*args),
}


def _normal_cdf(*args: sympy.Expr) -> sympy.Expr:
    """Phi(x) = (1 + erf(x / sqrt(2))) / 2, the standard normal CDF, built unevaluated."""
    if len(args) != 1:
        raise InvalidClaim("Phi takes one argument")
    scaled = sympy.Mul(args[0], _power(sympy.Integer(2), sympy.Rational(-1, 2)), evaluate=False)
    return sympy.Mul(
        sympy.Rational(1, 2),
        sympy.Add(1, sympy.erf(scaled, evaluate=False), evaluate=False),
        evaluate=False,
    )


_FORMULA_FUNCTIONS: dict[str, Callable[..., Boolean]] = {
    "Eq": _relation(sympy.Eq),
    "Ne": _relation(sympy.Ne),
    "Implies": _connective(sympy.Implies, 2),
    "And": _connective(sympy.And),
    "Or": _connective(sympy.Or),
    "Not": _connective(sympy.Not, 1),
}
_CONSTANTS = {"E": sympy.E, "pi": sympy.pi}
_COMPARE: dict[type, Any] = {
    ast.Lt: sympy.StrictLessThan,
    ast.LtE: sympy.LessThan,
    ast.Gt: sympy.StrictGreaterThan,
    ast.GtE: sympy.GreaterThan,
    ast.Eq: sympy.Eq,
    ast.NotEq: sympy.Ne,
}


class _Reader:
    """Build an unevaluated sympy tree from the whitelisted Python syntax tree."""

    def __init__(self, text: str, symbols: Mapping[str, sympy.Symbol]) -> None:
        self.text = text
        self.parameters = set(symbols)
        self.symbols: dict[str, sympy.Symbol] = dict(symbols)

    def fail(self, node: ast.AST, what: str) -> InvalidClaim:
        segment = ast.get_source_segment(self.text, node) or ""
        return InvalidClaim(f"in the claim {self.text!r}: {what} ({segment!r})")

    def formula(self, node: ast.AST) -> Boolean:
        if isinstance(node, ast.BoolOp):
            parts = [self.formula(v) for v in node.values]
            op = sympy.And if isinstance(node.op, ast.And) else sympy.Or
            return op(*parts, evaluate=False)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return sympy.Not(self.formula(node.operand), evaluate=False)
        if isinstance(node, ast.Compare):
            terms = [self.term(node.left), *(self.term(c) for c in node.comparators)]
            links = [
                _COMPARE[type(op)](a, b, evaluate=False)
                for op, a, b in zip(node.ops, terms, terms[1:], strict=False)
                if type(op) in _COMPARE
            ]
            if len(links) != len(node.ops):
                raise self.fail(node, "only < <= > >= == != compare terms")
            return links[0] if len(links) == 1 else sympy.And(*links, evaluate=False)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in _FORMULA_FUNCTIONS
        ):
            if node.keywords:
                raise self.fail(node, "keyword arguments are not allowed")
            if node.func.id in ("Eq", "Ne"):
                return _FORMULA_FUNCTIONS[node.func.id](*(self.term(a) for a in node.args))
            return _FORMULA_FUNCTIONS[node.func.id](*(self.formula(a) for a in node.args))
        raise self.fail(node, "expected a relation (<, <=, ==, ...) or and/or/not/Implies of them")

    def term(self, node: ast.AST) -> sympy.Expr:
        if isinstance(node, ast.Constant):
            return self.number(node)
        if isinstance(node, ast.Name):
            return self.name(node)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
            operand = self.term(node.operand)
            if isinstance(node.op, ast.UAdd):
                return operand
            if operand.is_Number:
                return -operand
            return sympy.Mul(sympy.S.NegativeOne, operand, evaluate=False)
        if isinstance(node, ast.BinOp):
            return self.binary(node)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("log", "ln") and len(node.args) == 1:
                self.defined_log(node, self.term(node.args[0]))
            if node.func.id == "sqrt" and len(node.args) == 1:
                self.defined_power(node, self.term(node.args[0]), sympy.Rational(1, 2))
            build = _TERM_FUNCTIONS.get(node.func.id)
            if build is None:
                known = [*_TERM_FUNCTIONS, *_FORMULA_FUNCTIONS]
                hint = did_you_mean(node.func.id, known) or f" (known: {', '.join(sorted(known))})"
                raise self.fail(node, f"unknown function {node.func.id}{hint}")
            if node.keywords:
                raise self.fail(node, "keyword arguments are not allowed")
            return build(*(self.term(a) for a in node.args))
        raise self.fail(node, "expected a real-valued term")

    def binary(self, node: ast.BinOp) -> sympy.Expr:
        if isinstance(node.op, ast.BitXor):
            euler = isinstance(node.left, ast.Name) and node.left.id == "e"
            if euler and "e" not in self.parameters:
                # 'e^x' fixed to 'e**x' would only meet the bare-e refusal next: say both.
                exponent = ast.unparse(node.right)
                raise self.fail(
                    node,
                    f"'^' is not a power in Python and a bare 'e' is not Euler's number; "
                    f"write exp({exponent}) (or E**({exponent}))",
                )
            raise self.fail(node, "'^' is not a power in Python; write '**'")
        left, right = self.term(node.left), self.term(node.right)
        if isinstance(node.op, ast.Add):
            return sympy.Add(left, right, evaluate=False)
        if isinstance(node.op, ast.Sub):
            negated = -right if right.is_Number else sympy.Mul(-1, right, evaluate=False)
            return sympy.Add(left, negated, evaluate=False)
        if isinstance(node.op, ast.Mult):
            return sympy.Mul(left, right, evaluate=False)
        if isinstance(node.op, ast.Div):
            if right.is_Number and right == 0:
                raise self.fail(node, "undefined: a division by zero")
            if left.is_Integer and right.is_Integer and right != 0:
                return sympy.Rational(int(left), int(right))  # a literal fraction such as 1/2
            return sympy.Mul(left, _power(right, sympy.S.NegativeOne), evaluate=False)
        if isinstance(node.op, ast.Pow):
            self.defined_power(node, left, right)
            return _power(left, right)
        raise self.fail(node, "only + - * / ** are allowed")

    # A constant subterm as written that is undefined or not real makes the claim meaningless
    # on its whole domain: refused here, naming it (a subterm with parameters is left to the
    # decider's definedness reading, which names the point where it fails).

    def defined_power(self, node: ast.AST, base: sympy.Expr, exponent: sympy.Expr) -> None:
        if not (base.is_Number and exponent.is_Number):
            return
        if base == 0 and exponent.is_negative:
            raise self.fail(node, "undefined: a division by zero")
        if base.is_negative and not exponent.is_Integer:
            raise self.fail(
                node,
                "not a real number: a power of a negative number is read with the principal "
                "branch ((-8)**(1/3) is 1 + I*sqrt(3)), so comparing it is undefined; for the "
                "real cube root of -8 write -(8**(1/3))",
            )

    def defined_log(self, node: ast.AST, argument: sympy.Expr) -> None:
        if argument.is_Number and argument == 0:
            raise self.fail(node, "undefined: log(0)")
        if argument.is_Number and argument.is_negative:
            raise self.fail(node, "not a real number: the log of a negative number is complex")

    def number(self, node: ast.Constant) -> sympy.Expr:
        value = node.value
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(node, "only real numbers are allowed")
        if isinstance(value, int):
            return sympy.Integer(value)
        segment = ast.get_source_segment(self.text, node) or repr(value)
        try:
            exact = Fraction(segment.replace("_", ""))
        except ValueError as exc:
            raise self.fail(node, "cannot read this number exactly") from exc
        return sympy.Rational(exact.numerator, exact.denominator)

    def name(self, node: ast.Name) -> sympy.Expr:
        if node.id in self.parameters:
            return self.symbol(node.id)
        if node.id in _CONSTANTS:
            return _CONSTANTS[node.id]
        if node.id == "e":
            raise self.fail(
                node,
                "a bare 'e' is ambiguous: write E (or exp(1)) for Euler's number, or declare e "
                "in where= to use it as a parameter",
            )
        if node.id in _TERM_FUNCTIONS or node.id in _FORMULA_FUNCTIONS:
            raise self.fail(node, f"{node.id} is a function; call it")
        if node.id in ("oo", "inf", "I", "nan", "zoo"):
            raise self.fail(node, f"{node.id} is not a finite real number")
        return self.symbol(node.id)

    def symbol(self, name: str) -> sympy.Symbol:
        if name not in self.symbols:
            self.symbols[name] = sympy.Symbol(name, real=True)
        return self.symbols[name]


def read_formula(text: str, symbols: Mapping[str, sympy.Symbol] | None = None) -> Boolean:
    """The claim or assumption ``text`` as an unevaluated sympy formula (see the module
    docstring); ``symbols`` maps declared parameter names to their symbols (such a name is a
    parameter even when it shadows a constant; other names become real symbols).
    Raises InvalidClaim on anything outside the grammar."""
    if len(text) > MAX_LENGTH:
        raise InvalidClaim(f"a claim of over {MAX_LENGTH} characters is not supported")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        hint = ""
        if "=>" in text:
            hint = "; '=>' is not a relation: write '>=' (or Implies(a, b) for an implication)"
        elif "=<" in text:
            hint = "; write '<=' for 'less than or equal'"
        raise InvalidClaim(f"cannot parse the claim {text!r}: {exc.msg}{hint}") from exc
    except (ValueError, RecursionError, MemoryError) as exc:
        raise InvalidClaim(f"cannot parse the claim {text!r}: {type(exc).__name__}") from exc
    try:
        return _Reader(text.strip(), symbols or {}).formula(tree.body)
    except RecursionError as exc:
        raise InvalidClaim("the claim is nested too deeply") from exc
