"""Parse user-written numbers ("3/4", "exp(-1/2)/(1+exp(-1/2))", "log(3)") into exact sympy values.

Decimal literals are read as the rational they denote ("0.1" is 1/10, not the nearest double).
Only a small, closed set of names is allowed, and the text is checked token by token before
sympy evaluates it (numbers, names that are not Python keywords and do not start with "_", and
the operators + - * / ** ( ) , !), so a mechanism file or a statement cannot run code: without
that check, attribute access such as ``().__class__.__mro__[1].__subclasses__()`` reached
``os.system`` through sympy's ``parse_expr``, which evaluates Python.
"""

from __future__ import annotations

import io
import keyword
import tokenize
from fractions import Fraction
from numbers import Rational as AbstractRational
from tokenize import TokenError

import sympy
from sympy.parsing.sympy_parser import (
    auto_number,
    auto_symbol,
    factorial_notation,
    parse_expr,
    rationalize,
)

from dpproofs.errors import InvalidExpression

_ALLOWED: dict[str, object] = {
    "exp": sympy.exp,
    "log": sympy.log,
    "ln": sympy.log,
    "sqrt": sympy.sqrt,
    "tanh": sympy.tanh,
    "sinh": sympy.sinh,
    "cosh": sympy.cosh,
    "Abs": sympy.Abs,
    "abs": sympy.Abs,
    "Max": sympy.Max,
    "Min": sympy.Min,
    "max": sympy.Max,
    "min": sympy.Min,
    "E": sympy.E,
    "e": sympy.E,
    "pi": sympy.pi,
    "oo": sympy.oo,
    "inf": sympy.oo,
    "Rational": sympy.Rational,
}
_TRANSFORMS = (auto_symbol, auto_number, rationalize, factorial_notation)
#: The operators a number may be written with ("!" is sympy's factorial notation).
_OPERATORS = frozenset({"+", "-", "*", "/", "**", "(", ")", ",", "!"})
_LAYOUT = frozenset({tokenize.NUMBER, tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER})


def _only_arithmetic(text: str) -> None:
    """Refuse a token that is not arithmetic (a string, an attribute, a subscript, a keyword
    such as lambda or for, a name starting with "_"): parse_expr evaluates Python.
    Text the tokenizer rejects is left to parse_expr, which rejects it too."""
    try:
        found = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (TokenError, SyntaxError):
        return
    for token in found:
        kind, word = token.type, token.string
        if kind in _LAYOUT or (kind == tokenize.ERRORTOKEN and word != "!"):
            continue
        if kind == tokenize.NAME and not keyword.iskeyword(word) and not word.startswith("_"):
            continue
        if kind in (tokenize.OP, tokenize.ERRORTOKEN) and word in _OPERATORS:
            continue
        raise InvalidExpression(
            f"cannot parse {text!r} as an exact number: {word!r} is not allowed (write numbers, "
            "names and functions with + - * / ** ( ) , only; ** for powers)"
        )


def parse_exact(
    value: str | int | Fraction | sympy.Expr, symbols: dict[str, sympy.Symbol] | None = None
) -> sympy.Expr:
    """Return ``value`` as an exact sympy expression.

    ``symbols`` lists the free names allowed (parameters such as ``eps``); any other unknown name is
    an error, as is a Python float (a float is not exact: pass a string instead).
    """
    if isinstance(value, bool):
        raise InvalidExpression(f"{value!r} is a boolean, not a number")
    if isinstance(value, sympy.Expr):
        expr = value
    elif isinstance(value, int):
        return sympy.Integer(value)
    elif isinstance(value, AbstractRational):
        return sympy.Rational(int(value.numerator), int(value.denominator))
    elif isinstance(value, str):
        text = value.strip()
        if not text:
            raise InvalidExpression("empty string is not a number")
        _only_arithmetic(text)
        names = dict(_ALLOWED)
        names.update(symbols or {})
        try:
            expr = parse_expr(
                text,
                local_dict=names,
                global_dict={
                    "__builtins__": {},
                    **{
                        "Integer": sympy.Integer,
                        "Float": sympy.Float,
                        "Rational": sympy.Rational,
                        "Symbol": sympy.Symbol,
                        "factorial": sympy.factorial,
                    },
                },
                transformations=_TRANSFORMS,
                evaluate=True,
            )
        except (
            SyntaxError,
            TokenError,
            TypeError,
            ValueError,
            AttributeError,
            NameError,
            RecursionError,  # nested too deeply for Python's compiler ("------...x")
        ) as exc:
            raise InvalidExpression(f"cannot parse {value!r} as an exact number: {exc}") from exc
        if not isinstance(expr, sympy.Expr):
            raise InvalidExpression(f"{value!r} is not a number (parsed as {expr!r})")
    else:
        raise InvalidExpression(
            f"{value!r} ({type(value).__name__}) is not exact; write it as a string such as '3/4'"
        )
    allowed = set((symbols or {}).values())
    unknown = [s for s in expr.free_symbols if s not in allowed]
    if unknown:
        names_ = ", ".join(sorted(str(s) for s in unknown))
        raise InvalidExpression(f"{value!r} uses unknown name(s): {names_}")
    if expr.has(sympy.Float):
        expr = sympy.nsimplify(expr, rational=True)
    return expr


def to_fraction(value: sympy.Expr | Fraction | int) -> Fraction:
    """The exact rational ``value``; raises InvalidExpression when it is not rational."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, sympy.Rational):
        return Fraction(int(value.p), int(value.q))
    raise InvalidExpression(f"{value} is not a rational number")
